import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The shell survives what a real terminal sends: resizes while typing, very long lines, pasted
/// blocks, bytes that are not UTF-8.
@Suite(.serialized) struct TerminalRobustnessTests {
    func start(_ arguments: [String] = ["--no-pack"], prompt: String = "seguelab> ", home: URL? = nil) throws -> PseudoTerminal {
        let home = try home ?? SeguelabBinary.makeHome()
        let terminal = try PseudoTerminal(executable: SeguelabBinary.path, arguments: arguments,
                                          environment: SeguelabBinary.environment(home: home))
        try terminal.waitForPrompt(prompt)
        return terminal
    }

    @Test func resizeWhileTypingKeepsTheLineWhole() throws {
        let terminal = try start()
        terminal.type("help hist")
        let typed = try terminal.waitFor("seguelab> help hist")
        terminal.resize(columns: 40, rows: 12)
        // The editor learns the new width and draws the line again for it.
        let redrawn = try terminal.waitFor("seguelab> help hist", after: typed)
        terminal.type("ory\r")
        let answered = try terminal.waitFor("History is kept across sessions", after: redrawn)
        try terminal.waitForPrompt(after: answered)
        terminal.resize(columns: 120, rows: 40)
        terminal.type("hel\t")
        try terminal.waitFor("seguelab> help ", after: answered)
        #expect(terminal.isRunning)
        #expect(!terminal.screen.contains("unknown command"))
    }

    @Test func aLineOfThousandsOfCharactersIsReadWhole() throws {
        let terminal = try start()
        let word = String(repeating: "abcdefghij", count: 600) + "END"
        terminal.type("help \(word)\r")
        let answered = try terminal.waitFor("unknown command '\(word)'", timeout: 60)
        try terminal.waitForPrompt(after: answered)
        terminal.type("help history\r")
        try terminal.waitFor("History is kept", after: answered)
    }

    @Test func aPastedBlockIsOneEntryInSwiftMode() throws {
        let home = try SeguelabBinary.makeHome()
        let terminal = try start(home: home)
        terminal.type("swift\r")
        try terminal.waitForPrompt("swift> ")
        // 200 lines, most of them complete on their own; only the last print shows the total.
        let calls = (1...194).map { "counter.add(\($0))" }
        let block = ["struct Counter {", "    var total = 0", "    mutating func add(_ n: Int) { total += n }", "}",
                     "var counter = Counter()"] + calls + ["print(\"total \\(counter.total)\")"]
        #expect(block.count == 200)
        terminal.paste(block.joined(separator: "\n") + "\n")
        try terminal.waitFor("counter.add(194)")
        terminal.type("\r")
        let ran = try terminal.waitFor("total \((1...194).reduce(0, +))", timeout: 240)
        try terminal.waitForPrompt("swift> ", after: ran)
        terminal.type(":list\r")
        let listed = try terminal.waitFor("  1  struct Counter {", after: ran)
        try terminal.waitForPrompt("swift> ", after: listed)
        let listing = String(terminal.screen[listed...])
        #expect(listing.contains("     counter.add(194)"))
        #expect(!listing.contains("\n  2  "), "the block must be one entry")
        // One history entry too (libedit's file writes a line break inside an entry as \012).
        let history = try String(contentsOf: home.appendingPathComponent("state/seguelab/history"), encoding: .utf8)
        let entry = history.split(separator: "\n").first { $0.contains("counter.add(194)") }
        #expect(entry?.contains("struct\\040Counter") == true && entry?.contains("counter.add(1)") == true)
    }

    @Test func aPastedProgramIsJudgedOnceOnAnExerciseStep() throws {
        let prompt = "seguelab [segue-basics/identifiers/fix]> "
        let terminal = try start(["--pack", LessonSessionTests.pack, "--lesson", "identifiers", "--step", "fix"], prompt: prompt)
        let middle = (1...193).map { _ in "visits += 1" }
        let program = ["import UIKit", "// Each line is whole on its own; don't judge the first alone.",
                       "let navigation = launchApp()", "var visits = 0"] + middle + [
                       "navigation.topViewController?.performSegue(withIdentifier: \"showDetail\", sender: nil)",
                       "print(\"Top is \\(type(of: navigation.topViewController!))\")",
                       "print(\"visits \\(visits)\")"]
        #expect(program.count == 200)
        terminal.paste(program.joined(separator: "\n"))
        try terminal.waitFor("print(\"visits")
        terminal.type("\r")
        let judged = try terminal.waitFor("✔ Correct.", timeout: 240)
        try terminal.waitForPrompt(prompt, after: judged)
        #expect(terminal.screen.contains("visits 193"))
        #expect(!terminal.screen.contains("Not yet"))
        terminal.type("progress\r")
        try terminal.waitFor("Attempts: 1,", after: judged)
    }

    @Test func aPastedPredictionOfSeveralLinesIsOneAnswer() throws {
        // The built-in course: "What does this print? Type the three lines".
        let prompt = "seguelab [seguelab-course/enum-identifiers/raw-values]> "
        let terminal = try start(["--lesson", "enum-identifiers", "--step", "raw-values"], prompt: prompt)
        terminal.paste("showBasket\ntrue\ntrue\n")
        try terminal.waitFor("showBasket\ntrue\ntrue")
        terminal.type("\r")
        let judged = try terminal.waitFor("✔ Correct.", timeout: 240)
        try terminal.waitForPrompt(prompt, after: judged)
        #expect(!terminal.screen.contains("Not yet"))
    }

    @Test func pastedCommandsRunOneByOneAsIfTyped() throws {
        let terminal = try start()
        terminal.paste("help history\nhelp quit\n")
        try terminal.waitFor("help quit")
        terminal.type("\r")
        let first = try terminal.waitFor("History is kept across sessions")
        // The second shows after its own prompt, as if typed, and runs after the first.
        let second = try terminal.waitFor("seguelab> help quit", after: first)
        try terminal.waitFor("Save everything and leave the shell", after: second)
        try terminal.waitForPrompt(after: second)
    }

    @Test func ctrlCStopsTheRestOfAPastedBlockOfCommands() throws {
        let home = try SeguelabBinary.makeHome()
        let loop = home.appendingPathComponent("Loop.swift")
        try "print(\"looping\")\nwhile true {}\n".write(to: loop, atomically: true, encoding: .utf8)
        let warm = home.appendingPathComponent("Warm.swift")
        try "print(\"warm\")\n".write(to: warm, atomically: true, encoding: .utf8)
        let terminal = try start(home: home)
        // Warm up: the first run may compile SegueKit into the shared cache.
        terminal.type("run \(warm.path)\r")
        let warmed = try terminal.waitFor("\nwarm", timeout: 240)
        try terminal.waitForPrompt(after: warmed)
        terminal.paste("run \(loop.path)\nhelp history\n")
        try terminal.waitFor("help history", after: warmed)
        // The loop would run into the 5 s limit; Ctrl-C comes first (while it compiles or runs).
        terminal.type("\r")
        Thread.sleep(forTimeInterval: 2.5)
        terminal.type("\u{03}")
        let stopped = try terminal.waitFor("nterrupted")
        try terminal.waitForPrompt(after: stopped)
        terminal.type("help quit\r")
        try terminal.waitFor("Save everything and leave the shell", after: stopped)
        #expect(!terminal.screen[stopped...].contains("History is kept"), "the rest of the paste must not run")
    }

    @Test func pastingWorksInViModeAndEscapeStillLeavesInsertMode() throws {
        let home = try SeguelabBinary.makeHome()
        try "bind -v\n".write(to: home.appendingPathComponent(".editrc"), atomically: true, encoding: .utf8)
        let terminal = try start(home: home)
        terminal.paste("help history\nhelp quit")
        try terminal.waitFor("help quit")
        terminal.type("\r")
        let first = try terminal.waitFor("History is kept across sessions")
        let second = try terminal.waitFor("Save everything and leave the shell", after: first)
        try terminal.waitForPrompt(after: second)
        // Escape alone (no paste behind it) is still vi's command mode: `0` to the start, `x` deletes.
        terminal.type("Xhelp\u{1B}0xA\r")
        try terminal.waitFor("Commands", after: second)
    }

    @Test func bracketedPasteIsOnOnlyWhileTheShellReads() throws {
        let terminal = try start()
        #expect(terminal.transcript.contains("\u{1B}[?2004h"))
        terminal.type("help\r")
        try terminal.waitForPrompt(after: try terminal.waitFor("Commands"))
        // Switched off before the command's output, on again for the next prompt.
        let beforeOutput = terminal.transcript.components(separatedBy: "Commands")[0]
        #expect(lastIsOff(beforeOutput))
        #expect(!lastIsOff(terminal.transcript))
        // A kill while reading leaves the terminal as it was found.
        kill(terminal.pid, SIGTERM)
        #expect(try terminal.waitForExit() == 128 + SIGTERM)
        #expect(lastIsOff(terminal.transcript))
    }

    /// True when the last bracketed-paste switch in `text` turns it off.
    func lastIsOff(_ text: String) -> Bool {
        guard let off = text.range(of: "\u{1B}[?2004l", options: .backwards) else { return false }
        guard let on = text.range(of: "\u{1B}[?2004h", options: .backwards) else { return true }
        return off.lowerBound > on.lowerBound
    }

    @Test func bytesThatAreNotUTF8DoNotBreakTheEditor() throws {
        let terminal = try start()
        terminal.typeBytes([0xFF, 0xFE] + Array("\r".utf8))
        let shown = try terminal.waitFor("unknown command '\u{FFFD}\u{FFFD}'")
        try terminal.waitForPrompt(after: shown)
        // A sequence cut short: the key after it is still a key of its own.
        terminal.typeBytes([0xC3] + Array("x\r".utf8))
        let cut = try terminal.waitFor("unknown command '\u{FFFD}x'", after: shown)
        try terminal.waitForPrompt(after: cut)
        // A bad byte can be erased like any character.
        terminal.typeBytes([0xFF, 0x7F] + Array("help\r".utf8))
        let helped = try terminal.waitFor("Commands", after: cut)
        #expect(!terminal.screen[cut...].contains("unknown command"))
        try terminal.waitForPrompt(after: helped)
        // Inside a paste too.
        terminal.typeBytes(Array("\u{1B}[200~help hist".utf8) + [0xFF] + Array("ory\u{1B}[201~\r".utf8))
        try terminal.waitFor("unknown command 'hist\u{FFFD}ory'", after: helped)
        #expect(terminal.isRunning)
    }
}

/// Scripted sessions given input no person would type: a runaway line, bytes that are not UTF-8.
@Suite struct PipedInputRobustnessTests {
    @Test func aLineOverAMegabyteIsSkippedWithItsLocation() throws {
        let home = try SeguelabBinary.makeHome()
        let huge = "help " + String(repeating: "x", count: 2_000_000)
        let whole = "help " + String(repeating: "y", count: 900_000) + "END"
        let result = try SeguelabBinary.runPiped("help history\n\(huge)\n\(whole)\nnosuch\n", arguments: ["--no-pack"], home: home)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 3)
        #expect(errors[0] == "<stdin>:2: error: the line is 2000005 bytes long, over the limit of 1048576; it was skipped, and the entry holding it was not run")
        // A line just under the limit is read whole (its error names all of it).
        #expect(errors[1].hasPrefix("<stdin>:3: error: unknown command 'yyy") && errors[1].contains("yEND'"))
        #expect(errors[2].hasPrefix("<stdin>:4: error: unknown command 'nosuch'"))
        #expect(result.stdout.contains("History is kept"))
        #expect(result.status == 1)
    }

    /// 50,000 lines inside a string never closed: each line is scanned once, not the whole
    /// entry again at every line (that took minutes).
    @Test(.timeLimit(.minutes(1))) func aLongUnfinishedEntryEndsWithItsLocation() throws {
        let home = try SeguelabBinary.makeHome()
        let body = (1...50_000).map { "line \($0) of a string never closed" }.joined(separator: "\n")
        let result = try SeguelabBinary.runPiped("help quit\nswift let s = \"\"\"\n\(body)\n", arguments: ["--no-pack"], home: home)
        #expect(result.stderr == "<stdin>:2: error: input ended inside an open '\"\"\"'; the entry starting here was not run\n")
        #expect(result.status == 1)
    }

    @Test func bytesThatAreNotUTF8AreNamedAndTheSessionGoesOn() throws {
        let home = try SeguelabBinary.makeHome()
        var input = Data("goto identifiers/method\n".utf8)
        input += Data("prepare(for:sender:)".utf8) + Data([0xFF]) + Data("\n".utf8)  // an answer
        input += Data("help hist".utf8) + Data([0xC3]) + Data("ory\n".utf8)          // a command
        input += Data("progress\n".utf8)
        let result = try SeguelabBinary.runPiped(bytes: input, arguments: ["--pack", LessonSessionTests.pack], home: home)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.first == "<stdin>:2:21: error: invalid UTF-8 (byte 0xFF); the line was read with U+FFFD in its place")
        #expect(errors.contains("<stdin>:3:10: error: invalid UTF-8 (byte 0xC3); the line was read with U+FFFD in its place"))
        // The answer was judged (once, with U+FFFD in it), the command ran, the session went on.
        #expect(result.stdout.contains("Attempts: 1,"))
        #expect(result.stderr.contains("<stdin>:3: error: unknown command 'hist\u{FFFD}ory'"))
        #expect(result.status == 1)
    }
}
