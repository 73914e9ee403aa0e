import Foundation
import Testing

@testable import LessonKit

@Suite("Progress store")
struct ProgressStoreTests {
    let pack: Pack
    let clock = TestClock()

    init() throws { pack = try Fixtures.loadSamplePack() }

    @Test func defaultDirectoryFollowsXDG() {
        #expect(
            ProgressStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path
                == "/s/seguelab/progress")
        #expect(ProgressStore.defaultDirectory(environment: ["HOME": "/h"]).path == "/h/.local/state/seguelab/progress")
        // A relative XDG path is invalid per the spec and ignored.
        #expect(
            ProgressStore.defaultDirectory(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]).path
                == "/h/.local/state/seguelab/progress")
    }

    @Test func progressFollowsThePackIdWhereverThePackLies() throws {
        #expect(ProgressStore.key(for: pack) == "segue-basics")
        var moved = pack
        moved.root = URL(fileURLWithPath: "/elsewhere/segue-basics-v2")
        #expect(ProgressStore.key(for: moved) == "segue-basics")
        var odd = pack
        odd.manifest.id = "a/b c"
        #expect(ProgressStore.key(for: odd) == "a_b_c")

        // Saved from one copy, resumed from another (a new archive version is extracted elsewhere).
        let dir = TemporaryDirectory()
        let store = ProgressStore(directory: dir.url)
        var session = Session(
            pack: pack, progress: try store.load(for: pack, now: clock.now).progress, clock: clock.function)
        _ = try session.goto("identifiers/fix")
        session.saveDraft("// mine")
        try store.save(session.progress, for: pack)
        let resumed = try ProgressStore(directory: dir.url).load(for: moved, now: clock.now)
        #expect(!resumed.isNew)
        #expect(resumed.progress.lessons["identifiers"]?.steps["fix"]?.draft == "// mine")
    }

    @Test func progressKeptPerCopyIsAdoptedNewestFirstAndTheRestKept() throws {
        let dir = TemporaryDirectory()
        let store = ProgressStore(directory: dir.url)
        var older = PackProgress(pack: pack, now: clock.now)
        older.position = StepRef(lesson: "identifiers", step: "intro")
        var newer = PackProgress(pack: pack, now: clock.now)
        newer.position = StepRef(lesson: "identifiers", step: "fix")
        let olderFile = dir.url.appendingPathComponent("segue-basics-00aa11bb22.json")
        let newerFile = dir.url.appendingPathComponent("segue-basics-33cc44dd55.json")
        try ProgressStore.encode(older).write(to: olderFile)
        try ProgressStore.encode(newer).write(to: newerFile)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: olderFile.path)
        // Another pack's file and a backup are not progress of this pack.
        try Data("{}".utf8).write(to: dir.url.appendingPathComponent("segue-basics-extra-00aa11bb22.json"))
        try Data("{}".utf8).write(to: dir.url.appendingPathComponent("segue-basics.backup-20270115T080000Z.json"))

        let loaded = try store.load(for: pack, now: clock.now)
        #expect(!loaded.isNew && loaded.warnings.isEmpty)
        #expect(loaded.progress.position == StepRef(lesson: "identifiers", step: "fix"))
        #expect(FileManager.default.fileExists(atPath: store.fileURL(for: pack).path))
        #expect(!FileManager.default.fileExists(atPath: newerFile.path))
        #expect(FileManager.default.fileExists(atPath: olderFile.path))  // nothing is deleted
    }

    @Test func roundTripResumesAtTheSameStepWithTheDraft() async throws {
        let dir = TemporaryDirectory()
        let store = ProgressStore(directory: dir.url.appendingPathComponent("progress"))
        let first = try store.load(for: pack, now: clock.now)
        #expect(first.isNew && first.changes == nil)

        var session = Session(pack: pack, progress: first.progress, clock: clock.function)
        _ = try session.goto("identifiers/fix")
        session.saveDraft("let navigation = launchApp()\n// half done\n")
        _ = session.hint()
        clock.advance(12)
        session.finishVisit()
        try store.save(session.progress, for: pack)

        let again = try store.load(for: pack, now: clock.now)
        #expect(!again.isNew && again.changes == nil && again.warnings.isEmpty)
        #expect(again.progress == session.progress)
        var resumed = Session(pack: pack, progress: again.progress, clock: clock.function)
        let resumedMove = resumed.resume()
        #expect(resumedMove.position == StepRef(lesson: "identifiers", step: "fix"))
        #expect(resumed.draft == "let navigation = launchApp()\n// half done\n")
        #expect(resumed.stepProgress(StepRef(lesson: "identifiers", step: "fix")).hintsUsed == 1)
        // No temporary files are left behind.
        let files = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).filter {
            !$0.hasSuffix(".lock")
        }
        #expect(files == [ProgressStore.key(for: pack) + ".json"])
        // Keyed by ids, not positions.
        let json = try String(contentsOf: store.fileURL(for: pack), encoding: .utf8)
        #expect(json.contains("\"fix\"") && json.contains("\"formatVersion\" : 1"))
    }

    @Test func corruptFileIsMovedAsideWithAWarning() throws {
        let dir = TemporaryDirectory()
        let store = ProgressStore(directory: dir.url)
        try Data("{ not json".utf8).write(to: store.fileURL(for: pack))
        let loaded = try store.load(for: pack, now: clock.now)
        #expect(loaded.isNew)
        let backup = store.fileURL(for: pack).path + ".corrupt-20270115T080000Z"
        #expect(
            loaded.warnings == [
                "Progress file \(store.fileURL(for: pack).path) could not be read (it is not valid progress JSON); it was moved to \(backup) and you start afresh."
            ])
        #expect(FileManager.default.fileExists(atPath: backup))
        #expect(!FileManager.default.fileExists(atPath: store.fileURL(for: pack).path))
    }

    @Test func newerFormatIsNotReadButKept() throws {
        let dir = TemporaryDirectory()
        let store = ProgressStore(directory: dir.url)
        try Data(#"{"formatVersion": 7}"#.utf8).write(to: store.fileURL(for: pack))
        let loaded = try store.load(for: pack, now: clock.now)
        #expect(loaded.warnings.first?.contains("progress format 7 is newer than this seguelab reads (1)") == true)
    }

    @Test func changedPackKeepsWhatMatchesAndReportsTheRest() throws {
        var progress = PackProgress(pack: pack, now: clock.now)
        progress.packVersion = "1.0.0"
        progress.outline["identifiers"] = ["intro", "old-step", "run"]
        progress.outline["gone"] = ["a"]
        var kept = StepProgress()
        kept.status = .passed
        progress[StepRef(lesson: "identifiers", step: "run")] = kept
        progress[StepRef(lesson: "identifiers", step: "old-step")] = kept
        progress[StepRef(lesson: "gone", step: "a")] = kept
        progress.position = StepRef(lesson: "identifiers", step: "old-step")
        progress.history = [StepRef(lesson: "gone", step: "a"), StepRef(lesson: "identifiers", step: "run")]

        let dir = TemporaryDirectory()
        let store = ProgressStore(directory: dir.url)
        try store.save(progress, for: pack)
        let loaded = try store.load(for: pack, now: clock.now)
        let changes = try #require(loaded.changes)
        #expect(changes.oldVersion == "1.0.0" && changes.newVersion == "1.2.0")
        #expect(changes.removedLessons == ["gone"])
        #expect(changes.removedSteps == [StepRef(lesson: "identifiers", step: "old-step")])
        #expect(changes.addedSteps.map(\.step) == ["asks", "method", "predict-top", "typed", "fix", "compile-error"])
        #expect(changes.positionMoved)
        #expect(changes.summaryLines(.english).first == "The pack changed from version 1.0.0 to 1.2.0.")
        #expect(loaded.progress[StepRef(lesson: "identifiers", step: "run")]?.status == .passed)
        #expect(loaded.progress[StepRef(lesson: "identifiers", step: "old-step")] == nil)
        #expect(loaded.progress.lessons["gone"] == nil)
        #expect(loaded.progress.unclaimed?["gone"]?.steps["a"] == kept)
        #expect(loaded.progress.unclaimed?["identifiers"]?.steps["old-step"] == kept)
        #expect(loaded.progress.position == StepRef(lesson: "identifiers", step: "intro"))
        #expect(loaded.progress.history == [StepRef(lesson: "identifiers", step: "run")])
        #expect(loaded.progress.packVersion == "1.2.0")
    }

    @Test func backupBeforeRestart() throws {
        let dir = TemporaryDirectory()
        let store = ProgressStore(directory: dir.url)
        var progress = PackProgress(pack: pack, now: clock.now)
        progress.position = StepRef(lesson: "prepare", step: "quiz")
        let url = try store.saveBackup(progress, for: pack, now: clock.now)
        #expect(url.lastPathComponent == ProgressStore.key(for: pack) + ".backup-20270115T080000Z.json")
        #expect(try ProgressStore.decode(Data(contentsOf: url)).position == progress.position)
    }

    @Test func exportAsJSONAndCSV() throws {
        var session = Session(pack: pack, progress: PackProgress(pack: pack, now: clock.now), clock: clock.function)
        _ = try session.goto("identifiers/method")
        _ = session.hint()
        _ = session.revealSolution()
        clock.advance(61.4)
        _ = session.skip()

        let csv = ProgressExport.csv(for: session.progress, pack: pack)
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 + 11)
        #expect(lines[0] == ProgressExport.csvHeader)
        #expect(lines[4] == "identifiers,Segue identifiers,method,Name the method,text,skipped,0,1,yes,61")
        #expect(lines[5] == "identifiers,Segue identifiers,predict-top,Where does it end?,predict,seen,0,0,no,0")
        #expect(lines[1].hasSuffix(",unseen,0,0,no,0"))
        #expect(ProgressExport.quote("a, \"b\"") == "\"a, \"\"b\"\"\"")

        let data = try ProgressExport.json(for: session.progress, pack: pack, learner: "ada", now: clock.now)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let report = try decoder.decode(ProgressExport.Report.self, from: data)
        #expect(report.pack == "segue-basics" && report.learner == "ada")
        #expect(report.position == "identifiers/predict-top")
        #expect(report.steps.first { $0.step == "method" }?.solutionShown == true)
    }
}
