import Foundation
import LessonKit
import Localization
import Playground

#if canImport(Glibc)
    import Glibc
    import SourceText
#endif

/// `seguelab watch`: checks an exercise file of a workspace each time the learner saves it, as
/// the shell's `check` would (the same judge, limits and words, progress in the same file), with
/// compiler errors placed at the file's own `path:line:col`; names the next file once one passes.
/// Ctrl-C during a check stops the learner's program; Ctrl-C while waiting leaves.
package enum WorkspaceWatch {
    /// Watches until Ctrl-C; returns the exit status.
    package static func run(_ workspace: ExerciseWorkspace, options: ShellOptions) async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        InterruptFlag.install()
        let output = ShellOutput(style: Style(enabled: options.color.isEnabled()))
        let context = ShellContext(output: output, registry: CommandRegistry(), isInteractive: false)
        guard let driver = ShellSetup(options: options, context: context).loadPack() else { return 1 }
        let catalog = driver.catalog
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher(
                root: workspace.directory,
                folders: Set(workspace.manifest.entries.map { ($0.path as NSString).deletingLastPathComponent }))
        } catch {
            output.warning("\(error)")
            return 1
        }
        output.line(catalog.text("watch.start", ["dir": workspace.directory.path]))
        driver.reloadProgress()
        if let next = driver.nextExercise(after: nil, in: workspace) {
            output.line(catalog.text("watch.next", ["file": workspace.url(of: next).path]))
        }
        flush()
        while true {
            guard let saved = watcher.waitForSaves() else { break }
            for entry in workspace.manifest.entries where saved.contains(entry.path) {
                await driver.checkSavedFile(entry, in: workspace)
                flush()
            }
        }
        output.line(catalog.text("watch.bye"))
        return 0
    }

    private static func flush() { fflush(nil) }
}

extension LessonDriver {
    /// Progress as saved now (the shell or another watcher may have changed it).
    func reloadProgress() {
        guard let loaded = try? store.load(for: pack) else { return }
        let position = session.position
        session = Session(pack: pack, progress: loaded.progress, language: session.language)
        if session.position == nil, let position { _ = try? session.goto(position.description) }
    }

    /// The first exercise after `entry` (in the pack's order, then from the start) that is
    /// neither passed nor skipped.
    func nextExercise(after entry: ExerciseWorkspace.Entry?, in workspace: ExerciseWorkspace) -> ExerciseWorkspace
        .Entry?
    {
        let entries = workspace.manifest.entries
        let start = entry.flatMap { current in entries.firstIndex { $0 == current }.map { $0 + 1 } } ?? 0
        let order = entries[start...] + entries[..<start]
        return order.first { candidate in
            candidate != entry && ![.passed, .skipped].contains(session.stepProgress(candidate.ref).status)
        }
    }

    /// Judges a saved exercise file: its code becomes the draft, the learner moves to its step,
    /// and the verdict is shown with diagnostics at the file's own lines.
    func checkSavedFile(_ entry: ExerciseWorkspace.Entry, in workspace: ExerciseWorkspace) async {
        reloadProgress()
        var workspace = workspace
        let url = workspace.url(of: entry)
        let code: String
        do {
            guard case .fileToDraft(let saved)? = try workspace.sync(entry.ref, session: &session) else { return }
            code = saved
        } catch {
            output.warning("\(error)")
            return
        }
        if session.position != entry.ref { _ = try? session.goto(entry.ref.description) }
        save()
        updateLocation()
        guard let step = session.currentStep else { return }
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? code
        let headerLines = ExerciseWorkspace.code(inFile: text).headerLines
        output.line(style.heading("── \(url.path)"))
        let snapshot = session
        let runner = self.runner
        let judged = await Interruptible.value(
            of: {
                var working = snapshot
                let verdict = try await working.submit(.code(code), runner: runner)
                return (verdict, working)
            },
            // A run cut short says nothing about the answer: it is not judged, not counted.
            keepsPartial: false,
            interrupted: { _ in output.line(style.warning(catalog.text("judge.interrupted"))) },
            failed: { context.fail(catalog.text("judge.failed", ["error": "\($0)"])) })
        guard case (let verdict, let updated)? = judged else { return }
        session = updated
        save()
        let placed = Self.placed(
            verdict, learnerFile: ProgramBuilder.learnerFileName(for: step), at: url.path,
            headerLines: headerLines)
        show(placed, learnerCode: text)
        guard verdict.passed else { return }
        if let next = nextExercise(after: entry, in: workspace) {
            output.line(catalog.text("watch.next", ["file": workspace.url(of: next).path]))
        } else {
            output.line(style.success(catalog.text("watch.all_done")))
        }
    }

    /// The verdict with every place in the learner's code (`Shelf.swift:3:5`) moved to the
    /// exercise file, below its header: `path:line:col`, as editors jump to.
    static func placed(_ verdict: Verdict, learnerFile: String, at path: String, headerLines: Int) -> Verdict {
        func move(_ d: Diagnostic) -> Diagnostic {
            guard d.file == learnerFile, !d.inHiddenCode else { return d }
            var moved = d
            moved.file = path
            moved.line += headerLines
            return moved
        }
        func moveText(_ text: String) -> String {
            var result = ""
            var rest = Substring(text)
            while let range = rest.range(of: learnerFile + ":") {
                result += rest[..<range.lowerBound]
                let after = rest[range.upperBound...]
                let digits = after.prefix { $0.isNumber }
                // Only `file:LINE` (the name preceded by nothing that makes it another file's).
                let before = rest[..<range.lowerBound].last
                if let line = Int(digits),
                    before.map({ !$0.isLetter && !$0.isNumber && $0 != "/" && $0 != "." }) ?? true
                {
                    result += "\(path):\(line + headerLines)"
                    rest = after.dropFirst(digits.count)
                } else {
                    result += rest[range]
                    rest = after
                }
            }
            return result + rest
        }
        var placed = verdict
        placed.results = verdict.results.map { result in
            var moved = result
            moved.message = moveText(result.message)
            return moved
        }
        placed.feedback = verdict.feedback.map(moveText)
        if var run = verdict.run {
            run.compile =
                switch run.compile {
                case .succeeded(let warnings): .succeeded(warnings: warnings.map(move))
                case .failed(let all): .failed(all.map(move))
                }
            if var crash = run.crash, let location = crash.location, location.file == learnerFile {
                crash.location = SourceLocation(file: path, line: location.line + headerLines, column: location.column)
                run.crash = crash
            }
            placed.run = run
        }
        return placed
    }
}

/// Saved files under a folder, through inotify (no polling): a write closed (`IN_CLOSE_WRITE`)
/// or a file renamed into place (`IN_MOVED_TO`, the atomic saves of vim, VS Code and others).
final class FileWatcher {
    private let fd: Int32
    private var folders: [Int32: String] = [:]

    init(root: URL, folders relative: Set<String>) throws {
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw WorkspaceError("cannot watch files: \(String(cString: strerror(errno)))") }
        for folder in relative.sorted() {
            let path = folder.isEmpty ? root.path : root.appendingPathComponent(folder).path
            let wd = inotify_add_watch(fd, path, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO))
            guard wd >= 0 else { throw WorkspaceError("cannot watch \(path): \(String(cString: strerror(errno)))") }
            folders[wd] = folder
        }
    }

    deinit { close(fd) }

    /// Blocks until files are saved; returns their paths relative to the root (several saves
    /// within a moment count as one: editors often write twice). Nil on Ctrl-C.
    func waitForSaves() -> Set<String>? {
        var saved = Set<String>()
        while saved.isEmpty {
            // Files wake the wait at once; Ctrl-C may reach another thread than this one, so
            // the wait also looks at the flag a few times a second.
            switch wait(timeout: 300) {
            case .ready: saved.formUnion(drain())
            case .timedOut: continue
            case .interrupted: return nil
            }
        }
        // An editor's save is often several events (write, rename, attributes): take them all.
        while true {
            switch wait(timeout: 150) {
            case .ready: saved.formUnion(drain())
            case .timedOut: return saved
            case .interrupted: return nil
            }
        }
    }

    private enum Wait { case ready, timedOut, interrupted }

    /// Waits for events, at most `timeout` ms; Ctrl-C ends the wait.
    private func wait(timeout: Int32) -> Wait {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            if InterruptFlag.take() { return .interrupted }
            let ready = poll(&poller, 1, timeout)
            if ready > 0 { return .ready }
            if ready == 0 { return .timedOut }
            guard errno == EINTR else { return .interrupted }
        }
    }

    private func drain() -> Set<String> {
        var names = Set<String>()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (wd, length) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(nameStart + length, count)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if let folder = folders[wd], !name.isEmpty {
                    names.insert(folder.isEmpty ? name : folder + "/" + name)
                }
                offset = nameStart + length
            }
        }
        return names
    }
}
