import ArgumentParser
import Foundation
import Shell
import XDGDirectories

/// `seguelab workspace [DIR]`: the pack's exercises as files for the learner's own editor.
struct WorkspaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workspace",
        abstract: "Write the exercises as Swift files to edit in your own editor (with `seguelab watch`).",
        discussion: """
            One file per exercise (LESSON/NN-step.swift) holding your draft, with the pack's support code and \
            storyboards beside them, read-only. Your drafts and these files stay one: the shell's `edit` and `check` \
            see what you save here, and the files follow what you do in the shell. Run it again to refresh the folder.
            """)

    @OptionGroup var selection: PackSelection
    @OptionGroup var languageOption: LanguageOption
    @OptionGroup var display: DisplayOptions

    @Argument(help: ArgumentHelp("The folder (default: the pack's workspace, else ./seguelab-exercises).", valueName: "dir"))
    var directory: String?

    func run() async throws {
        try await reportingFailures {
            let loaded = try selection.load(language: languageOption.language)
            let directories = XDGDirectories()
            let folder = directory.map { URL(fileURLWithPath: $0) }
                ?? WorkspaceSetup.defaultDirectory(for: loaded.pack, directories: directories)
            let output = ShellOutput(style: Style(enabled: display.colorChoice.isEnabled()))
            do {
                try await WorkspaceSetup.make(at: folder, pack: loaded.pack, language: loaded.language,
                                              directories: directories, output: output)
            } catch {
                throw CommandFailure("\(error)")
            }
        }
    }
}
