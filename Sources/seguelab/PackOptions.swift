import ArgumentParser
import Foundation
import LessonKit

/// `--pack`: which pack to use. Shared by the shell and by the commands that read a pack
/// without opening it (`lessons`, `progress`), each beside a `LanguageOption`. Groups are kept
/// side by side, never nested: a debug build of ArgumentParser validates a nested group again
/// for every validator of each group above it, and the nesting cost most of a tenth of a second
/// before the first prompt.
struct PackSelection: ParsableArguments {
    @Option(name: .customLong("pack"),
            help: ArgumentHelp("A pack folder, a .zip/.tar.gz/.tgz archive, or the id of an installed pack (default: the built-in lessons).",
                               valueName: "dir|archive|id"))
    var pack: String?

    /// Finds the pack folder (extracting an archive into the cache when needed).
    func location(context: PackLocation.Context = PackLocation.Context()) throws -> PackLocation {
        try Self.locate(pack, context: context)
    }

    /// Resolves a `--pack` value, with its errors as command failures.
    static func locate(_ argument: String?, context: PackLocation.Context = PackLocation.Context()) throws -> PackLocation {
        do {
            return try PackLocation.resolve(argument, context: context)
        } catch let failure as PackLocation.Failure {
            throw CommandFailure(failure.description)
        } catch let failure as PackArchive.Failure {
            throw CommandFailure(failure.description)
        }
    }

    /// Loads the pack and picks the language (`--lang`, else the environment's or the pack's).
    /// A pack with errors is refused with every error printed as `file:line:col: error: message`;
    /// warnings are for authors (`pack check`).
    func load(language: String?, context: PackLocation.Context = PackLocation.Context(), steps: PackLoader.Steps = .now) throws -> LoadedPack {
        let location = try location(context: context)
        let result = steps == .now ? PackLoader.load(from: location.root, remembering: context.checkedPacks)
            : PackLoader.load(from: location.root, steps: steps)
        // A learner still gets the lessons that load; the broken ones are named (and marked in
        // the lesson list) so nobody mistakes them for missing.
        guard let pack = result.usablePack else {
            let errors = result.diagnostics.filter { $0.severity == .error }
            throw CommandFailure((errors.map(\.description) + ["the pack at \(location.root.path) has errors; `seguelab pack check` reports them all"])
                .joined(separator: "\n"))
        }
        if let language, !pack.manifest.languages.contains(language) {
            throw CommandFailure("--lang \(language): the pack '\(pack.id)' is written in \(pack.manifest.languages.joined(separator: ", "))")
        }
        for broken in pack.brokenLessons {
            let errors = broken.diagnostics.filter { $0.severity == .error }
            var message = "seguelab: warning: lesson '\(broken.id ?? broken.name)' (\(broken.language)) is left out: it has \(errors.count) error\(errors.count == 1 ? "" : "s")"
            if let first = errors.first { message += ", first \(first)" }
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
        return LoadedPack(location: location, pack: pack, language: pack.language(preferred: language))
    }
}

/// `--lang`. Its own type because ArgumentParser lets a subcommand reuse an option group the
/// root command already parsed (matched by type): `seguelab pack check --lang fr` and
/// `seguelab lessons --lang fr` see the value even though the root's group consumed it.
struct LanguageOption: ParsableArguments {
    @Option(name: .customLong("lang"),
            help: ArgumentHelp("Language of the lessons, when the pack offers it (default: LANG/LC_ALL, else the pack's default; pack check: every language).",
                               valueName: "lang"))
    var language: String?
}

/// A pack ready to teach from.
struct LoadedPack: Sendable {
    var location: PackLocation
    var pack: Pack
    var language: String
}

/// The shell's starting point in the pack that `PackSelection` names (a group beside it).
struct PackOptions: ParsableArguments {
    @Flag(name: .customLong("no-pack"), help: "Open the shell without lessons: a Swift playground with SegueKit (run, swift, storyboard).")
    var noPack = false

    @Option(name: .customLong("lesson"), help: ArgumentHelp("Open this lesson (by id).", valueName: "id"))
    var lesson: String?

    @Option(name: .customLong("step"), help: ArgumentHelp("Open this step (by id) of the lesson.", valueName: "id"))
    var step: String?

    /// The pack, its language, and the starting point checked against it.
    func resolve(_ selection: PackSelection, language: String?, context: PackLocation.Context = PackLocation.Context()) throws -> LoadedPack {
        let loaded = try selection.load(language: language, context: context)
        if let lesson, loaded.pack.lesson(id: lesson) == nil {
            throw CommandFailure("--lesson \(lesson): no such lesson in '\(loaded.pack.id)' (lessons: \(loaded.pack.lessons.map(\.id).joined(separator: ", ")))")
        }
        if let step {
            guard let lessonID = lesson else { throw CommandFailure("--step needs --lesson") }
            let steps = loaded.pack.lesson(id: lessonID)?.stepIDs ?? []
            if !steps.contains(step) {
                throw CommandFailure("--step \(step): no such step in lesson '\(lessonID)' (steps: \(steps.joined(separator: ", ")))")
            }
        }
        return loaded
    }
}

/// An error reported as `seguelab: error: …` lines on stderr, with exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }

    /// Prints the message and ends the command with status 1.
    func exit() -> ExitCode {
        for line in description.split(separator: "\n", omittingEmptySubsequences: false) {
            // A message that already says "error:" is not said twice ("seguelab: error: error: …").
            let bare = line.hasPrefix("error: ") ? line.dropFirst("error: ".count) : line
            let text = line.contains(": error: ") ? String(line) : "seguelab: error: \(bare)"
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
        return ExitCode.failure
    }
}

extension AsyncParsableCommand {
    /// Runs `body`, turning a `CommandFailure` into its message and exit status 1.
    func reportingFailures(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as CommandFailure {
            throw failure.exit()
        }
    }
}
