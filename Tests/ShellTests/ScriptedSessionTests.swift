import Foundation
import TestSupport
import Testing

/// The shell driven by piped standard input, as an instructor's demo script or CI would.
@Suite struct ScriptedSessionTests {
    @Test func scriptedSessionPrintsExactlyTheOutput() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try SeguelabBinary.runPiped(
            """
            # a comment, then a blank line

            help quit
            history 1
            quit
            help
            """, arguments: ["--no-pack"], home: home)
        #expect(
            result.stdout == """
                quit
                  Save everything and leave the shell (Ctrl-D does the same).
                  Progress and history are saved as you go; quitting never loses work.
                  Also: exit
                    3  history 1

                """)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func noEscapeCodesEvenWithATerminalishEnvironment() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try SeguelabBinary.runPiped(
            "help\nnope\n", arguments: ["--no-pack"], home: home, extra: ["TERM": "xterm-256color"])
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(result.stdout.hasPrefix("Commands\n  help [COMMAND]"))
        #expect(!result.stdout.contains("seguelab>"), "no prompt when stdin is not a terminal")
    }

    @Test func errorsNameTheLineAndSetTheExitStatus() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try SeguelabBinary.runPiped("help\nhlep\nhistory -3\nhelp\n", arguments: ["--no-pack"], home: home)
        #expect(
            result.stderr == """
                <stdin>:2: error: unknown command 'hlep' (did you mean 'help'?); type 'help' for the list
                <stdin>:3: error: history: expected a positive number, got '-3'

                """)
        #expect(result.status == 1)
    }

    @Test func multiLineEntriesContinueUntilBalanced() throws {
        let home = try SeguelabBinary.makeHome()
        // The whole block is one entry (so one error, pointing at its first line).
        let result = try SeguelabBinary.runPiped(
            "help\nclass A {\n  func f() { print(\"}\") }\n}\n", arguments: ["--no-pack"], home: home)
        #expect(result.stderr == "<stdin>:2: error: unknown command 'class'; type 'help' for the list\n")
        let unfinished = try SeguelabBinary.runPiped(
            "help\nstruct B {\n  let x = [1,\n", arguments: ["--no-pack"], home: home)
        #expect(
            unfinished.stderr
                == "<stdin>:2: error: input ended inside an open '['; the entry starting here was not run\n")
        #expect(unfinished.status == 1)
    }

    @Test func helpListsEveryCommandAndExplainsOne() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try SeguelabBinary.runPiped("help\nhelp history\n", arguments: ["--no-pack"], home: home)
        for command in ["help [COMMAND]", "quit", "history [N]"] {
            #expect(result.stdout.contains("  \(command)"))
        }
        #expect(result.stdout.contains("History is kept across sessions"))
    }

    /// A command both the command line and the shell have is declared once: the shell's `help`
    /// shows the command line's options, and the shell parses and checks them alike.
    @Test func sharedCommandsParseAndExplainAsOnTheCommandLine() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try SeguelabBinary.runPiped(
            "help\nhelp run\nrun --swift-version 7 x.swift\nrun --help\n", arguments: ["--no-pack"], home: home)
        #expect(result.stdout.contains("  run [FILES …] [OPTIONS]"), "\(result.stdout)")
        #expect(result.stdout.contains("  storyboard FILE [OPTIONS]"))
        #expect(
            result.stdout.components(separatedBy: "Swift language mode: 5 or 6.").count == 3, "help run and run --help")
        #expect(result.stderr.contains("error: run: --swift-version must be 5 or 6, not 7"), "\(result.stderr)")
        let commandLine = try SeguelabBinary.runPiped("", arguments: ["run", "--help"], home: home)
        #expect(
            commandLine.stdout.contains("--swift-version <swift-version>")
                && commandLine.stdout.contains("--time-limit"))
    }

    @Test func helpFlagListsSubcommands() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try SeguelabBinary.runPiped("", arguments: ["--help"], home: home)
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: seguelab"))
        #expect(result.stdout.contains("--no-color"))
    }
}
