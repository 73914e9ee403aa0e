import Foundation
import TestSupport
import Testing

/// The shell in a real pseudo-terminal: libedit, keys, signals, history on disk.
@Suite(.serialized) struct TerminalSessionTests {
    func start(home: URL, extra: [String: String] = [:]) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: ["--no-pack"],
            environment: SeguelabBinary.environment(home: home, extra: extra))
        try terminal.waitForPrompt()
        return terminal
    }

    @Test func tabCompletesACommand() throws {
        let terminal = try start(home: try SeguelabBinary.makeHome())
        terminal.type("hel\t")
        try terminal.waitFor("seguelab> help ")
        terminal.type("\r")
        let listed = try terminal.waitFor("Commands")
        try terminal.waitForPrompt(after: listed)
        terminal.type("help hi\t\r")
        try terminal.waitFor("History is kept across sessions")
    }

    @Test func ctrlCClearsTheLineAndTheShellLives() throws {
        let terminal = try start(home: try SeguelabBinary.makeHome())
        terminal.type("this line is abandoned")
        try terminal.waitFor("abandoned")
        terminal.type("\u{03}")
        let after = try terminal.waitForPrompt("^C\nseguelab> ")
        terminal.type("help\r")
        try terminal.waitFor("Commands", after: after)
        #expect(terminal.isRunning)
        #expect(!terminal.screen.contains("unknown command 'this'"), "the interrupted line must not run")
    }

    @Test func ctrlDOnAnEmptyLineExitsWithStatusZero() throws {
        let terminal = try start(home: try SeguelabBinary.makeHome())
        terminal.type("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func historySurvivesARestart() throws {
        let home = try SeguelabBinary.makeHome()
        let first = try start(home: home)
        first.type("help history\r")
        try first.waitForPrompt(after: try first.waitFor("History is kept"))
        first.type("quit\r")
        #expect(try first.waitForExit() == 0)

        let second = try start(home: home)
        // Up twice recalls the entry before `quit` from the previous session; Enter runs it again.
        second.type("\u{1B}[A\u{1B}[A\r")
        try second.waitFor("History is kept")
        let saved = try String(contentsOf: home.appendingPathComponent("state/seguelab/history"), encoding: .utf8)
        #expect(saved.contains("help\\040history"))
    }

    @Test func continuationPromptWhileBracesAreOpen() throws {
        let terminal = try start(home: try SeguelabBinary.makeHome())
        terminal.type("class A {\r")
        try terminal.waitForPrompt("...> ")
        terminal.type("}\r")
        try terminal.waitFor("unknown command 'class'")
    }

    @Test func utf8IsTypedAndEdited() throws {
        let terminal = try start(home: try SeguelabBinary.makeHome())
        terminal.type("héllo wörld 🎉x\u{7F}\u{7F}!\r")  // two backspaces remove "x" and the emoji
        try terminal.waitForPrompt(after: try terminal.waitFor("unknown command 'héllo'"))
        terminal.type("history 2\r")
        try terminal.waitFor("héllo wörld !")
    }

    @Test func editrcViModeIsHonoured() throws {
        let home = try SeguelabBinary.makeHome()
        try "bind -v\n".write(to: home.appendingPathComponent(".editrc"), atomically: true, encoding: .utf8)
        let terminal = try start(home: home)
        // In vi mode, Escape enters command mode, `0` goes to the line start, `x` deletes a character.
        terminal.type("Xhelp\u{1B}0x")
        terminal.type("A\r")
        try terminal.waitForPrompt(after: try terminal.waitFor("Commands"))
        terminal.type("hi\t")
        try terminal.waitFor("seguelab> history ")
    }
}

/// Lessons and programs in a real terminal: the editor, and Ctrl-C while a program runs.
@Suite(.serialized) struct TerminalProgramTests {
    @Test func ctrlCStopsTheProgramNotTheShell() throws {
        let home = try SeguelabBinary.makeHome()
        let loop = home.appendingPathComponent("Loop.swift")
        try "print(\"started\")\nwhile true {}\n".write(to: loop, atomically: true, encoding: .utf8)
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: ["--no-pack"],
            environment: SeguelabBinary.environment(home: home))
        try terminal.waitForPrompt()
        // Warm up: the first run may compile SegueKit into the shared cache.
        let warm = home.appendingPathComponent("Warm.swift")
        try "print(\"warm\")\n".write(to: warm, atomically: true, encoding: .utf8)
        terminal.type("run \(warm.path)\r")
        try terminal.waitForPrompt(after: try terminal.waitFor("\nwarm", timeout: 240))
        // The loop would run into the 5 s limit; Ctrl-C comes first (while it compiles or runs).
        terminal.type("run \(loop.path)\r")
        Thread.sleep(forTimeInterval: 2.5)
        terminal.type("\u{03}")
        let after = try terminal.waitFor("Stopped: interrupted with Ctrl-C.")
        try terminal.waitForPrompt(after: after)
        terminal.type("help\r")
        try terminal.waitFor("Commands", after: after)
        #expect(terminal.isRunning)
        #expect(!terminal.screen.contains("Stopped: the program ran longer"))
    }

    @Test func editOpensTheEditorAndKeepsTheDraft() throws {
        let home = try SeguelabBinary.makeHome()
        let editor = home.appendingPathComponent("fake-editor")
        // An "editor" that writes the fixed program, as a learner would.
        try ExecutableScript.write(
            """
            #!/bin/sh
            cat > "$1" <<'SWIFT'
            import UIKit
            let navigation = launchApp()
            navigation.topViewController?.performSegue(withIdentifier: "showDetail", sender: nil)
            print("Top is \\(type(of: navigation.topViewController!))")
            SWIFT
            """, to: editor)
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path,
            arguments: ["--pack", LessonSessionTests.pack, "--lesson", "identifiers", "--step", "fix"],
            environment: SeguelabBinary.environment(home: home, extra: ["EDITOR": editor.path]))
        try terminal.waitForPrompt("seguelab:fix> ")
        terminal.type("edit\r")
        let saved = try terminal.waitFor("Draft saved.")
        try terminal.waitForPrompt("seguelab:fix> ", after: saved)
        terminal.type("check\r")
        try terminal.waitFor("✔ Correct.", after: saved, timeout: 240)
        let draft = home.appendingPathComponent("state/seguelab/drafts/segue-basics/identifiers/fix.swift")
        #expect(try String(contentsOf: draft, encoding: .utf8).contains("withIdentifier: \"showDetail\""))
    }
}
