import ArgumentParser
import Foundation
import Localization
import Shell

/// The `seguelab` command: with no subcommand it opens the shell; subcommands cover
/// the tasks that make sense without it. Each subcommand lives in its own file.
@main
struct SegueLab: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seguelab",
        abstract: "Learn iOS storyboard segues in the terminal, with live UIKit-compatible code.",
        subcommands: [CommandLineRun.self, StoryboardCommand.self, PackCommand.self, CommandLineLessons.self, CommandLineProgress.self,
                      AuthoringCommand.self, DoctorCommand.self, WorkshopCommand.self,
                      WorkspaceCommand.self, WatchCommand.self]
    )

    @OptionGroup var display: DisplayOptions

    /// `seguelab help authoring` prints the authoring guide itself, not the usage of the
    /// command that prints it; everything else is ArgumentParser's.
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["help", "authoring"] { arguments = ["authoring"] }
        do {
            var command = try parseAsRoot(arguments)
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let code as ExitCode {
            // An exit status says nothing more: ArgumentParser would build the whole help
            // (every option group, validated again in a debug build) only to print nothing.
            Foundation.exit(code.rawValue)
        } catch {
            exit(withError: error)
        }
    }

    /// Which pack and language the shell opens, and where in it (`resolve` loads the pack).
    @OptionGroup var packSelection: PackSelection
    @OptionGroup var languageOption: LanguageOption
    @OptionGroup var packOptions: PackOptions

    @OptionGroup(title: "Limits for the programs run from the shell") var limitOptions: LimitOptions

    @OptionGroup var timingOptions: TimingOptions

    @Option(name: .customLong("present"),
            help: ArgumentHelp("Play a demo script in the shell for an audience: each command typed out after a key, its # comments as narration.",
                               valueName: "script"))
    var present: String?

    @OptionGroup(title: "Workshops") var joinOptions: JoinOptions

    mutating func run() async throws {
        var options = ShellOptions(color: display.colorChoice, lesson: packOptions.lesson, step: packOptions.step,
                                   limits: limitOptions.limits)
        options.showsTimings = timingOptions.timings
        do {
            if let present {
                guard let script = try? String(contentsOfFile: present, encoding: .utf8) else {
                    throw CommandFailure("--present \(present): cannot read the file")
                }
                options.presentation = (present, script)
            }
            options.join = try joinOptions.resolve()
            if packOptions.noPack {
                guard packSelection.pack == nil, packOptions.lesson == nil else {
                    throw CommandFailure("--no-pack cannot be combined with --pack or --lesson")
                }
                // Without lessons, the shell speaks the language asked for when it has its words.
                let shipped = Catalog.shippedLanguages
                if let language = languageOption.language, !shipped.contains(language) {
                    throw CommandFailure("--lang \(language): the shell speaks \(shipped.joined(separator: ", "))")
                }
                options.language = Catalog.language(among: shipped, preferred: languageOption.language)
                let code = await CommandLoop.start(options: options)
                throw ExitCode(code)
            }
            let loaded = try packOptions.resolve(packSelection, language: languageOption.language)
            options.pack = loaded.pack
            options.language = loaded.language
        } catch let failure as CommandFailure {
            throw failure.exit()
        }
        let code = await CommandLoop.start(options: options)
        throw ExitCode(code)
    }
}

/// Options that change how output looks, shared by every subcommand.
struct DisplayOptions: ParsableArguments {
    @Flag(name: .customLong("no-color"), help: "Never colour the output (also: NO_COLOR set in the environment).")
    var noColor = false

    var colorChoice: ColorChoice { noColor ? .never : .auto }
}
