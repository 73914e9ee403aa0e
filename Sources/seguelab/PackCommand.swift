import ArgumentParser
import Foundation
import LessonKit
import Localization
import Playground
import Shell
import SourceText

/// `seguelab pack …`: the author's and instructor's tools for lesson packs.
struct PackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Create, check and install lesson packs.",
        subcommands: [PackCheckCommand.self, PackNewCommand.self, PackInstallCommand.self, PackListCommand.self]
    )
}

/// `seguelab pack check DIR`: every problem as `file:line:col: severity: message`, then a summary.
struct PackCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a pack and run its code: examples run, starters fail, solutions pass.",
        discussion: """
        The static part reads the manifest, every lesson and translation, and their references. \
        The dynamic part runs every example and proves every exercise with the same judge \
        learners face. Exits with status 1 when there is an error; warnings do not fail.
        """
    )

    @Argument(help: ArgumentHelp("The pack folder (or an archive, or an installed pack's id).", valueName: "dir"),
              completion: .directory)
    var pack: String

    @Flag(name: .customLong("static-only"), help: "Only read and validate; run no code.")
    var staticOnly = false

    /// Checks the lessons as learners in this language see them.
    @OptionGroup var languageOption: LanguageOption

    @Flag(name: .shortAndLong, help: "Report each lesson as it is checked, even when stderr is not a terminal.")
    var verbose = false

    func run() async throws {
        try await reportingFailures {
            let location = try PackSelection.locate(pack)
            let loaded = PackChecker.checkStatically(at: location.root)
            var diagnostics = loaded.diagnostics
            for diagnostic in diagnostics { print(diagnostic) }
            guard var pack = loaded.pack else {
                printSummary(nil, diagnostics, note: "code not run: fix the errors first")
                throw ExitCode.failure
            }
            if let language = languageOption.language {
                guard pack.manifest.languages.contains(language) else {
                    throw CommandFailure("--lang \(language): the pack '\(pack.id)' is written in \(pack.manifest.languages.joined(separator: ", "))")
                }
                pack.lessons = pack.lessons(in: language)
                pack.translations = [:]
            }
            if !staticOnly {
                let dynamic = try await Self.checkDynamically(pack, verbose: verbose)
                for diagnostic in dynamic { print(diagnostic) }
                diagnostics += dynamic
            }
            printSummary(pack, diagnostics, note: staticOnly ? "code not run: --static-only" : nil)
            if diagnostics.hasErrors { throw ExitCode.failure }
        }
    }

    /// Runs every example and proves every exercise (what `--static-only` leaves out).
    static func checkDynamically(_ pack: Pack, verbose: Bool) async throws -> [Diagnostic] {
        // Lessons in the order PackChecker checks them: the default language, then each translation.
        var labels = pack.lessons.map(\.id)
        for language in pack.translations.keys.sorted() {
            labels += pack.lessons.filter { pack.translations[language]?[$0.id] != nil }.map { "\($0.id) [\(language)]" }
        }
        let report = ProgressReporter(enabled: verbose || isatty(STDERR_FILENO) == 1, labels: labels)
        let playground: Playground
        do {
            playground = try Playground(progress: { event in
                // A log gets the start and the end of a SegueKit build, not its ticking clock.
                if case .elapsed = event { return }
                report.line(event.text(.english))
            })
        } catch {
            throw CommandFailure("cannot run the pack's code: \(error)")
        }
        return await PackChecker.checkDynamically(pack, runner: playground,
                                                  progress: { report.step($0) })
    }

    private func printSummary(_ pack: Pack?, _ diagnostics: [Diagnostic], note: String?) {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        var parts: [String] = []
        if let pack {
            let steps = pack.lessons.reduce(0) { $0 + $1.steps.count }
            parts.append("\(counted(pack.lessons.count, "lesson")), \(counted(steps, "step"))")
        }
        parts.append("\(counted(errors, "error")), \(counted(warnings, "warning"))")
        print("pack check: " + parts.joined(separator: ": ") + (note.map { " (\($0))" } ?? ""))
    }
}

/// One stderr line per lesson as `pack check` reaches it.
final class ProgressReporter: @unchecked Sendable {
    private let enabled: Bool
    private let labels: [String]
    private let lock = NSLock()
    private var lastLesson: String?
    private var lessonsSeen = 0

    init(enabled: Bool, labels: [String]) {
        self.enabled = enabled
        self.labels = labels
    }

    func step(_ ref: StepRef) {
        lock.lock()
        defer { lock.unlock() }
        guard ref.lesson != lastLesson else { return }
        lastLesson = ref.lesson
        lessonsSeen += 1
        let label = lessonsSeen <= labels.count ? labels[lessonsSeen - 1] : ref.lesson
        if enabled { write("checking lesson \(label) (\(lessonsSeen)/\(labels.count))…") }
    }

    func line(_ text: String) {
        if enabled { write(text) }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// `seguelab pack new DIR`: a starter pack to edit, with one lesson showing every step kind.
struct PackNewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a starter pack: a manifest, one lesson with every step kind, support code and a storyboard."
    )

    @Argument(help: ArgumentHelp("The folder to create (must be new or empty).", valueName: "dir"), completion: .directory)
    var folder: String

    @Option(help: "The pack's id (default: the folder's name).")
    var id: String?

    @Option(help: "The pack's title.")
    var title: String?

    func run() throws {
        let url = URL(fileURLWithPath: folder).standardizedFileURL
        let written: [URL]
        do {
            written = try PackTemplate.write(to: url, id: id, title: title)
        } catch let failure as PackTemplate.Failure {
            throw CommandFailure(failure.description).exit()
        } catch {
            throw CommandFailure("cannot write the pack in \(folder): \(FileErrorWords.describe(error))").exit()
        }
        print("Created the pack '\(id ?? url.lastPathComponent)' in \(folder):")
        for file in written { print("  \(folder)/\(file.path.dropFirst(url.path.count + 1))") }
        print("""

        Next:
          seguelab pack check \(folder)       validate it and run all its code
          seguelab --pack \(folder)           take the lessons as a learner would
        Edit \(folder)/lessons/01-first-segue.md; `seguelab help authoring` prints the guide to the format.
        """)
    }
}

/// What installing a pack means for the learner's machine, said at every install.
enum PackTrust {
    static var notice: String {
        """
        Note: a pack contains Swift code (examples, support files) that runs with your rights when you \
        open its lessons. Each program is stopped at its time, memory, output and file-size limits, and \
        every process it starts is ended with it; on this machine \(Playground.confinementSummary). The \
        limits do not stop a program from reading your files or using the network: install packs from \
        people you trust.
        """
    }
}

/// `seguelab pack install ARCHIVE|DIR`: checks a pack, then copies it where `--pack ID` finds it.
struct PackInstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install a pack (folder or .zip/.tar.gz/.tgz archive) so that `--pack ID` finds it.",
        discussion: "Packs go to $XDG_DATA_HOME/seguelab/packs/ID (default ~/.local/share/seguelab/packs). The pack is checked as `pack check` does, its code run; a pack with errors is refused. Installing a pack again replaces it."
    )

    @Argument(help: ArgumentHelp("The pack folder or archive.", valueName: "archive|dir"), completion: .file())
    var source: String

    @Flag(name: .customLong("static-only"), help: "Only read and validate before installing; run no code (a solution that does not compile goes unnoticed).")
    var staticOnly = false

    @Flag(name: .shortAndLong, help: "Report each lesson as it is checked, even when stderr is not a terminal.")
    var verbose = false

    func run() async throws {
        try await reportingFailures {
            let fileManager = FileManager.default
            guard fileManager.fileExists(atPath: source) else { throw CommandFailure("\(source): no such file or folder") }
            let location = try PackSelection.locate(source)
            let loaded = PackChecker.checkStatically(at: location.root)
            for diagnostic in loaded.diagnostics { print(diagnostic) }
            guard let pack = loaded.pack else {
                throw CommandFailure("\(source): the pack has errors (above); not installed")
            }
            // The same proof as `pack check`: a learner must never meet an exercise that cannot pass.
            if staticOnly {
                print("note: the pack's code was not run (--static-only): its examples, starters and solutions are unchecked; `seguelab pack check \(source)` runs them")
            } else {
                let dynamic = try await PackCheckCommand.checkDynamically(pack, verbose: verbose)
                for diagnostic in dynamic { print(diagnostic) }
                if dynamic.hasErrors {
                    throw CommandFailure("\(source): the pack's code fails its checks (above); not installed")
                }
            }
            let installed: PackInstaller.Installed
            do {
                installed = try PackInstaller.install(pack, from: location.root, into: PackLocation.Context().installedPacks)
            } catch let refused as PackInstaller.Refused {
                throw CommandFailure(refused.description)
            }
            let destination = installed.destination
            let replacedNote = installed.replacedVersion.map { " (replacing version \($0))" } ?? ""
            print("Installed '\(pack.id)' \(pack.manifest.version)\(replacedNote) in \(destination.path).")
            print("Open it with: seguelab --pack \(pack.id)")
            print(PackTrust.notice)
        }
    }
}

/// `seguelab pack list`: the installed packs, by id.
struct PackListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the packs installed with `pack install` (open one with --pack ID)."
    )

    func run() throws {
        let context = PackLocation.Context()
        let ids = PackLocation.installedIDs(context: context)
        guard !ids.isEmpty else {
            print("No packs are installed in \(context.installedPacks.path); install one with: seguelab pack install ARCHIVE|DIR")
            return
        }
        let width = ids.map(\.count).max() ?? 0
        for id in ids {
            let root = context.installedPacks.appendingPathComponent(id, isDirectory: true)
            let padded = id + String(repeating: " ", count: width - id.count)
            if let pack = PackLoader.load(from: root).pack {
                print("\(padded)  \(pack.manifest.version)  \(pack.manifest.title)")
            } else {
                print("\(padded)  (has errors: seguelab pack check \(root.path))")
            }
        }
    }
}

/// `1 lesson`, `3 lessons`, `0 errors`.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
