import ArgumentParser
import Shell

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

    @Argument(
        help: ArgumentHelp("The folder (default: the pack's workspace, else ./seguelab-exercises).", valueName: "dir"))
    var directory: String?

    func run() async throws {
        try await reportingFailures {
            try await WorkspaceSetup.command(
                directory: directory, pack: selection.pack,
                language: languageOption.language, color: display.colorChoice)
        }
    }
}

/// `seguelab watch [DIR]`: checks an exercise file of a workspace each time it is saved.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Check each exercise file of a workspace when you save it (Ctrl-C leaves).")

    @OptionGroup var display: DisplayOptions
    @OptionGroup(title: "Limits for the programs checked") var limitOptions: LimitOptions

    @Argument(
        help: ArgumentHelp(
            "The workspace folder (default: the current folder, else the built-in pack's workspace).",
            valueName: "dir"))
    var directory: String?

    func run() async throws {
        try await reportingFailures {
            throw ExitCode(
                try await WorkspaceWatch.command(
                    directory: directory, color: display.colorChoice,
                    limits: limitOptions.limits))
        }
    }
}
