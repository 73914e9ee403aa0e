import Foundation
import TestSupport
import Testing

@testable import LessonKit

/// Progress survives a writer killed at any moment, two writers at once, and folders it
/// cannot write to. The writers are real processes (Tests/ProgressWriter).
@Suite("Progress durability", .serialized)
struct ProgressDurabilityTests {
    let pack: Pack
    init() throws { pack = try Fixtures.loadSamplePack() }

    static var writerPath: String {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug")
        ]
        return candidates.map { $0.appendingPathComponent("ProgressWriter").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "ProgressWriter"
    }

    /// Starts a writer raising the attempts of `lesson/step`; `count` 0 runs until killed.
    func startWriter(state: URL, lesson: String, step: String, count: Int) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.writerPath)
        process.arguments = [Fixtures.samplePack.path, state.path, lesson, step, String(count)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return (process, output)
    }

    func attempts(in state: URL, _ lesson: String, _ step: String) throws -> Int? {
        let data = try Data(contentsOf: ProgressStore(directory: state).fileURL(for: pack))
        return try ProgressStore.decode(data)[StepRef(lesson: lesson, step: step)]?.attempts
    }

    @Test(.timeLimit(.minutes(5)))
    func killingTheWriterMidSaveAlwaysLeavesTheOldOrTheNewState() throws {
        let dir = TemporaryDirectory()
        let state = dir.url.appendingPathComponent("state")
        var known = 0  // attempts in the file before this trial
        var trialsWithSaves = 0
        for trial in 0..<100 {
            let (writer, output) = try startWriter(state: state, lesson: "identifiers", step: "run", count: 0)
            // Let it start saving (first line of output), then kill it at a random moment.
            let first = output.fileHandleForReading.availableData
            usleep(UInt32.random(in: 0...20_000))
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
            #expect(writer.terminationReason == .uncaughtSignal)
            let printed = String(decoding: first + output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let lastReported = printed.split(separator: "\n").compactMap { Int($0.dropFirst("saved ".count)) }.last
            if lastReported != nil { trialsWithSaves += 1 }

            // Always valid progress JSON: the last reported save, or the one in flight.
            let found = try #require(try attempts(in: state, "identifiers", "run"), "trial \(trial): no record")
            let expected = lastReported ?? known
            #expect(
                found == expected || found == expected + 1,
                "trial \(trial): file has \(found), writer reported \(expected)")
            known = found
        }
        #expect(trialsWithSaves >= 90)
        // Temporary files of killed writers do not pile up: the next save removes them.
        let (writer, _) = try startWriter(state: state, lesson: "identifiers", step: "run", count: 1)
        writer.waitUntilExit()
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: state.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test(.timeLimit(.minutes(5)))
    func twoWritersOnOneStateFolderLoseNoUpdates() throws {
        let dir = TemporaryDirectory()
        let state = dir.url.appendingPathComponent("state")
        let rounds = 150
        let (a, _) = try startWriter(state: state, lesson: "identifiers", step: "run", count: rounds)
        let (b, _) = try startWriter(state: state, lesson: "prepare", step: "pass", count: rounds)
        a.waitUntilExit()
        b.waitUntilExit()
        #expect(a.terminationStatus == 0 && b.terminationStatus == 0)
        #expect(try attempts(in: state, "identifiers", "run") == rounds)
        #expect(try attempts(in: state, "prepare", "pass") == rounds)
    }

    @Test func mergeKeepsOthersUpdatesAndOwnRemovals() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let run = StepRef(lesson: "identifiers", step: "run")
        let fix = StepRef(lesson: "identifiers", step: "fix")
        let pass = StepRef(lesson: "prepare", step: "pass")
        var base = PackProgress(pack: pack, now: now)
        var passed = StepProgress()
        passed.status = .passed
        passed.attempts = 2
        base[fix] = passed
        // This process restarted the lesson (removed `fix`) and attempted `run` once.
        var mine = base
        mine.lessons["identifiers"] = nil
        var attempted = StepProgress()
        attempted.status = .attempted
        attempted.attempts = 1
        mine[run] = attempted
        // Meanwhile another process passed `pass` and `run`.
        var theirs = base
        theirs[pass] = passed
        theirs[run] = passed
        let merged = ProgressMerge.merge(mine: mine, base: base, theirs: theirs)
        #expect(merged[fix] == nil)
        #expect(merged[pass] == passed)
        #expect(merged[run]?.status == .passed && merged[run]?.attempts == 2)
    }

    @Test func progressOnALessonBrokenForNowIsKept() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let fix = StepRef(lesson: "identifiers", step: "fix")
        var progress = PackProgress(pack: pack, now: now)
        var passed = StepProgress()
        passed.status = .passed
        progress[fix] = passed
        // The author broke lesson 01 (its id still readable): it is left out of the pack.
        var broken = pack
        broken.lessons.removeAll { $0.id == "identifiers" }
        broken.brokenLessons = [
            BrokenLesson(name: "01-identifiers", id: "identifiers", language: "en", diagnostics: [])
        ]
        var kept = progress
        let changes = kept.reconcile(with: broken)
        #expect(kept[fix] == passed)
        #expect(changes.removedLessons.isEmpty && changes.removedSteps.isEmpty)
        // Once it is really gone, its progress is set aside, not dropped.
        broken.brokenLessons = []
        var gone = progress
        #expect(gone.reconcile(with: broken).removedLessons == ["identifiers"])
        #expect(gone[fix] == nil)
        #expect(gone.unclaimed?["identifiers"]?.steps["fix"] == passed)
    }

    /// A new version renames a lesson: its progress is set aside (never dropped), the old file
    /// is backed up first, the progress comes back if the lesson returns, and can be given to
    /// the renamed lesson.
    @Test func aRenamedLessonKeepsItsProgressBacksItUpAndCanRestoreIt() throws {
        let dir = TemporaryDirectory()
        let store = ProgressStore(directory: dir.url)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let fix = StepRef(lesson: "identifiers", step: "fix")
        var progress = PackProgress(pack: pack, now: now)
        var passed = StepProgress()
        passed.status = .passed
        passed.draft = "let mine = 1"
        progress[fix] = passed
        try store.save(progress, for: pack)

        var renamed = pack
        renamed.lessons[0].id = "segue-identifiers"
        let loaded = try store.load(for: renamed, now: now)
        #expect(loaded.progress[StepRef(lesson: "segue-identifiers", step: "fix")] == nil)
        #expect(loaded.progress.unclaimed?["identifiers"]?.steps["fix"] == passed)
        #expect(loaded.changes?.summaryLines(.english).contains { $0.contains("is kept") } == true)
        let backup = dir.url.appendingPathComponent("\(ProgressStore.key(for: pack)).backup-20270115T080000Z.json")
        #expect(loaded.warnings.contains { $0.contains(backup.path) }, "\(loaded.warnings)")
        #expect(try ProgressStore.decode(Data(contentsOf: backup))[fix] == passed)

        // Saved in the renamed pack's shape, it still holds what no lesson claims…
        try store.save(loaded.progress, for: renamed)
        let again = try store.load(for: renamed, now: now)
        #expect(again.progress.unclaimed?["identifiers"]?.steps["fix"] == passed)
        // …which can be handed to the renamed lesson,
        var restored = again.progress
        #expect(
            restored.restore(lesson: "identifiers", as: "segue-identifiers", in: renamed) == [
                StepRef(lesson: "segue-identifiers", step: "fix")
            ])
        #expect(restored[StepRef(lesson: "segue-identifiers", step: "fix")] == passed)
        #expect(restored.unclaimed == nil)
        // …or comes back by itself when the lesson returns under its old id.
        let back = try store.load(for: pack, now: now)
        #expect(back.progress[fix] == passed)
        #expect(back.changes?.restored == [fix])
    }

    /// A stranger's pack that uses the course's id (from another folder, with none of its
    /// lessons) gets progress of its own: opening it leaves the course's progress untouched.
    @Test func aPackReusingAnotherPacksIdDoesNotTouchItsProgress() throws {
        let dir = TemporaryDirectory()
        let store = ProgressStore(directory: dir.url)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let fix = StepRef(lesson: "identifiers", step: "fix")
        var progress = PackProgress(pack: pack, now: now)
        var passed = StepProgress()
        passed.status = .passed
        progress[fix] = passed
        try store.save(progress, for: pack)

        var impostor = pack
        impostor.root = dir.url.appendingPathComponent("elsewhere/impostor")
        impostor.lessons = [pack.lessons[0]]
        impostor.lessons[0].id = "intro"
        let other = ProgressStore(directory: dir.url)
        #expect(other.fileURL(for: impostor) != other.fileURL(for: pack))
        var theirs = try other.load(for: impostor, now: now)
        #expect(theirs.isNew)
        theirs.progress[StepRef(lesson: "intro", step: "fix")] = StepProgress()
        try other.save(theirs.progress, for: impostor)

        let course = try ProgressStore(directory: dir.url).load(for: pack, now: now)
        #expect(course.changes == nil)
        #expect(course.progress[fix] == passed)
        // A new version of the course itself, found in another folder, still continues.
        var moved = pack
        moved.root = dir.url.appendingPathComponent("new-version")
        #expect(ProgressStore(directory: dir.url).fileURL(for: moved) == store.fileURL(for: pack))
    }

    /// A progress file the learner replaced by a link (to a synced folder, say) stays a link.
    @Test func aProgressFileThatIsALinkStaysALink() throws {
        let dir = TemporaryDirectory()
        let store = ProgressStore(directory: dir.url.appendingPathComponent("state"))
        let synced = dir.url.appendingPathComponent("synced")
        try FileManager.default.createDirectory(at: synced, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let target = synced.appendingPathComponent("course.json")
        try FileManager.default.createSymbolicLink(
            atPath: store.fileURL(for: pack).path, withDestinationPath: "../synced/course.json")
        var progress = PackProgress(pack: pack, now: Date())
        var passed = StepProgress()
        passed.status = .passed
        progress[StepRef(lesson: "identifiers", step: "fix")] = passed
        try store.save(progress, for: pack)
        try store.save(progress, for: pack)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: store.fileURL(for: pack).path)
                == "../synced/course.json")
        #expect(
            try ProgressStore.decode(Data(contentsOf: target))[StepRef(lesson: "identifiers", step: "fix")] == passed)
    }

    @Test func unreadableProgressIsMovedAsideNotOverwritten() throws {
        let dir = TemporaryDirectory()
        let store = ProgressStore(directory: dir.url)
        let url = store.fileURL(for: pack)
        // A folder: unreadable as a file.
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let loaded = try store.load(for: pack, now: Date(timeIntervalSince1970: 1_800_000_000))
        let backup = url.path + ".corrupt-20270115T080000Z"
        #expect(loaded.isNew)
        #expect(
            loaded.warnings == [
                "Progress file \(url.path) could not be read (it is not readable); it was moved to \(backup) and you start afresh."
            ])
        #expect(FileManager.default.fileExists(atPath: backup))
    }

    @Test func truncatedProgressIsMovedAsideWithAWarningNamingTheBackup() throws {
        let dir = TemporaryDirectory()
        let store = ProgressStore(directory: dir.url)
        var progress = PackProgress(pack: pack, now: Date())
        progress[StepRef(lesson: "identifiers", step: "run")] = StepProgress()
        let full = try ProgressStore.encode(progress)
        try full.prefix(full.count / 2).write(to: store.fileURL(for: pack))
        let loaded = try store.load(for: pack, now: Date(timeIntervalSince1970: 1_800_000_000))
        let backup = store.fileURL(for: pack).path + ".corrupt-20270115T080000Z"
        #expect(loaded.warnings.first?.hasSuffix("it was moved to \(backup) and you start afresh.") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == full.prefix(full.count / 2))
    }

    @Test(.enabled(if: TinyFileSystem.canMount, "needs permission to mount a tmpfs"))
    func readOnlyFolderGivesAClearError() throws {
        let mount = try TinyFileSystem(options: "ro,size=64k")
        defer { mount.unmount() }
        let store = ProgressStore(directory: mount.url.appendingPathComponent("progress"))
        #expect(throws: ProgressStoreError(path: store.directory.path, reason: "the file system is read-only")) {
            try store.save(PackProgress(pack: pack, now: Date()), for: pack)
        }
        let direct = ProgressStore(directory: mount.url)
        #expect(throws: ProgressStoreError(path: mount.url.path, reason: "the file system is read-only")) {
            try direct.save(PackProgress(pack: pack, now: Date()), for: pack)
        }
        #expect(
            "\(ProgressStoreError(path: "/p", reason: "the disk is full"))"
                == "cannot save progress to /p: the disk is full")
        #expect(ProgressStoreError(path: "/p", reason: "the disk is full").localizedDescription == "the disk is full")
    }

    @Test(.enabled(if: TinyFileSystem.canMount, "needs permission to mount a tmpfs"))
    func fullDiskGivesAClearErrorAndKeepsTheOldFile() throws {
        let mount = try TinyFileSystem(options: "size=64k")
        defer { mount.unmount() }
        let store = ProgressStore(directory: mount.url)
        var progress = PackProgress(pack: pack, now: Date())
        try store.save(progress, for: pack)
        let before = try Data(contentsOf: store.fileURL(for: pack))
        // Fill the disk, then save something larger than what is left.
        let filler = mount.url.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        try? handle.close()
        var step = StepProgress()
        step.draft = String(repeating: "x", count: 20_000)
        progress[StepRef(lesson: "identifiers", step: "fix")] = step
        #expect(throws: ProgressStoreError(path: store.fileURL(for: pack).path, reason: "the disk is full")) {
            try store.save(progress, for: pack)
        }
        #expect(try Data(contentsOf: store.fileURL(for: pack)) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: mount.url.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }
}

/// Progress made unreadable (by a program where Landlock is absent, or by hand) is said and left
/// alone: it was "starting afresh", 0 of 17 shown, with the file intact, and the next save
/// would have replaced it.
@Suite("Unreadable progress", .serialized)
struct UnreadableProgressTests {
    let pack: Pack
    init() throws { pack = try Fixtures.loadSamplePack() }

    /// As root (who reads any file whatever its mode), the store is used with an ordinary user's
    /// file rights (`Unprivileged`), the files being that user's.
    @Test(
        .enabled(
            if: getuid() != 0 || Unprivileged.available,
            "root reads any file whatever its mode, and setfsuid is missing: run the suite as another user to see it"))
    func progressWithoutPermissionsIsSaidAndNotSavedOver() throws {
        for lockFolder in [false, true] {
            let dir = TemporaryDirectory()
            let store = ProgressStore(directory: dir.url)
            var progress = PackProgress(pack: pack, now: Date())
            progress[StepRef(lesson: "identifiers", step: "run")] = StepProgress()
            try store.save(progress, for: pack)
            let url = store.fileURL(for: pack)
            let saved = try Data(contentsOf: url)
            Unprivileged.give([dir.url.path])
            chmod(lockFolder ? dir.url.path : url.path, 0)
            defer {
                chmod(dir.url.path, 0o755)
                chmod(url.path, 0o644)
            }
            let pack = pack
            let folder = dir.url
            let (warnings, refused) = try Unprivileged.run {
                let fresh = ProgressStore(directory: folder)
                let loaded = try fresh.load(for: pack)
                do {
                    try fresh.save(loaded.progress, for: pack)
                    return (loaded.warnings, false)
                } catch {
                    return (loaded.warnings, error is ProgressStoreError)
                }
            }
            #expect(
                warnings.first?.contains("cannot be read (permission denied); this session starts without it") == true,
                "\(warnings)")
            #expect(refused)
            chmod(dir.url.path, 0o755)
            chmod(url.path, 0o644)
            #expect(try Data(contentsOf: url) == saved)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.contains("corrupt") }
                    .isEmpty)
        }
    }
}
