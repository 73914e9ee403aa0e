import ArgumentParser
import LessonKit
import SegueTools
import Shell

/// The `seguelab` command: with no subcommand it opens the shell; subcommands cover
/// the tasks that make sense without it. Each subcommand lives in its own file.
@main
struct SegueLab: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seguelab",
        abstract: "Learn iOS storyboard segues in the terminal, with live UIKit-compatible code.",
        subcommands: [
            CommandLineRun.self, StoryboardCommand.self, PackCommand.self, CommandLineLessons.self,
            CommandLineProgress.self,
            AuthoringCommand.self, DoctorCommand.self, WorkshopCommand.self,
            WorkspaceCommand.self, WatchCommand.self
        ]
    )

    @OptionGroup var display: DisplayOptions

    /// `seguelab help authoring` prints the authoring guide itself, not the usage of the
    /// command that prints it; everything else is ArgumentParser's.
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["help", "authoring"] { arguments = ["authoring"] }
        await RootCommand.main(Self.self, arguments: arguments)
    }

    /// Which pack and language the shell opens, and where in it (`resolve` loads the pack).
    @OptionGroup var packSelection: PackSelection
    @OptionGroup var languageOption: LanguageOption
    @OptionGroup var packOptions: PackOptions

    @OptionGroup(title: "Limits for the programs run from the shell") var limitOptions: LimitOptions

    @OptionGroup var timingOptions: TimingOptions

    @Option(
        name: .customLong("present"),
        help: ArgumentHelp(
            "Play a demo script in the shell for an audience: each command typed out after a key, its # comments as narration.",
            valueName: "script"))
    var present: String?

    @OptionGroup(title: "Workshops") var joinOptions: JoinOptions

    @Flag(
        name: .customLong("author"),
        help: """
            Preview the pack as its author: throwaway progress, `goto` anywhere, `show checks` and \
            `show hidden`, and the pack read again when its files are saved.
            """)
    var author = false

    mutating func run() async throws {
        var options = ShellOptions(
            color: display.colorChoice, lesson: packOptions.lesson, step: packOptions.step,
            limits: limitOptions.limits)
        options.showsTimings = timingOptions.timings
        options.authoring = author
        if author, packOptions.noPack || joinOptions.join != nil {
            throw CommandFailure("--author previews a pack: it goes with --pack DIR, not --no-pack or --join").exit()
        }
        do {
            try options.resolve(
                present: present, join: joinOptions.join, name: joinOptions.name,
                noPack: packOptions.noPack, pack: packSelection.pack, language: languageOption.language)
        } catch {
            throw error.exit()
        }
        throw ExitCode(await CommandLoop.start(options: options))
    }
}
