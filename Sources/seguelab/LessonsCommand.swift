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
            let session = Session(pack: loaded.pack, progress: StoredProgress.read(for: loaded.pack), language: loaded.language)
            let catalog = loaded.pack.catalog(language: loaded.language)
            let count = loaded.pack.lessons.count
            print(catalog.text(count == 1 ? "lessons.count.one" : "lessons.count.other",
                               ["title": loaded.pack.manifest.title(in: loaded.language), "id": loaded.pack.id,
                                "version": loaded.pack.manifest.version, "count": count]))
            LessonTable.lines(session.lessonsMenu, width: Terminal.isTerminal(STDOUT_FILENO) ? Terminal.width() : nil,
                              catalog: catalog).forEach { print($0) }
        }
    }
}

