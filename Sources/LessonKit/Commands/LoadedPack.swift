import Foundation

/// A pack ready to teach from: where it is, the pack, and the language chosen for it. How
/// `--pack` and `--lang` become one, for the shell and the commands that read a pack without
/// opening it (`lessons`, `progress`).
package struct LoadedPack: Sendable {
    package var location: PackLocation
    package var pack: Pack
    package var language: String

    /// Resolves a `--pack` value (nil: the built-in lessons), with its errors as command failures.
    package static func locate(_ argument: String?, context: PackLocation.Context = PackLocation.Context())
        throws(CommandFailure) -> PackLocation
    {
        do {
            return try PackLocation.resolve(argument, context: context)
        } catch let failure as PackLocation.Failure {
            throw CommandFailure(failure.description)
        } catch let failure as PackArchive.Failure {
            throw CommandFailure(failure.description)
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// Loads the pack and picks the language (`language`, else the environment's or the pack's).
    /// A pack with errors is refused with every error printed as `file:line:col: error: message`;
    /// warnings are for authors (`pack check`). A lesson left out for its errors is named
    /// through `warn`, so nobody mistakes it for missing.
    package static func load(
        _ argument: String?, language: String?,
        context: PackLocation.Context = PackLocation.Context(),
        steps: PackLoader.Steps = .now,
        warn: (String) -> Void = StandardError.line
    ) throws(CommandFailure) -> LoadedPack {
        let location = try locate(argument, context: context)
        let result =
            steps == .now
            ? PackLoader.load(from: location.root, remembering: context.checkedPacks)
            : PackLoader.load(from: location.root, steps: steps)
        // A learner still gets the lessons that load; the broken ones are named (and marked in
        // the lesson list).
        guard let pack = result.usablePack else {
            let errors = result.diagnostics.filter { $0.severity == .error }
            let advice = "the pack at \(location.root.path) has errors; `seguelab pack check` reports them all"
            throw CommandFailure((errors.map(\.description) + [advice]).joined(separator: "\n"))
        }
        if let language, !pack.manifest.languages.contains(language) {
            throw CommandFailure(
                "--lang \(language): the pack '\(pack.id)' is written in "
                    + pack.manifest.languages.joined(separator: ", "))
        }
        for broken in pack.brokenLessons {
            let errors = broken.diagnostics.filter { $0.severity == .error }
            var message =
                "seguelab: warning: lesson '\(broken.id ?? broken.name)' (\(broken.language)) is left out: "
                + "it has \(errors.count) error\(errors.count == 1 ? "" : "s")"
            if let first = errors.first { message += ", first \(first)" }
            warn(message)
        }
        return LoadedPack(location: location, pack: pack, language: pack.language(preferred: language))
    }

    /// Refuses a starting point (`--lesson`, `--step`) the pack does not have.
    package func checkStart(lesson: String?, step: String?) throws(CommandFailure) {
        if let lesson, pack.lesson(id: lesson) == nil {
            throw CommandFailure(
                "--lesson \(lesson): no such lesson in '\(pack.id)' (lessons: "
                    + pack.lessons.map(\.id).joined(separator: ", ") + ")")
        }
        if let step {
            guard let lessonID = lesson else { throw CommandFailure("--step needs --lesson") }
            let steps = pack.lesson(id: lessonID)?.stepIDs ?? []
            if !steps.contains(step) {
                throw CommandFailure(
                    "--step \(step): no such step in lesson '\(lessonID)' (steps: "
                        + steps.joined(separator: ", ") + ")")
            }
        }
    }
}
