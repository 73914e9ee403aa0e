import ArgumentParser
import Foundation
import LessonKit

/// `seguelab progress`: the learner's progress on a pack, readable or exported as JSON or CSV.
struct ProgressCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Show progress on a pack, or export it (--json, --csv) for an instructor.",
        discussion: """
            Reads the progress file only; nothing is changed, except with --restore. Exports list every step of \
            the pack in order, seen or not. Progress on lessons the pack no longer has is kept; --restore OLD:NEW \
            gives the progress kept for lesson OLD to lesson NEW (a lesson a new version renamed).
            """
    )

    @OptionGroup var selection: PackSelection
    @OptionGroup var languageOption: LanguageOption

    @Flag(help: "Print the export as JSON.")
    var json = false

    @Flag(help: "Print the export as CSV (one row per step, with a header line).")
    var csv = false

    @Option(help: "A name to put in the JSON export, so an instructor can tell exports apart.")
    var learner: String?

    @Option(help: ArgumentHelp("Give the progress kept for a lesson the pack no longer has to a lesson it has.", valueName: "OLD:NEW"))
    var restore: String?

    func validate() throws {
        if json && csv { throw ValidationError("choose one of --json and --csv") }
        if let restore, restore.split(separator: ":").count != 2 { throw ValidationError("--restore takes OLD:NEW, two lesson ids") }
    }

    func run() async throws {
        try await reportingFailures {
            let loaded = try selection.load(language: languageOption.language)
            if let restore {
                try restoreLesson(restore, in: loaded.pack)
                return
            }
            let progress = StoredProgress.read(for: loaded.pack)
            if json {
                let data = try ProgressExport.json(for: progress, pack: loaded.pack, learner: learner)
                print(String(decoding: data, as: UTF8.self))
            } else if csv {
                print(ProgressExport.csv(for: progress, pack: loaded.pack), terminator: "")
            } else {
                ProgressReport.lines(Session(pack: loaded.pack, progress: progress, language: loaded.language), pack: loaded.pack).forEach { print($0) }
            }
        }
    }

    private func restoreLesson(_ pair: String, in pack: Pack) throws {
        let ids = pair.split(separator: ":").map(String.init)
        let store = ProgressStore(directory: ProgressStore.defaultDirectory())
        var progress = try store.load(for: pack).progress
        guard pack.lessons.contains(where: { $0.id == ids[1] }) else {
            throw ValidationError("the pack has no lesson '\(ids[1])'; its lessons: \(pack.lessons.map(\.id).joined(separator: ", "))")
        }
        guard progress.unclaimed?[ids[0]] != nil else {
            let kept = (progress.unclaimed ?? [:]).keys.sorted()
            throw ValidationError("no progress is kept for a lesson '\(ids[0])'" + (kept.isEmpty ? "" : "; kept: \(kept.joined(separator: ", "))"))
        }
        let restored = progress.restore(lesson: ids[0], as: ids[1], in: pack)
        try store.save(progress, for: pack)
        print("Restored \(restored.count) step\(restored.count == 1 ? "" : "s") of '\(ids[0])' to '\(ids[1])'.")
    }
}

/// A learner's saved progress, read without changing it; a file that cannot be read is reported.
enum StoredProgress {
    static func read(for pack: Pack) -> PackProgress {
        let read = ProgressStore(directory: ProgressStore.defaultDirectory()).peek(for: pack)
        if let warning = read.warning { FileHandle.standardError.write(Data("seguelab: warning: \(warning)\n".utf8)) }
        return read.progress
    }
}
