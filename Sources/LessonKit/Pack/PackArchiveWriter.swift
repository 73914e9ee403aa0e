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

/// SHA-256 (FIPS 180-4), for the digest `pack archive` prints: a few dozen lines rather than a
/// cryptography library in every learner's build.
package enum SHA256 {
    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2
    ]

    package static func hex(of data: Data) -> String {
        var h: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
        ]
        var message = [UInt8](data)
        let bitLength = UInt64(message.count) * 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var w = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            for i in 0..<16 {
                let at = chunk + i * 4
                w[i] =
                    UInt32(message[at]) << 24 | UInt32(message[at + 1]) << 16 | UInt32(message[at + 2]) << 8
                    | UInt32(message[at + 3])
            }
            for i in 16..<64 {
                let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let t1 = hh &+ s1 &+ choice &+ k[i] &+ w[i]
                let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = s0 &+ majority
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, value) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] = h[i] &+ value }
        }
        return h.map { String(format: "%08x", $0) }.joined()
    }
}
