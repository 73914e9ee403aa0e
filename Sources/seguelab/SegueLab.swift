import ArgumentParser
import Shell

/// The `seguelab` command: with no subcommand it opens the shell; subcommands cover
/// the tasks that make sense without it. Each subcommand lives in its own file.
@main
struct SegueLab: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seguelab",
        abstract: "Learn iOS storyboard segues in the terminal, with live UIKit-compatible code.",
        subcommands: [CommandLineRun.self, StoryboardCommand.self, PackCommand.self, CommandLineLessons.self, CommandLineProgress.self,
                      AuthoringCommand.self]
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
        } catch {
            exit(withError: error)
        }
    }

    /// Which pack, language and starting point the shell opens (`resolve()` loads the pack).
    @OptionGroup var packOptions: PackOptions

    @OptionGroup(title: "Limits for the programs run from the shell") var limitOptions: LimitOptions

    @OptionGroup var timingOptions: TimingOptions

    mutating func run() async throws {
        var options = ShellOptions(color: display.colorChoice, lesson: packOptions.lesson, step: packOptions.step,
                                   limits: limitOptions.limits)
        options.showsTimings = timingOptions.timings
        do {
            if packOptions.noPack {
                guard packOptions.selection.pack == nil, packOptions.lesson == nil else {
                    throw CommandFailure("--no-pack cannot be combined with --pack or --lesson")
                }
                let code = await ShellSession.start(options: options)
                throw ExitCode(code)
            }
            let loaded = try packOptions.resolve()
            options.pack = loaded.pack
            options.language = loaded.language
        } catch let failure as CommandFailure {
            throw failure.exit()
        }
        let code = await ShellSession.start(options: options)
        throw ExitCode(code)
    }
}

/// Options that change how output looks, shared by every subcommand.
struct DisplayOptions: ParsableArguments {
    @Flag(name: .customLong("no-color"), help: "Never colour the output (also: NO_COLOR set in the environment).")
    var noColor = false

    var colorChoice: ColorChoice { noColor ? .never : .auto }
}
