import Foundation
import TestSupport
import Testing

/// `edit` with real terminal editors in a pseudo-terminal: the editor must own the terminal
/// while it runs (or it cannot read keys) and give it back to the shell's line editor.
@Suite(.serialized) struct EditorTerminalTests {
    static let draftPath = "state/seguelab/drafts/segue-basics/identifiers/fix.swift"

    /// The shell on the sample pack's exercise, with `environment` added (the editor).
    func startOnExercise(home: URL, editor: [String: String]) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path,
            arguments: ["--pack", LessonSessionTests.pack, "--lesson", "identifiers", "--step", "fix"],
            environment: SeguelabBinary.environment(home: home, extra: editor), columns: 100, rows: 30)
        try terminal.waitForPrompt(EditorTerminalTests.prompt)
        return terminal
    }

    static let prompt = "seguelab:fix> "

    /// After the editor: the draft holds the edit, and the shell's prompt takes a command typed
    /// on a clean line (nothing the editor left behind is prepended to it).
    func expectShellWorksAfterEditing(_ terminal: PseudoTerminal, home: URL) throws {
        let saved = try terminal.waitFor("Draft saved.")
        try terminal.waitForPrompt(EditorTerminalTests.prompt, after: saved)
        terminal.type("hint\r")
        let hinted = try terminal.waitFor("Look at the storyboard for the segue's name.", after: saved)
        #expect(!terminal.screen[saved...].contains("unknown command"))
        // The line editor comes back with one prompt, not the prompt drawn twice.
        #expect(
            !terminal.screen[saved...].contains(EditorTerminalTests.prompt + EditorTerminalTests.prompt),
            "\(terminal.screen[saved...])")
        let draft = try String(contentsOf: home.appendingPathComponent(EditorTerminalTests.draftPath), encoding: .utf8)
        #expect(draft.contains("withIdentifier: \"showDetail\""))
        #expect(!draft.contains("withIdentifier: \"detail\""))
        try terminal.waitForPrompt(EditorTerminalTests.prompt, after: hinted)
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func viEditsTheDraftAndGivesTheTerminalBack() throws {
        // No $EDITOR: the default, /usr/bin/vi (scripts/lib.sh installs one for the tests).
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/vi"), "vi is needed for this test")
        let home = try SeguelabBinary.makeHome()
        let terminal = try startOnExercise(home: home, editor: ["VISUAL": "", "EDITOR": ""])
        terminal.type("edit\r")
        // vi shows the draft: it can read the terminal and draws on it.
        try terminal.waitFor("performSegue(withIdentifier: \"detail\"", timeout: 30)
        Thread.sleep(forTimeInterval: 0.5)
        // Answer the terminal queries a real terminal answers (vim asks for the version): the
        // answer must reach vi, not the shell's next line.
        terminal.type("\u{1B}[>41;380;0c")
        terminal.type("\u{1B}:%s/\"detail\"/\"showDetail\"/\r")
        terminal.type(":wq\r")
        try expectShellWorksAfterEditing(terminal, home: home)
    }

    @Test func nanoEditsTheDraftAndGivesTheTerminalBack() throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/nano"), "nano is needed for this test")
        let home = try SeguelabBinary.makeHome()
        let terminal = try startOnExercise(home: home, editor: ["EDITOR": "nano"])
        terminal.type("edit\r")
        try terminal.waitFor("Read 4 lines", timeout: 30)
        try terminal.waitFor("performSegue(withIdentifier: \"detail\"", timeout: 30)
        Thread.sleep(forTimeInterval: 0.5)
        // Ctrl-\ replaces: what, with what, then All.
        terminal.type("\u{1C}")
        try terminal.waitFor("Search (to replace)")
        terminal.type("\"detail\"\r")
        try terminal.waitFor("Replace with")
        terminal.type("\"showDetail\"\r")
        try terminal.waitFor("this instance?")
        terminal.type("a")
        // Ctrl-X, yes to saving, keep the file name.
        terminal.type("\u{18}")
        try terminal.waitFor("Save modified buffer?")
        terminal.type("y")
        try terminal.waitFor("File Name to Write")
        terminal.type("\r")
        try expectShellWorksAfterEditing(terminal, home: home)
    }

    @Test func anEditorThatFailsLeavesTheDraftAndTheShell() throws {
        let home = try SeguelabBinary.makeHome()
        // vi's `:cq` quits with an error status: nothing is saved, the shell goes on.
        let terminal = try startOnExercise(home: home, editor: ["VISUAL": "vi"])
        terminal.type("edit\r")
        try terminal.waitFor("performSegue(withIdentifier: \"detail\"", timeout: 30)
        Thread.sleep(forTimeInterval: 0.5)
        terminal.type("\u{1B}:cq\r")
        let failed = try terminal.waitFor("the draft was not changed")
        try terminal.waitForPrompt(EditorTerminalTests.prompt, after: failed)
        terminal.type("hint\r")
        try terminal.waitFor("Look at the storyboard for the segue's name.", after: failed)
    }
}
