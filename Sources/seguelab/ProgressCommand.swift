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

    @Option(
        help: ArgumentHelp(
            "Give the progress kept for a lesson the pack no longer has to a lesson it has.", valueName: "OLD:NEW"))
    var restore: String?

    func validate() throws {
        if let restore, restore.split(separator: ":").count != 2 {
            throw ValidationError("--restore takes OLD:NEW, two lesson ids")
        }
    }

    func run() async throws {
        try await reportingFailures {
            let loaded = try selection.load(language: languageOption.language)
            let width = Terminal.isTerminal(STDOUT_FILENO) ? Terminal.width() : nil
            do {
                try command.commandLineLines(loaded, restore: restore, width: width).forEach { print($0) }
            } catch let refusal as StoredProgress.Refusal {
                throw ValidationError(refusal.description)
            }
        }
    }
}
