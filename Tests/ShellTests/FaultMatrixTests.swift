import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Learner code at its worst, from every place code runs — an example step, an exercise, the
/// `swift` mode, the shell's `run` and `seguelab run`: each fault is stopped and named, and the
/// shell goes on with the learner's place and draft intact. (Ctrl-C during them is in
/// `InterruptMatrixTests`; how long each takes to contain is measured by `bench/faults.sh`.)
@Suite(.serialized) struct FaultMatrixTests {
    /// Short limits keep the suite quick; the defences are the same at any size.
    static func limitArguments(_ fault: LearnerFault) -> [String] {
        ["--time-limit", String(fault.timeLimit), "--memory-limit", "512", "--timings"]
    }

    @Test(arguments: LearnerFault.allCases)
    func fromAnExampleStep(_ fault: LearnerFault) throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try FaultPack.make(in: home)
        let run = try FaultRun(fault, home: home)
        let result = try SeguelabBinary.runPiped(
            "run\nprogress\n",
            arguments: ["--pack", pack.path, "--lesson", "faults", "--step", fault.rawValue]
                + Self.limitArguments(fault),
            home: home, hangGuard: 300)
        try run.expectContained(result, context: "example")
        #expect(
            result.stdout.contains("Current step: faults/\(fault.rawValue)\n"),
            "the shell went on: \(result.stdout.suffix(300))")
    }

    @Test(arguments: LearnerFault.allCases)
    func fromAnExercise(_ fault: LearnerFault) throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try FaultPack.make(in: home)
        let run = try FaultRun(fault, home: home)
        let arguments = ["--pack", pack.path, "--lesson", "faults", "--step", "exercise"] + Self.limitArguments(fault)
        let result = try SeguelabBinary.runPiped(
            "edit\n\(run.code)\n.\ncheck\nprogress\n", arguments: arguments, home: home, hangGuard: 300)
        try run.expectContained(result, context: "exercise")
        #expect(result.stdout.contains("Not yet"), "the fault is judged, not passed: \(result.stdout.suffix(300))")
        #expect(result.stdout.contains("Current step: faults/exercise\n"))
        // The faulty draft is the learner's work: it survives into the next session.
        let next = try SeguelabBinary.runPiped("step\n", arguments: arguments, home: home, hangGuard: 120)
        #expect(
            next.stdout.contains(run.code.split(separator: "\n").last.map(String.init) ?? "?"),
            "draft kept: \(next.stdout)")
    }

    @Test(arguments: LearnerFault.allCases)
    func fromTheSwiftMode(_ fault: LearnerFault) throws {
        let home = try SeguelabBinary.makeHome()
        let run = try FaultRun(fault, home: home)
        // One entry: the fault's statements in a `do` block (imports stay outside, as Swift requires).
        let body = run.code.split(separator: "\n").filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
        let script =
            "swift\nimport Foundation\nlet before = 41\ndo {\n\(body)\n}\nprint(before + 1)\n:quit\nhelp quit\n"
        let result = try SeguelabBinary.runPiped(
            script, arguments: ["--no-pack"] + Self.limitArguments(fault), home: home, hangGuard: 300)
        try run.expectContained(result, context: "swift mode")
        // The mode survives the fault with its earlier entries: `before` is still defined.
        #expect(result.stdout.contains("\n42\n"), "\(result.stdout.suffix(400))")
        #expect(result.stdout.contains("Save everything and leave the shell"))
    }

    @Test(arguments: LearnerFault.allCases)
    func fromTheShellsRunCommand(_ fault: LearnerFault) throws {
        let home = try SeguelabBinary.makeHome()
        let run = try FaultRun(fault, home: home)
        let file = home.appendingPathComponent("Fault.swift")
        try run.code.write(to: file, atomically: true, encoding: .utf8)
        let result = try SeguelabBinary.runPiped(
            "run \(file.path)\nhelp quit\n", arguments: ["--no-pack"] + Self.limitArguments(fault),
            home: home, hangGuard: 300)
        try run.expectContained(result, context: "shell run")
        #expect(result.stdout.contains("Save everything and leave the shell"))
    }

    @Test(arguments: LearnerFault.allCases)
    func fromSeguelabRun(_ fault: LearnerFault) throws {
        let home = try SeguelabBinary.makeHome()
        let run = try FaultRun(fault, home: home)
        let file = home.appendingPathComponent("Fault.swift")
        try run.code.write(to: file, atomically: true, encoding: .utf8)
        let result = try SeguelabBinary.runPiped(
            "", arguments: ["run", file.path] + Self.limitArguments(fault), home: home, hangGuard: 300)
        try run.expectContained(result, context: "seguelab run")
        // A fault is a failed run for scripts too; a program that ends well is not.
        #expect((result.status != 0) == fault.fails, "exit status \(result.status)")
    }
}

/// One way learner code goes wrong, with what the learner must be told.
enum LearnerFault: String, CaseIterable, CustomTestStringConvertible {
    case endlessLoop = "loop"
    case unboundedRecursion = "recursion"
    case fatalError = "fatal"
    case forceUnwrapOfNil = "unwrap"
    case failedCast = "cast"
    case floodOfOutput = "flood"
    case memoryHog = "memory"
    case readsStdin = "stdin"
    case outlivingChildren = "children"
    case detachedChild = "detached"
    case sessionChain = "chain"
    case floodOfFileWrites = "write"
    case stopsItself = "sigstop"

    var testDescription: String { rawValue }

    /// Seconds the program may run. Filling 512 MB takes a fraction of a second on a quiet
    /// machine but can take more than 2 s on a loaded one, where the time limit would then stop
    /// the program first: the memory hog gets room so that only its memory can stop it.
    var timeLimit: Int { self == .memoryHog ? 30 : 2 }

    /// Whether the program counts as failed (everything but reading stdin and spawning children).
    var fails: Bool { ![.readsStdin, .outlivingChildren, .detachedChild, .sessionChain].contains(self) }

    /// The program; `pidFiles` receive the ids of processes it leaves behind.
    func code(pidFiles: [URL]) -> String {
        switch self {
        case .endlessLoop:
            return "print(\"looping\")\nwhile true {}"
        case .unboundedRecursion:
            return "func deeper(_ n: Int) -> Int { deeper(n + 1) + 1 }\nprint(deeper(0))"
        case .fatalError:
            return "fatalError(\"the sky fell\")"
        case .forceUnwrapOfNil:
            return "let missing: Int? = nil\nprint(missing!)"
        case .failedCast:
            return "let value: Any = 42\nprint(value as! String)"
        case .floodOfOutput:
            // 100 MB if nothing stopped it.
            return "let line = String(repeating: \"x\", count: 1023)\nfor _ in 0..<102_400 { print(line) }"
        case .memoryHog:
            // Address space, not pages written: how fast pages fill depends on the machine's load.
            return
                "var blocks: [UnsafeMutableRawPointer] = []\nwhile true { blocks.append(UnsafeMutableRawPointer.allocate(byteCount: 50_000_000, alignment: 16)) }"
        case .readsStdin:
            return "print(readLine() ?? \"no input\")"
        case .outlivingChildren:
            // One child in the program's own session, one that leaves it with setsid; the
            // program ends at once, leaving both behind.
            return """
                import Foundation
                let status = system("sleep 300 & echo \(ProgramProcess.shellRecord) > '\(pidFiles[0].path)'; setsid sleep 300 & echo \(ProgramProcess.shellRecord) > '\(pidFiles[1].path)'")
                print("spawned", status)
                """
        case .detachedChild:
            // A child that leaves the session and sheds the whole environment (any tag in it).
            return """
                import Foundation
                print("spawned", system("env -i setsid sleep 300 & echo \(ProgramProcess.shellRecord) > '\(pidFiles[0].path)'"))
                """
        case .sessionChain:
            // Five processes, each starting the next in a new session with an empty
            // environment and exiting at once; the last one leaves a sleeper behind. The
            // program waits for it, so it is surely running when the program ends.
            return """
                import Foundation
                let link = "if [ $1 -gt 0 ]; then env -i setsid /bin/sh \\"$0\\" $(($1 - 1)) \\"$2\\" & exit 0; fi\\nsleep 300 & echo \(ProgramProcess.shellRecord) > \\"$2\\"\\n"
                try! link.write(toFile: "chain.sh", atomically: true, encoding: .utf8)
                _ = system("/bin/sh chain.sh 5 '\(pidFiles[1].path)'")
                for _ in 0..<500 where !FileManager.default.fileExists(atPath: "\(pidFiles[1].path)") { usleep(10_000) }
                print("spawned", FileManager.default.fileExists(atPath: "\(pidFiles[1].path)"))
                """
        case .floodOfFileWrites:
            // 100 GB if nothing stopped it.
            return """
                import Foundation
                let file = fopen("big.bin", "w")!
                let block = [UInt8](repeating: 7, count: 1 << 20)
                for _ in 0..<102_400 { fwrite(block, 1, block.count, file) }
                """
        case .stopsItself:
            return "import Foundation\nprint(\"pausing\")\nfflush(stdout)\nkill(getpid(), SIGSTOP)"
        }
    }

    /// What the learner is told, in every place the fault can run (a lesson's verdict says a
    /// crash in its own words and quotes the runtime's, which `run` shows too).
    var message: String {
        switch self {
        case .endlessLoop: return "ran longer than its time limit of 2 s"
        case .unboundedRecursion: return "stack overflow"
        case .fatalError: return "the sky fell"
        case .forceUnwrapOfNil: return "Unexpectedly found nil while unwrapping"
        case .failedCast: return "Could not cast value of type"
        case .floodOfOutput: return "printed more than 1 MB, the output limit; the rest was cut"
        case .memoryHog: return "used more memory than its limit of 512 MB"
        case .readsStdin: return "no input"
        case .outlivingChildren: return "spawned"
        case .detachedChild: return "spawned"
        case .sessionChain: return "spawned true"
        case .floodOfFileWrites: return "wrote a file larger than its limit of 64 MB"
        case .stopsItself: return "stopped itself (SIGSTOP or SIGTSTP)"
        }
    }
}

/// One fault about to run: its code, and the processes it may leave behind.
struct FaultRun {
    let fault: LearnerFault
    let pidFiles: [URL]
    let code: String

    init(_ fault: LearnerFault, home: URL) throws {
        self.fault = fault
        pidFiles = Self.pidFiles(in: home)
        code = fault.code(pidFiles: pidFiles)
    }

    /// Where a program writes the ids of the child it leaves in its session and of the one
    /// that escapes it with `setsid`.
    static func pidFiles(in home: URL) -> [URL] {
        [home.appendingPathComponent("pids/child.pid"), home.appendingPathComponent("pids/escaped.pid")]
    }

    /// Stopped (not hung), named, the shell not crashed, no process left behind, and the run
    /// itself within its limit (a generous bound: exact figures are for `bench/faults.sh`).
    func expectContained(_ result: SeguelabBinary.Result, context: String) throws {
        #expect(!result.hung, "\(context): still running after the hang guard; output: \(result.stdout.suffix(300))")
        if context != "seguelab run" {  // which passes the program's own status on (128 + signal for a crash)
            #expect(
                result.status < 128,
                "\(context): the shell itself died (status \(result.status)); stderr: \(result.stderr.suffix(500))")
        }
        let all = result.stdout + result.stderr
        #expect(all.contains(fault.message), "\(context): no \(fault.message.debugDescription) in: \(all.suffix(600))")
        // The runtime's stack trace means nothing to a learner and is kept out of sight.
        #expect(!all.contains("Current stack trace"), "\(context): \(all.suffix(600))")
        if fault == .floodOfOutput && context != "seguelab run" {
            // The shell shows the beginning and the end; `seguelab run` passes everything on.
            #expect(result.stdout.utf8.count < 32_768, "\(context): \(result.stdout.utf8.count) bytes shown")
            #expect(result.stdout.contains("more lines not shown"))
        }
        let times = FaultRun.runTimes(in: result.stderr)
        #expect(!times.isEmpty, "\(context): --timings said nothing: \(result.stderr.suffix(300))")
        for seconds in times {
            // Generous: a limit that never fires runs for ever; under load average 30 on two
            // cores stopping a spinning program was seen to take over a minute.
            #expect(
                seconds < Double(fault.timeLimit + 120),
                "\(context): the program ran \(seconds) s under a \(fault.timeLimit) s limit")
            Figures.record(context, fault.rawValue, seconds)
        }
        for file in pidFiles {
            guard let text = try? String(contentsOf: file, encoding: .utf8), let process = ProgramProcess(record: text)
            else { continue }
            #expect(
                process.ends(), "\(context): process \(process) from \(file.lastPathComponent) outlived the program")
            process.kill()
        }
        if fault == .outlivingChildren {
            #expect(
                pidFiles.allSatisfy { FileManager.default.fileExists(atPath: $0.path) },
                "\(context): the children were never spawned")
        }
    }

    /// `run 2.013 s` figures printed by `--timings`.
    static func runTimes(in stderr: String) -> [Double] {
        stderr.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "run ") else { return nil }
            return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
    }

    /// True once `pid` is gone (or a zombie), waiting a little for a kill in flight.
    static func ends(_ pid: pid_t) -> Bool {
        for _ in 0..<50 {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            if stat.isEmpty { return true }
            if let close = stat.lastIndex(of: ")"), stat[stat.index(after: close)...].split(separator: " ").first == "Z"
            {
                return true
            }
            usleep(100_000)
        }
        return false
    }
}

/// With `SEGUELAB_FAULT_FIGURES=FILE` (as `bench/faults.sh` sets it), each measured time is
/// appended to FILE as `context<TAB>case<TAB>seconds`; the tests themselves judge no timings.
enum Figures {
    static func record(_ context: String, _ name: String, _ seconds: Double) {
        guard let path = ProcessInfo.processInfo.environment["SEGUELAB_FAULT_FIGURES"] else { return }
        // O_APPEND: suites running side by side add whole lines without interleaving.
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let line = Array("\(context)\t\(name)\t\(String(format: "%.3f", seconds))\n".utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}

/// A pack whose examples are the faults, and an exercise to type them into.
enum FaultPack {
    /// `extraExamples`: more example steps, by id, after the faults.
    static func make(in home: URL, extraExamples: [String: String] = [:]) throws -> URL {
        let root = home.appendingPathComponent("fault-pack")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("lessons"), withIntermediateDirectories: true)
        try """
        id: faults
        title: Faults
        version: 1.0.0
        format: 1
        authors: [SegueLab]
        languages: [en]
        default-language: en
        lessons: [faults]
        """.write(to: root.appendingPathComponent("pack.yaml"), atomically: true, encoding: .utf8)
        let pidFiles = FaultRun.pidFiles(in: home)
        var lesson = "---\nid: faults\ntitle: Faults\ngoal: Survive them.\n---\n\nCode at its worst.\n"
        for fault in LearnerFault.allCases {
            lesson +=
                "\n## \(fault.rawValue) {#\(fault.rawValue)}\n\n```swift example\n\(fault.code(pidFiles: pidFiles))\n```\n"
        }
        for (id, code) in extraExamples.sorted(by: { $0.key < $1.key }) {
            lesson += "\n## \(id) {#\(id)}\n\n```swift example\n\(code)\n```\n"
        }
        lesson += """

            ## Exercise {#exercise}

            ```step
            kind: exercise
            checks:
              - output-contains: done
            ```

            ```swift starter
            print("start")
            ```

            ```swift solution
            print("done")
            ```

            """
        try lesson.write(to: root.appendingPathComponent("lessons/faults.md"), atomically: true, encoding: .utf8)
        return root
    }
}
