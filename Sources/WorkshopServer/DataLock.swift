import Foundation
import NIOCore

/// One server per data file: an exclusive `flock` on `<data>.lock`, held while the process
/// lives (the system frees it when the process ends, `kill -9` included). The file names the
/// process that holds it, so a second server can say which one to stop.
package final class DataLock: Sendable {
    package let path: String
    private let descriptor: Int32

    package struct Taken: Error, CustomStringConvertible {
        package var description: String
    }

    package static func path(for data: String) -> String { data + ".lock" }

    /// Takes the lock, or throws a sentence naming the process that holds it.
    package init(data: String) throws {
        path = Self.path(for: data)
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Taken(description: "cannot open \(path) to lock \(data): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            close(descriptor)
            let who =
                holder.flatMap(Int32.init).map { "another workshop server (process \($0))" }
                ?? "another workshop server"
            throw Taken(
                description: "\(who) is already serving \(data); stop it first, "
                    + "or serve this workshop with another --data file")
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, pid, pid.count, 0)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}

/// A port another program already listens on, said plainly.
package struct PortTaken: Error, CustomStringConvertible {
    package var host: String
    package var port: Int

    package init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    package var description: String {
        "port \(port) on \(host) is already in use by another program; "
            + "choose another with --port (0 picks any free port)"
    }
}

extension PortTaken {
    /// The server's failure to start, in plain words when the port was taken.
    package static func plain(_ error: any Error, host: String, port: Int) -> any Error {
        if let error = error as? IOError, error.errnoCode == EADDRINUSE { return PortTaken(host: host, port: port) }
        return error
    }
}
