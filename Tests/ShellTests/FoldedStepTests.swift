import Foundation
import TestSupport
import Testing

/// Folded code in a real 80×24 terminal: a step that repeats the program of the step before it
/// shows only what changed, and the first step showing a long program folds the tools its `fold:`
/// names; each fold is one line that names `unfold`, which shows the code whole.
@Suite(.serialized) struct FoldedStepTests {
    /// An example step that repeats the previous step's ~80-line program with a few changes.
    static let repeatingStep = "generic-controllers/silent-override"

    func start(_ arguments: [String] = []) throws -> PseudoTerminal {
        let home = try SeguelabBinary.makeHome()
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: ["--pack", TerminalLayoutTests.lessons] + arguments,
            environment: SeguelabBinary.environment(home: home), columns: 80, rows: 24)
        try terminal.waitForPrompt()
        return terminal
    }

    /// Types `line` and waits for the prompt, answering each `pager` question with Enter.
    func type(_ line: String, into terminal: PseudoTerminal, prompt: String, pager: String) throws -> String {
        let before = terminal.screen.endIndex
        terminal.type(line + "\r")
        var after = before
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let visible = terminal.screen
            if visible[after...].contains(prompt) { break }
            if let question = visible.range(of: pager, range: after..<visible.endIndex) {
                Thread.sleep(forTimeInterval: 0.3)
                after = question.upperBound
                terminal.type("\r")
            }
            _ = try? terminal.waitFor(prompt, after: after, timeout: 1)
        }
        try terminal.waitForPrompt(prompt, after: before)
        return String(terminal.screen[before...])
    }

    /// `step`, then `unfold`, typed into `terminal`: what each showed, and how often the pager stopped.
    func showAndUnfold(_ step: String, in terminal: PseudoTerminal, pager: String, unfold: Bool = true) throws -> (
        shown: String, pages: Int, whole: String, wholePages: Int
    ) {
        let prompt = "seguelab:\(step.split(separator: "/").last ?? "")> "
        let shown = try type("goto \(step)", into: terminal, prompt: prompt, pager: pager)
        let whole = unfold ? try type("unfold", into: terminal, prompt: prompt, pager: pager) : ""
        return (
            shown, shown.components(separatedBy: pager).count - 1, whole, whole.components(separatedBy: pager).count - 1
        )
    }

    /// The first step showing the double dispatch's program folds the tools it names in `fold:`.
    static let toolsStep = "generic-controllers/dispatch-run"
    /// A line of the generic-controllers program that both steps fold away.
    static let hidden = "protocol MutableModelContainer: ModelContainer, AnyObject {"

    @Test(arguments: [
        (
            [], " more lines: ", "lines unchanged since step 12 — `unfold` shows them",
            "… 20 lines of ModelContainer and 3 more — `unfold` shows them"
        ),
        (
            ["--lang", "fr"], "-- encore ", "lignes inchangées depuis l'étape 12 — `unfold` les affiche",
            "… 20 lignes de ModelContainer et 3 autres — `unfold` les affiche"
        )
    ])
    func foldedCodeFitsAndUnfoldShowsItWhole(arguments: [String], pager: String, repeated: String, tools: String)
        throws
    {
        let terminal = try start(arguments)
        // Code the previous step showed: only what changed is shown.
        let again = try showAndUnfold(Self.repeatingStep, in: terminal, pager: pager)
        #expect(again.shown.contains(repeated), "\(again.shown)")
        // Folded, the step fits two screens: one page break at most.
        #expect(again.pages <= 1, "\(again.shown)")
        #expect(!again.shown.contains(Self.hidden), "\(again.shown)")
        #expect(!again.whole.contains(repeated), "\(again.whole)")
        #expect(again.whole.contains(Self.hidden), "\(again.whole)")
        // Whole, the ~90-line program takes more pages.
        #expect(again.wholePages >= 3, "\(again.whole)")
        // The first step showing the program: the tools its `fold:` names are folded.
        // (`unfold` is the same command as above: it is typed here in English only, to save time.)
        let english = arguments.isEmpty
        let first = try showAndUnfold(Self.toolsStep, in: terminal, pager: pager, unfold: english)
        #expect(first.shown.contains(tools), "\(first.shown)")
        // The step is about the dispatch: its two steps stay on screen.
        #expect(first.shown.contains("destination.dispatchPrepare(segueID: segueID, source: self)"), "\(first.shown)")
        // Folded, it takes two screens at most (the pager stops at most twice); whole, five.
        #expect(first.pages <= 2, "\(first.shown)")
        #expect(!first.shown.contains(Self.hidden), "\(first.shown)")
        if english {
            #expect(!first.whole.contains(tools), "\(first.whole)")
            #expect(first.whole.contains(Self.hidden), "\(first.whole)")
            #expect(first.wholePages >= 4, "\(first.whole)")
        }
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }
}
