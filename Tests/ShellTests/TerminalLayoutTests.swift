import Foundation
import TestSupport
import Testing

/// What a learner sees in a real terminal: every line fits the window (broken between words,
/// following resizes), a tall step comes a screenful at a time, Enter moves on from a finished
/// step, and leaving says that nothing was lost.
@Suite(.serialized) struct TerminalLayoutTests {
    static let lessons = CourseWalkthroughTests.packageRoot.appendingPathComponent("Lessons").path

    func start(columns: UInt16, rows: UInt16, arguments: [String] = ["--pack", lessons]) throws -> (PseudoTerminal, URL)
    {
        let home = try SeguelabBinary.makeHome()
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: arguments,
            environment: SeguelabBinary.environment(home: home),
            columns: columns, rows: rows)
        return (terminal, home)
    }

    /// Lines of the screen from `start` that are wider than `columns` (the terminal would break them
    /// wherever the edge falls, mid-word).
    func overflowing(_ terminal: PseudoTerminal, from start: String.Index? = nil, columns: Int) -> [String] {
        let screen = terminal.screen
        let text = start.map { screen[min($0, screen.endIndex)...] } ?? screen[...]
        return text.split(separator: "\n").map(String.init).filter { $0.count > columns }
    }

    @Test func everyLineFitsAnEightyColumnTerminalAndFollowsAResize() throws {
        let (terminal, _) = try start(columns: 80, rows: 200)
        try terminal.waitForPrompt()
        // The lesson's introduction with its diagram, a prose step, an example, errors, help.
        let steps = [
            ("next", "shop"), ("next", "bookshop-storyboard"), ("next", "primer"), ("next", "first-run"),
            ("help", "first-run"), ("answer", "first-run"), ("zzz", "first-run"), ("hint", "first-run"),
            ("next", "why-cast")
        ]
        for (command, step) in steps {
            let before = terminal.screen.endIndex
            terminal.type(command + "\r")
            try terminal.waitForPrompt("seguelab:\(step)> ", after: before)
        }
        // Code and diagrams keep their alignment.
        #expect(terminal.screen.contains("    └─ root: ShelfViewController  (title \"Shelf\")"))
        #expect(
            terminal.screen.contains("       ├─ showAuthor  (show)         → AuthorViewController  var author: Author?")
        )
        #expect(
            overflowing(terminal, columns: 80).isEmpty,
            "lines wider than 80 columns:\n\(overflowing(terminal, columns: 80).joined(separator: "\n"))")
        terminal.resize(columns: 50, rows: 200)
        Thread.sleep(forTimeInterval: 0.3)
        let resized = terminal.screen.endIndex
        terminal.type("help\r")
        try terminal.waitForPrompt(
            "seguelab:why-cast> ", after: try terminal.waitFor("Type `help COMMAND`", after: resized))
        let wide = overflowing(terminal, from: resized, columns: 50)
        #expect(wide.isEmpty, "after the resize, lines wider than 50 columns:\n\(wide.joined(separator: "\n"))")
        #expect(terminal.screen[resized...].contains("Commands"))
    }

    /// The lessons table at 80 columns: a title too long for its column is wrapped under the
    /// title column, whole, never cut; the shell and `seguelab lessons` print the same table.
    @Test func longLessonTitlesAreWrappedUnderTheirColumnNotCut() throws {
        let (terminal, _) = try start(columns: 80, rows: 200)
        try terminal.waitForPrompt()
        let rows = terminal.screen.split(separator: "\n").map(String.init)
        let long = try #require(rows.firstIndex { $0.contains("generic-controllers") }, "\(terminal.screen)")
        let titleColumn = try #require(rows[long].range(of: "Generic view controllers"))
        let column = rows[long].distance(from: rows[long].startIndex, to: titleColumn.lowerBound)
        // The rest of the title goes on the next line, starting in the title's column.
        let next = rows[long + 1]
        #expect(
            next.prefix(column).allSatisfy { $0 == " " } && next.dropFirst(column).first?.isLetter == true,
            "\(rows[long])\n\(next)")
        #expect((rows[long] + " " + next.trimmingCharacters(in: .whitespaces)).contains("0/18"))
        #expect(!terminal.screen.contains("dispa…"))
        #expect(rows[long...].prefix(2).joined().contains("dispatch"))
        #expect(overflowing(terminal, columns: 80).isEmpty, "\(overflowing(terminal, columns: 80))")

        let (command, _) = try start(columns: 80, rows: 200, arguments: ["lessons", "--pack", Self.lessons])
        // Wait for the wrapped title's second line itself: on a busy machine it can come later.
        _ = try command.waitFor("0/18")
        _ = try command.waitFor("\n" + rows[long + 1])
        let table = rows[long...].prefix(2).map { $0 }
        #expect(command.screen.contains(table.joined(separator: "\n")), "\(command.screen)")
    }

    @Test func aStepTallerThanTheTerminalComesAScreenfulAtATime() throws {
        let (terminal, _) = try start(columns: 80, rows: 12)
        try terminal.waitForPrompt()
        terminal.type("next\r")
        let question = try terminal.waitFor("more lines: Enter or space shows them, q stops --")
        // Nothing past the first screenful yet: the prompt has not come.
        #expect(!terminal.screen[question...].contains("seguelab:"))
        Thread.sleep(forTimeInterval: 0.3)
        terminal.type("q")
        let stopped = try terminal.waitFor("(`step` shows the whole step again.)", after: question)
        try terminal.waitForPrompt("seguelab:shop> ", after: stopped)
    }

    @Test func enterMovesOnFromAFinishedStepOnly() throws {
        let (terminal, _) = try start(columns: 100, rows: 200)
        try terminal.waitForPrompt()
        terminal.type("next\r")
        let first = try terminal.waitForPrompt("seguelab:shop> ")
        // A prose step is done once read: Enter goes to the next step.
        terminal.type("\r")
        let second = try terminal.waitFor("── Step 2/18", after: first)
        try terminal.waitForPrompt("seguelab:bookshop-storyboard> ", after: second)
        terminal.type("goto stringly-typed/why-cast\r")
        let choice = try terminal.waitForPrompt("seguelab:why-cast> ", after: second)
        // A question not yet answered: Enter does nothing.
        terminal.type("\r")
        let stayed = try terminal.waitForPrompt("seguelab:why-cast> ", after: choice)
        #expect(!terminal.screen[choice...].contains("── Step 6/"))
        terminal.type("A)\r")
        let correct = try terminal.waitFor("✔ Correct.", after: stayed)
        try terminal.waitForPrompt("seguelab:why-cast> ", after: correct)
        terminal.type("\r")
        try terminal.waitFor("── Step 6/18", after: correct)
    }

    @Test func leavingWithCtrlDSaysEverythingWasSaved() throws {
        let (terminal, _) = try start(columns: 100, rows: 40)
        try terminal.waitForPrompt()
        terminal.type("\u{04}")
        try terminal.waitFor("Everything is saved: progress, drafts and history.")
        #expect(try terminal.waitForExit() == 0)
    }
}
