import Foundation

/// Reads a tar stream held in memory: ustar headers, GNU long names (`L`, `K`) and pax
/// extended headers (`x`: path, linkpath, size). Reports every entry with its contents;
/// it writes nothing itself.
struct TarReader {
    struct Entry {
        enum EntryType: Equatable {
            case file, directory, symlink, hardlink
            /// Device files, FIFOs and unknown types, named for the message.
            case special(String)
        }
        var path: String
        var type: EntryType
        var linkTarget: String
        var size: Int
    }

    let bytes: [UInt8]
    let archive: String

    private func fail(_ reason: String, entry: String? = nil) -> PackArchive.Failure {
        PackArchive.Failure(archive: archive, entry: entry, reason: reason)
    }

    func forEach(_ body: (Entry, Data) throws -> Void) throws {
        var offset = 0
        var longName: String?
        var longLink: String?
        var pax: [String: String] = [:]
        while offset + 512 <= bytes.count {
            let header = bytes[offset..<(offset + 512)]
            if header.allSatisfy({ $0 == 0 }) { return }  // end of archive
            guard Self.checksumMatches(header) else { throw fail("corrupt tar header at byte \(offset)") }
            let typeFlag = header[header.startIndex + 156]
            var size = try Self.number(header, 124, 12).map(Int.init) ?? 0
            if let paxSize = pax["size"], let value = Int(paxSize) { size = value }
            guard size >= 0 else { throw fail("negative entry size at byte \(offset)") }
            let contentStart = offset + 512
            guard contentStart + size <= bytes.count else { throw fail("truncated tar data at byte \(offset)") }
            let contents = bytes[contentStart..<(contentStart + size)]
            offset = contentStart + (size + 511) / 512 * 512

            switch typeFlag {
            case UInt8(ascii: "L"):
                longName = Self.string(contents[...])
                continue
            case UInt8(ascii: "K"):
                longLink = Self.string(contents[...])
                continue
            case UInt8(ascii: "x"):
                pax = Self.paxRecords(contents[...])
                continue
            case UInt8(ascii: "g"):
                continue  // global pax header: nothing in it matters here
            default:
                break
            }

            var path = Self.string(header[(header.startIndex)..<(header.startIndex + 100)])
            let isUstar = Self.string(header[(header.startIndex + 257)..<(header.startIndex + 262)]) == "ustar"
            if isUstar {
                let prefix = Self.string(header[(header.startIndex + 345)..<(header.startIndex + 500)])
                if !prefix.isEmpty { path = prefix + "/" + path }
            }
            path = pax["path"] ?? longName ?? path
            let link =
                pax["linkpath"] ?? longLink
                ?? Self.string(header[(header.startIndex + 157)..<(header.startIndex + 257)])
            longName = nil
            longLink = nil
            pax = [:]

            let type: Entry.EntryType =
                switch typeFlag {
                case 0, UInt8(ascii: "0"), UInt8(ascii: "7"): .file
                case UInt8(ascii: "5"): .directory
                case UInt8(ascii: "1"): .hardlink
                case UInt8(ascii: "2"): .symlink
                case UInt8(ascii: "3"): .special("a character device file is")
                case UInt8(ascii: "4"): .special("a block device file is")
                case UInt8(ascii: "6"): .special("a FIFO is")
                default: .special("tar entry type '\(Character(UnicodeScalar(typeFlag)))' is")
                }
            try body(
                Entry(path: path, type: type, linkTarget: link, size: size), type == .file ? Data(contents) : Data())
        }
        if offset < bytes.count { throw fail("truncated tar header at byte \(offset)") }
    }

    /// NUL-terminated text of a header field.
    static func string(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// An octal number field, or base-256 when the field's first byte has its high bit set.
    static func number(_ header: ArraySlice<UInt8>, _ start: Int, _ length: Int) throws -> Int64? {
        let field = header[(header.startIndex + start)..<(header.startIndex + start + length)]
        if let first = field.first, first & 0x80 != 0 {
            guard first == 0x80 else { return -1 }  // negative base-256: refused by the caller
            var value: Int64 = 0
            for byte in field.dropFirst() {
                guard value < Int64.max >> 8 else { return Int64.max }
                value = value << 8 | Int64(byte)
            }
            return value
        }
        let text = string(field).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : Int64(text, radix: 8)
    }

    static func checksumMatches(_ header: ArraySlice<UInt8>) -> Bool {
        guard let stored = try? number(header, 148, 8) else { return false }
        var sum: Int64 = 0
        for (index, byte) in header.enumerated() {
            sum += (148..<156).contains(index) ? 32 : Int64(byte)
        }
        return sum == stored
    }

    /// Pax records: `LENGTH key=value\n`.
    static func paxRecords(_ contents: ArraySlice<UInt8>) -> [String: String] {
        var records: [String: String] = [:]
        var rest = contents
        while let space = rest.firstIndex(of: UInt8(ascii: " ")),
            let length = Int(String(decoding: rest[rest.startIndex..<space], as: UTF8.self)),
            length > 0, rest.startIndex + length <= rest.endIndex
        {
            let record = rest[(space + 1)..<(rest.startIndex + length)]
            let text = String(decoding: record, as: UTF8.self)
            if let equals = text.firstIndex(of: "=") {
                var value = String(text[text.index(after: equals)...])
                if value.hasSuffix("\n") { value.removeLast() }
                records[String(text[..<equals])] = value
            }
            rest = rest[(rest.startIndex + length)...]
        }
        return records
    }
}
