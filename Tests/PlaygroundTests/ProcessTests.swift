import Foundation
import TestSupport
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
            // Long enough to outlive any wait on a loaded machine: the test ends it.
            sleeper.arguments = ["3600"]
            try sleeper.run()
            try \(ProgramProcess.swiftRecord("sleeper.processIdentifier")).write(toFile: "\(pidFile.path)", atomically: true, encoding: .utf8)
            sleeper.waitUntilExit()
            """
        let task = Task {
            try await Fixture.run(
                program, limits: Limits(timeout: 3600), environment: ["SEGUELAB_WRITABLE": directory.path])
        }
        var grandchild: ProgramProcess?
        // The program is compiled first: on a loaded machine that takes minutes, not seconds.
        let deadline = Date().addingTimeInterval(600)
        while grandchild == nil, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            grandchild = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { ProgramProcess(record: $0) }
        }
        let process = try #require(grandchild)
        #expect(process.isRunning)
        task.cancel()
        let result = try await task.value
        #expect(result.termination == .interrupted)
        #expect(process.ends(within: 30), "grandchild \(process) survived")
        process.kill()
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
        let run = Task {
            try await Fixture.run(
                program, limits: Limits(timeout: 3600), environment: ["SEGUELAB_WRITABLE": directory.path])
        }
        let deadline = Date().addingTimeInterval(600)
        while !FileManager.default.fileExists(atPath: startedFile.path), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(FileManager.default.fileExists(atPath: startedFile.path))
        run.cancel()
        let result = try await run.value
        #expect(result.termination == .interrupted)
        #expect(result.stdout == "before the loop\n")
        #expect(result.stopReason == .interrupted)
    }

    /// Alive and not a zombie waiting for its (dead) parent's reaper.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    @Test func childProcessReportsExitCodesAndSignals() async throws {
        let exited = try await ChildProcess(executable: "/bin/sh", arguments: ["-c", "exit 3"], environment: [:]).run()
        #expect(exited.ending == .exited(3))
        let signaled = try await ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "kill -SEGV $$"], environment: [:]
        ).run()
        #expect(signaled.ending == .signaled(SIGSEGV))
    }

    @Test func leftoverGrandchildrenDoNotHoldTheRunOpen() async throws {
        // The shell exits at once but leaves a background sleeper holding stdout.
        let outcome = try await ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "sleep 30 & echo started"],
            environment: [:], timeout: 20
        ).run()
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
        let outcome = try await ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "[ -e /proc/self/fd/\(leaked) ] && echo open || echo closed"],
            environment: [:], timeout: 20
        ).run()
        #expect(String(decoding: outcome.stdout, as: UTF8.self) == "closed\n")
    }
}

@Suite("What a program may touch")
struct ConfinementTests {
    /// Where the kernel has Landlock, a program writes in its own folder and in the folders
    /// SEGUELAB_WRITABLE names, nowhere else (not the SegueKit cache, not the learner's files).
    @Test(.enabled(if: ChildProcess.canConfineWrites, "this kernel has no Landlock"))
    func aProgramWritesOnlyInItsOwnFolder() async throws {
        let outside = try Fixture.temporaryDirectory("outside")
        let allowed = try Fixture.temporaryDirectory("allowed")
        let program = """
            import Foundation
            func attempt(_ path: String) -> String { FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) ? "wrote" : "refused" }
            print(attempt("own.txt"), attempt("\(outside.path)/evil.txt"), attempt("\(allowed.path)/fine.txt"))
            """
        let result = try await Fixture.run(program, environment: ["SEGUELAB_WRITABLE": allowed.path])
        #expect(result.stdout == "wrote refused wrote\n")
        #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("evil.txt").path))
    }

    /// A program may not write a file past its file-size limit: it is stopped, and told why.
    @Test func writingPastTheFileSizeLimitStopsTheProgram() async throws {
        let program = """
            import Foundation
            let file = fopen("big.bin", "w")!
            let block = [UInt8](repeating: 1, count: 1 << 20)
            for _ in 0..<64 { fwrite(block, 1, block.count, file) }
            print("not reached")
            """
        let result = try await Fixture.run(program, limits: Limits(timeout: 60, fileBytes: 4 << 20))
        #expect(result.termination == .fileSizeLimit)
        #expect(result.stopReason == .fileSize(limit: 4 << 20))
    }
}

@Suite("Escaping descendants")
struct DescendantTests {
    /// A child that starts a new session and drops its environment, and a chain of processes
    /// each starting the next in a new session and exiting: none outlives the run.
    @Test(arguments: [1, 6])
    func noDescendantOutlivesTheRunHoweverItDetaches(_ depth: Int) async throws {
        let directory = try Fixture.temporaryDirectory("escape")
        let pidFile = directory.appendingPathComponent("sleeper.pid")
        let script =
            "if [ $1 -gt 1 ]; then env -i setsid /bin/sh \"$0\" $(($1 - 1)) \"$2\" & exit 0; fi; env -i setsid sleep 300 & echo $! > \"$2\""
        let outcome = try await ChildProcess(
            executable: "/bin/sh",
            arguments: [
                "-c",
                "printf '%s\\n' '\(script)' > chain.sh; /bin/sh chain.sh \(depth) '\(pidFile.path)'; while [ ! -s '\(pidFile.path)' ]; do sleep 0.01; done; echo started"
            ],
            environment: ["PATH": "/usr/bin:/bin"], workingDirectory: directory.path, timeout: 60
        ).run()
        #expect(outcome.ending == .exited(0))
        #expect(String(decoding: outcome.stdout, as: UTF8.self) == "started\n")
        let pid = try #require(
            pid_t(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!ProcessTests.isRunning(pid), "process \(pid) outlived the run")
        kill(pid, SIGKILL)
    }

    /// A program that stops itself is not "a loop that never ends". A stop is found when the
    /// deadline comes, so the deadline leaves a loaded machine time to start the program.
    @Test func aProgramThatStopsItselfIsSaidToHaveStopped() async throws {
        let result = try await Fixture.run("import Foundation\nkill(getpid(), SIGSTOP)\n", limits: Limits(timeout: 15))
        #expect(result.termination == .suspended)
        #expect(result.stopReason == .suspended(limit: result.limits.timeout))
    }
}

/// A program's two streams, in the order it wrote them.
@Suite("Output order")
struct OutputOrderTests {
    static let alternating = OrderedWrites.program([
        ("out 1\n", 1), ("err 2\n", 2), ("err 3\n", 2), ("out 4\n", 1), ("err 5\n", 2)
    ])

    @Test func bothStreamsComeInTheOrderTheyWereWrittenAndApartTheyStayWhole() async throws {
        let result = try await Fixture.run(Self.alternating)
        #expect(result.termination == .exited(0), "\(result.stderr)")
        #expect(
            result.programOutputInOrder == [
                OutputRun(isError: false, text: "out 1\n"), OutputRun(isError: true, text: "err 2\nerr 3\n"),
                OutputRun(isError: false, text: "out 4\n"), OutputRun(isError: true, text: "err 5\n")
            ])
        // Checks read each stream on its own, as before.
        #expect(result.stdout == "out 1\nout 4\n")
        #expect(result.stderr == "err 2\nerr 3\nerr 5\n")
    }

    /// `print` goes through the C library's buffered stdout; each line must be written before
    /// the program goes on. `drained(1)` waits until the line has been read from the pipe, so a
    /// line still held in a buffer would come after the error line.
    static func printsAroundAnError(indent: String) -> String {
        [
            "print(\"loading the shelf\")", "drained(1)",
            "FileHandle.standardError.write(\"no cover for Dune\\n\".data(using: .utf8)!)", "drained(2)",
            "print(\"On screen: Dune\")"
        ].map { indent + $0 }.joined(separator: "\n")
    }

    static let drained = """
        func drained(_ fd: Int32) {
            var unread: Int32 = 0
            repeat { usleep(1000); _ = ioctl(fd, UInt(FIONREAD), &unread) } while unread > 0
        }
        """

    static let expectedRuns = [
        OutputRun(isError: false, text: "loading the shelf\n"), OutputRun(isError: true, text: "no cover for Dune\n"),
        OutputRun(isError: false, text: "On screen: Dune\n")
    ]

    @Test func aScriptsPrintsAndErrorsComeInTheOrderWritten() async throws {
        let program = "import Foundation\n" + Self.drained + "\n" + Self.printsAroundAnError(indent: "") + "\n"
        let result = try await Fixture.run(program)
        #expect(result.termination == .exited(0), "\(result.stderr)")
        #expect(result.programOutputInOrder == Self.expectedRuns)
    }

    @Test func anAtMainProgramsPrintsAndErrorsComeInTheOrderWritten() async throws {
        let program = """
            import Foundation
            \(Self.drained)

            @main struct Bookshop {
                static func main() {
            \(Self.printsAroundAnError(indent: "        "))
                }
            }

            """
        let result = try await Fixture.run(program, name: "Bookshop.swift")
        #expect(result.termination == .exited(0), "\(result.stderr)")
        #expect(result.programOutputInOrder == Self.expectedRuns)
    }

    /// An `async` `main`, whose body runs on the main actor after the runtime starts its executor.
    @Test func anAsyncAtMainProgramsPrintsAndErrorsComeInTheOrderWritten() async throws {
        let program = """
            import Foundation
            \(Self.drained)

            @main struct Bookshop {
                static func main() async {
                    await Task.yield()
            \(Self.printsAroundAnError(indent: "        "))
                }
            }

            """
        let result = try await Fixture.run(program, name: "Bookshop.swift")
        #expect(result.termination == .exited(0), "\(result.stderr)")
        #expect(result.programOutputInOrder == Self.expectedRuns)
    }

    @Test func dropsWhatCameBeforeAMarkOnEachStream() {
        let runs = [
            OutputRun(isError: false, text: "old\nnew 1\n"), OutputRun(isError: true, text: "old\nnew 2\n"),
            OutputRun(isError: false, text: "new 3\n")
        ]
        #expect(
            runs.dropping(outputBytes: 4, errorBytes: 4) == [
                OutputRun(isError: false, text: "new 1\n"), OutputRun(isError: true, text: "new 2\n"),
                OutputRun(isError: false, text: "new 3\n")
            ])
        #expect(runs.dropping(outputBytes: .max, errorBytes: 0).map(\.text) == ["old\nnew 2\n"])
    }
}
