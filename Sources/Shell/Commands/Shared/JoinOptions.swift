import ArgumentParser

/// `--join LINK --name NAME` on the shell.
package struct JoinOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("join"),
        help: ArgumentHelp("Join a workshop: send your progress to the instructor's dashboard.", valueName: "link"))
    package var join: String?

    @Option(
        name: .customLong("name"),
        help: ArgumentHelp("Your name on the workshop's dashboard (with --join).", valueName: "name"))
    package var name: String?
}
