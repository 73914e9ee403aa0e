import Foundation
import TestSupport
import Workshop

@testable import WorkshopServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `seguelab-workshop` process on loopback, as an instructor starts it, with the join
/// link and dashboard token it printed.
final class ServerProcess {
    let process = Process()
    let log: URL
    private(set) var link: JoinLink!
    private(set) var token = ""
    private(set) var port = 0
    /// Every room's join link and dashboard token, in the order printed (a server of several rooms).
    private(set) var links: [JoinLink] = []
    private(set) var tokens: [String] = []

    static var binary: String {
        URL(fileURLWithPath: SeguelabBinary.path).deletingLastPathComponent().appendingPathComponent(
            "seguelab-workshop"
        ).path
    }

    /// `fileLimit`: the server runs with at most this many open files (`ulimit -n`).
    convenience init(pack: URL, data: URL, port: Int = 0, log: URL, extra: [String] = [], fileLimit: Int? = nil)
        throws
    {
        try self.init(
            pack: pack, store: ["--data", data.path], port: port, log: log, extra: extra, fileLimit: fileLimit)
    }

    /// One room as most tests serve it: `pack` stored in `home/room.sqlite`, the server's log
    /// in `home/server.log`.
    convenience init(room pack: URL, in home: URL, extra: [String] = []) throws {
        try self.init(
            pack: pack, data: home.appendingPathComponent("room.sqlite"),
            log: home.appendingPathComponent("server.log"),
            extra: extra)
    }

    /// A server of `rooms` on a shared PostgreSQL database.
    convenience init(
        pack: URL, database: String, rooms: [String], extra: [String] = [], port: Int = 0, log: URL
    ) throws {
        try self.init(
            pack: pack, store: ["--database", database] + rooms.flatMap { ["--room", $0] }, port: port, log: log,
            extra: extra)
    }

    init(pack: URL, store: [String], port: Int = 0, log: URL, extra: [String] = [], fileLimit: Int? = nil) throws {
        self.log = log
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let arguments =
            [
                "--pack", pack.path, "--host", "127.0.0.1", "--port", String(port)
            ] + store + extra
        if let fileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", Self.binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = arguments
        }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        // Starting is bounded generously (a loaded machine): the announcement, or the log.
        let deadline = Date().addingTimeInterval(180)
        while Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if text.contains("seguelab --join "), text.contains("/dashboard#token=") {
                let lines = text.split(separator: "\n")
                links = lines.filter { $0.contains("seguelab --join ") }.map { line in
                    let words = line.split(separator: " ")
                    return JoinLink(String(words[words.firstIndex(of: "--join")! + 1]))!
                }
                tokens = lines.filter { $0.contains("/dashboard#token=") }.map {
                    String($0.split(separator: "=").last!)
                }
                link = links[0]
                token = tokens[0]
                self.port = link.server.port!
                return
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw Failure("the server did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit { stop() }

    // MARK: - HTTP

    struct Reply {
        var status: Int
        var body: Data
        var retryAfter: String? = nil
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    func request(
        _ method: String, _ path: String, body: Data? = nil, contentType: String? = "application/json",
        token: String? = nil, headers: [String: String] = [:]
    ) async throws -> Reply {
        var request = URLRequest(url: link.server.appendingPathComponent(path))
        if path.contains("?") { request.url = URL(string: link.server.absoluteString + "/" + path) }
        request.httpMethod = method
        request.httpBody = body
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        return Reply(status: http.statusCode, body: data, retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
    }

    func room(token: String? = nil) async throws -> RoomSnapshot {
        let reply = try await request("GET", "api/room", contentType: nil, token: token ?? self.token)
        guard reply.status == 200 else { throw Failure("GET /api/room: \(reply.status) \(reply.text)") }
        return try JSONDecoder().decode(RoomSnapshot.self, from: reply.body)
    }

    /// Polls the room until `done` holds (events arrive in the background); bounded generously
    /// so a loaded machine is slow, not failing. Returns the last state seen.
    func room(token: String? = nil, until done: (RoomSnapshot) -> Bool) async throws -> RoomSnapshot {
        let deadline = Date().addingTimeInterval(120)
        var last = try await room(token: token)
        while !done(last), Date() < deadline {
            try await Task.sleep(nanoseconds: 200_000_000)
            last = try await room(token: token)
        }
        return last
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A small pack of question steps (nothing to compile), so the tests run quickly.
enum WorkshopFixture {
    static let files = QuestionPack.files

    static func makePack(in home: URL) throws -> URL { try QuestionPack.write(in: home, name: "pack") }

    /// A learner: the real `seguelab` on the pack with piped input, its own home.
    static func learner(_ script: [String], arguments: [String], pack: URL, home: URL) throws -> SeguelabBinary.Result {
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("pids"), withIntermediateDirectories: true)
        return try SeguelabBinary.runPiped(
            script.joined(separator: "\n") + "\n", arguments: ["--pack", pack.path] + arguments, home: home)
    }
}
