import Foundation
import Playground

/// Turns the bytes of a hand-written pack file (manifest, lesson) into text, or says exactly
/// why it cannot: too large, not UTF-8 (with the position of the first bad byte). A UTF-8
/// byte-order mark, which some Windows editors write, is accepted and dropped.
enum PackText {
    /// Pack text files larger than this are refused unread: no lesson is that long, so the
    /// file is almost certainly the wrong one (a log, an archive), and parsing it would be slow.
    static let maximumSize = 1 << 20

    /// Reads `url`, checking its size before reading a single byte.
    static func read(_ url: URL, file: String, sink: DiagnosticSink, fileManager: FileManager = .default) -> String? {
        if let size = (try? fileManager.attributesOfItem(atPath: url.path))?[.size] as? NSNumber,
           size.intValue > maximumSize {
            sink.error(tooLarge(size.intValue), at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        guard let data = fileManager.contents(atPath: url.path) else {
            sink.error("cannot read \(file)", at: nil)
            return nil
        }
        return decode(data, file: file, sink: sink)
    }

    static func decode(_ data: Data, file: String, sink: DiagnosticSink) -> String? {
        guard data.count <= maximumSize else {
            sink.error(tooLarge(data.count), at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let bad = firstInvalidByte(bytes) {
            let valid = String(decoding: bytes[..<bad], as: UTF8.self)
            let lineStart = valid.lastIndex(of: "\n").map(valid.index(after:)) ?? valid.startIndex
            let line = valid.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            let column = valid[lineStart...].count + 1
            let byte = String(bytes[bad], radix: 16, uppercase: true)
            sink.error("file is not valid UTF-8 text (byte 0x\(byte.count == 1 ? "0" + byte : byte) here); save it as UTF-8",
                       at: SourceLocation(file: file, line: line, column: column))
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func tooLarge(_ size: Int) -> String {
        "file is \(megabytes(size)), larger than the \(megabytes(maximumSize)) a pack's text files may have; is it the right file?"
    }

    private static func megabytes(_ size: Int) -> String {
        String(format: "%.1f MB", Double(size) / Double(1 << 20))
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence.
    static func firstInvalidByte(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
