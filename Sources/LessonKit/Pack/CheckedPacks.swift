import Foundation
import Playground
import SourceText

/// Packs that loaded without an error, remembered by the state of every file in them, so the
/// next start can skip parsing steps nobody has opened yet; and beside each, what `pack check`
/// proved of its steps (`stepResults`), so the next check proves only what changed.
///
/// A pack's fingerprint lists each file's path, size, inode, modification and change times,
/// with the running seguelab binary's own; any edit, copy, added or removed file, or a new
/// seguelab, gives another fingerprint and a full load again. The change time cannot be set
/// from user space, so a file rewritten with its old modification time still counts as changed.
/// What is stored is only "these files had no error": a stranger's pack cannot plant
/// anything here, and a lost or unreadable record only costs a full load.
///
/// The steps' results are keyed otherwise (`IncrementalCheck`): on the text each step's check
/// reads, parsed, not on the files' state. Both see an edit that keeps a file's size and
/// modification time: here by its change time, there by its text.
package struct CheckedPacks: Sendable {
    /// `$XDG_CACHE_HOME/seguelab/checked-packs`.
    package let directory: URL

    package init(directory: URL) { self.directory = directory }

    /// The state of every file under `root`, one line each, sorted by path; nil when the
    /// folder cannot be listed (then nothing is remembered).
    package func fingerprint(of root: URL) -> String? {
        let rootPath = root.standardizedFileURL.path
        guard let entries = FileManager.default.enumerator(atPath: rootPath) else { return nil }
        var lines: [String] = [Self.binaryLine()]
        var seen = 0
        for case let relative as String in entries {
            seen += 1
            // A folder this large is not a lesson pack worth remembering.
            if seen > Self.maximumFiles { return nil }
            var info = stat()
            guard lstat(rootPath + "/" + relative, &info) == 0 else { return nil }
            guard (info.st_mode & S_IFMT) != S_IFDIR else { continue }
            lines.append(
                "\(relative)\t\(info.st_size)\t\(info.st_ino)\t\(Self.nanoseconds(info.st_mtim))\t\(Self.nanoseconds(info.st_ctim))"
            )
        }
        lines[1...].sort()
        return lines.joined(separator: "\n") + "\n"
    }

    /// True when a load of the pack in `root` with exactly `fingerprint` found no error.
    package func isClean(_ root: URL, fingerprint: String) -> Bool {
        guard let saved = try? Data(contentsOf: recordURL(for: root)) else { return false }
        return saved == Data(fingerprint.utf8)
    }

    /// The lessons (by file name) whose files, in every language, are as they were when the pack
    /// in `root` last loaded without error, when nothing else in the pack changed (manifest,
    /// support code, storyboards, messages, the seguelab binary); else none.
    package func unchangedLessons(_ root: URL, fingerprint: String) -> Set<String> {
        guard let data = try? Data(contentsOf: recordURL(for: root)) else { return [] }
        func entries(_ text: String) -> (binary: String, files: [String: String])? {
            let lines = text.split(separator: "\n").map(String.init)
            guard let binary = lines.first else { return nil }
            var files: [String: String] = [:]
            for line in lines.dropFirst() {
                let path = String(line.prefix { $0 != "\t" })
                files[path] = line
            }
            return (binary, files)
        }
        guard let saved = entries(String(decoding: data, as: UTF8.self)), let now = entries(fingerprint),
            saved.binary == now.binary
        else { return [] }
        /// `lessons/NAME.md` or `lessons/LANG/NAME.md` → NAME.
        func lessonName(_ path: String) -> String? {
            let parts = path.split(separator: "/")
            guard parts.first == "lessons", parts.count == 2 || parts.count == 3, let last = parts.last,
                last.hasSuffix(".md")
            else { return nil }
            return String(last.dropLast(3))
        }
        var changedNames = Set<String>()
        var names = Set<String>()
        for path in Set(saved.files.keys).union(now.files.keys) {
            let same = saved.files[path] == now.files[path]
            guard let name = lessonName(path) else {
                if !same { return [] }
                continue
            }
            names.insert(name)
            if !same { changedNames.insert(name) }
        }
        return names.subtracting(changedNames)
    }

    /// Remembers that the pack in `root`, in the state `fingerprint` describes, has no error.
    /// A cache that cannot be written is no failure: the next start loads in full again.
    package func markClean(_ root: URL, fingerprint: String) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? AtomicFile.write(Data(fingerprint.utf8), to: recordURL(for: root))
    }

    /// Forgets the pack in `root` (its files now have errors).
    package func forget(_ root: URL) {
        try? FileManager.default.removeItem(at: recordURL(for: root))
    }

    /// Where `pack check` keeps what it proved of each step of the pack in `root`
    /// (`IncrementalCheck`), beside the record of its clean load; one per language checked
    /// (`--lang`), `all` for every language.
    package func stepResults(for root: URL, language: String?) -> URL {
        directory.appendingPathComponent(
            StableHash.hex(of: root.standardizedFileURL.path) + ".steps-\(language ?? "all").json")
    }

    private func recordURL(for root: URL) -> URL {
        directory.appendingPathComponent(StableHash.hex(of: root.standardizedFileURL.path))
    }

    static let maximumFiles = 20_000

    private static func nanoseconds(_ time: timespec) -> String { "\(time.tv_sec).\(time.tv_nsec)" }

    /// The running binary: a rebuilt seguelab may parse differently, so it checks again.
    static func binaryLine() -> String {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "seguelab \(SeguelabVersion.current)" }
        return "seguelab \(SeguelabVersion.current)\t\(info.st_size)\t\(info.st_ino)\t\(nanoseconds(info.st_mtim))"
    }
}
