import Foundation
import ZIPFoundation

/// Unpacks a pack handed out as an archive (`.zip`, `.tar.gz`, `.tgz`).
///
/// Archives come from strangers, so nothing is trusted: every entry's path is checked before
/// anything is written (no absolute paths, no `..`), device files and FIFOs are refused, links
/// must stay inside the pack, and the total size and entry count are capped. Files are written
/// into a staging folder next to the destination and the pack is renamed into place only when
/// every entry passed, so a refused archive leaves nothing behind.
///
/// Tar is read by a small reader in this file (ustar, GNU long names, pax paths) over gzip
/// decoded in-process with ZIPFoundation's inflate: no external `tar` whose handling of hostile
/// entries would depend on its version and options.
package enum PackArchive {
    package struct ContentLimits: Sendable, Hashable {
        package var maximumTotalBytes: Int64
        package var maximumEntries: Int

        package init(maximumTotalBytes: Int64 = 100_000_000, maximumEntries: Int = 10_000) {
            self.maximumTotalBytes = maximumTotalBytes
            self.maximumEntries = maximumEntries
        }

        /// The size limit as people read it: `100 MB`, or bytes for small limits.
        var sizeText: String {
            maximumTotalBytes >= 1_000_000 ? "\(maximumTotalBytes / 1_000_000) MB" : "\(maximumTotalBytes) bytes"
        }
    }

    package enum Format: Sendable, Hashable {
        case zip, tarGzip

        /// By file name: `.zip`, `.tar.gz`, `.tgz`.
        package init?(fileName: String) {
            let name = fileName.lowercased()
            if name.hasSuffix(".zip") {
                self = .zip
            } else if name.hasSuffix(".tar.gz") || name.hasSuffix(".tgz") {
                self = .tarGzip
            } else {
                return nil
            }
        }
    }

    /// Why an archive was refused; names the archive and, when one is at fault, the entry.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var archive: String
        package var entry: String?
        package var reason: String

        package var description: String {
            // Entry names are the archive's, not ours: a name with ESC or a line break must not
            // act on the terminal or fake further lines.
            let archive = ControlCharacters.visible(archive)
            if let entry { return "\(archive): entry '\(ControlCharacters.visible(entry))': \(reason)" }
            return "\(archive): \(reason)"
        }
    }

    package static func isArchive(_ url: URL) -> Bool { Format(fileName: url.lastPathComponent) != nil }

    /// The archive's name without its extension: `course.tar.gz` → `course`.
    package static func baseName(of url: URL) -> String {
        let name = url.lastPathComponent
        for suffix in [".tar.gz", ".tgz", ".zip"] where name.lowercased().hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    /// A stable hash of the archive's bytes (FNV-1a, 64 bits): names its extraction in the cache.
    package static func contentHash(of archive: URL) throws -> String {
        let data = try Data(contentsOf: archive, options: .mappedIfSafe)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Extracts `archive` so that `destination` becomes the pack folder: the archive's top level,
    /// or its single top-level folder, must hold `pack.yaml`. `destination` must not exist yet.
    package static func extract(_ archive: URL, to destination: URL, limits: ContentLimits = ContentLimits()) throws {
        let name = archive.lastPathComponent
        guard let format = Format(fileName: name) else {
            throw Failure(archive: name, reason: "not a .zip, .tar.gz or .tgz archive")
        }
        let fileManager = FileManager.default
        guard !fileManager.fileExists(atPath: destination.path) else {
            throw Failure(archive: name, reason: "\(destination.path) already exists")
        }
        let parent = destination.deletingLastPathComponent()
        try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(
            ".\(destination.lastPathComponent).partial-\(UUID().uuidString)", isDirectory: true)
        try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
        defer { try? fileManager.removeItem(at: staging) }

        let writer = StagingWriter(root: staging, archive: name, limits: limits)
        switch format {
        case .zip: try readZip(archive, into: writer)
        case .tarGzip: try readTarGzip(archive, into: writer)
        }
        try writer.finish()

        let packRoot = try findPackRoot(in: staging, archive: name)
        guard rename(packRoot.path, destination.path) == 0 else {
            throw Failure(
                archive: name,
                reason: "cannot move the pack to \(destination.path): \(String(cString: strerror(errno)))")
        }
    }

    /// `pack.yaml` at the top, or inside the only top-level folder (`my-course/pack.yaml`).
    static func findPackRoot(in staging: URL, archive: String) throws -> URL {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: staging.appendingPathComponent(Manifest.fileName).path) { return staging }
        let top = (try? fileManager.contentsOfDirectory(atPath: staging.path)) ?? []
        if top.count == 1 {
            let folder = staging.appendingPathComponent(top[0], isDirectory: true)
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: folder.appendingPathComponent(Manifest.fileName).path),
                fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue,
                (try? fileManager.destinationOfSymbolicLink(atPath: folder.path)) == nil
            {
                return folder
            }
        }
        throw Failure(
            archive: archive,
            reason: "no \(Manifest.fileName) at the top of the archive or in its single top-level folder")
    }

    /// Archives made on a Mac carry `__MACOSX/` folders and `._NAME` files (Finder metadata):
    /// not part of the pack, and `._lesson.md` would look like a stray lesson.
    static func isFinderMetadata(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        return components.first == "__MACOSX" || components.last?.hasPrefix("._") == true
    }

    // MARK: - Zip

    static func readZip(_ url: URL, into writer: StagingWriter) throws {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw Failure(archive: url.lastPathComponent, reason: "not a readable zip archive (\(error))")
        }
        // Counts and declared sizes first, so an absurd archive is refused before any write.
        let entries = Array(archive)
        try writer.checkDeclared(
            entryCount: entries.count, totalBytes: entries.reduce(0) { $0 + Int64($1.uncompressedSize) })
        for entry in entries {
            let path = try writer.validate(entry.path)
            if isFinderMetadata(path) { continue }
            // ZIPFoundation reports files, folders and symbolic links only: a device recorded in
            // a zip's attributes comes out as a plain file with the entry's bytes, which is harmless.
            switch entry.type {
            case .directory:
                try writer.directory(path)
            case .file:
                try writer.file(path) { write in
                    _ = try archive.extract(entry, skipCRC32: false) { try write($0) }
                }
            case .symlink:
                var target = Data()
                _ = try archive.extract(entry) { target.append($0) }
                try writer.link(path, target: String(decoding: target, as: UTF8.self), hard: false)
            }
        }
    }

    // MARK: - Tar over gzip

    static func readTarGzip(_ url: URL, into writer: StagingWriter) throws {
        let name = url.lastPathComponent
        let compressed = try Data(contentsOf: url, options: .mappedIfSafe)
        // Headers and padding cost at most 1.5 KiB per entry on top of the contents.
        let cap = writer.limits.maximumTotalBytes + Int64(writer.limits.maximumEntries) * 1536 + 1024 * 1024
        let tar = try Gzip.decompress(compressed, archive: name, maximumBytes: cap, limitText: writer.limits.sizeText)
        try TarReader(bytes: tar, archive: name).forEach { entry, contents in
            let path = try writer.validate(entry.path)
            if isFinderMetadata(path) { return }
            switch entry.type {
            case .directory: try writer.directory(path)
            case .file: try writer.file(path) { write in try write(contents) }
            case .symlink: try writer.link(path, target: entry.linkTarget, hard: false)
            case .hardlink: try writer.link(path, target: entry.linkTarget, hard: true)
            case .special(let what):
                throw Failure(archive: name, entry: entry.path, reason: "\(what) not allowed in a pack")
            }
        }
    }
}

/// Gzip (RFC 1952) framing around ZIPFoundation's raw inflate, with a cap on the output.
enum Gzip {
    static func decompress(_ data: Data, archive: String, maximumBytes: Int64, limitText: String) throws -> [UInt8] {
        func fail(_ reason: String) -> PackArchive.Failure { PackArchive.Failure(archive: archive, reason: reason) }
        let bytes = [UInt8](data.prefix(16 * 1024))
        guard bytes.count >= 18, bytes[0] == 0x1f, bytes[1] == 0x8b, bytes[2] == 8 else {
            throw fail("not a gzip file")
        }
        let flags = bytes[3]
        var offset = 10
        if flags & 0x04 != 0 {  // FEXTRA
            guard bytes.count >= offset + 2 else { throw fail("truncated gzip header") }
            offset += 2 + Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: NUL-terminated
            while offset < bytes.count, bytes[offset] != 0 { offset += 1 }
            offset += 1
        }
        if flags & 0x02 != 0 { offset += 2 }  // FHCRC
        guard offset < data.count - 8 else { throw fail("truncated gzip header") }

        let start = data.startIndex + offset
        let deflated = data.count - offset - 8
        var output: [UInt8] = []
        let checksum: CRC32
        do {
            checksum = try Data.decompress(
                size: Int64(deflated), bufferSize: 64 * 1024, skipCRC32: false,
                provider: { position, size in
                    // Inflate asks for whole buffers; the last one is short.
                    let lower = min(start + Int(position), start + deflated)
                    return data.subdata(in: lower..<min(lower + size, start + deflated))
                },
                consumer: { chunk in
                    if Int64(output.count + chunk.count) > maximumBytes { throw TooLarge() }
                    output.append(contentsOf: chunk)
                })
        } catch is TooLarge {
            throw fail("uncompressed contents are larger than the limit of \(limitText)")
        } catch {
            throw fail("corrupt gzip data (\(error))")
        }
        let trailer = [UInt8](data.suffix(8))
        let expectedCRC =
            UInt32(trailer[0]) | UInt32(trailer[1]) << 8 | UInt32(trailer[2]) << 16 | UInt32(trailer[3]) << 24
        let expectedSize =
            UInt32(trailer[4]) | UInt32(trailer[5]) << 8 | UInt32(trailer[6]) << 16 | UInt32(trailer[7]) << 24
        guard checksum == expectedCRC, UInt32(truncatingIfNeeded: output.count) == expectedSize else {
            throw fail("corrupt gzip data (checksum or length mismatch)")
        }
        return output
    }

    struct TooLarge: Error {}
}
