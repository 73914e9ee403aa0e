import Foundation
import Localization
import Playground
import SourceText
import XDGDirectories

/// A pack's exercises as files a learner opens in their own editor: `LESSON/NN-step.swift`, one
/// per exercise (the step's number in its lesson, then its id), holding the learner's draft
/// under a comment that asks the step's question; the pack's support code and storyboards
/// beside them, read-only.
///
/// The file and the draft in the progress file are one text. `.seguelab/workspace.json` keeps,
/// for every exercise file, a hash of the code both last held (`synced`); `sync` compares the
/// file and the draft with it under an exclusive lock (`.seguelab/lock`), so a shell, a second
/// shell and `seguelab watch` never undo each other: a file whose code no longer matches was
/// saved by the learner and becomes the draft; a draft that no longer matches was changed in
/// the shell (`edit`, `check` of pasted code, a skip or a solution) and is written to the file.
package struct ExerciseWorkspace: Sendable {
    package let directory: URL
    package var manifest: Manifest

    /// One exercise file, by its path relative to the workspace.
    package struct Entry: Codable, Sendable, Hashable {
        package var path: String
        package var lesson: String
        package var step: String
        package var ref: StepRef { StepRef(lesson: lesson, step: step) }
    }

    package struct Manifest: Codable, Sendable {
        package var packID: String
        package var packPath: String
        package var language: String
        /// In the pack's order.
        package var entries: [Entry]
        /// Path → hash of the code the file and the draft last both held.
        package var synced: [String: String] = [:]
    }

    /// What `sync` did for one exercise.
    package enum SyncOutcome: Sendable, Equatable {
        /// File and draft hold the same code.
        case unchanged
        /// The learner saved the file since the last sync: its code is now the draft.
        case fileToDraft(code: String)
        /// The draft changed in the shell: the file now holds it.
        case draftToFile
    }

    /// The folder inside the workspace that holds its manifest, lock and editor modules.
    package static let stateFolder = ".seguelab"
    /// The line that ends the comment at the top of an exercise file; the code starts below it.
    package static let headerEnd = "// ──────── seguelab ────────"

    package var manifestURL: URL { Self.manifestURL(in: directory) }
    static func manifestURL(in directory: URL) -> URL {
        directory.appendingPathComponent(stateFolder).appendingPathComponent("workspace.json")
    }

    // MARK: - Which files

    /// The steps written as files: code exercises (run or compiler), in the pack's order.
    package static func exercises(in pack: Pack, language: String) -> [(entry: Entry, lesson: Lesson, step: Step)] {
        var found: [(Entry, Lesson, Step)] = []
        for lesson in pack.lessons(in: language) {
            for (index, step) in lesson.steps.enumerated() where step.kind == .exercise || step.kind == .compiler {
                let number = index + 1 < 10 ? "0\(index + 1)" : "\(index + 1)"
                let path = "\(safeName(lesson.id))/\(number)-\(safeName(step.id)).swift"
                found.append((Entry(path: path, lesson: lesson.id, step: step.id), lesson, step))
            }
        }
        return found
    }

    /// A pack's id made safe as a file name (packs are untrusted: no `/`, no `..`).
    static func safeName(_ id: String) -> String {
        let name = String(id.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        return name.isEmpty ? "_" : name
    }

    package func entry(forPath path: String) -> Entry? {
        manifest.entries.first { $0.path == path }
    }

    package func entry(for ref: StepRef) -> Entry? {
        manifest.entries.first { $0.ref == ref }
    }

    package func url(of entry: Entry) -> URL { directory.appendingPathComponent(entry.path) }

    // MARK: - The header

    /// The comment at the top of an exercise file: where it is in the course, the question,
    /// how to have it checked; `headerEnd` closes it.
    package static func header(for step: Step, in lesson: Lesson, catalog: Catalog) -> String {
        var lines = ["// \(lesson.title) · \(step.title)  [\(lesson.id)/\(step.id)]", "//"]
        let question = (step.question ?? step.prose).trimmingCharacters(in: .whitespacesAndNewlines)
        for paragraph in (question + "\n\n" + catalog.text("workspace.header.how")).components(separatedBy: "\n") {
            let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
            guard !words.isEmpty else {
                lines.append("//")
                continue
            }
            var line = "//"
            for word in words {
                if line.count + word.count + 1 > 96, line != "//" {
                    lines.append(line)
                    line = "//"
                }
                line += " " + word
            }
            lines.append(line)
        }
        lines.append(headerEnd)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The code of an exercise file: what follows the header (the whole text when the learner
    /// removed the header's last line), and how many lines the header took.
    package static func code(inFile text: String) -> (code: String, headerLines: Int) {
        var offset = 0
        var lineCount = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineCount += 1
            offset += line.utf8.count + 1
            if line.trimmingCharacters(in: .whitespaces) == headerEnd {
                let bytes = Array(text.utf8)
                return (String(decoding: bytes[min(offset, bytes.count)...], as: UTF8.self), lineCount)
            }
            if !line.hasPrefix("//") { break }
        }
        return (text, 0)
    }

    static func hash(_ code: String) -> String { StableHash.hex(of: Data(code.utf8)) }

    // MARK: - Creating and opening

    /// The workspace recorded in `directory`, if it is one.
    package static func open(_ directory: URL) throws -> ExerciseWorkspace {
        let url = manifestURL(in: directory)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw WorkspaceError(
                "\(directory.path) is not an exercise workspace (no \(stateFolder)/workspace.json); "
                    + "`seguelab workspace DIR` makes one")
        }
        do {
            return ExerciseWorkspace(
                directory: directory, manifest: try JSONDecoder().decode(Manifest.self, from: data))
        } catch {
            throw WorkspaceError("\(url.path): not a workspace manifest (\(error))")
        }
    }

    /// Writes (or refreshes) the workspace for `session`'s pack in `directory`: every exercise
    /// file (files saved since the last sync keep the learner's code, which becomes the draft),
    /// the support code and storyboards, read-only. `session` takes the drafts read from files.
    package static func create(at directory: URL, session: inout Session) throws -> ExerciseWorkspace {
        let pack = session.pack
        let catalog = pack.catalog(language: session.language)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent(stateFolder),
            withIntermediateDirectories: true)
        let previous = try? open(directory)
        if let previous, previous.manifest.packID != pack.id {
            throw WorkspaceError(
                "\(directory.path) holds the exercises of the pack '\(previous.manifest.packID)'; "
                    + "choose another folder for '\(pack.id)'")
        }
        let exercises = exercises(in: pack, language: session.language)
        var workspace = ExerciseWorkspace(
            directory: directory,
            manifest: Manifest(
                packID: pack.id, packPath: pack.root.path, language: session.language,
                entries: exercises.map(\.entry), synced: previous?.manifest.synced ?? [:]))
        try locked(directory) {
            for (entry, lesson, step) in exercises {
                let url = workspace.url(of: entry)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                let header = header(for: step, in: lesson, catalog: catalog)
                if let text = try? String(contentsOf: url, encoding: .utf8) {
                    // A file saved since the last sync is the learner's latest code.
                    let code = Self.code(inFile: text).code
                    if workspace.manifest.synced[entry.path] != hash(code),
                        session.draft(for: step, in: lesson.id) != code
                    {
                        session.setDraft(code, at: entry.ref)
                    }
                }
                let code = session.draft(for: step, in: lesson.id) ?? ""
                try write(header + code, to: url, ifDifferent: true)
                workspace.manifest.synced[entry.path] = hash(code)
            }
            try writeReadOnly(
                pack.supportSources.map { ($0.name, Data($0.text.utf8)) },
                into: directory.appendingPathComponent("support"))
            var storyboards: [(String, Data)] = []
            for folder in pack.storyboardDirectories {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                for name in names.sorted() where name.hasSuffix(".storyboard") {
                    if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) {
                        storyboards.append((name, data))
                    }
                }
            }
            try writeReadOnly(storyboards, into: directory.appendingPathComponent("storyboards"))
            try workspace.saveManifest()
        }
        return workspace
    }

    /// Files the learner reads but does not edit: replaced whole, then made read-only.
    private static func writeReadOnly(_ files: [(name: String, data: Data)], into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, data) in files {
            let url = folder.appendingPathComponent(safeFileName(name))
            if FileManager.default.contents(atPath: url.path) == data { continue }
            try AtomicFile.write(data, to: url)
            chmod(url.path, 0o444)
        }
    }

    static func safeFileName(_ name: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? "_"
        return last.hasPrefix(".") ? "_" + last : last
    }

    private static func write(_ text: String, to url: URL, ifDifferent: Bool) throws {
        if ifDifferent, (try? String(contentsOf: url, encoding: .utf8)) == text { return }
        try AtomicFile.write(Data(text.utf8), to: url)
    }

    // MARK: - Syncing

    /// Brings the exercise file of `ref` and its draft in `session` to the same code (see the
    /// type's note); nil when `ref` has no file here.
    package mutating func sync(_ ref: StepRef, session: inout Session) throws -> SyncOutcome? {
        guard let entry = entry(for: ref), let step = session.step(at: ref),
            let lesson = session.pack.lesson(id: ref.lesson, language: session.language)
        else { return nil }
        var outcome = SyncOutcome.unchanged
        try Self.locked(directory) {
            try reloadManifest()
            let url = url(of: entry)
            let draft = session.draft(for: step, in: ref.lesson) ?? ""
            let synced = manifest.synced[entry.path]
            if let text = try? String(contentsOf: url, encoding: .utf8) {
                let code = Self.code(inFile: text).code
                if synced != Self.hash(code) {
                    if code != draft { session.setDraft(code, at: ref) }
                    outcome = .fileToDraft(code: code)
                    manifest.synced[entry.path] = Self.hash(code)
                    try saveManifest()
                    return
                }
                guard code != draft else { return }
            }
            let header = Self.header(for: step, in: lesson, catalog: session.pack.catalog(language: session.language))
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.write(header + draft, to: url, ifDifferent: false)
            manifest.synced[entry.path] = Self.hash(draft)
            try saveManifest()
            outcome = .draftToFile
        }
        return outcome
    }

    private mutating func reloadManifest() throws {
        if let data = FileManager.default.contents(atPath: manifestURL.path),
            let saved = try? JSONDecoder().decode(Manifest.self, from: data)
        {
            manifest.synced = saved.synced
        }
    }

    private func saveManifest() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(manifest), to: manifestURL)
    }

    /// Runs `body` holding the lock of the workspace in `directory` (`flock`), so two processes never sync at once.
    private static func locked(_ directory: URL, _ body: () throws -> Void) throws {
        let lockURL = directory.appendingPathComponent(stateFolder).appendingPathComponent("lock")
        let fd = Foundation.open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WorkspaceError("cannot open \(lockURL.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw WorkspaceError("cannot lock \(lockURL.path): \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(fd, LOCK_UN) }
        try body()
    }

    // MARK: - Where a pack's workspace is

    /// `workspaces/<pack>.path` in seguelab's state directory: the folder `seguelab workspace`
    /// last wrote for the pack, which the shell keeps in step with the drafts.
    package static func registryURL(for pack: Pack, directories: XDGDirectories) -> URL {
        URL(fileURLWithPath: directories.seguelabState).appendingPathComponent("workspaces")
            .appendingPathComponent(ProgressStore.key(for: pack) + ".path")
    }

    package static func register(_ directory: URL, for pack: Pack, directories: XDGDirectories) throws {
        let url = registryURL(for: pack, directories: directories)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(Data((directory.standardizedFileURL.path + "\n").utf8), to: url)
    }

    /// The pack's registered workspace, when it still holds this pack's manifest.
    package static func registered(for pack: Pack, directories: XDGDirectories) -> ExerciseWorkspace? {
        guard let text = try? String(contentsOf: registryURL(for: pack, directories: directories), encoding: .utf8)
        else { return nil }
        let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !path.isEmpty, let workspace = try? open(URL(fileURLWithPath: path)),
            workspace.manifest.packID == pack.id
        else { return nil }
        return workspace
    }
}

/// Why a workspace cannot be made or read, in words a learner can act on.
package struct WorkspaceError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

extension Session {
    /// Sets the learner's draft of any step (an exercise file saved in their editor).
    package mutating func setDraft(_ code: String, at ref: StepRef) {
        var record = stepProgress(ref)
        record.draft = code
        progress[ref] = record
        touch()
    }
}
