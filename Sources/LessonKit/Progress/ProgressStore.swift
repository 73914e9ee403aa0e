import Foundation

/// Reads and writes progress files: one versioned JSON file per pack in
/// `$XDG_STATE_HOME/seguelab/progress/` (default `~/.local/state/seguelab/progress/`).
public struct ProgressStore: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The XDG state directory for progress.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = URL(fileURLWithPath: state, isDirectory: true)
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/state", isDirectory: true)
        }
        return base.appendingPathComponent("seguelab/progress", isDirectory: true)
    }

    /// `<pack-id>-<hash of the pack folder's path>`: two copies of one pack keep separate progress.
    public static func key(for pack: Pack) -> String {
        let safe = String(pack.id.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
        return "\(safe)-\(fnv1a(pack.root.standardizedFileURL.path))"
    }

    public func fileURL(for pack: Pack) -> URL {
        directory.appendingPathComponent(Self.key(for: pack) + ".json")
    }

    /// The result of loading: progress to continue with, what changed in the pack, and warnings.
    public struct Loaded: Sendable {
        public var progress: PackProgress
        /// nil for a first visit.
        public var changes: PackChanges?
        /// E.g. a corrupt file moved aside (names the backup).
        public var warnings: [String]
        public var isNew: Bool
    }

    /// Loads the learner's progress for `pack`, reconciled with the pack as it is now.
    /// A file that cannot be read is moved aside to `<file>.corrupt-<timestamp>` and the
    /// learner starts fresh, with a warning naming the backup.
    public func load(for pack: Pack, now: Date = Date()) throws -> Loaded {
        let url = fileURL(for: pack)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return Loaded(progress: PackProgress(pack: pack, now: now), changes: nil, warnings: [], isNew: true)
        }
        do {
            var progress = try Self.decode(data)
            let changes = progress.reconcile(with: pack)
            return Loaded(progress: progress, changes: changes.isEmpty ? nil : changes, warnings: [], isNew: false)
        } catch {
            let backup = url.appendingPathExtension("corrupt-\(Self.timestamp(now))")
            try FileManager.default.moveItem(at: url, to: backup)
            let warning = "Progress file \(url.path) could not be read (\(Self.describe(error))); it was moved to \(backup.path) and you start afresh."
            return Loaded(progress: PackProgress(pack: pack, now: now), changes: nil, warnings: [warning], isNew: true)
        }
    }

    /// Writes progress atomically: temporary file, fsync, rename over the old file.
    public func save(_ progress: PackProgress, for pack: Pack) throws {
        try write(Self.encode(progress), to: fileURL(for: pack))
    }

    /// Keeps a copy of progress before a restart; returns where it went.
    @discardableResult
    public func saveBackup(_ progress: PackProgress, for pack: Pack, now: Date = Date()) throws -> URL {
        let url = directory.appendingPathComponent(Self.key(for: pack) + ".backup-\(Self.timestamp(now)).json")
        try write(Self.encode(progress), to: url)
        return url
    }

    // MARK: - Encoding

    struct UnsupportedFormat: Error, CustomStringConvertible {
        var found: Int
        var description: String { "progress format \(found) is newer than this seguelab reads (\(PackProgress.currentFormat))" }
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
        guard header.formatVersion <= PackProgress.currentFormat else { throw UnsupportedFormat(found: header.formatVersion) }
        return try decoder.decode(PackProgress.self, from: data)
    }

    private func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    private static func describe(_ error: Error) -> String {
        if let error = error as? UnsupportedFormat { return error.description }
        if error is DecodingError { return "it is not valid progress JSON" }
        return "\(error)"
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    /// A stable hash (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16).leftPadded(to: 16).prefix(10).description
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
