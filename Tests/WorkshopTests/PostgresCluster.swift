import Foundation
import TestSupport

/// A throwaway PostgreSQL cluster for the tests: `initdb` into a temporary folder, listening on
/// a free port on loopback and on a Unix socket in that folder, stopped when the test process
/// ends. PostgreSQL refuses to run as root, so under root it runs as `seguelab-test` (made by
/// scripts/lib.sh's ensure_postgres). One cluster serves every PostgreSQL test; each test
/// takes a database of its own.
final class PostgresCluster: @unchecked Sendable {
    let folder: URL
    let port: Int
    let bin: URL
    /// Whom the cluster runs as when the tests run as root.
    static let user = "seguelab-test"

    static let shared: Result<PostgresCluster, Failure> = {
        do {
            let cluster = try PostgresCluster()
            running = cluster
            atexit { PostgresCluster.running?.stop() }
            return .success(cluster)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure("\(error)"))
        }
    }()
    nonisolated(unsafe) static var running: PostgresCluster?

    static func get() throws -> PostgresCluster { try shared.get() }

    private init() throws {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard
            let version = versions.filter({ Int($0) != nil }).max(by: { Int($0)! < Int($1)! }),
            FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\(version)/bin/initdb")
        else {
            throw Failure(
                "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): scripts/test installs it "
                    + "(ensure_postgres in scripts/lib.sh), or run 'apt-get install postgresql'")
        }
        bin = URL(fileURLWithPath: "/usr/lib/postgresql/\(version)/bin")
        // A short path: a Unix socket's path is limited to about 100 bytes.
        folder = URL(fileURLWithPath: "/tmp/seguelab-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if getuid() == 0 {
            guard Self.run("/usr/bin/id", ["-u", Self.user]).status == 0 else {
                throw Failure(
                    "the tests run as root and PostgreSQL will not: create the user \(Self.user) "
                        + "(scripts/lib.sh's ensure_postgres does)")
            }
            _ = Self.run("/bin/chown", [Self.user, folder.path])
        }
        port = try Self.freePort()
        let initdb = try runAsOwner(
            "initdb",
            [
                "-D", folder.appendingPathComponent("data").path, "-U", "seguelab", "-A", "trust",
                "-E", "UTF8", "--locale=C", "--no-sync"
            ])
        guard initdb.status == 0 else { throw Failure("initdb failed: \(initdb.output)") }
        try start()
    }

    /// The cluster's server, on loopback and a socket in the folder; `-w` waits until it answers.
    func start() throws {
        let started = try runAsOwner(
            "pg_ctl",
            [
                "-D", folder.appendingPathComponent("data").path, "-l", folder.appendingPathComponent("log").path,
                "-w", "-t", "120", "-o",
                "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
                "start"
            ])
        guard started.status == 0 else { throw Failure("pg_ctl start failed: \(started.output) \(log)") }
    }

    /// Stops the server (`fast`: sessions are cut, as when an administrator restarts it).
    func stopServer() throws {
        let stopped = try runAsOwner(
            "pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "fast", "-w", "-t", "120", "stop"])
        guard stopped.status == 0 else { throw Failure("pg_ctl stop failed: \(stopped.output)") }
    }

    func stop() {
        _ = try? runAsOwner(
            "pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }

    var log: String { (try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)) ?? "" }

    /// A new, empty database; its URL over TCP, or over the Unix socket.
    func makeDatabase(socket: Bool = false) throws -> String {
        let name = "t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        let created = try runAsOwner("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "seguelab", name])
        guard created.status == 0 else { throw Failure("createdb failed: \(created.output)") }
        return socket
            ? "postgres://seguelab@localhost:\(port)/\(name)?host=\(folder.path)"
            : "postgres://seguelab@127.0.0.1:\(port)/\(name)"
    }

    /// Runs one of PostgreSQL's programs as the cluster's owner.
    func runAsOwner(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let path = bin.appendingPathComponent(program).path
        if getuid() == 0 {
            return Self.run("/usr/sbin/runuser", ["-u", Self.user, "--", path] + arguments)
        }
        return Self.run(path, arguments)
    }

    /// Runs a program to its end, its output in a file. posix_spawn and waitpid, not Process:
    /// pg_ctl leaves a server running that it started, and the wait must be for pg_ctl alone.
    /// Every descriptor but the three standard ones is closed first (by a shell, before it
    /// execs the program): the server outlives the test, and a pipe of another test it
    /// inherited would stay open with it, so that test's learner would never read its end.
    static func run(_ program: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let closing =
            #"for fd in /proc/$$/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-" 2>/dev/null; fi; done; exec "$@""#
        return spawn("/bin/bash", ["-c", closing, "bash", program] + arguments)
    }

    private static func spawn(_ program: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pg-\(UUID().uuidString).out")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { return (-1, "\(program): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: output)
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : -1, text)
    }

    static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure("no socket for a free port") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw Failure("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
