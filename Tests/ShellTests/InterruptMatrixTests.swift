import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C in a real terminal while learner code runs, from every place code runs: the program
/// and everything it spawned stop, the shell stays, and the learner's place is kept.
@Suite(.serialized) struct InterruptMatrixTests {
    /// Long enough that only Ctrl-C can be what stops the program.
    static let arguments = ["--time-limit", "120"]

    @Test func inAnExampleStep() throws {
        let setup = try InterruptSetup()
        let prompt = "seguelab:interrupt> "
        let terminal = try setup.terminal(["--pack", setup.pack.path, "--lesson", "faults", "--step", "interrupt"])
        try terminal.waitForPrompt(prompt)
        terminal.type("run\r")
        let after = try setup.interruptOnceRunning(terminal, context: "example")
        try terminal.waitForPrompt(prompt, after: after)
        terminal.type("progress\r")
        try terminal.waitFor("Current step: faults/interrupt", after: after)
        try setup.expectStopped(terminal)
    }

    @Test func inAnExercise() throws {
        let setup = try InterruptSetup()
        let editor = setup.home.appendingPathComponent("editor")
        // An "editor" that writes the learner's (runaway) program.
        try ExecutableScript.write("#!/bin/sh\ncat > \"$1\" <<'SWIFT'\n\(setup.code)\nSWIFT\n", to: editor)
        let prompt = "seguelab:exercise> "
        let terminal = try setup.terminal(
            ["--pack", setup.pack.path, "--lesson", "faults", "--step", "exercise"],
            extra: ["EDITOR": editor.path])
        try terminal.waitForPrompt(prompt)
        terminal.type("edit\r")
        try terminal.waitForPrompt(prompt, after: try terminal.waitFor("Draft saved."))
        terminal.type("check\r")
        let after = try setup.interruptOnceRunning(terminal, context: "exercise")
        try terminal.waitForPrompt(prompt, after: after)
        // Nothing was judged, and the draft is still there.
        terminal.type("step\r")
        try terminal.waitFor("while true {}", after: after)
        #expect(!terminal.screen[after...].contains("Not yet"))
        try setup.expectStopped(terminal, showsOutput: false)
    }

    @Test func inTheSwiftMode() throws {
        let setup = try InterruptSetup()
        let terminal = try setup.terminal(["--no-pack"])
        try terminal.waitForPrompt()
        terminal.type("swift\r")
        try terminal.waitForPrompt("swift> ")
        terminal.type("let kept = 7\r")
        try terminal.waitForPrompt("swift> ", after: try terminal.waitFor("swift> let kept = 7"))
        terminal.type("import Foundation\r")
        try terminal.waitForPrompt("swift> ", after: try terminal.waitFor("swift> import Foundation"))
        // The runaway program as one entry, on one line.
        terminal.type("do { " + setup.code.split(separator: "\n").dropFirst().joined(separator: "; ") + " }\r")
        let after = try setup.interruptOnceRunning(terminal, context: "swift mode")
        try terminal.waitForPrompt("swift> ", after: after)
        terminal.type("kept * 6\r")
        try terminal.waitFor("$R0: Int = 42", after: after)
        try setup.expectStopped(terminal)
    }

    @Test func inTheShellsRunCommand() throws {
        let setup = try InterruptSetup()
        let file = try setup.programFile()
        let terminal = try setup.terminal(["--no-pack"])
        try terminal.waitForPrompt()
        terminal.type("run \(file.path)\r")
        let after = try setup.interruptOnceRunning(terminal, context: "shell run")
        try terminal.waitForPrompt(after: after)
        terminal.type("help quit\r")
        try terminal.waitFor("Save everything", after: after)
        try setup.expectStopped(terminal)
    }

    @Test func inSeguelabRun() throws {
        let setup = try InterruptSetup()
        let file = try setup.programFile()
        let terminal = try setup.terminal(["run", file.path])
        _ = try setup.interruptOnceRunning(terminal, context: "seguelab run")
        #expect(try terminal.waitForExit(timeout: 30) == 130)
        #expect(terminal.screen.contains("Stopped: interrupted with Ctrl-C."), "\(terminal.screen)")
        try setup.expectStopped(terminal, shellRuns: false)
    }
}

/// A home, the fault pack, and a program that spawns two children (one leaves its session),
/// prints a line and then loops forever.
struct InterruptSetup {
    let home: URL
    let pack: URL
    let pidFiles: [URL]
    let code: String

    init() throws {
        home = try SeguelabBinary.makeHome()
        pidFiles = FaultRun.pidFiles(in: home)
        code = """
            import Foundation
            let spawned = system("sleep 300 & echo \(ProgramProcess.shellRecord) > '\(pidFiles[0].path)'; setsid sleep 300 & echo \(ProgramProcess.shellRecord) > '\(pidFiles[1].path)'")
            print("spinning")
            while true {}
            """
        pack = try FaultPack.make(in: home, extraExamples: ["interrupt": code])
    }

    func programFile() throws -> URL {
        let file = home.appendingPathComponent("Runaway.swift")
        try code.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func terminal(_ arguments: [String], extra: [String: String] = [:]) throws -> PseudoTerminal {
        try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: arguments + InterruptMatrixTests.arguments,
            environment: SeguelabBinary.environment(home: home, extra: extra))
    }

    /// Waits until the program has spawned its children (so it is running, past compiling),
    /// presses Ctrl-C and waits for the shell to say so; returns where that was on screen.
    func interruptOnceRunning(_ terminal: PseudoTerminal, context: String) throws -> String.Index {
        let deadline = Date().addingTimeInterval(240)  // the first program may build SegueKit
        while !pidFiles.allSatisfy({ (try? String(contentsOf: $0, encoding: .utf8))?.hasSuffix("\n") == true }) {
            guard Date() < deadline else { throw PTYError("the program never started; screen:\n\(terminal.screen)") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let pressed = Date()
        terminal.type("\u{03}")
        let shown = try terminal.waitFor("nterrupted", timeout: 30)
        Figures.record("ctrl-c", context, Date().timeIntervalSince(pressed))
        return shown
    }

    /// The children are gone, what the program printed before Ctrl-C is shown, and the shell
    /// still runs.
    func expectStopped(_ terminal: PseudoTerminal, shellRuns: Bool = true, showsOutput: Bool = true) throws {
        // (A checked answer is not judged when interrupted, and its run is not shown.)
        if showsOutput {
            let printed = terminal.screen.split(separator: "\n").contains {
                $0.hasSuffix("spinning") && !$0.contains("print")
            }
            #expect(printed, "output before Ctrl-C kept: \(terminal.screen)")
        }
        for file in pidFiles {
            let process = try #require(ProgramProcess(record: String(contentsOf: file, encoding: .utf8)))
            #expect(process.ends(), "process \(process) from \(file.lastPathComponent) outlived Ctrl-C")
            process.kill()
        }
        if shellRuns { #expect(terminal.isRunning) }
    }
}
