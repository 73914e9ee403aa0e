import Foundation
import TestSupport
import Testing

/// A step that repeats the program of the step before it, in a real 80×24 terminal: only what
/// changed is shown, the rest folded into one line that names `unfold`, which shows it whole.
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

    @Test(arguments: [
        ([], "lines unchanged since step 12 — `unfold` shows them", " more lines: "),
        (["--lang", "fr"], "lignes inchangées depuis l'étape 12 — `unfold` les affiche", "-- encore ")
    ])
    func aRepeatedProgramIsFoldedAndUnfoldShowsItWhole(arguments: [String], folded: String, pager: String) throws {
        let terminal = try start(arguments)
        let prompt = "seguelab:silent-override> "
        let shown = try type("goto \(Self.repeatingStep)", into: terminal, prompt: prompt, pager: pager)
        #expect(shown.contains(folded), "\(shown)")
        // Folded, the step fits two screens: one page break at most.
        #expect(shown.components(separatedBy: pager).count - 1 <= 1, "\(shown)")
        // A line the fold hides.
        let hidden = "protocol MutableModelContainer: ModelContainer, AnyObject {"
        #expect(!shown.contains(hidden), "\(shown)")
        let whole = try type("unfold", into: terminal, prompt: prompt, pager: pager)
        #expect(!whole.contains(folded), "\(whole)")
        #expect(whole.contains(hidden), "\(whole)")
        // Whole, the ~90-line program takes more pages.
        #expect(whole.components(separatedBy: pager).count - 1 >= 3, "\(whole)")
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }
}
