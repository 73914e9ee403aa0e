import ArgumentParser
import Foundation
import LessonKit
import Shell

/// `seguelab lessons`: the shared `lessons` for a pack chosen with `--pack`, without opening the shell.
struct CommandLineLessons: AsyncParsableCommand {
    static let configuration = LessonsCommand.configuration

    @OptionGroup var selection: PackSelection
    @OptionGroup var languageOption: LanguageOption

    func run() async throws {
        try await reportingFailures {
            let loaded = try selection.load(language: languageOption.language, steps: .whenOpened)
            let width = Terminal.isTerminal(STDOUT_FILENO) ? Terminal.width() : nil
            LessonsCommand.lines(loaded, progress: StoredProgress().read(for: loaded.pack), width: width)
                .forEach { print($0) }
        }
    }
}
