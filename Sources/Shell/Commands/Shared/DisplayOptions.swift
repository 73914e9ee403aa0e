import ArgumentParser

/// Options that change how output looks, shared by every subcommand.
package struct DisplayOptions: ParsableArguments {
    package init() {}

    @Flag(name: .customLong("no-color"), help: "Never colour the output (also: NO_COLOR set in the environment).")
    package var noColor = false

    package var colorChoice: ColorChoice { noColor ? .never : .auto }
}
