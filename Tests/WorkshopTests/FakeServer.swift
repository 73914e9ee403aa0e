import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A misbehaving "workshop server" on loopback, for the learner's side: one that accepts and
/// never answers, one that answers without end, or one that answers every request with the
/// same body. It keeps each request it read (head and body) for the test to inspect.
final class FakeServer: @unchecked Sendable {
    enum Mode: Sendable {
        case silent
        case endless
        case answer(String)
        /// Each path its own body (200); any other path 404.
        case routes([String: Data])
        /// Posted events answered with this status and body; anything else 200.
        case events(Int, String)
    }

    let port: Int
    private let listener: Int32
    private let mode: Mode
    private let lock = NSLock()
    private var captured: [String] = []
    private var open: [Int32] = []
    private var stopped = false

    var requests: [String] { lock.withLock { captured } }

    init(_ mode: Mode) throws {
        signal(SIGPIPE, SIG_IGN)
        self.mode = mode
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(
                    listener, $0,
                    socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 64) == 0 else { throw Failure("the fake server could not listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = listener
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    func link(code: String = "ABCDEFGH") -> String { "http://127.0.0.1:\(port)/join/\(code)" }

    /// Once: a descriptor closed twice could be another test's by then.
    func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    /// Closes a connection the server is done with (never one `stop` may still touch).
    private func finish(_ fd: Int32) {
        lock.withLock {
            open.removeAll { $0 == fd }
            close(fd)
        }
    }

    deinit { stop() }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 { return }
            let keep = lock.withLock { () -> Bool in
                if stopped { close(fd) } else { open.append(fd) }
                return !stopped
            }
            guard keep else { return }
            let thread = Thread { [self] in serve(fd) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        // The head, then the body its Content-Length announces.
        while true {
            if let end = data.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if data.count - end.upperBound >= length { break }
            }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 {
                finish(fd)
                return
            }
            data.append(contentsOf: buffer[0..<count])
        }
        lock.withLock { captured.append(String(decoding: data, as: UTF8.self)) }
        switch mode {
        case .silent:
            // Holds the connection open, saying nothing, until the test ends.
            return
        case .endless:
            _ = write(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n")
            let zeros = [UInt8](repeating: 0x20, count: 65_536)
            var sent = 0
            while sent < 3_000_000_000, !lock.withLock({ stopped }) {
                let count = send(fd, zeros, zeros.count, Int32(MSG_NOSIGNAL))
                if count <= 0 { break }
                sent += count
            }
            finish(fd)
        case .answer(let body):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
            _ = write(fd, head + body)
            finish(fd)
        case .events(let status, let body):
            let posted = String(decoding: data.prefix(20), as: UTF8.self).hasPrefix("POST /api/events ")
            let head =
                "HTTP/1.1 \(posted ? status : 200) Answer\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(posted ? body.utf8.count : 2)\r\n\r\n"
            _ = write(fd, head + (posted ? body : "{}"))
            finish(fd)
        case .routes(let routes):
            let path = String(decoding: data, as: UTF8.self).split(separator: " ").dropFirst().first.map(String.init)
            let body = path.flatMap { routes[$0] }
            let head =
                "HTTP/1.1 \(body == nil ? "404 Not Found" : "200 OK")\r\nContent-Length: \(body?.count ?? 0)\r\n\r\n"
            _ = write(fd, head)
            if let body { _ = write(fd, body) }
            finish(fd)
        }
    }

    private func write(_ fd: Int32, _ text: String) -> Bool { write(fd, Data(text.utf8)) }

    private func write(_ fd: Int32, _ data: Data) -> Bool {
        let bytes = Array(data)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBufferPointer {
                send(
                    fd, $0.baseAddress, $0.count,
                    Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }
}

/// A `seguelab` learner whose lines are typed one by one with a pause between them, as a
/// person would: replies from the server arrive between prompts. `watch` is called while it
/// runs (with its process id) after each line.
enum PacedLearner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `run` on a thread of its own: a learner paced by sleeps holds its thread for the whole
    /// session, and ten at once on Swift's cooperative threads would stall every other test.
    static func onOwnThread(
        _ lines: [String], arguments: [String], pack: URL, home: URL, pause: TimeInterval = 0.8
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Swift.Result { try run(lines, arguments: arguments, pack: pack, home: home, pause: pause) })
            }.start()
        }
    }

    static func run(
        _ lines: [String], arguments: [String], pack: URL, home: URL, pause: TimeInterval = 0.8,
        watch: (Int32) -> Void = { _ in }
    ) throws -> Result {
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("pids"),
            withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SeguelabBinary.path)
        process.arguments = ["--pack", pack.path] + arguments
        process.environment = SeguelabBinary.environment(home: home)
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        nonisolated(unsafe) var out = Data()
        nonisolated(unsafe) var err = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            out = output.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            err = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        for line in lines {
            Thread.sleep(forTimeInterval: pause)
            try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
            watch(process.processIdentifier)
        }
        Thread.sleep(forTimeInterval: pause)
        try? input.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// CPU seconds (user + system) the process has used so far.
    static func cpuSeconds(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3; utime and stime are fields 14 and 15.
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The process's peak resident memory, in bytes.
    static func peakMemory(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        else { return nil }
        return kilobytes * 1024
    }
}
