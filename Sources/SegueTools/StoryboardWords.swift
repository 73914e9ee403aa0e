/// The words the storyboard tools print around a storyboard's own names: a diagram's header,
/// the initial-scene mark, what triggers a segue, and the identifier audit's sentences.
/// Storyboard names, segue kinds, presentation styles and Swift code are not words: they stay
/// as Interface Builder and UIKit spell them. The tools take the words from their caller, so
/// they print the learner's language without knowing where words come from; `english` is the
/// default.
package struct StoryboardWords: Sendable {
    /// "7 scenes", "1 scene".
    package var scenes: @Sendable (_ count: Int) -> String
    /// "3 of 7 scenes, from ShelfViewController".
    package var focusedScenes: @Sendable (_ drawn: Int, _ count: Int, _ start: String) -> String
    /// " within 2 segues", appended to `focusedScenes`.
    package var withinSegues: @Sendable (_ depth: Int) -> String
    /// Beside the initial scene's name: "◀ initial".
    package var initial: String
    /// What makes a segue happen: "from button \"Buy\"".
    package var from: @Sendable (_ trigger: String) -> String
    /// An Interface Builder element as the learner names it ("button", "bar item", "cell",
    /// "accessory of cell", "container", "segmented control", ...).
    package var element: @Sendable (_ element: TriggerElement) -> String
    /// An option of a segue: "not animated".
    package var notAnimated: String
    /// Under a scene's name: "presented as formSheet".
    package var presentedAs: @Sendable (_ style: String) -> String
    /// A scene without custom class, in the audit: "UIViewController \"About\" (no custom class)".
    package var noCustomClass: @Sendable (_ scene: String) -> String
    /// `--from` names no scene: "no scene of Shop.storyboard is called 'X' (by id, storyboard ID,
    /// class or title)".
    package var noSceneCalled: @Sendable (_ query: String, _ storyboard: String) -> String
    /// `--from` names several scenes, listed.
    package var scenesCalled: @Sendable (_ query: String, _ count: Int, _ storyboard: String, _ list: String) -> String
    /// `--depth` without `--from` on a storyboard that has no initial scene.
    package var noInitialScene: String
    /// A `--check-source` file that cannot be read.
    package var cannotReadFile: String
    /// The audit, when the code knows every identifier.
    package var auditClean: @Sendable (_ storyboard: String) -> String
    /// The audit's warning for an identifier no enum spells (after `warning: `).
    package var auditUnknownIdentifier: @Sendable (_ identifier: String, _ className: String) -> String
    /// The audit's warning for an enum value the storyboard does not have (after `warning: `).
    package var auditStaleValue: @Sendable (_ value: String) -> String

    package init(
        scenes: @escaping @Sendable (Int) -> String,
        focusedScenes: @escaping @Sendable (Int, Int, String) -> String,
        withinSegues: @escaping @Sendable (Int) -> String,
        initial: String,
        from: @escaping @Sendable (String) -> String,
        element: @escaping @Sendable (TriggerElement) -> String,
        notAnimated: String,
        presentedAs: @escaping @Sendable (String) -> String,
        noCustomClass: @escaping @Sendable (String) -> String,
        noSceneCalled: @escaping @Sendable (String, String) -> String,
        scenesCalled: @escaping @Sendable (String, Int, String, String) -> String,
        noInitialScene: String,
        cannotReadFile: String,
        auditClean: @escaping @Sendable (String) -> String,
        auditUnknownIdentifier: @escaping @Sendable (String, String) -> String,
        auditStaleValue: @escaping @Sendable (String) -> String
    ) {
        self.scenes = scenes
        self.focusedScenes = focusedScenes
        self.withinSegues = withinSegues
        self.initial = initial
        self.from = from
        self.element = element
        self.notAnimated = notAnimated
        self.presentedAs = presentedAs
        self.noCustomClass = noCustomClass
        self.noSceneCalled = noSceneCalled
        self.scenesCalled = scenesCalled
        self.noInitialScene = noInitialScene
        self.cannotReadFile = cannotReadFile
        self.auditClean = auditClean
        self.auditUnknownIdentifier = auditUnknownIdentifier
        self.auditStaleValue = auditStaleValue
    }

    package static let english = StoryboardWords(
        scenes: { "\($0) scene\($0 == 1 ? "" : "s")" },
        focusedScenes: { "\($0) of \($1) scenes, from \($2)" },
        withinSegues: { " within \($0) segue\($0 == 1 ? "" : "s")" },
        initial: "◀ initial",
        from: { "from \($0)" },
        element: { $0.englishName },
        notAnimated: "not animated",
        presentedAs: { "presented as \($0)" },
        noCustomClass: { "\($0) (no custom class)" },
        noSceneCalled: { "no scene of \($1).storyboard is called '\($0)' (by id, storyboard ID, class or title)" },
        scenesCalled: { "'\($0)' names \($1) scenes of \($2).storyboard: \($3); use an id or storyboard ID" },
        noInitialScene: "the storyboard has no initial scene; say where to start with --from",
        cannotReadFile: "cannot read file",
        auditClean: { "All segue identifiers of \($0).storyboard are known to the code." },
        auditUnknownIdentifier: { "segue identifier '\($0)' of \($1) is not a case of any String enum in the code" },
        auditStaleValue: { "enum value '\($0)' is not a segue identifier in this storyboard" }
    )
}
