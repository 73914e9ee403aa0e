#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads piped standard input line by line: no prompts, no escape codes, no history.
///
/// Bytes are read as they come, so a line of any length costs at most `maximumLineBytes` of
/// memory: a longer one is skipped to its end and reported. Bytes that are not UTF-8 become
/// U+FFFD and are reported with their column. A line ends at `\n` (or `\r\n`).
package final class PipedLineSource: LineSource {
    /// 1 MiB: far beyond any command or pasted program, well short of a runaway file.
    package static let defaultMaximumLineBytes = 1 << 20

    package var isInteractive: Bool { false }
    private var reader: LineReader
    private var problem: LineProblem?

    package init(fileDescriptor: Int32 = STDIN_FILENO, maximumLineBytes: Int = PipedLineSource.defaultMaximumLineBytes)
    {
        reader = LineReader(fileDescriptor: fileDescriptor, limit: maximumLineBytes)
    }

    package func readLine(prompt: String) -> LineEvent {
        problem = nil
        guard let read = reader.next() else { return .endOfInput }
        guard read.length <= reader.limit else {
            problem = .tooLong(bytes: read.length, limit: reader.limit)
            return .line("")
        }
        var bytes = read.bytes
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        if let bad = Self.firstInvalidByte(in: bytes) {
            let column = String(decoding: bytes[..<bad], as: UTF8.self).count + 1
            problem = .invalidUTF8(column: column, byte: bytes[bad])
        }
        return .line(String(decoding: bytes, as: UTF8.self))
    }

    package func takeProblem() -> LineProblem? {
        defer { problem = nil }
        return problem
    }

    package func remember(_ entry: String) {}
    package func close() {}

    /// The offset of the first byte that is not part of valid UTF-8, if any.
    static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}

/// Splits a file descriptor's bytes into lines, keeping at most `limit` bytes of any line.
private struct LineReader {
    let fileDescriptor: Int32
    let limit: Int
    private var buffer = [UInt8](repeating: 0, count: 65536)
    private var start = 0
    private var end = 0
    private var atEnd = false

    init(fileDescriptor: Int32, limit: Int) {
        self.fileDescriptor = fileDescriptor
        self.limit = limit
    }

    /// The next line without its `\n` (only its first `limit` bytes are kept) and its full
    /// length; nil at the end of input.
    mutating func next() -> (bytes: [UInt8], length: Int)? {
        var line: [UInt8] = []
        var length = 0
        var sawAny = false
        while true {
            if start < end {
                sawAny = true
                let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n"))
                let stop = newline ?? end
                let piece = stop - start
                if length + piece <= limit { line += buffer[start..<stop] }
                length += piece
                start = newline.map { $0 + 1 } ?? end
                if newline != nil { return (line, length) }
            }
            if atEnd { return sawAny ? (line, length) : nil }
            refill()
        }
    }

    private mutating func refill() {
        start = 0
        end = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if n > 0 {
                end = n
                return
            }
            if n < 0 && errno == EINTR { continue }
            atEnd = true
            return
        }
    }
}
