import Foundation
import Testing

@testable import Playground

/// The memory and disk limits hold for a whole program, not one process or one file: RLIMIT_AS
/// bounds each process (six children of 700 MB held 4.2 GB under the "1 GB" limit) and
/// RLIMIT_FSIZE each file (`posix_fallocate` reserved 1.2 GB in 35 ms in files of 60 MB).
@Suite("Whole-program limits")
struct WholeProgramLimitTests {
    /// Every level this machine can give: the sandbox where bubblewrap works, and the fallback.
    static let levels: [Containment] = {
        let fallback: Containment = ChildProcess.canConfineWrites ? .landlock : .supervisorOnly
        if case .sandbox = Containment.current { return [Containment.current, fallback] }
        return [fallback]
    }()

    /// A child holding about 160 MB of its own memory (perl builds the string, then copies it)
    /// until it is killed.
    static let child = "perl -e '$x = \"a\" x (80 << 20); sleep 120' &"

    func run(
        _ script: String, containment: Containment, memory: Int? = nil, file: Int? = nil, folder: Int? = nil
    ) async throws -> (report: ChildProcess.Report, folder: URL) {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let report = try await ChildProcess(
            executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
            workingDirectory: work.path, timeout: 60, memoryLimit: memory, fileSizeLimit: file,
            writableDirectories: [work.path], folderLimit: folder.map { .init(bytes: $0, folders: [work.path]) },
            containment: containment
        ).run()
        return (report, work)
    }

    @Test(arguments: levels)
    func childrenEachUnderTheLimitAreStoppedTogether(containment: Containment) async throws {
        let limit = 384 << 20
        // Alone, one child (and two) fit: each is under the limit.
        let two = try await run(
            Self.child + Self.child + "sleep 3; echo fits", containment: containment, memory: limit)
        #expect(
            two.report.ending == .exited(0),
            "\(containment.name): \(String(decoding: two.report.stderr, as: UTF8.self))")
        #expect(String(decoding: two.report.stdout, as: UTF8.self) == "fits\n")
        // Four of them pass it together: the run ends (before, it ran to its 60 s deadline).
        let four = try await run(
            String(repeating: Self.child, count: 4) + "wait", containment: containment, memory: limit)
        #expect(four.report.ending == .memoryLimit, "\(containment.name)")
        #expect(four.report.duration < 50, "\(containment.name): stopped by the deadline, not the memory limit")
        print(
            "four 160 MB children under a 384 MB limit (\(containment.name)) stopped after", four.report.duration, "s")
    }

    @Test(arguments: levels)
    func manyFilesEachUnderTheFileLimitAreStoppedTogether(containment: Containment) async throws {
        // Twenty reservations of 60 MB, each under the 64 MB file limit: 1.2 GB together.
        let outcome = try await run(
            "for i in $(seq 20); do fallocate -l 60M part$i || exit 9; done; echo all reserved; sleep 120",
            containment: containment, file: 64 << 20, folder: 256 << 20)
        #expect(
            outcome.report.ending == .folderLimit,
            "\(containment.name): \(String(decoding: outcome.report.stderr, as: UTF8.self))")
        #expect(String(decoding: outcome.report.stdout, as: UTF8.self).isEmpty)
    }

    @Test(arguments: levels)
    func oneReservationPastTheFolderLimitIsStopped(containment: Containment) async throws {
        // With no file limit (or one above 1.2 GB), the folder limit is what holds.
        let outcome = try await run(
            "fallocate -l 1200M whole || exit 9; echo reserved; sleep 120", containment: containment,
            folder: 256 << 20)
        #expect(outcome.report.ending == .folderLimit, "\(containment.name)")
    }

    @Test(arguments: levels)
    func aFolderMadeUnreadableIsStillMeasured(containment: Containment) async throws {
        let outcome = try await run(
            "mkdir hidden && for i in $(seq 10); do fallocate -l 60M hidden/part$i; chmod 0 hidden; chmod 700 hidden; done;"
                + " chmod 0 hidden; sleep 120",
            containment: containment, folder: 256 << 20)
        #expect(outcome.report.ending == .folderLimit, "\(containment.name)")
    }

    /// Under a limit, a program's files are its own to write: one that stays under it ends normally.
    @Test(arguments: levels)
    func aProgramUnderTheFolderLimitEndsNormally(containment: Containment) async throws {
        let outcome = try await run(
            "for i in 1 2 3; do fallocate -l 60M part$i; done; sleep 1; echo done", containment: containment,
            file: 64 << 20, folder: 256 << 20)
        #expect(outcome.report.ending == .exited(0))
        #expect(String(decoding: outcome.report.stdout, as: UTF8.self) == "done\n")
    }

    /// In a sandbox, /tmp and /dev/shm are the sandbox's own memory: each holds at most the folder limit.
    @Test(.enabled(if: ContainmentTests.sandboxed, "bubblewrap cannot make a sandbox here (seguelab doctor says why)"))
    func theSandboxesMemoryFoldersAreBounded() async throws {
        let outcome = try await run(
            "head -c 40000000 /dev/zero > /tmp/x 2>/dev/null && echo tmp took it || echo tmp full;"
                + " head -c 40000000 /dev/zero > /dev/shm/x 2>/dev/null && echo shm took it || echo shm full",
            containment: Containment.current, folder: 16 << 20)
        #expect(String(decoding: outcome.report.stdout, as: UTF8.self) == "tmp full\nshm full\n")
    }
}

/// The same limits through the Playground: the learner is told which limit stopped the program.
@Suite("Whole-program limits, in words")
struct WholeProgramLimitWordsTests {
    @Test func childrenTogetherPastTheMemoryLimitAreAMemoryStop() async throws {
        let result = try await Fixture.run(
            """
            import Foundation
            _ = system(#"for i in 1 2 3 4; do \(WholeProgramLimitTests.child) done; wait"#)
            print("never")
            """, limits: Limits(timeout: 60, memoryBytes: 384 << 20))
        #expect(result.termination == .memoryLimit, "\(result.stdout) \(result.stderr)")
        #expect(result.stopReason == .memory(limit: 384 << 20))
    }

    @Test func filesTogetherPastTheFolderLimitAreAFolderStop() async throws {
        let result = try await Fixture.run(
            """
            import Foundation
            for index in 0..<20 {
                let fd = open("part\\(index)", O_CREAT | O_WRONLY, 0o644)
                if posix_fallocate(fd, 0, 60 << 20) != 0 { print("refused"); exit(9) }
                close(fd)
            }
            print("all reserved")
            sleep(120)
            """, limits: Limits(timeout: 60, fileBytes: 64 << 20, folderBytes: 256 << 20))
        #expect(result.termination == .folderLimit, "\(result.stdout) \(result.stderr)")
        #expect(result.stopReason == .folderSize(limit: 256 << 20))
    }
}
