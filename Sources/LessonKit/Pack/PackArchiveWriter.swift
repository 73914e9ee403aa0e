import Foundation
import Playground
import ZIPFoundation

/// `seguelab pack archive DIR`: the pack as a reproducible `.tgz`. The same files give the same
/// bytes on any machine and at any time: entries sorted by path under one folder named after the
/// pack's id, every time set to 0, owner and group 0 with no names, modes 0755 for folders and
/// 0644 for files, and a gzip header without a name or time. Hidden files and folders
/// (`.git`, editors' swap files) are left out; a link is refused (a pack's files are its own).
package enum PackArchiveWriter {
    package struct Written: Sendable {
        package var bytes: Int
        package var sha256: String
        package var files: Int
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The files to archive under `root`, sorted, relative to it (folders end with `/`).
    static func entries(of root: URL) throws -> [String] {
        var found: [String] = []
        func walk(_ relative: String) throws {
            let folder = relative.isEmpty ? root.path : root.path + "/" + relative
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                throw Failure(description: "\(folder): cannot list the folder: \(FileErrorWords.describe(error))")
            }
            for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                if name.hasPrefix(".") || name.hasSuffix("~") { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(root.path + "/" + path, &info) == 0 else {
                    throw Failure(description: "\(root.path)/\(path): \(String(cString: strerror(errno)))")
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    found.append(path + "/")
                    try walk(path)
                case S_IFREG: found.append(path)
                case S_IFLNK:
                    throw Failure(
                        description:
                            "\(root.path)/\(path): a link cannot go into an archive; copy the file it points to into the pack"
                    )
                default: throw Failure(description: "\(root.path)/\(path): not a file or a folder")
                }
            }
        }
        try walk("")
        return found
    }

    /// The tar stream (ustar) of the pack's files under `folder/`.
    static func tar(of root: URL, folder: String) throws -> Data {
        var tar = Data()
        for entry in [""] + (try entries(of: root)) {
            let isFolder = entry.isEmpty || entry.hasSuffix("/")
            let name = folder + "/" + entry
            var contents = Data()
            if !isFolder {
                do {
                    contents = try Data(contentsOf: root.appendingPathComponent(entry))
                } catch {
                    throw Failure(description: "\(root.path)/\(entry): \(FileErrorWords.describe(error))")
                }
            }
            tar += try header(name: name, size: isFolder ? 0 : contents.count, isFolder: isFolder)
            tar += contents
            tar += Data(count: (512 - contents.count % 512) % 512)
        }
        tar += Data(count: 1024)
        return tar
    }

    /// One ustar header block: a long name is split between `prefix` and `name` at a `/`.
    static func header(name: String, size: Int, isFolder: Bool) throws -> Data {
        var block = [UInt8](repeating: 0, count: 512)
        let bytes = Array(name.utf8)
        var prefix: [UInt8] = []
        var rest = bytes
        if bytes.count > 100 {
            guard
                let cut = bytes.indices.last(where: {
                    bytes[$0] == UInt8(ascii: "/") && $0 <= 155 && bytes.count - $0 - 1 <= 100
                })
            else {
                throw Failure(description: "\(name): the path is too long for an archive (at most 255 bytes)")
            }
            prefix = Array(bytes[..<cut])
            rest = Array(bytes[(cut + 1)...])
        }
        func put(_ value: [UInt8], at offset: Int) {
            for (index, byte) in value.enumerated() { block[offset + index] = byte }
        }
        func octal(_ value: Int, width: Int) -> [UInt8] {
            let digits = String(value, radix: 8)
            return Array((String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits).utf8) + [0]
        }
        put(rest, at: 0)
        put(octal(isFolder ? 0o755 : 0o644, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)
        put(octal(0, width: 8), at: 116)
        put(octal(size, width: 12), at: 124)
        put(octal(0, width: 12), at: 136)
        put(Array(repeating: UInt8(ascii: " "), count: 8), at: 148)
        block[156] = isFolder ? UInt8(ascii: "5") : UInt8(ascii: "0")
        put(Array("ustar".utf8) + [0], at: 257)
        put(Array("00".utf8), at: 263)
        put(prefix, at: 345)
        let sum = block.reduce(0) { $0 + Int($1) }
        put(Array(String(format: "%06o", sum).utf8) + [0, UInt8(ascii: " ")], at: 148)
        return Data(block)
    }

    /// Gzip (RFC 1952) around ZIPFoundation's deflate, with no name and time 0.
    static func gzip(_ data: Data) throws -> Data {
        var deflated = Data()
        let crc = try Data.compress(
            size: Int64(data.count), bufferSize: 64 * 1024,
            provider: { position, size in
                let lower = data.startIndex + Int(position)
                return data.subdata(in: lower..<min(lower + size, data.endIndex))
            },
            consumer: { deflated.append($0) })
        var out = Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255])
        out += deflated
        func littleEndian(_ value: UInt32) -> Data {
            Data([UInt8(value & 0xff), UInt8(value >> 8 & 0xff), UInt8(value >> 16 & 0xff), UInt8(value >> 24)])
        }
        out += littleEndian(crc)
        out += littleEndian(UInt32(truncatingIfNeeded: data.count))
        return out
    }

    /// Writes the pack in `root` (whose id is `id`) to `output`, replacing it atomically.
    package static func write(_ root: URL, id: String, to output: URL) throws -> Written {
        let tar = try tar(of: root, folder: id)
        let archive = try gzip(tar)
        do {
            try AtomicFile.write(archive, to: output)
        } catch {
            throw Failure(description: "\(output.path): cannot write the archive: \(FileErrorWords.describe(error))")
        }
        let files = try entries(of: root).filter { !$0.hasSuffix("/") }.count
        return Written(bytes: archive.count, sha256: SHA256.hex(of: archive), files: files)
    }
}
