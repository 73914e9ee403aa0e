import Foundation

/// Reads the linker flags a Swift object asks for (its `.swift1_autolink_entries` ELF section,
/// NUL-separated `-lFoo` strings) directly, instead of starting `swift-autolink-extract`.
enum AutolinkEntries {
    /// nil when the file is not a 64-bit little-endian ELF object (the caller falls back to the tool).
    static func read(objectAt url: URL) -> [String]? {
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped), data.count > 64,
            data.starts(with: [0x7f, 0x45, 0x4c, 0x46]), data[4] == 2, data[5] == 1
        else { return nil }
        func integer<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T? {
            guard offset >= 0, offset + MemoryLayout<T>.size <= data.count else { return nil }
            var value: T = 0
            withUnsafeMutableBytes(of: &value) {
                $0.copyBytes(from: data[data.startIndex + offset..<data.startIndex + offset + MemoryLayout<T>.size])
            }
            return T(littleEndian: value)
        }
        guard let sectionTable = integer(0x28, UInt64.self), let entrySize = integer(0x3a, UInt16.self),
            let count = integer(0x3c, UInt16.self), let namesIndex = integer(0x3e, UInt16.self)
        else { return nil }
        func section(_ index: Int) -> (name: UInt32, offset: Int, size: Int)? {
            let base = Int(sectionTable) + index * Int(entrySize)
            guard let name = integer(base, UInt32.self), let offset = integer(base + 0x18, UInt64.self),
                let size = integer(base + 0x20, UInt64.self), Int(offset) + Int(size) <= data.count
            else { return nil }
            return (name, Int(offset), Int(size))
        }
        guard let names = section(Int(namesIndex)) else { return nil }
        for index in 0..<Int(count) {
            guard let candidate = section(index) else { return nil }
            let nameStart = names.offset + Int(candidate.name)
            guard nameStart < data.count else { continue }
            let nameBytes = data[(data.startIndex + nameStart)...].prefix { $0 != 0 }
            guard String(decoding: nameBytes, as: UTF8.self) == ".swift1_autolink_entries" else { continue }
            let contents = data[
                (data.startIndex + candidate.offset)..<(data.startIndex + candidate.offset + candidate.size)]
            var seen = Set<String>()
            return contents.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                .filter { !$0.isEmpty && seen.insert($0).inserted }
        }
        return []
    }
}
