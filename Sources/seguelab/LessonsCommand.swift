import ArgumentParser
import Foundation
import LessonKit

/// `seguelab lessons`: the pack's lessons with the learner's progress, without opening the shell.
struct LessonsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lessons",
        abstract: "List a pack's lessons with your progress: steps done, state, and where you are (>)."
    )

    @OptionGroup var selection: PackSelection
    @OptionGroup var languageOption: LanguageOption

    func run() async throws {
        try await reportingFailures {
            let loaded = try selection.load(language: languageOption.language)
            let session = Session(pack: loaded.pack, progress: StoredProgress.read(for: loaded.pack), language: loaded.language)
            print("\(loaded.pack.manifest.title) (\(loaded.pack.id) \(loaded.pack.manifest.version)): \(counted(loaded.pack.lessons.count, "lesson"))")
            LessonTable.lines(session.lessonsMenu).forEach { print($0) }
        }
    }
}

/// Lessons as aligned columns: current marker, id, title, steps done/total, state.
