import ArgumentParser
import Shell

/// The `seguelab` command: with no subcommand it opens the shell; subcommands cover
/// the tasks that make sense without it. Each subcommand lives in its own file.
@main
struct SegueLab: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seguelab",
        abstract: "Learn iOS storyboard segues in the terminal, with live UIKit-compatible code.",
        subcommands: [RunCommand.self, StoryboardCommand.self]
    )

    @OptionGroup var display: DisplayOptions

    mutating func run() async throws {
        let code = await ShellSession.start(options: ShellOptions(color: display.colorChoice))
        throw ExitCode(code)
    }
}

/// Options that change how output looks, shared by every subcommand.
struct DisplayOptions: ParsableArguments {
    @Flag(name: .customLong("no-color"), help: "Never colour the output (also: NO_COLOR set in the environment).")
    var noColor = false

    var colorChoice: ColorChoice { noColor ? .never : .auto }
}
