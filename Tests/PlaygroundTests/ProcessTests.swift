import Foundation
import Testing
@testable import Playground

@Suite("Stopping programs")
struct ProcessTests {
    /// The learner's program starts a grandchild (`sleep`) and writes its pid; cancelling the run
    /// must take both down.
    @Test func cancellationKillsTheWholeProcessGroup() async throws {
        let directory = try Fixture.temporaryDirectory("cancel")
        let pidFile = directory.appendingPathComponent("grandchild.pid")
        let program = """
        import Foundation
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        try sleeper.run()
        try String(sleeper.processIdentifier).write(toFile: "\(pidFile.path)", atomically: true, encoding: .utf8)
        sleeper.waitUntilExit()
        """
        let task = Task { try await Fixture.run(program, limits: Limits(timeout: 60)) }
        var grandchild: pid_t?
        for _ in 0..<600 where grandchild == nil {
            try await Task.sleep(for: .milliseconds(50))
            grandchild = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { pid_t($0) }
        }
        let pid = try #require(grandchild)
        #expect(Self.isRunning(pid))
        task.cancel()
        let result = try await task.value
        #expect(result.termination == .interrupted)
        var gone = false
        for _ in 0..<100 where !gone {
            gone = !Self.isRunning(pid)
            if !gone { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(gone, "grandchild \(pid) survived")
    }

    /// Cancelling a run (what Ctrl-C does, through the shell's `Interruptible`) stops the
    /// program and returns what it had done, marked as interrupted.
    @Test func cancellingTheRunStopsTheProgramAndKeepsItsOutput() async throws {
        let directory = try Fixture.temporaryDirectory("interrupt")
        let startedFile = directory.appendingPathComponent("started")
        let program = """
        import Foundation
        print("before the loop")
        FileManager.default.createFile(atPath: "\(startedFile.path)", contents: nil)
        while true { usleep(1000) }
        """
        let run = Task { try await Fixture.run(program, limits: Limits(timeout: 60)) }
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: startedFile.path) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(FileManager.default.fileExists(atPath: startedFile.path))
        run.cancel()
        let result = try await run.value
        #expect(result.termination == .interrupted)
        #expect(result.stdout == "before the loop\n")
        #expect(result.stopReason == "interrupted with Ctrl-C")
    }

    /// Alive and not a zombie waiting for its (dead) parent's reaper.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    @Test func childProcessReportsExitCodesAndSignals() async throws {
        let exited = try await ChildProcess(executable: "/bin/sh", arguments: ["-c", "exit 3"], environment: [:]).run()
        #expect(exited.ending == .exited(3))
        let signaled = try await ChildProcess(executable: "/bin/sh", arguments: ["-c", "kill -SEGV $$"], environment: [:]).run()
        #expect(signaled.ending == .signaled(SIGSEGV))
    }

    @Test func leftoverGrandchildrenDoNotHoldTheRunOpen() async throws {
        // The shell exits at once but leaves a background sleeper holding stdout.
        let outcome = try await ChildProcess(executable: "/bin/sh", arguments: ["-c", "sleep 30 & echo started"],
                                             environment: [:], timeout: 20).run()
        // Held open by the sleeper, the run would end by the 20 s limit (.timedOut) instead.
        #expect(outcome.ending == .exited(0))
        #expect(String(decoding: outcome.stdout, as: UTF8.self) == "started\n")
    }
}

@Suite("What a program inherits")
struct InheritedFileTests {
    /// A file the host has open without close-on-exec (a progress lock, a file being written)
    /// must not be open in the learner's program.
    @Test func aProgramInheritsOnlyItsThreeStandardStreams() async throws {
        let leaked = open("/dev/null", O_RDONLY)
        #expect(leaked > 2)
        defer { close(leaked) }
        let outcome = try await ChildProcess(executable: "/bin/sh", arguments: ["-c", "[ -e /proc/self/fd/\(leaked) ] && echo open || echo closed"],
                                             environment: [:], timeout: 20).run()
        #expect(String(decoding: outcome.stdout, as: UTF8.self) == "closed\n")
    }
}
