import Foundation
import Playground

/// Writes an archive's entries into a staging folder, refusing anything that could land
/// outside it or that is absurdly large. Links are created last, after every file, so no file
/// is ever written through a link; each link is then resolved and must stay inside.
final class StagingWriter {
    let root: URL
    let archive: String
    let limits: PackArchive.ContentLimits
    private var entries = 0
    private var bytes: Int64 = 0
    private var files: Set<String> = []
    private var links: [(path: String, target: String, hard: Bool)] = []
    private let fileManager = FileManager.default

    init(root: URL, archive: String, limits: PackArchive.ContentLimits) {
        self.root = root
        self.archive = archive
        self.limits = limits
    }

    private func fail(_ entry: String?, _ reason: String) -> PackArchive.Failure {
        PackArchive.Failure(archive: archive, entry: entry, reason: reason)
    }

    private var sizeLimitText: String { limits.sizeText }

    /// Refuses an archive from its table of contents, before anything is written.
    func checkDeclared(entryCount: Int, totalBytes: Int64) throws {
        if entryCount > limits.maximumEntries {
            throw fail(nil, "\(entryCount) entries; a pack may have at most \(limits.maximumEntries)")
        }
        if totalBytes > limits.maximumTotalBytes {
            throw fail(nil, "uncompressed contents are larger than the limit of \(sizeLimitText)")
        }
    }

    /// The entry's path made relative and clean (`./a//b/` → `a/b`); counts the entry.
    func validate(_ name: String) throws -> String {
        entries += 1
        if entries > limits.maximumEntries {
            throw fail(
                nil, "more than \(limits.maximumEntries) entries; a pack may have at most \(limits.maximumEntries)")
        }
        guard !name.contains("\0") else { throw fail(name, "the path contains a NUL character") }
        guard !name.hasPrefix("/") else { throw fail(name, "absolute paths are not allowed") }
        let components = name.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        if components.contains("..") { throw fail(name, "'..' in a path is not allowed") }
        // `./` (from `tar -C pack .`) is the top folder itself.
        guard !components.isEmpty else { return "." }
        let path = components.joined(separator: "/")
        if let link = links.first(where: { path.hasPrefix($0.path + "/") }) {
            throw fail(name, "it lies inside the link '\(link.path)'")
        }
        return path
    }

    func directory(_ path: String) throws {
        do {
            try fileManager.createDirectory(at: url(path), withIntermediateDirectories: true)
        } catch {
            throw fail(path, "cannot create the folder (\(FileErrorWords.describe(error)))")
        }
    }

    /// Writes a regular file; `produce` hands over its contents in chunks.
    func file(_ path: String, produce: ((Data) throws -> Void) throws -> Void) throws {
        guard path != "." else { throw fail(path, "a file entry with an empty path") }
        let destination = url(path)
        try directory(
            (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
        try? fileManager.removeItem(at: destination)  // a later entry of the same name wins
        guard fileManager.createFile(atPath: destination.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: destination)
        else {
            throw fail(path, "cannot create the file")
        }
        defer { try? handle.close() }
        try produce { chunk in
            bytes += Int64(chunk.count)
            if bytes > limits.maximumTotalBytes {
                throw fail(path, "uncompressed contents are larger than the limit of \(sizeLimitText)")
            }
            try handle.write(contentsOf: chunk)
        }
        files.insert(path)
    }

    /// Records a link, created by `finish()`; a symbolic link's target is relative to its folder,
    /// a hard link's to the archive's top.
    func link(_ path: String, target: String, hard: Bool) throws {
        guard path != "." else { throw fail(path, "a link entry with an empty path") }
        guard !target.isEmpty, !target.contains("\0") else { throw fail(path, "link with an empty or invalid target") }
        guard !target.hasPrefix("/") else {
            throw fail(path, "link to the absolute path '\(target)' points outside the pack")
        }
        let base = hard ? [] : path.split(separator: "/").dropLast().map(String.init)
        var resolved: [String] = base
        for component in target.split(separator: "/") where component != "." {
            if component == ".." {
                guard !resolved.isEmpty else { throw fail(path, "link to '\(target)' points outside the pack") }
                resolved.removeLast()
            } else {
                resolved.append(String(component))
            }
        }
        if hard {
            guard files.contains(resolved.joined(separator: "/")) else {
                throw fail(path, "hard link to '\(target)', which is not a file earlier in the archive")
            }
        }
        links.append((path, hard ? resolved.joined(separator: "/") : target, hard))
    }

    /// Creates the links, then proves every symbolic link resolves inside the staging folder
    /// (a chain of links could otherwise climb out).
    func finish() throws {
        for link in links {
            let destination = url(link.path)
            try directory(
                (link.path as NSString).deletingLastPathComponent.isEmpty
                    ? "." : (link.path as NSString).deletingLastPathComponent)
            try? fileManager.removeItem(at: destination)
            do {
                if link.hard {
                    let attributes = try? fileManager.attributesOfItem(atPath: url(link.target).path)
                    bytes += (attributes?[.size] as? NSNumber)?.int64Value ?? 0
                    if bytes > limits.maximumTotalBytes {
                        throw fail(link.path, "uncompressed contents are larger than the limit of \(sizeLimitText)")
                    }
                    try fileManager.copyItem(at: url(link.target), to: destination)
                } else {
                    try fileManager.createSymbolicLink(atPath: destination.path, withDestinationPath: link.target)
                }
            } catch let failure as PackArchive.Failure {
                throw failure
            } catch {
                throw fail(link.path, "cannot create the link (\(FileErrorWords.describe(error)))")
            }
        }
        guard let realRoot = Self.realPath(root.path) else { throw fail(nil, "cannot resolve the staging folder") }
        for link in links where !link.hard {
            guard let real = Self.realPath(url(link.path).path) else {
                throw fail(link.path, "link to '\(link.target)' points to nothing in the pack")
            }
            guard real == realRoot || real.hasPrefix(realRoot + "/") else {
                throw fail(link.path, "link to '\(link.target)' points outside the pack")
            }
        }
    }

    private func url(_ path: String) -> URL {
        path == "." ? root : root.appendingPathComponent(path)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
