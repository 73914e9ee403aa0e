import ArgumentParser
import Foundation
import LessonKit

/// `--pack`: which pack to use. Shared by the shell and by the commands that read a pack
/// without opening it (`lessons`, `progress`), each beside a `LanguageOption`. Groups are kept
/// side by side, never nested: a debug build of ArgumentParser validates a nested group again
/// for every validator of each group above it, and the nesting cost most of a tenth of a second
/// before the first prompt.
package struct PackSelection: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("pack"),
        help: ArgumentHelp(
            "A pack folder, a .zip/.tar.gz/.tgz archive, or the id of an installed pack (default: the built-in lessons).",
            valueName: "dir|archive|id"))
    package var pack: String?

    /// Loads the pack and picks the language (`LoadedPack.load`).
    package func load(
        language: String?, context: PackLocation.Context = PackLocation.Context(),
        steps: PackLoader.Steps = .now
    ) throws(CommandFailure) -> LoadedPack {
        try LoadedPack.load(pack, language: language, context: context, steps: steps)
    }
}

/// `--lang`. Its own type because ArgumentParser lets a subcommand reuse an option group the
/// root command already parsed (matched by type): `seguelab pack check --lang fr` and
/// `seguelab lessons --lang fr` see the value even though the root's group consumed it.
package struct LanguageOption: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("lang"),
        help: ArgumentHelp(
            "Language of the lessons, when the pack offers it (default: LANG/LC_ALL, else the pack's default; pack check: every language).",
            valueName: "lang"))
    package var language: String?
}

/// The shell's starting point in the pack that `PackSelection` names (a group beside it).
package struct PackOptions: ParsableArguments {
    package init() {}

    @Flag(
        name: .customLong("no-pack"),
        help: "Open the shell without lessons: a Swift playground with SegueKit (run, swift, storyboard).")
    package var noPack = false

    @Option(name: .customLong("lesson"), help: ArgumentHelp("Open this lesson (by id).", valueName: "id"))
    package var lesson: String?

    @Option(name: .customLong("step"), help: ArgumentHelp("Open this step (by id) of the lesson.", valueName: "id"))
    package var step: String?
}
