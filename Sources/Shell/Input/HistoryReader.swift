import Foundation

/// Reads the entries of a libedit history file (`_HiStOrY_V2_` format, `strvis`-encoded) so
/// `history` can list them.
enum HistoryReader {
    /// The newest `limit` entries, unescaped.
    static func entries(in path: String, limit: Int = 1000) -> [String] {
        (tail(of: path, limit: limit) ?? []).map(unvis)
    }

    /// How much of the end of a history file is read: far more than `limit` typed lines need.
    static let maximumBytes = 1 << 20

    /// The newest `limit` lines of a history file as written (escaped), read only from a
    /// regular file and only from its last `maximumBytes`: a FIFO would block the shell before
    /// its first prompt, `/dev/zero` would never end, and a 100 MB file would take seconds.
    /// nil when the file is missing or not a regular file.
    static func tail(of path: String, limit: Int) -> [String]? {
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        let start = max(0, size - maximumBytes)
        var bytes = [UInt8](repeating: 0, count: size - start)
        var filled = 0
        while filled < bytes.count {
            let count = bytes[filled...].withUnsafeMutableBytes {
                pread(fd, $0.baseAddress, $0.count, off_t(start + filled))
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            filled += count
        }
        var lines = bytes[..<filled].split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        // The first line is the format's signature, or (when only the end was read) a piece of a line.
        if !lines.isEmpty { lines.removeFirst() }
        return Array(lines.suffix(limit))
    }

    /// The file libedit should load: the history file itself when it is a regular file of
    /// reasonable size, else a temporary copy of its newest entries (the caller removes it);
    /// nil for nothing to load.
    static func loadable(_ path: String, limit: Int) -> String? {
        let scratch = NSTemporaryDirectory() + "/seguelab-history-\(getpid())"
        guard let lines = tail(of: path, limit: limit) else { return nil }
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) <= maximumBytes { return path }
        let text = (["_HiStOrY_V2_"] + lines).joined(separator: "\n") + "\n"
        guard (try? Data(text.utf8).write(to: URL(fileURLWithPath: scratch))) != nil else { return nil }
        return scratch
    }

    /// Undoes the escapes libedit writes: `\040` octal, `\n`-style C escapes, `\\`.
    static func unvis(_ s: String) -> String {
        var bytes: [UInt8] = []
        let input = Array(s.utf8)
        var i = 0
        while i < input.count {
            let b = input[i]
            guard b == UInt8(ascii: "\\"), i + 1 < input.count else {
                bytes.append(b)
                i += 1
                continue
            }
            let next = input[i + 1]
            if (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next), i + 3 < input.count + 0 {
                let digits = input[(i + 1)...min(i + 3, input.count - 1)]
                if digits.count == 3, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 8) {
                    bytes.append(value)
                    i += 4
                    continue
                }
            }
            switch next {
            case UInt8(ascii: "n"): bytes.append(10)
            case UInt8(ascii: "t"): bytes.append(9)
            case UInt8(ascii: "s"): bytes.append(32)
            default: bytes.append(next)
            }
            i += 2
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
