import Foundation
import TestSupport
import Testing

/// A French learner's screen in a real 80×24 terminal: the step's kind is named in French and a
/// wrapped verdict keeps its hanging indent (the colon there follows a no-break space).
@Suite(.serialized) struct FrenchLayoutTests {
    @Test func stepKindsAreFrenchAndAWrappedVerdictHangsUnderItsReason() throws {
        let home = try SeguelabBinary.makeHome()
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path,
            arguments: [
                "--pack", TerminalLayoutTests.lessons, "--lang", "fr", "--lesson", "stringly-typed", "--step",
                "prompt-author"
            ],
            environment: SeguelabBinary.environment(home: home), columns: 80, rows: 24)
        let heading = try terminal.waitFor("[invite ·")
        try terminal.waitForPrompt("seguelab:prompt-author> ", after: heading)
        let before = terminal.screen.endIndex
        terminal.type("shelf.performSegue(withIdentifier: \"showBook\", sender: nil)\r")
        let verdict = try terminal.waitFor("✘ Pas encore", after: before)
        try terminal.waitForPrompt("seguelab:prompt-author> ", after: verdict)
        let lines = terminal.screen[verdict...].split(separator: "\n", omittingEmptySubsequences: false)
        let label = "✘ Pas encore\u{A0}: "
        #expect(lines.count > 2)
        #expect(lines[1].hasPrefix(String(repeating: " ", count: label.count)), "\(lines)")
        #expect(lines[1].dropFirst(label.count).first?.isWhitespace == false, "\(lines)")
        #expect(!terminal.screen.contains("[2m") && !terminal.screen.contains("^["), "raw escape text on screen")
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }
}
