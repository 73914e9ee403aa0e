import Foundation
import SourceText

/// The objects of files many programs share (a pack's support code), compiled once as files of
/// the program's own module and kept in `$XDG_CACHE_HOME/seguelab/support/<key>/`. The key is
/// the files' laid-out names and text, the compiler flags, the SegueKit build they compile
/// against and the toolchain's version: a changed support file, SegueKit or toolchain gives
/// another key, so another build.
///
/// A program then compiles only its own files, reading the shared ones as the compiler's
/// secondary files (their declarations, no code generated), and links their cached objects.
/// Being the same module, nothing changes for the program: internal names, class names
/// (`SegueLabApp.BookViewController`) and storyboard classes are as when all is compiled at once.
/// Like the SegueKit build, each build goes to a folder of its own renamed into place, so two
/// processes may build at once; one process builds a key once (concurrent runs wait for it).
actor SharedObjectCache {
    let root: URL
    /// Builds made by this process (not found in the cache).
    private(set) var builds = 0
    private var verified: [String: [URL]] = [:]
    private var building: [String: Task<[URL]?, Never>] = [:]
    /// Keys whose files did not compile on their own: not tried again by this process.
    private var failed: Set<String> = []

    init(root: URL) { self.root = root }

    /// Bumped whenever the way the objects are built changes.
    static let layoutVersion = "1"

    /// The cached objects of `files` (compiled from their text, in order) for these flags;
    /// nil when they do not compile on their own (the caller then compiles everything at once,
    /// and the compiler says why where the files are).
    func objects(
        for files: [URL], flags: [String], frontend: String, target: String, toolchainVersion: String,
        segueKit: URL
    ) async -> [URL]? {
        guard let texts = try? files.map({ try Data(contentsOf: $0) }) else { return nil }
        var fingerprint = Data(
            "\(Self.layoutVersion)\n\(toolchainVersion)\n\(segueKit.lastPathComponent)\n\(target)\n".utf8)
        fingerprint.append(Data(flags.joined(separator: "\u{0}").utf8))
        for (file, text) in zip(files, texts) {
            fingerprint.append(Data("\n\u{1}\(file.lastPathComponent)\n".utf8))
            fingerprint.append(text)
        }
        let key = StableHash.hex(of: fingerprint)
        if let objects = verified[key] { return objects }
        if failed.contains(key) { return nil }
        if let task = building[key] { return await task.value }
        let task = Task {
            await self.load(key: key, files: files, texts: texts) { staging in
                await Self.compile(
                    files.map(\.lastPathComponent), texts: texts, in: staging, flags: flags, frontend: frontend,
                    target: target)
            }
        }
        building[key] = task
        let objects = await task.value
        building[key] = nil
        if let objects { verified[key] = objects } else { failed.insert(key) }
        return objects
    }

    /// The build of `key`: the cached one when its objects are as they were built, else built now.
    private func load(
        key: String, files: [URL], texts: [Data], compile: (URL) async -> Bool
    ) async -> [URL]? {
        let final = root.appendingPathComponent(key)
        let complete = final.appendingPathComponent("complete")
        let objects = files.indices.map { final.appendingPathComponent(Self.objectName($0, files[$0])) }
        if FileManager.default.fileExists(atPath: complete.path) {
            // Every later program links these objects: used only if exactly what was built.
            if let recorded = try? String(contentsOf: complete, encoding: .utf8), !recorded.isEmpty,
                (try? await SegueKitCache.checksums(of: final)) == recorded
            {
                return objects
            }
            let stale = root.appendingPathComponent(".stale-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            if rename(final.path, stale.path) == 0 { try? FileManager.default.removeItem(at: stale) }
        }
        let staging = root.appendingPathComponent(".build-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            for (index, (file, text)) in zip(files, texts).enumerated() {
                let folder = staging.appendingPathComponent("\(index)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try text.write(to: folder.appendingPathComponent(file.lastPathComponent))
            }
        } catch {
            try? FileManager.default.removeItem(at: staging)
            return nil
        }
        guard await compile(staging) else {
            try? FileManager.default.removeItem(at: staging)
            return nil
        }
        builds += 1
        guard let sums = try? await SegueKitCache.checksums(of: staging),
            (try? Data(sums.utf8).write(to: staging.appendingPathComponent("complete"))) != nil
        else {
            try? FileManager.default.removeItem(at: staging)
            return nil
        }
        if rename(staging.path, final.path) != 0 {
            // Another process finished first: theirs is as good as ours.
            try? FileManager.default.removeItem(at: staging)
            guard FileManager.default.fileExists(atPath: complete.path) else { return nil }
        }
        prune(keeping: final.lastPathComponent)
        return objects
    }

    /// Builds kept at most: an author editing support code makes one per saved version.
    static let keptBuilds = 24

    /// Removes the oldest builds past `keptBuilds` (never `current`).
    private func prune(keeping current: String) {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: root.path) else { return }
        let builds = names.filter { !$0.hasPrefix(".") && $0 != current }.map { name -> (String, Date) in
            let complete = root.appendingPathComponent("\(name)/complete").path
            let date = (try? fileManager.attributesOfItem(atPath: complete)[.modificationDate] as? Date) ?? .distantPast
            return (name, date)
        }
        guard builds.count >= Self.keptBuilds else { return }
        for (name, _) in builds.sorted(by: { $0.1 < $1.1 }).prefix(builds.count - Self.keptBuilds + 1) {
            let stale = root.appendingPathComponent(".stale-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            if rename(root.appendingPathComponent(name).path, stale.path) == 0 {
                try? fileManager.removeItem(at: stale)
            }
        }
    }

    /// `<index>-<name>.o`: the objects lie in the build's folder itself (its checksums cover
    /// them), each file's text in `<index>/<name>` below it.
    static func objectName(_ index: Int, _ file: URL) -> String { "\(index)-\(file.lastPathComponent).o" }

    /// Each shared file compiled (all of them as primary files, so each sees the others).
    private static func compile(
        _ names: [String], texts: [Data], in folder: URL, flags: [String], frontend: String, target: String
    ) async -> Bool {
        let sources = names.indices.map { folder.appendingPathComponent("\($0)/\(names[$0])").path }
        // What generated registrations call, defined by each program's own registrations file.
        let declarations = folder.appendingPathComponent("declarations.swift")
        guard (try? Data((BuildLayout.castDeclaration + "\n").utf8).write(to: declarations)) != nil else {
            return false
        }
        let arguments =
            ["-frontend", "-c", "-target", target, "-disable-objc-interop"] + flags
            + sources.flatMap { ["-primary-file", $0] } + [declarations.path]
            + names.indices.flatMap { ["-o", folder.appendingPathComponent("\($0)-\(names[$0]).o").path] }
        guard
            let outcome = try? await ChildProcess(
                executable: frontend, arguments: arguments,
                environment: ProcessInfo.processInfo.environment, workingDirectory: folder.path, timeout: 300
            ).run()
        else { return false }
        return outcome.ending == .exited(0)
    }
}
