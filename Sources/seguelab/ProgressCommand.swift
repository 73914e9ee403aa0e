import ArgumentParser
import Foundation
import LessonKit
import Shell

/// `seguelab progress`: the shared `progress` for a pack chosen with `--pack`, and `--restore`.
struct CommandLineProgress: AsyncParsableCommand {
    static let configuration = ProgressCommand.configuration

    @OptionGroup var selection: PackSelection
    @OptionGroup var languageOption: LanguageOption

    @OptionGroup var command: ProgressCommand

    @Option(help: ArgumentHelp("Give the progress kept for a lesson the pack no longer has to a lesson it has.", valueName: "OLD:NEW"))
    var restore: String?

    func validate() throws {
        if let restore, restore.split(separator: ":").count != 2 { throw ValidationError("--restore takes OLD:NEW, two lesson ids") }
    }

    func run() async throws {
        try await reportingFailures {
            let loaded = try selection.load(language: languageOption.language)
            if let restore {
                try restoreLesson(restore, in: loaded.pack)
                return
            }
            let session = Session(pack: loaded.pack, progress: StoredProgress.read(for: loaded.pack), language: loaded.language)
            try command.lines(session, pack: loaded.pack, width: Terminal.isTerminal(STDOUT_FILENO) ? Terminal.width() : nil,
                              catalog: loaded.pack.catalog(language: loaded.language)).forEach { print($0) }
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
