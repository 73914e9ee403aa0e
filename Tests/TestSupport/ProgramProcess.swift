import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A process a learner's program started, as the program saw it: its pid in the program's PID
/// namespace (in a sandbox that is not the machine's numbering) and that namespace. A test
/// that checks whether such a process outlived its run, or kills it afterwards, must find it
/// by both: the bare number may be any other process of the machine.
package struct ProgramProcess: Sendable, CustomStringConvertible {
    package var pid: pid_t
    /// `pid:[INODE]`, the link /proc/PID/ns/pid.
    package var namespace: String

    /// What a shell in the program writes for the job it just started: `$! NAMESPACE`.
    package static let shellRecord = "$! $(readlink /proc/$$/ns/pid)"

    /// What Swift code in the program writes for a process it started (`pid` as a Swift expression).
    package static func swiftRecord(_ pid: String) -> String {
        "\"\\(\(pid)) \\((try? FileManager.default.destinationOfSymbolicLink(atPath: \"/proc/self/ns/pid\")) ?? \"\")\""
    }

    /// Parses `PID NAMESPACE`; a bare pid is taken in this process's namespace.
    package init?(record: String) {
        let parts = record.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = parts.first, let pid = pid_t(first) else { return nil }
        self.pid = pid
        namespace = parts.count > 1 ? parts[1] : Self.namespace(of: "self") ?? ""
    }

    package var description: String { "\(pid) in \(namespace)" }

    static func namespace(of pid: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/pid")
    }

    /// The machine's pid of the process while it lives (a zombie counts as ended).
    package var hostPID: pid_t? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        for name in entries where name.first?.isNumber == true {
            guard Self.namespace(of: name) == namespace,
                let status = try? String(contentsOfFile: "/proc/\(name)/status", encoding: .utf8)
            else { continue }
            let fields = Dictionary(
                status.split(separator: "\n").compactMap { line -> (String, String)? in
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    return (
                        String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    )
                }, uniquingKeysWith: { first, _ in first })
            guard let nested = fields["NSpid"]?.split(whereSeparator: \.isWhitespace).last, pid_t(nested) == pid,
                fields["State"]?.hasPrefix("Z") != true
            else { continue }
            return pid_t(name)
        }
        return nil
    }

    package var isRunning: Bool { hostPID != nil }

    /// SIGKILLs it, if it still runs.
    package func kill() {
        if let host = hostPID { Glibc.kill(host, SIGKILL) }
    }

    /// Waits up to `seconds` for it to end; true once it has.
    package func ends(within seconds: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() > deadline { return false }
            usleep(100_000)
        }
        return true
    }
}
