import Foundation
import TestSupport
import Testing

@testable import Shell

/// The pager of a tall step in a real 80×24 terminal with colour on: its question is drawn (its
/// colour as colour, never as text), Enter, space and `q` act on one key, and any other key ends
/// paging and begins the next line at the prompt, so nothing typed is lost.
@Suite(.serialized) struct PagerTests {
    /// An example step whose program, unfolded, takes several screens at 80×24.
    func start() throws -> PseudoTerminal {
        try start(lesson: "generic-controllers", step: "dispatch-run")
    }

    /// Shows the tall step's program whole and waits for the pager's first question.
    func pageTallStep(_ terminal: PseudoTerminal) throws -> String.Index {
        let before = terminal.screen.endIndex
        terminal.type("unfold\r")
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

    /// A shell at 80×24 on `lesson`/`step`, waiting for its prompt (a tall step's pager stopped).
    func start(lesson: String, step: String, language: String = "en") throws -> PseudoTerminal {
        let home = try SeguelabBinary.makeHome()
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path,
            arguments: ["--pack", TerminalLayoutTests.lessons, "--lesson", lesson, "--step", step, "--lang", language],
            environment: SeguelabBinary.environment(home: home), columns: 80, rows: 24)
        try settle(terminal, prompt: "seguelab:\(step)> ")
        return terminal
    }

    /// Waits until the shell waits for a key: at `prompt`, or at the pager's question, which
    /// `q` stops.
    func settle(_ terminal: PseudoTerminal, prompt: String) throws {
        func waiting(_ transcript: String) -> (prompt: Bool, pager: Bool) {
            let screen = PseudoTerminal.stripEscapes(String(transcript.suffix(400)))
                .trimmingCharacters(in: .whitespaces)
            return (screen.hasSuffix(prompt.trimmingCharacters(in: .whitespaces)), screen.hasSuffix("--"))
        }
        while true {
            try terminal.waitUntilQuiet(timeout: 120) { waiting($0).prompt || waiting($0).pager }
            if waiting(terminal.transcript).prompt { break }
            terminal.type("q")
            Thread.sleep(forTimeInterval: 0.3)
        }
        Thread.sleep(forTimeInterval: 0.2)
    }

    /// A judged answer whose output takes three screens: paged, and `q` still shows the verdict.
    @Test func aVerdictTallerThanTheScreenIsPagedAndStillSaidAfterAStop() throws {
        let terminal = try start(lesson: "stringly-typed", step: "prompt-author")
        let before = terminal.screen.endIndex
        terminal.type("for i in 1...60 { print(\"row \\(i)\") }\r")
        let question = try terminal.waitFor("more lines: Enter or space shows them, q stops --", after: before)
        #expect(!terminal.screen[before...].contains("Not yet"), "the verdict came before the page ended")
        Thread.sleep(forTimeInterval: 0.3)
        terminal.type("q")
        let verdict = try terminal.waitFor("✘ Not yet", after: question)
        try terminal.waitForPrompt("seguelab:prompt-author> ", after: verdict)
        #expect(!terminal.screen[question...].contains("row 60"), "\(terminal.screen[question...])")
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }

    /// `run FILE` whose program prints three screens and crashes: paged, and the crash is said
    /// when the learner stops before it; paged to the end, it is said once.
    @Test func aTallRunIsPagedAndHowItEndedIsSaidAfterAStop() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pager-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tall.swift")
        try "for i in 1...60 { print(\"row \\(i)\") }\nfatalError(\"the end\")\n".write(
            to: file, atomically: true, encoding: .utf8)
        let terminal = try start(lesson: "stringly-typed", step: "why-cast")
        var before = terminal.screen.endIndex
        terminal.type("run \(file.path)\r")
        let question = try terminal.waitFor("more lines: Enter or space shows them, q stops --", after: before)
        Thread.sleep(forTimeInterval: 0.3)
        terminal.type("q")
        let crashed = try terminal.waitFor("The program crashed", after: question)
        try terminal.waitForPrompt("seguelab:why-cast> ", after: crashed)
        #expect(!terminal.screen[question...].contains("row 60"))
        // Paged to the end, the crash is said once.
        before = terminal.screen.endIndex
        terminal.type("run \(file.path)\r")
        var asked = try terminal.waitFor("q stops --", after: before)
        while true {
            Thread.sleep(forTimeInterval: 0.3)
            terminal.type(" ")
            guard let next = try? terminal.waitFor("q stops --", after: asked, timeout: 5) else { break }
            asked = next
        }
        let end = try terminal.waitForPrompt("seguelab:why-cast> ", after: asked)
        let shown = terminal.screen[before..<end]
        #expect(shown.contains("row 60"))
        #expect(shown.components(separatedBy: "The program crashed").count == 2, "\(shown)")
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }

    /// `skip` pages the reference it fills in together with the next step: the first page is
    /// one screenful, never the whole reference scrolled past.
    @Test func skipPagesTheReferenceTogetherWithTheNextStep() throws {
        let terminal = try start(lesson: "generic-controllers", step: "destination-side")
        let before = terminal.screen.endIndex
        terminal.type("skip\r")
        let question = try terminal.waitFor("more lines: Enter or space shows them, q stops --", after: before)
        let firstPage = terminal.screen[before..<question].split(separator: "\n", omittingEmptySubsequences: false)
        #expect(firstPage.count <= 24, "\(firstPage.count) lines before the first question")
        Thread.sleep(forTimeInterval: 0.3)
        terminal.type("q")
        let stopped = try terminal.waitFor("(`step` shows the whole step again.)", after: question)
        try terminal.waitForPrompt("seguelab:", after: stopped)
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }

    /// `solution` on an exercise whose reference takes several screens: the question is drawn,
    /// `q` stops on one key and what follows the reference (the offer to fill it in) still comes;
    /// a command typed at the question stops the page and runs whole at the prompt, with no
    /// question of `solution` taking it.
    @Test func solutionIsPagedAndWhatIsTypedAtItsQuestionRunsNext() throws {
        let terminal = try start(lesson: "generic-controllers", step: "destination-side")
        let question = "more lines: Enter or space shows them, q stops --"
        var before = terminal.screen.endIndex
        terminal.type("solution yes\r")
        let asked = try terminal.waitFor(question, after: before)
        #expect(terminal.screen[before..<asked].contains("Solution:"))
        #expect(terminal.transcript.contains("\u{1B}[2m-- "))
        #expect(!terminal.screen.contains("[2m") && !terminal.screen.contains("^["), "\(terminal.screen)")
        Thread.sleep(forTimeInterval: 0.3)
        terminal.type("q")
        let fill = try terminal.waitFor("so `check` passes? [y/N] ", after: asked)
        Thread.sleep(forTimeInterval: 0.3)
        terminal.type("n\r")
        let declined = try terminal.waitFor("Your draft is unchanged.", after: fill)
        let prompt = try terminal.waitForPrompt("seguelab:destination-side> ", after: declined)
        #expect(!terminal.screen[asked..<fill].contains("q"), "\(terminal.screen[asked..<fill])")
        // A command typed at the question: the page stops, and the command runs.
        before = terminal.screen.endIndex
        terminal.type("solution yes\r")
        let again = try terminal.waitFor(question, after: max(before, prompt))
        Thread.sleep(forTimeInterval: 0.3)
        terminal.type("hint\r")
        let typed = try terminal.waitFor("seguelab:destination-side> hint", after: again)
        let hint = try terminal.waitFor("Hint 1/", after: typed)
        try terminal.waitForPrompt("seguelab:destination-side> ", after: hint)
        #expect(!terminal.screen[again...].contains("[y/N]"), "\(terminal.screen[again...])")
        #expect(!terminal.screen[again...].contains("unknown command"), "\(terminal.screen[again...])")
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

    /// A verdict line is shown again under a stop, and paging inside paging is one pager.
    @Test func aVerdictIsShownAgainWhenPagingStopsBeforeIt() {
        var written = ""
        let output = ShellOutput(style: Style(enabled: false), width: { 80 }, writeOut: { written += $0 })
        let finished = output.paging(rows: 24, more: { _ in false }, stopped: "stopped") {
            for index in 1...30 { output.line("line \(index)") }
            output.paging(rows: 24, more: { _ in true }) {
                for index in 31...60 { output.line("line \(index)") }
            }
            output.verdict("verdict")
        }
        #expect(!finished)
        let lines = written.split(separator: "\n").map(String.init)
        #expect(lines == (1...22).map { "line \($0)" } + ["stopped", "verdict"])
    }
}
