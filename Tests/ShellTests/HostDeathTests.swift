import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Closing the terminal ends every program: the shell hung up, killed (by the program itself, or
/// anyone), or stopped with Ctrl-Z and left there, never leaves a learner's endless loop running.
@Suite(.serialized) struct HostDeathTests {
    enum Fate: String, CaseIterable, Sendable {
        /// The terminal closed: the shell gets SIGHUP.
        case hungUp
        /// The program (or anyone) killed the shell: no handler runs.
        case killed
        /// Ctrl-Z, and nobody resumes the shell: the run's own deadline still holds.
        case stopped
    }

    @Test(arguments: Fate.allCases)
    func theLearnersProgramEndsWithTheShell(_ fate: Fate) throws {
        let home = try SeguelabBinary.makeHome()
        let pidFile = home.appendingPathComponent("pids/loop.pid")
        let source = home.appendingPathComponent("Loop.swift")
        try """
        import Foundation
        try! \(ProgramProcess.swiftRecord("getpid()")).write(toFile: "\(pidFile.path)", atomically: true, encoding: .utf8)
        var spins = 0
        while true { spins &+= 1 }
        """.write(to: source, atomically: true, encoding: .utf8)
        let timeLimit = fate == .stopped ? 4 : 60
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: SeguelabBinary.path)
        shell.arguments = ["run", source.path, "--no-trace", "--time-limit", String(timeLimit)]
        shell.environment = SeguelabBinary.environment(home: home)
        shell.standardInput = FileHandle.nullDevice
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        defer { if shell.isRunning { kill(shell.processIdentifier, SIGKILL) } }

        var program: ProgramProcess?
        for _ in 0..<3000 where program == nil && shell.isRunning {  // compiling may take minutes under load
            usleep(100_000)
            program = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { ProgramProcess(record: $0) }
        }
        let process = try #require(program, "the program never started")
        defer { process.kill() }
        #expect(process.isRunning)

        let started = Date()
        switch fate {
        case .hungUp: kill(shell.processIdentifier, SIGHUP)
        case .killed: kill(shell.processIdentifier, SIGKILL)
        case .stopped: kill(shell.processIdentifier, SIGSTOP)
        }
        // Hung up or killed: at once. Stopped: at the limit and the supervisor's grace (2 s);
        // the bounds are generous for a loaded machine, far below "for ever".
        let bound = fate == .stopped ? Double(timeLimit) + 30 : 20
        while process.isRunning && Date().timeIntervalSince(started) < bound { usleep(100_000) }
        let seconds = Date().timeIntervalSince(started)
        #expect(!process.isRunning, "\(fate): the program still runs \(Int(seconds)) s later")
        if fate == .stopped {
            #expect(seconds >= Double(timeLimit) - 1, "stopped before its limit: \(seconds) s")
            kill(shell.processIdentifier, SIGKILL)
        }
        Figures.record("host \(fate.rawValue)", "program ended after", seconds)
    }
}

/// A program whose children leave its session (setsid) and fork without pause: the run still
/// ends at its limit and leaves none of them (the shell was stuck 23 minutes on such a tree,
/// reading /proc/PID/environ of processes that never stopped forking).
@Suite(.serialized) struct SessionLeavingForkTests {
    @Test func forkingChildrenThatLeaveTheSessionEndWithTheRun() throws {
        let home = try SeguelabBinary.makeHome()
        let pidFile = home.appendingPathComponent("pids/forker.pid")
        let source = home.appendingPathComponent("Forks.swift")
        // Eight detached loops, each starting a short sleep every few milliseconds; one records itself.
        try """
        import Foundation
        _ = system("for i in 1 2 3 4 5 6 7 8; do setsid sh -c 'while :; do sleep 0.2 & sleep 0.02; done' & done; "
            + "setsid sh -c 'echo \(ProgramProcess.shellRecord.replacingOccurrences(of: "$!", with: "$$")) > \(pidFile.path); while :; do sleep 0.2 & sleep 0.02; done' &")
        while true { sleep(1) }
        """.write(to: source, atomically: true, encoding: .utf8)
        let started = Date()
        let result = try SeguelabBinary.runPiped(
            "", arguments: ["run", source.path, "--no-trace", "--time-limit", "3"],
            home: home, hangGuard: 300)
        let seconds = Date().timeIntervalSince(started)
        #expect(!result.hung, "the run did not end: \(result.stderr.suffix(300))")
        #expect(result.stderr.contains("time limit"), "\(result.stderr.suffix(300))")
        let process = try #require(
            (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { ProgramProcess(record: $0) },
            "the detached loop never started: \(result.stderr.suffix(300))")
        #expect(process.ends(), "the detached loop \(process) outlived the run")
        process.kill()
        Figures.record("setsid forks", "seguelab run took", seconds)
    }
}
