import Foundation
import TestSupport
import Testing

@testable import Shell

/// The pager of a tall step in a real 80×24 terminal with colour on: its question is drawn (its
/// colour as colour, never as text), Enter, space and `q` act on one key, and any other key ends
/// paging and begins the next line at the prompt, so nothing typed is lost.
@Suite(.serialized) struct PagerTests {
    /// An example step whose program takes several screens at 80×24.
    static let tallStep = "generic-controllers/dispatch-run"

    func start() throws -> PseudoTerminal {
        let home = try SeguelabBinary.makeHome()
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: ["--pack", TerminalLayoutTests.lessons],
            environment: SeguelabBinary.environment(home: home), columns: 80, rows: 24)
        try terminal.waitForPrompt()
        return terminal
    }

    /// Goes to the tall step and waits for the pager's first question.
    func pageTallStep(_ terminal: PseudoTerminal) throws -> String.Index {
        let before = terminal.screen.endIndex
        terminal.type("goto \(Self.tallStep)\r")
        let question = try terminal.waitFor("more lines: Enter or space shows them, q stops --", after: before)
        // A person never types within a few milliseconds of the question appearing.
        Thread.sleep(forTimeInterval: 0.3)
        return question
    }

    @Test func theQuestionIsDrawnAndEnterSpaceAndQActOnOneKey() throws {
        let terminal = try start()
        let first = try pageTallStep(terminal)
        // Drawn dim, not printed as the text of its escape sequence.
        #expect(terminal.transcript.contains("\u{1B}[2m-- "))
        #expect(!terminal.screen.contains("[2m"), "\(terminal.screen)")
        #expect(!terminal.screen.contains("^["), "\(terminal.screen)")
        // Space alone shows the next screenful: no Enter needed, and the prompt has not come.
        terminal.type(" ")
        let second = try terminal.waitFor("more lines: Enter or space shows them, q stops --", after: first)
        #expect(!terminal.screen[first...].contains("seguelab:"))
        Thread.sleep(forTimeInterval: 0.3)
        terminal.type("\r")
        let third = try terminal.waitFor("more lines: Enter or space shows them, q stops --", after: second)
        Thread.sleep(forTimeInterval: 0.3)
        // `q` alone stops.
        terminal.type("q")
        let stopped = try terminal.waitFor("(`step` shows the whole step again.)", after: third)
        try terminal.waitForPrompt("seguelab:dispatch-run> ", after: stopped)
        #expect(
            !terminal.screen[stopped...].contains("q"), "the q was typed at the prompt:\n\(terminal.screen[stopped...])"
        )
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }

    @Test func aCommandTypedAtThePagerIsRunWhole() throws {
        let terminal = try start()
        let question = try pageTallStep(terminal)
        terminal.type("goto stringly-typed/why-cast\r")
        let stopped = try terminal.waitFor("(`step` shows the whole step again.)", after: question)
        let moved = try terminal.waitFor("seguelab:dispatch-run> goto stringly-typed/why-cast", after: stopped)
        try terminal.waitForPrompt("seguelab:why-cast> ", after: moved)
        #expect(!terminal.screen[stopped...].contains("unknown command"), "\(terminal.screen[stopped...])")
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }

    /// The pager's page breaks, from its lines alone.
    func paged(lines count: Int, rows: Int) -> (written: [String], questions: Int) {
        var written = ""
        let output = ShellOutput(style: Style(enabled: false), width: { 80 }, writeOut: { written += $0 })
        var questions = 0
        output.paging(
            rows: rows,
            more: { _ in
                questions += 1
                return true
            }
        ) {
            for index in 1...count { output.line("line \(index)") }
        }
        return (written.split(separator: "\n").map(String.init), questions)
    }

    @Test func theLastLineOrTwoGetNoPageOfTheirOwn() {
        // Up to two lines more than the window: shown at once.
        #expect(paged(lines: 24, rows: 24).questions == 0)
        #expect(paged(lines: 25, rows: 24).questions == 0)
        #expect(paged(lines: 26, rows: 24).questions == 1)
        // The first screenful is 22 lines (the command's line stays above it), the next ones 23
        // (the question's row is theirs); 1 or 2 lines after the last join it.
        #expect(paged(lines: 46, rows: 24).questions == 1)
        #expect(paged(lines: 47, rows: 24).questions == 1)
        #expect(paged(lines: 48, rows: 24).questions == 2)
        #expect(paged(lines: 47, rows: 24).written == (1...47).map { "line \($0)" })
    }
}
