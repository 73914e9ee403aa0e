import Foundation
import Playground
import XDGDirectories

/// Reads and writes progress files: one versioned JSON file per pack in
/// `$XDG_STATE_HOME/seguelab/progress/` (default `~/.local/state/seguelab/progress/`).
///
/// Several seguelab processes may share a pack's progress (two terminals, a scripted run):
/// saving takes an exclusive lock, re-reads the file and applies only this process's changes
/// since it loaded or last saved, so no one's updates are lost.
package struct ProgressStore: Sendable {
    package let directory: URL
    /// Progress as this store last loaded or saved it, per file: the base of the next merge.
    private let bases = Shared<URL, PackProgress>()
    /// Which progress file each pack folder uses (see `fileURL(for:)`), decided once.
    private let origins = Shared<String, URL>()
    /// Progress files that could not be read at load for want of permission: never saved over.
    private let withheld = Shared<URL, Bool>()

    package init(directory: URL) {
        self.directory = directory
    }

    /// The XDG state directory for progress.
    package static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory(in: XDGDirectories(environment: environment))
    }

    /// `progress/` in seguelab's state directory.
    package static func directory(in directories: XDGDirectories) -> URL {
        URL(fileURLWithPath: directories.seguelabState, isDirectory: true).appendingPathComponent(
            "progress", isDirectory: true)
    }

    /// The pack's id (made safe as a file name): progress follows the pack, not where it lies,
    /// so a new version of a course archive, a moved folder or an installed copy all continue
    /// where the learner stopped (a changed pack is reconciled when it loads).
    package static func key(for pack: Pack) -> String {
        String(pack.id.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
    }

    /// Progress files written when progress was kept per copy of a pack: `<key>-<10 hex digits>.json`.
    func legacyFiles(for pack: Pack) -> [URL] {
        let prefix = Self.key(for: pack) + "-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            guard name.hasPrefix(prefix), name.hasSuffix(".json") else { return false }
            let hash = name.dropFirst(prefix.count).dropLast(".json".count)
            return hash.count == 10 && hash.allSatisfy(\.isHexDigit)
        }.map { directory.appendingPathComponent($0) }
    }

    /// Before the first load under the pack's id, the most recently saved per-copy file becomes
    /// the pack's progress (renamed, so nothing is copied twice; the others stay where they are).
    private func adoptLegacyProgress(for pack: Pack, at url: URL) {
        let newest = legacyFiles(for: pack).max { a, b in
            let dates = [a, b].map {
                (try? $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            }
            return dates[0] < dates[1]
        }
        // Another process may adopt it at the same moment: whoever renames first wins, the
        // other then finds the file in place.
        if let newest { _ = rename(newest.path, url.path) }
    }

    /// `<key>.json`, unless that file holds the progress of another pack that uses the same
    /// id: one found elsewhere that shares no lesson with this one (a stranger's pack that
    /// copied the built-in course's id). That pack is told apart by where it lies,
    /// `<key>.from-<hash of its folder>.json`, instead of being merged into the other's progress.
    package func fileURL(for pack: Pack) -> URL {
        if let known = origins[pack.root.path] { return known }
        let shared = directory.appendingPathComponent(Self.key(for: pack) + ".json")
        var url = shared
        if let data = FileManager.default.contents(atPath: shared.path), let saved = try? Self.decode(data),
            Self.isAnotherPack(saved, than: pack)
        {
            url = directory.appendingPathComponent(
                Self.key(for: pack) + ".from-\(Self.hash(pack.root.standardizedFileURL.path)).json")
        }
        origins[pack.root.path] = url
        return url
    }

    /// Saved elsewhere, and not one lesson in common: not a version of this pack.
    static func isAnotherPack(_ saved: PackProgress, than pack: Pack) -> Bool {
        guard URL(fileURLWithPath: saved.packPath).standardizedFileURL.path != pack.root.standardizedFileURL.path else {
            return false
        }
        let savedLessons = Set(saved.outline.keys).union(saved.lessons.keys).union(saved.unclaimed?.keys ?? [:].keys)
        let lessons = Set(pack.lessons.map(\.id)).union(pack.brokenLessons.compactMap(\.id))
        return !savedLessons.isEmpty && savedLessons.isDisjoint(with: lessons)
    }

    /// FNV-1a, 10 hex digits: stable across runs and platforms (Hasher is seeded per process).
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(String(value, radix: 16).suffix(10)).leftPadded(to: 10)
    }

    /// The result of loading: progress to continue with, what changed in the pack, and warnings.
    package struct Loaded: Sendable {
        package var progress: PackProgress
        /// nil for a first visit.
        package var changes: PackChanges?
        /// E.g. a corrupt file moved aside (names the backup).
        package var warnings: [String]
        package var isNew: Bool
    }

    /// Loads the learner's progress for `pack`, reconciled with the pack as it is now.
    /// A file that cannot be read is moved aside to `<file>.corrupt-<timestamp>` and the
    /// learner starts fresh, with a warning naming the backup.
    package func load(for pack: Pack, now: Date = Date()) throws -> Loaded {
        let url = fileURL(for: pack)
        // A file (or folder) whose permissions were taken away is not a first visit: it is said,
        // left as it is, and never saved over in this session.
        if let code = Self.accessProblem(url) {
            withheld[url] = true
            let reason = ProgressStoreError(path: url.path, errno: code).reason
            let warning =
                "Progress file \(url.path) cannot be read (\(reason)); this session starts without it and "
                + "does not save over it. Give it back its permissions (chmod u+rw) and start seguelab again."
            return Loaded(progress: PackProgress(pack: pack, now: now), changes: nil, warnings: [warning], isNew: true)
        }
        if !FileManager.default.fileExists(atPath: url.path) { adoptLegacyProgress(for: pack, at: url) }
        guard FileManager.default.fileExists(atPath: url.path) else {
            return Loaded(progress: PackProgress(pack: pack, now: now), changes: nil, warnings: [], isNew: true)
        }
        do {
            // A file that exists but cannot be read is moved aside like a corrupt one,
            // rather than silently replaced by the next save.
            guard let data = FileManager.default.contents(atPath: url.path) else { throw Unreadable() }
            var progress = try Self.decode(data)
            bases[url] = progress
            let before = progress
            let changes = progress.reconcile(with: pack)
            var warnings: [String] = []
            if !changes.setAside.isEmpty {
                // Nothing is dropped, but the file is about to change shape: keep it as it was.
                do {
                    let backup = try saveBackup(before, for: pack, now: now)
                    warnings.append(
                        "Your progress as it was before this version of the pack is also kept in \(backup.path).")
                } catch {
                    warnings.append(
                        "Your progress as it was before this version of the pack could not be backed up (\(FileErrorWords.describe(error)))."
                    )
                }
            }
            return Loaded(
                progress: progress, changes: changes.isEmpty ? nil : changes, warnings: warnings, isNew: false)
        } catch {
            let backup = url.appendingPathExtension("corrupt-\(Self.timestamp(now))")
            try FileManager.default.moveItem(at: url, to: backup)
            let warning =
                "Progress file \(url.path) could not be read (\(Self.describe(error))); it was moved to \(backup.path) and you start afresh."
            return Loaded(progress: PackProgress(pack: pack, now: now), changes: nil, warnings: [warning], isNew: true)
        }
    }

    /// The learner's progress for `pack`, read without changing anything (`seguelab progress`,
    /// `seguelab lessons`): no file means no progress yet; a file that cannot be read gives no
    /// progress and a warning saying why (only `load`, for the shell, moves it aside).
    package func peek(for pack: Pack, now: Date = Date()) -> (progress: PackProgress, warning: String?) {
        let url = fileURL(for: pack)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return (PackProgress(pack: pack, now: now), nil)
        }
        do {
            var progress = try Self.decode(data)
            _ = progress.reconcile(with: pack)
            return (progress, nil)
        } catch let newer as UnsupportedFormat {
            return (
                PackProgress(pack: pack, now: now),
                "progress file \(url.path) was written by a newer seguelab (format \(newer.found)); showing no progress"
            )
        } catch {
            return (
                PackProgress(pack: pack, now: now),
                "progress file \(url.path) cannot be read (it is not valid progress JSON); showing no progress"
            )
        }
    }

    /// Writes progress atomically (temporary file, fsync, rename over the old file) under an
    /// exclusive lock, merged with what other processes saved meanwhile: steps this process
    /// changed since it loaded or last saved take its version (both changed: the more
    /// advanced record), other steps keep the file's. Returns what was written.
    /// Throws `ProgressStoreError` (read-only folder, full disk, …) with a message to show.
    @discardableResult
    package func save(_ progress: PackProgress, for pack: Pack) throws -> PackProgress {
        let url = fileURL(for: pack)
        if withheld[url] == true {
            throw ProgressStoreError(
                path: url.path,
                reason: "it could not be read when the session started, so it is not saved over")
        }
        try createDirectory()
        let lock = try FileLock(directory.appendingPathComponent("." + Self.key(for: pack) + ".lock"))
        defer { lock.unlock() }
        removeStaleTemporaries(of: url)
        var merged = progress
        if let data = FileManager.default.contents(atPath: url.path), let onDisk = try? Self.decode(data) {
            merged = ProgressMerge.merge(mine: progress, base: bases[url], theirs: onDisk)
        }
        try write(Self.encode(merged), to: url)
        bases[url] = progress
        return merged
    }

    /// Keeps a copy of progress before a restart; returns where it went.
    @discardableResult
    package func saveBackup(_ progress: PackProgress, for pack: Pack, now: Date = Date()) throws -> URL {
        let name = fileURL(for: pack).deletingPathExtension().lastPathComponent
        let url = directory.appendingPathComponent(name + ".backup-\(Self.timestamp(now)).json")
        try write(Self.encode(progress), to: url)
        return url
    }

    // MARK: - Encoding

    struct UnsupportedFormat: Error, CustomStringConvertible {
        var found: Int
        var description: String {
            "progress format \(found) is newer than this seguelab reads (\(PackProgress.currentFormat))"
        }
    }

    static func encode(_ progress: PackProgress) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(progress)
    }

    static func decode(_ data: Data) throws -> PackProgress {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        struct Header: Decodable { var formatVersion: Int }
        let header = try decoder.decode(Header.self, from: data)
        guard header.formatVersion <= PackProgress.currentFormat else {
            throw UnsupportedFormat(found: header.formatVersion)
        }
        return try decoder.decode(PackProgress.self, from: data)
    }

    /// A writer killed mid-save leaves its temporary file behind; under the lock, any
    /// temporary file of `url` belongs to such a writer.
    private func removeStaleTemporaries(of url: URL) {
        let prefix = ".\(url.lastPathComponent)."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    private func createDirectory() throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ProgressStoreError(path: directory.path, errno: Self.whyDirectoryCannotBeCreated(directory.path))
        }
    }

    /// Temporary file in the same folder, written and fsynced, then renamed over the old one:
    /// a reader (or a crash at any moment) sees the old file or the new one, never a mix.
    /// A progress file that is a symbolic link (kept in a synced folder, say) stays one: the
    /// file it points to is replaced, never the link.
    private func write(_ data: Data, to link: URL) throws {
        try createDirectory()
        let url = Self.followingLinks(link)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ProgressStoreError(path: url.path, errno: errno) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary.path, url.path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary.path)
            throw ProgressStoreError(path: url.path, errno: failure)
        }
    }

    /// FileManager's message is vague ("could not be completed"), and `mkdir` of the folder
    /// itself says only ENOENT when its parents are missing (a read-only HOME would read "No
    /// such file or directory"): the errno of the first folder that cannot be made says why.
    package static func whyDirectoryCannotBeCreated(_ path: String) -> Int32 {
        var missing: [String] = []
        var current = URL(fileURLWithPath: path).standardizedFileURL
        while !FileManager.default.fileExists(atPath: current.path), current.path != "/" {
            missing.append(current.path)
            current = current.deletingLastPathComponent()
        }
        for folder in missing.reversed() where mkdir(folder, 0o755) != 0 && errno != EEXIST {
            return errno
        }
        return EIO
    }

    /// Where `url` leads after its symbolic links (up to 40, as the kernel allows); a link to
    /// nowhere yet leads to the file it names.
    static func followingLinks(_ url: URL) -> URL {
        var current = url
        for _ in 0..<40 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else {
                return current
            }
            current =
                target.hasPrefix("/")
                ? URL(fileURLWithPath: target)
                : current.deletingLastPathComponent().appendingPathComponent(target)
        }
        return current
    }

    struct Unreadable: Error {}

    /// The errno that keeps `url` from being read for want of permission (on the file, or on a
    /// folder above it: then it cannot even be seen), or nil.
    static func accessProblem(_ url: URL) -> Int32? {
        var info = stat()
        if stat(url.path, &info) != 0 { return errno == EACCES || errno == EPERM ? errno : nil }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        // Opened, not asked with access(2): that answers for the real user, while reading is
        // checked with the file-system user's rights (the same for everyone but setfsuid's callers).
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd >= 0 {
            close(fd)
            return nil
        }
        return errno == EACCES || errno == EPERM ? errno : nil
    }

    private static func describe(_ error: Error) -> String {
        if error is Unreadable { return "it is not readable" }
        if let error = error as? UnsupportedFormat { return error.description }
        if error is DecodingError { return "it is not valid progress JSON" }
        return FileErrorWords.describe(error)
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}

/// Why progress could not be saved, in words a learner can act on; the shell shows it as a
/// warning and the session goes on.
package struct ProgressStoreError: Error, LocalizedError, CustomStringConvertible, Equatable {
    package var path: String
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    init(path: String, errno code: Int32) {
        let reason =
            switch code {
            case EROFS: "the file system is read-only"
            case EACCES, EPERM: "permission denied"
            case ENOSPC, EDQUOT: "the disk is full"
            default: String(cString: strerror(code))
            }
        self.init(path: path, reason: reason)
    }

    package var description: String { "cannot save progress to \(path): \(reason)" }
    /// Just the reason: callers that name the file themselves (`could not be saved to X: …`).
    package var errorDescription: String? { reason }
}

/// An exclusive `flock` on a lock file, held while a save re-reads, merges and writes.
private struct FileLock {
    let fd: Int32

    init(_ url: URL) throws {
        fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ProgressStoreError(path: url.deletingLastPathComponent().path, errno: errno) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(fd)
                throw ProgressStoreError(path: url.path, errno: code)
            }
        }
    }

    func unlock() {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// A dictionary shared by copies of the store, behind a lock.
private final class Shared<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]

    subscript(key: Key) -> Value? {
        get { lock.withLock { values[key] } }
        set { lock.withLock { values[key] = newValue } }
    }
}
