import ArgumentParser
import Foundation
import LessonKit
import SourceText

/// `seguelab pack …`: the author's and instructor's tools for lesson packs. Declared here, with
/// the other command-line declarations the executable lists, so that they parse in tests without it.
package struct PackCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Create, check and install lesson packs.",
        subcommands: [
            PackCheckCommand.self, PackNewCommand.self, PackInstallCommand.self, PackListCommand.self,
            PackArchiveCommand.self
        ]
    )

    package init() {}
}

/// `seguelab pack check DIR`: every problem as `file:line:col: severity: message`, then a summary.
package struct PackCheckCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a pack and run its code: examples run, starters fail, solutions pass.",
        discussion: """
            The static part reads the manifest, every lesson and translation, and their references. \
            The dynamic part runs every example and proves every exercise with the same judge \
            learners face. Exits with status 1 when there is an error; warnings do not fail.
            """
    )

    @Argument(
        help: ArgumentHelp("The pack folder (or an archive, or an installed pack's id).", valueName: "dir"),
        completion: .directory)
    var pack: String

    @Flag(name: .customLong("static-only"), help: "Only read and validate; run no code.")
    var staticOnly = false

    /// Checks the lessons as learners in this language see them.
    @OptionGroup var languageOption: LanguageOption

    @Flag(name: .shortAndLong, help: "Report each lesson as it is checked, even when stderr is not a terminal.")
    var verbose = false

    @Flag(
        help: """
            Check, then check again at each save under the pack's folder: only the steps whose text, \
            support code, storyboards or manifest changed run again; a compact status shows the steps \
            in error. Ctrl-C stops.
            """)
    var watch = false

    @Flag(
        name: .customLong("no-cache"),
        help: """
            Prove every step again, not reusing what earlier checks proved of steps whose text, \
            support code, storyboards and manifest are unchanged (the new results are still kept).
            """)
    var noCache = false

    /// `--lesson ID [--step ID]`: run the code of that lesson or step only. The root command's
    /// group, reused by type: the root consumes `--lesson` and `--step` wherever they are.
    @OptionGroup var packOptions: PackOptions
    var lesson: String? { packOptions.lesson }
    var step: String? { packOptions.step }

    package func validate() throws {
        if packOptions.noPack { throw ValidationError("--no-pack does not apply to pack check") }
        if step != nil, lesson == nil { throw ValidationError("--step needs --lesson") }
        if watch, staticOnly { throw ValidationError("--watch runs the pack's code: leave out --static-only") }
        if watch, lesson != nil { throw ValidationError("--watch checks the whole pack: leave out --lesson") }
    }

    package func run() async throws {
        if watch {
            let status = await PackCheckWatch.run(
                pack, language: languageOption.language, workflow: PackWorkflow(learnerView: VerdictPage.learnerView),
                clearsScreen: isatty(STDOUT_FILENO) == 1, reusesResults: !noCache)
            if status != 0 { throw ExitCode(status) }
            return
        }
        try await reportingFailures {
            let passed = try await PackWorkflow(learnerView: VerdictPage.learnerView).check(
                pack, language: languageOption.language, staticOnly: staticOnly,
                showsProgress: verbose || isatty(STDERR_FILENO) == 1,
                selection: lesson.map { IncrementalCheck.Selection(lesson: $0, step: step) },
                reusesResults: !noCache)
            if !passed { throw ExitCode.failure }
        }
    }

    package init() {}
}

/// `seguelab pack new DIR`: a starter pack to edit, with one lesson showing every step kind.
package struct PackNewCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a starter pack: a manifest, one lesson with every step kind, support code and a storyboard.",
        discussion:
            "With --lesson ID, add such a lesson (one step of each kind) to the existing pack in the folder instead."
    )

    @Argument(
        help: ArgumentHelp("The folder to create (must be new or empty).", valueName: "dir"), completion: .directory)
    var folder: String

    @Option(help: "The pack's id (default: the folder's name).")
    var id: String?

    @Option(help: "The pack's title (with --lesson: the lesson's).")
    var title: String?

    /// `--lesson ID`: add a lesson with this id, one step of each kind, to the existing pack in
    /// the folder (the root command's group, reused by type as `pack check` does).
    @OptionGroup var packOptions: PackOptions
    var lesson: String? { packOptions.lesson }

    package func run() throws {
        do {
            if let lesson {
                try PackWorkflow().newLesson(lesson, in: folder, title: title)
            } else {
                try PackWorkflow().new(folder, id: id, title: title)
            }
        } catch { throw error.exit() }
    }

    package init() {}
}

/// `seguelab pack install ARCHIVE|DIR`: checks a pack, then copies it where `--pack ID` finds it.
package struct PackInstallCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install a pack (folder or .zip/.tar.gz/.tgz archive) so that `--pack ID` finds it.",
        discussion:
            "Packs go to $XDG_DATA_HOME/seguelab/packs/ID (default ~/.local/share/seguelab/packs). The pack is checked as `pack check` does, its code run; a pack with errors is refused. Installing a pack again replaces it."
    )

    @Argument(help: ArgumentHelp("The pack folder or archive.", valueName: "archive|dir"), completion: .file())
    var source: String

    @Flag(
        name: .customLong("static-only"),
        help: "Only read and validate before installing; run no code (a solution that does not compile goes unnoticed)."
    )
    var staticOnly = false

    @Flag(name: .shortAndLong, help: "Report each lesson as it is checked, even when stderr is not a terminal.")
    var verbose = false

    package func run() async throws {
        try await reportingFailures {
            try await PackWorkflow(learnerView: VerdictPage.learnerView).install(
                source, staticOnly: staticOnly,
                showsProgress: verbose || isatty(STDERR_FILENO) == 1)
        }
    }

    package init() {}
}

/// `seguelab pack list`: the installed packs, by id.
package struct PackListCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the packs installed with `pack install` (open one with --pack ID)."
    )

    package func run() throws {
        PackWorkflow().list()
    }

    package init() {}
}

/// `seguelab pack archive DIR`: the pack as a reproducible `.tgz`, with its SHA-256.
package struct PackArchiveCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Write the pack as a reproducible .tgz (the same files give the same bytes) and print its SHA-256.",
        discussion:
            "Entries are sorted, times set to 0, owners to 0; hidden files are left out. The pack is read and validated first (its code is not run: `pack check` does that). `pack install` accepts the archive."
    )

    @Argument(help: ArgumentHelp("The pack folder.", valueName: "dir"), completion: .directory)
    var folder: String

    @Option(
        name: .shortAndLong, help: ArgumentHelp("The archive to write (default: ID-VERSION.tgz).", valueName: "file"))
    var output: String?

    package func run() throws {
        do { _ = try PackWorkflow().archive(folder, output: output) } catch { throw error.exit() }
    }

    package init() {}
}
