import Foundation
import TestSupport
import Testing

/// `seguelab --present demo.txt`: a scripted demo played in the shell for an audience.
@Suite(.serialized) struct PresenterTests {
    static let demo = """
        # Every command has a page of help.
        help history

        # Unknown words are named, not guessed at.
        # (Two lines of narration, one step.)
        histroy
        help quit

        """

    func script(in home: URL) throws -> URL {
        let file = home.appendingPathComponent("demo.txt")
        try Self.demo.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Piped, the demo is a transcript: no waiting, no typing delay, comments as narration.
    @Test func pipedItIsATranscriptOfTheDemo() throws {
        let home = try SeguelabBinary.makeHome()
        let file = try script(in: home)
        let result = try SeguelabBinary.runPiped("", arguments: ["--no-pack", "--present", file.path], home: home)
        #expect(result.status == 1, "an unknown command in the demo is an error")
        #expect(result.stderr.hasPrefix("\(file.path):6: error: unknown command 'histroy'"), "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "SegueLab — storyboard segues, live.")
        #expect(lines.contains("(Presenting \(file.path): a key plays each step, q ends.)"))
        let narration = try #require(lines.firstIndex(of: "Every command has a page of help."))
        #expect(lines[narration + 1] == "seguelab> help history")
        #expect(lines[narration + 2] == "history [N]", "\(lines)")
        let second = try #require(lines.firstIndex(of: "Unknown words are named, not guessed at."))
        #expect(lines[narration - 1] == "" && lines[second - 1] == "", "a blank line before each step")
        #expect(lines[second + 1] == "(Two lines of narration, one step.)")
        #expect(lines[second + 2] == "seguelab> histroy")
        #expect(lines[second + 3] == "")
        #expect(lines[second + 4] == "seguelab> help quit")
        #expect(!result.stdout.contains("# "))
    }

    /// On a terminal each step waits for a key and is typed out; `q` ends the demo there.
    @Test func onATerminalEachStepWaitsForAKey() throws {
        let home = try SeguelabBinary.makeHome()
        let file = try script(in: home)
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: ["--no-pack", "--present", file.path],
            environment: SeguelabBinary.environment(home: home), columns: 80, rows: 24)
        try terminal.waitFor("q ends.")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!terminal.screen.contains("Every command has a page of help."), "nothing before the first key")
        terminal.type(" ")
        let typed = try terminal.waitFor("seguelab> help history")
        let shown = try terminal.waitFor("History is kept", after: typed)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!terminal.screen.contains("Unknown words are named"), "the next step waits for its key")
        terminal.type("q")
        #expect(try terminal.waitForExit() == 0)
        #expect(!terminal.screen[shown...].contains("histroy"))
    }
}
