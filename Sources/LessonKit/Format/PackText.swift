import Foundation
import Playground
import SourceText

/// Turns the bytes of a hand-written pack file (manifest, lesson) into text, or says exactly
/// why it cannot: too large, not UTF-8 (with the position of the first bad byte). A UTF-8
/// byte-order mark, which some Windows editors write, is accepted and dropped.
enum PackText {
    /// Pack text files larger than this are refused unread: no lesson is that long, so the
    /// file is almost certainly the wrong one (a log, an archive), and parsing it would be slow.
    static let maximumSize = 1 << 20

    /// Reads `url`, checking its size before reading a single byte.
    static func read(_ url: URL, file: String, sink: DiagnosticSink, fileManager: FileManager = .default) -> String? {
        // lstat, as FileManager's attributes would (a link's own size), without their dictionary.
        var status = stat()
        if lstat(url.path, &status) == 0, Int(status.st_size) > maximumSize {
            sink.error(tooLarge(Int(status.st_size)), at: SourceLocation(file: file, line: 1, column: 1))
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
        // Almost every file is clean: checked in optimised library code first, because the
        // byte-by-byte search below costs seconds per thousand lessons in a debug build.
        if let text = cleanText(bytes) { return text }
        if let bad = firstInvalidByte(bytes) {
            let valid = String(decoding: bytes[..<bad], as: UTF8.self)
            let lineStart = valid.lastIndex(of: "\n").map(valid.index(after:)) ?? valid.startIndex
            let line = valid.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            let column = valid[lineStart...].count + 1
            let byte = String(bytes[bad], radix: 16, uppercase: true)
            sink.error(
                "file is not valid UTF-8 text (byte 0x\(byte.count == 1 ? "0" + byte : byte) here); save it as UTF-8",
                at: SourceLocation(file: file, line: line, column: column))
            return nil
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if let (line, column, scalar) = firstControlCharacter(text) {
            sink.error(
                "control character \(ControlCharacters.caret(scalar)) (U+\(String(format: "%04X", scalar.value))) here: a pack's text may not contain control characters, which would act on the learner's terminal",
                at: SourceLocation(file: file, line: line, column: column))
            return nil
        }
        return text
    }

    /// The C0 controls `ControlCharacters.isControl` refuses, and DEL, as a C string for `strcspn`.
    private static let asciiControls: [CChar] = (Array(0x01...0x08) + [0x0B, 0x0C] + Array(0x0E...0x1F) + [0x7F, 0x00])
        .map { CChar(bitPattern: UInt8($0)) }

    /// `bytes` as text when they are valid UTF-8 without a control character; nil when they
    /// may not be (the precise search then finds what and where). A NUL byte ends the C-string
    /// scans early, which makes them report a problem: NUL is a control character too.
    static func cleanText(_ bytes: [UInt8]) -> String? {
        var terminated = bytes
        terminated.append(0)
        return terminated.withUnsafeBufferPointer { buffer -> String? in
            buffer.withMemoryRebound(to: CChar.self) { chars -> String? in
                guard let start = chars.baseAddress, strcspn(start, asciiControls) == bytes.count,
                    let text = String(validatingCString: start)
                else { return nil }
                // C1 controls (U+0080–U+009F) are the two-byte sequences C2 80 to C2 9F.
                var from = UnsafeRawPointer(start)
                let end = from + bytes.count
                while let found = memchr(from, 0xC2, end - from) {
                    let next = UnsafeRawPointer(found) + 1
                    if next < end, (0x80...0x9F).contains(next.load(as: UInt8.self)) { return nil }
                    from = next
                }
                return text
            }
        }
    }

    /// Line and column (in characters, as elsewhere) of the first control character.
    static func firstControlCharacter(_ text: String) -> (Int, Int, Unicode.Scalar)? {
        guard text.unicodeScalars.contains(where: ControlCharacters.isControl) else { return nil }
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars {
            if ControlCharacters.isControl(scalar) { return (line, column, scalar) }
            if scalar == "\n" {
                line += 1
                column = 1
            } else if scalar != "\r" {
                column += 1
            }
        }
        return nil
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
