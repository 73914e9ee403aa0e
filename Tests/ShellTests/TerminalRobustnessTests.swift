import Foundation
import Playground
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The shell survives what a real terminal sends: resizes while typing, very long lines, pasted
/// blocks, bytes that are not UTF-8.
@Suite(.serialized) struct TerminalRobustnessTests {
    func start(_ arguments: [String] = ["--no-pack"], prompt: String = "seguelab> ", home: URL? = nil) throws
        -> PseudoTerminal
    {
        let home = try home ?? SeguelabBinary.makeHome()
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: arguments,
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
        // The message echoes the word on one line; the history holds all of it.
        let answered = try terminal.waitFor("error: unknown command 'abcdefghij", timeout: 60)
        try terminal.waitForPrompt(after: answered)
        terminal.type("history 2\r")
        let listed = try terminal.waitFor("END", after: answered)
        let unwrapped = terminal.screen[answered..<listed].replacingOccurrences(of: "\n", with: "")
            .replacingOccurrences(of: " ", with: "")
        #expect(unwrapped.contains("help\(word)"))
        try terminal.waitForPrompt(after: listed)
        terminal.type("help history\r")
        try terminal.waitFor("History is kept", after: listed)
    }

    @Test func aPastedBlockIsOneEntryInSwiftMode() throws {
        let home = try SeguelabBinary.makeHome()
        let terminal = try start(home: home)
        terminal.type("swift\r")
        try terminal.waitForPrompt("swift> ")
        // 200 lines, most of them complete on their own; only the last print shows the total.
        let calls = (1...194).map { "counter.add(\($0))" }
        let block =
            [
                "struct Counter {", "    var total = 0", "    mutating func add(_ n: Int) { total += n }", "}",
                "var counter = Counter()"
            ] + calls + ["print(\"total \\(counter.total)\")"]
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
        let prompt = "seguelab:fix> "
        let terminal = try start(
            ["--pack", LessonSessionTests.pack, "--lesson", "identifiers", "--step", "fix"], prompt: prompt)
        let middle = (1...193).map { _ in "visits += 1" }
        let program =
            [
                "import UIKit", "// Each line is whole on its own; don't judge the first alone.",
                "let navigation = launchApp()", "var visits = 0"
            ] + middle + [
                "navigation.topViewController?.performSegue(withIdentifier: \"showDetail\", sender: nil)",
                "print(\"Top is \\(type(of: navigation.topViewController!))\")",
                "print(\"visits \\(visits)\")"
            ]
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
        let prompt = "seguelab:raw-values> "
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
        let result = try SeguelabBinary.runPiped(
            "help history\n\(huge)\n\(whole)\nnosuch\n", arguments: ["--no-pack"], home: home)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 3)
        #expect(
            errors[0]
                == "<stdin>:2: error: the line is 2000005 bytes long, over the limit of 1048576; it was skipped, and the entry holding it was not run"
        )
        // A line just under the limit is read whole (its error names its first 30 characters).
        #expect(
            errors[1]
                == "<stdin>:3: error: unknown command '\(String(repeating: "y", count: 30))…'; type 'help' for the list"
        )
        #expect(errors[2].hasPrefix("<stdin>:4: error: unknown command 'nosuch'"))
        #expect(result.stdout.contains("History is kept"))
        #expect(result.status == 1)
    }

    /// 50,000 lines inside a string never closed: each line is scanned once, not the whole
    /// entry again at every line (that took minutes).
    @Test(.timeLimit(.minutes(1))) func aLongUnfinishedEntryEndsWithItsLocation() throws {
        let home = try SeguelabBinary.makeHome()
        let body = (1...50_000).map { "line \($0) of a string never closed" }.joined(separator: "\n")
        let result = try SeguelabBinary.runPiped(
            "help quit\nswift let s = \"\"\"\n\(body)\n", arguments: ["--no-pack"], home: home)
        #expect(
            result.stderr
                == "<stdin>:2: error: input ended inside an open '\"\"\"'; the entry starting here was not run\n")
        #expect(result.status == 1)
    }

    @Test func bytesThatAreNotUTF8AreNamedAndTheSessionGoesOn() throws {
        let home = try SeguelabBinary.makeHome()
        var input = Data("goto identifiers/method\n".utf8)
        input += Data("prepare(for:sender:)".utf8) + Data([0xFF]) + Data("\n".utf8)  // an answer
        input += Data("help hist".utf8) + Data([0xC3]) + Data("ory\n".utf8)  // a command
        input += Data("progress\n".utf8)
        let result = try SeguelabBinary.runPiped(
            bytes: input, arguments: ["--pack", LessonSessionTests.pack], home: home)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            errors.first == "<stdin>:2:21: error: invalid UTF-8 (byte 0xFF); the line was read with U+FFFD in its place"
        )
        #expect(
            errors.contains(
                "<stdin>:3:10: error: invalid UTF-8 (byte 0xC3); the line was read with U+FFFD in its place"))
        // The answer was judged (once, with U+FFFD in it), the command ran, the session went on.
        #expect(result.stdout.contains("Attempts: 1,"))
        #expect(result.stderr.contains("<stdin>:3: error: unknown command 'hist\u{FFFD}ory'"))
        #expect(result.status == 1)
    }
}

/// Files and terminals that are not what the shell expects: it starts, and stops cleanly.
@Suite(.serialized) struct HostileInputTests {
    func historyFile(in home: URL) throws -> URL {
        let directory = home.appendingPathComponent("state/seguelab")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("history")
    }

    func start(home: URL) throws -> PseudoTerminal {
        try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: ["--no-pack"],
            environment: SeguelabBinary.environment(home: home))
    }

    /// A FIFO would block reading before the first prompt; /dev/zero would never end.
    @Test(arguments: ["fifo", "/dev/zero"])
    func aHistoryFileThatIsNotAFileIsIgnored(_ kind: String) throws {
        let home = try SeguelabBinary.makeHome()
        let history = try historyFile(in: home)
        if kind == "fifo" {
            #expect(mkfifo(history.path, 0o600) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: history.path, withDestinationPath: kind)
        }
        let terminal = try start(home: home)
        try terminal.waitForPrompt()
        terminal.type("history\r")
        try terminal.waitForPrompt(after: try terminal.waitFor("history"))
        #expect(terminal.isRunning)
    }

    /// A huge history is read from its end only, and keeps its cap of 1000 entries.
    @Test func aHugeHistoryKeepsItsNewestThousandEntries() throws {
        let home = try SeguelabBinary.makeHome()
        let history = try historyFile(in: home)
        var text = "_HiStOrY_V2_\n"
        for index in 0..<300_000 { text += "help\\040entry\(index)\n" }
        try Data(text.utf8).write(to: history)
        let terminal = try start(home: home)
        try terminal.waitForPrompt()
        terminal.type("history 5000\r")
        let listed = try terminal.waitFor("help entry299999")
        try terminal.waitForPrompt(after: listed)
        #expect(terminal.screen.contains("help entry299000"))
        #expect(!terminal.screen.contains("help entry298999"))
    }

    /// Under `timeout` (which puts the shell in a background process group and ignores
    /// SIGTTIN), reading the terminal fails at once: the shell says so and ends, instead of
    /// taking each failure for Ctrl-C for ever.
    @Test func aShellInTheBackgroundOfItsTerminalStopsWithAMessage() throws {
        let home = try SeguelabBinary.makeHome()
        let terminal = try PseudoTerminal(
            executable: "/bin/sh", arguments: ["-c", "timeout 120 '\(SeguelabBinary.path)' --no-pack; echo ended $?"],
            environment: SeguelabBinary.environment(home: home))
        try terminal.waitForPrompt()
        terminal.type("x")
        let said = try terminal.waitFor("another program controls it")
        try terminal.waitFor("ended ", after: said)
        #expect(terminal.screen.components(separatedBy: "^C").count < 3)
    }
}

/// A learner's program never leaves the learner's terminal broken. In a sandbox it cannot reach
/// the terminal at all; without one (SEGUELAB_SANDBOX=off, or no bubblewrap) it can open the
/// device by name, and the shell puts its modes and window size back after the run.
@Suite(.serialized) struct TerminalTamperingTests {
    /// Turns echo off and sets a 20×5 window on the shell's terminal, when it can reach it: its
    /// device is named by the shell's /proc/PID/stat (tty_nr), which anyone may read.
    static let tamperer = """
        import Foundation
        func stat(of pid: Int32) -> [Substring] {
            guard let stat = try? String(contentsOfFile: "/proc/\\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return [] }
            return stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        }
        let supervisor = stat(of: getpid()).dropFirst(1).first.flatMap { Int32($0) } ?? 0
        let shell = stat(of: supervisor).dropFirst(1).first.flatMap { Int32($0) } ?? 0
        let tty = stat(of: shell).dropFirst(4).first.flatMap { Int($0) } ?? 0
        let major = (tty >> 8) & 0xfff, minor = (tty & 0xff) | ((tty >> 12) & 0xfff00)
        // Read-only: Landlock refuses opening the terminal to write, not to read, and its modes
        // and size change through any descriptor.
        let fd = major >= 136 && major < 144 ? open("/dev/pts/\\((major - 136) * 256 + minor)", O_RDONLY | O_NOCTTY) : -1
        if fd >= 0, isatty(fd) == 1 {
            var modes = termios()
            tcgetattr(fd, &modes)
            modes.c_lflag &= ~tcflag_t(ECHO | ICANON)
            tcsetattr(fd, TCSANOW, &modes)
            var size = winsize(ws_row: 5, ws_col: 20, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(fd, UInt(TIOCSWINSZ), &size)
            print("terminal reached")
        } else {
            print("terminal out of reach")
        }
        """

    func runTamperer(sandbox: Bool) throws -> (terminal: PseudoTerminal, said: String) {
        let home = try SeguelabBinary.makeHome()
        let file = home.appendingPathComponent("Tamper.swift")
        try Self.tamperer.write(to: file, atomically: true, encoding: .utf8)
        var environment = SeguelabBinary.environment(home: home)
        if !sandbox { environment["SEGUELAB_SANDBOX"] = "off" }
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: ["--no-pack"], environment: environment)
        let prompt = try terminal.waitForPrompt()
        terminal.type("run \(file.path)\r")
        let ran = try terminal.waitFor("terminal ", after: prompt, timeout: 600)
        try terminal.waitForPrompt(after: ran)
        return (terminal, String(terminal.screen[ran...].prefix(40)))
    }

    @Test func withoutASandboxTheShellPutsItsTerminalBackAfterTheRun() throws {
        let (terminal, said) = try runTamperer(sandbox: false)
        #expect(said.hasPrefix("reached"), "\(said)")
        // The window size the terminal had, not the program's 20×5.
        let size = terminal.windowSize()
        #expect(size.columns == 100 && size.rows == 30, "window \(size.columns)×\(size.rows) after the run")
        // What is typed is shown again (with echo left off, libedit reads blind).
        terminal.type("help hist")
        try terminal.waitFor("seguelab> help hist", timeout: 30)
        terminal.type("ory\r")
        try terminal.waitFor("History is kept across sessions")
    }

    @Test(
        .enabled(
            if: Containment.current != .landlock && Containment.current != .supervisorOnly,
            "bubblewrap cannot make a sandbox on this machine (seguelab doctor says why)"))
    func inASandboxAProgramCannotReachTheTerminal() throws {
        let (terminal, said) = try runTamperer(sandbox: true)
        #expect(said.hasPrefix("out of reach"), "\(said)")
        let size = terminal.windowSize()
        #expect(size.columns == 100 && size.rows == 30, "window \(size.columns)×\(size.rows) after the run")
    }
}
