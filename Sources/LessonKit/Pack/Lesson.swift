import Foundation
import Playground
import SourceText

/// One lesson: front matter plus ordered steps. A pack loaded for its lesson list
/// (`PackLoader.Steps.whenOpened`) knows each lesson's step ids from a scan of its headings and
/// parses the steps the first time `steps` is read, so listing a thousand lessons costs no YAML.
package struct Lesson: Sendable {
    package var id: String
    package var title: String
    /// What the learner will be able to do afterwards.
    package var goal: String?
    /// Markdown before the first step heading (empty until the steps are parsed in a lazily loaded lesson).
    package var intro: String { body.value.intro }
    /// Step ids in order, known without parsing the steps.
    package private(set) var stepIDs: [String]
    package var steps: [Step] { body.value.steps }
    package var language: String
    /// The lesson file's path as shown in diagnostics.
    package var file: String
    /// Where the front matter's `id:` value is (for duplicate-id errors).
    var idLocation: SourceLocation?
    /// Earlier ids of this lesson (`renamed-from:` in its front matter): a learner's progress
    /// on them follows it.
    package var renamedFrom: [String] = []
    var renamedFromLocation: SourceLocation?
    private var body: LessonBody

    package init(id: String, title: String, goal: String?, intro: String, steps: [Step], language: String, file: String)
    {
        self.id = id
        self.title = title
        self.goal = goal
        self.stepIDs = steps.map(\.id)
        self.language = language
        self.file = file
        self.body = LessonBody(intro: intro, steps: steps)
    }

    /// A lesson whose intro and steps `load` reads when first asked for.
    init(
        id: String, title: String, goal: String?, stepIDs: [String], language: String, file: String,
        load: @escaping @Sendable () -> (intro: String, steps: [Step])
    ) {
        self.id = id
        self.title = title
        self.goal = goal
        self.stepIDs = stepIDs
        self.language = language
        self.file = file
        self.body = LessonBody(load: load)
    }

    package func step(id: String) -> Step? { steps.first { $0.id == id } }
    package func index(ofStep id: String) -> Int? { steps.firstIndex { $0.id == id } }
}

/// A lesson's intro and steps, parsed once on first use. A class so that copies of the lesson
/// share one parse; the lock makes that parse happen once across threads.
private final class LessonBody: @unchecked Sendable {
    private let lock = NSLock()
    private var load: (@Sendable () -> (intro: String, steps: [Step]))?
    private var loaded: (intro: String, steps: [Step])?

    init(intro: String, steps: [Step]) { loaded = (intro, steps) }
    init(load: @escaping @Sendable () -> (intro: String, steps: [Step])) { self.load = load }

    var value: (intro: String, steps: [Step]) {
        lock.lock()
        defer { lock.unlock() }
        if let loaded { return loaded }
        let value = load?() ?? ("", [])
        loaded = value
        load = nil
        return value
    }
}
