import Foundation
import TestSupport
import Testing

@testable import Playground

/// What a learner's program (one run with folders of its own) is kept from, at each level of
/// containment this machine gives.
@Suite("Containment")
struct ContainmentTests {
    static let sandboxed: Bool = { if case .sandbox = Containment.current { true } else { false } }()

    func run(_ script: String, environment: [String: String] = [:], containment: Containment? = nil) async throws
        -> ChildProcess.Report
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contained-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await ChildProcess(
            executable: "/bin/sh", arguments: ["-c", script],
            environment: ["PATH": "/usr/bin:/bin"].merging(environment) { $1 },
            workingDirectory: folder.path, timeout: 60, writableDirectories: [folder.path],
            containment: containment
        ).run()
    }

    func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// Inside tmux a program could open windows that outlive the run (`tmux new-window`); the
    /// same holds for screen and the session bus.
    @Test func aProgramGetsNoMultiplexerOrBusAddress() async throws {
        let report = try await run(
            "echo ${TMUX-none} ${STY-none} ${DBUS_SESSION_BUS_ADDRESS-none} ${SSH_AUTH_SOCK-none} ${KEEP-none}",
            environment: [
                "TMUX": "/tmp/tmux-0/default,1,0", "STY": "1.pts-0.host",
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/0/bus",
                "SSH_AUTH_SOCK": "/tmp/ssh-agent", "KEEP": "kept"
            ])
        #expect(text(report.stdout) == "none none none none kept\n")
    }

    @Test(.enabled(if: ContainmentTests.sandboxed, "bubblewrap cannot make a sandbox here (seguelab doctor says why)"))
    func inASandboxAProgramSeesOnlyItsOwnProcessesAndAPrivateTmp() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        try Data().write(to: marker)
        defer { try? FileManager.default.removeItem(at: marker) }
        let report = try await run(
            """
            ls /proc | grep -c '^[0-9]'; test -e \(marker.path) && echo tmp shared || echo tmp private
            touch /var/tmp/escape-$$ 2>/dev/null && echo wrote outside || echo read-only outside
            touch own && echo wrote own
            """)
        let lines = text(report.stdout).split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines) \(text(report.stderr))")
        // bubblewrap's init, the shell, ls and grep.
        #expect((Int(lines.first ?? "") ?? 99) <= 5, "\(lines)")
        #expect(Array(lines.dropFirst()) == ["tmp private", "read-only outside", "wrote own"])
    }

    @Test(.enabled(if: ContainmentTests.sandboxed, "bubblewrap cannot make a sandbox here (seguelab doctor says why)"))
    func inASandboxACrashIsStillACrash() async throws {
        let report = try await run("kill -SEGV $$")
        #expect(report.ending == .signaled(SIGSEGV))
        let exited = try await run("exit 3")
        #expect(exited.ending == .exited(3))
    }

    /// Without a sandbox (SEGUELAB_SANDBOX=off or no bubblewrap), the supervisor and Landlock
    /// still hold: the variables are withheld all the same.
    @Test func withoutASandboxTheVariablesAreWithheldToo() async throws {
        let report = try await run(
            "echo ${TMUX-none}", environment: ["TMUX": "/tmp/tmux-0/default,1,0"],
            containment: ChildProcess.canConfineWrites ? .landlock : .supervisorOnly)
        #expect(text(report.stdout) == "none\n")
    }
}

@Suite("A run's folder")
struct RunFolderTests {
    /// A program that takes away its folder's permissions no longer leaves the folder behind.
    /// Root reads and removes any folder whatever its mode, so only another user sees the fault.
    @Test(
        .enabled(
            if: getuid() != 0, "as root, chmod 000 does not stop the removal: run the suite as another user to see it"))
    func aFolderMadeUnreadableByItsProgramIsRemoved() async throws {
        let result = try await Fixture.run(
            """
            import Foundation
            let folder = FileManager.default.currentDirectoryPath
            try FileManager.default.createDirectory(atPath: "inner/deeper", withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: "inner/deeper/file", contents: Data("x".utf8))
            chmod("inner/deeper", 0); chmod("inner", 0); chmod(folder, 0)
            print(folder)
            """)
        let folder = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(folder.contains("seguelab-"), "\(result.stdout) \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    /// The same removal with an ordinary user's file rights (`Unprivileged`), so that it runs as
    /// root too: a run's folder the program made unreadable at three levels, its files the user's.
    @Test(.enabled(if: getuid() != 0 || Unprivileged.available, "setfsuid is missing: run the suite as another user"))
    func aFolderMadeUnreadableIsRemovedWithTheLearnersRights() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("unreadable-\(UUID().uuidString)")
        let work = WorkDirectory(url: parent.appendingPathComponent("seguelab-run"))
        try FileManager.default.createDirectory(
            at: work.url.appendingPathComponent("inner/deeper"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        try Data("x".utf8).write(to: work.url.appendingPathComponent("inner/deeper/file"))
        Unprivileged.give([parent.path])
        for folder in ["inner/deeper", "inner", ""] { chmod(work.url.path + "/" + folder, 0) }
        let listable = try Unprivileged.run {
            (try? FileManager.default.contentsOfDirectory(atPath: work.url.path)) != nil
        }
        #expect(!listable, "the folder must be out of the user's reach before the removal")
        try Unprivileged.run { work.remove() }
        #expect(!FileManager.default.fileExists(atPath: work.url.path))
    }

    /// posix_fallocate is held to the file-size limit as a write is: a 128 MB reservation
    /// under a 64 MB limit fails.
    @Test func reservingMoreThanTheFileSizeLimitFails() async throws {
        let result = try await Fixture.run(
            """
            import Foundation
            let fd = open("big", O_CREAT | O_WRONLY, 0o644)
            signal(SIGXFSZ, SIG_IGN)
            print(posix_fallocate(fd, 0, 128 << 20) == 0 ? "reserved" : "refused")
            """, limits: Limits(timeout: 10, fileBytes: 64 << 20))
        #expect(result.stdout == "refused\n", "\(result.stdout) \(result.stderr)")
    }
}
