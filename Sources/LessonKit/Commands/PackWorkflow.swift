import Foundation
import Localization
import Playground
import SourceText

/// What `seguelab pack check`, `install`, `list` and `new` do, apart from reading their
/// arguments: everything they print goes through `print` (standard output) and `progress`
/// (standard error), and the code is run by the runner `makeRunner` makes, so each is tested
/// without starting the binary.
package struct PackWorkflow: Sendable {
    /// A runner for the pack's code, told how SegueKit's first build is going.
    package typealias RunnerMaker = @Sendable (@escaping @Sendable (BuildProgress) -> Void) throws -> any ProgramRunner

    package var context: PackLocation.Context
    package var print: @Sendable (String) -> Void
    package var progress: @Sendable (String) -> Void
    package var makeRunner: RunnerMaker
    /// What a learner is shown for a verdict: the shell gives its rendering, so that a listed
    /// answer showing the judge's internals anywhere on the learner's screen is refused.
    package var learnerView: LearnerView

    package init(
        context: PackLocation.Context = PackLocation.Context(),
        print: @escaping @Sendable (String) -> Void = { Swift.print($0) },
        progress: @escaping @Sendable (String) -> Void = StandardError.line,
        makeRunner: @escaping RunnerMaker = { try Playground(progress: $0) },
        learnerView: @escaping LearnerView = Verdict.ownWords
    ) {
        self.context = context
        self.print = print
        self.progress = progress
        self.makeRunner = makeRunner
        self.learnerView = learnerView
    }

    /// `pack check`: every problem as `file:line:col: severity: message`, then a summary.
    /// `language`: check the lessons as learners in it see them (else every language).
    /// `showsProgress`: a line per lesson on `progress`. Returns false when there is an error.
    /// `selection` (`--lesson ID [--step ID]`): run the code of those steps only (the whole pack
    /// is still read and validated).
    /// What earlier checks proved of steps whose inputs are unchanged is reused
    /// (`CheckedPacks.stepResults`), and the summary says how many; `reusesResults` false
    /// (`--no-cache`) proves every step again.
    package func check(
        _ argument: String, language: String?, staticOnly: Bool,
        showsProgress: Bool, selection: IncrementalCheck.Selection? = nil, reusesResults: Bool = true
    ) async throws(CommandFailure) -> Bool {
        let location = try LoadedPack.locate(argument, context: context)
        let loaded = PackChecker.checkStatically(at: location.root)
        var diagnostics = loaded.diagnostics
        for diagnostic in diagnostics { print(diagnostic.description) }
        guard let checked = loaded.pack else {
            print(summary(nil, diagnostics, note: "code not run: fix the errors first"))
            return false
        }
        let pack = try Self.restricted(checked, to: language)
        if let selection { try Self.validate(selection, in: pack) }
        var reused: String?
        if !staticOnly {
            let (runner, progress) = try runner(for: pack, showsProgress: showsProgress)
            let store = context.checkedPacks.stepResults(for: location.root, language: language)
            let report = await IncrementalCheck(
                runner: runner, store: store, reuse: reusesResults, learnerView: learnerView
            )
            .check(pack, selection: selection, progress: { progress.step($0) })
            for diagnostic in report.diagnostics { print(diagnostic.description) }
            diagnostics += report.diagnostics
            if report.kept > 0 {
                reused =
                    "\(Self.counted(report.kept, "step")) unchanged since the last check, their results reused; "
                    + "\(report.checked.count) checked now; --no-cache checks every step"
            }
        }
        let note =
            staticOnly
            ? "code not run: --static-only"
            : [selection.map { "code run for \($0.lesson)\($0.step.map { "/" + $0 } ?? "") only" }, reused]
                .compactMap { $0 }.joined(separator: "; ")
        print(summary(pack, diagnostics, note: note.isEmpty ? nil : note))
        return !diagnostics.hasErrors
    }

    /// The pack as learners in `language` see it (every language when nil).
    package static func restricted(_ pack: Pack, to language: String?) throws(CommandFailure) -> Pack {
        guard let language else { return pack }
        guard pack.manifest.languages.contains(language) else {
            throw CommandFailure(
                "--lang \(language): the pack '\(pack.id)' is written in "
                    + pack.manifest.languages.joined(separator: ", "))
        }
        var pack = pack
        pack.lessons = pack.lessons(in: language)
        pack.translations = [:]
        return pack
    }

    /// `--lesson ID [--step ID]` must name a lesson (and a step of it) of the pack.
    package static func validate(_ selection: IncrementalCheck.Selection, in pack: Pack) throws(CommandFailure) {
        guard let lesson = pack.lesson(id: selection.lesson) else {
            throw CommandFailure(
                "--lesson \(selection.lesson): the pack has no such lesson (its lessons: "
                    + pack.lessons.map(\.id).joined(separator: ", ") + ")")
        }
        if let step = selection.step, lesson.step(id: step) == nil {
            throw CommandFailure(
                "--step \(step): the lesson '\(lesson.id)' has no such step (its steps: "
                    + lesson.stepIDs.joined(separator: ", ") + ")")
        }
    }

    /// Runs every example and proves every exercise (what `--static-only` leaves out).
    package func checkDynamically(_ pack: Pack, showsProgress: Bool) async throws(CommandFailure) -> [Diagnostic] {
        let (runner, report) = try runner(for: pack, showsProgress: showsProgress)
        return await PackChecker.checkDynamically(
            pack, runner: runner, progress: { report.step($0) }, learnerView: learnerView)
    }

    /// The runner for the pack's code, with the progress lines it reports on.
    package func runner(for pack: Pack, showsProgress: Bool) throws(CommandFailure) -> (
        runner: any ProgramRunner, report: PackCheckProgress
    ) {
        let report = PackCheckProgress(
            enabled: showsProgress, labels: PackCheckProgress.labels(of: pack),
            write: progress)
        do {
            let runner = try makeRunner { event in
                // A log gets the start and the end of a SegueKit build, not its ticking clock.
                if case .elapsed = event { return }
                report.line(event.text(.english))
            }
            return (runner, report)
        } catch {
            throw CommandFailure("cannot run the pack's code: \(error)")
        }
    }

    /// `pack check: 2 lessons, 9 steps: 0 errors, 1 warning (note)`.
    package func summary(_ pack: Pack?, _ diagnostics: [Diagnostic], note: String?) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        var parts: [String] = []
        if let pack {
            let steps = pack.lessons.reduce(0) { $0 + $1.steps.count }
            parts.append("\(Self.counted(pack.lessons.count, "lesson")), \(Self.counted(steps, "step"))")
        }
        parts.append("\(Self.counted(errors, "error")), \(Self.counted(warnings, "warning"))")
        return "pack check: " + parts.joined(separator: ": ") + (note.map { " (\($0))" } ?? "")
    }

    /// `pack install`: checks the pack as `pack check` does (its code run unless `staticOnly`),
    /// then copies it where `--pack ID` finds it. A pack with errors is refused.
    package func install(_ source: String, staticOnly: Bool, showsProgress: Bool) async throws(CommandFailure) {
        guard FileManager.default.fileExists(atPath: source) else {
            throw CommandFailure("\(source): no such file or folder")
        }
        let location = try LoadedPack.locate(source, context: context)
        let loaded = PackChecker.checkStatically(at: location.root)
        for diagnostic in loaded.diagnostics { print(diagnostic.description) }
        guard let pack = loaded.pack else {
            throw CommandFailure("\(source): the pack has errors (above); not installed")
        }
        // The same proof as `pack check`: a learner must never meet an exercise that cannot pass.
        if staticOnly {
            print(
                "note: the pack's code was not run (--static-only): its examples, starters and solutions are "
                    + "unchecked; `seguelab pack check \(source)` runs them")
        } else {
            let dynamic = try await checkDynamically(pack, showsProgress: showsProgress)
            for diagnostic in dynamic { print(diagnostic.description) }
            if dynamic.hasErrors {
                throw CommandFailure("\(source): the pack's code fails its checks (above); not installed")
            }
        }
        let installed: PackInstaller.Installed
        do {
            installed = try PackInstaller.install(pack, from: location.root, into: context.installedPacks)
        } catch let refused as PackInstaller.Refused {
            throw CommandFailure(refused.description)
        } catch {
            throw CommandFailure("\(source): cannot install the pack: \(error.localizedDescription)")
        }
        let replacedNote = installed.replacedVersion.map { " (replacing version \($0))" } ?? ""
        print("Installed '\(pack.id)' \(pack.manifest.version)\(replacedNote) in \(installed.destination.path).")
        print("Open it with: seguelab --pack \(pack.id)")
        print(Self.trustNotice)
    }

    /// What installing a pack means for the learner's machine, said at every install.
    package static var trustNotice: String {
        """
        Note: a pack contains Swift code (examples, support files) that runs with your rights when you \
        open its lessons. Each program is stopped at its time, memory, output and file-size limits, and \
        every process it starts is ended with it; on this machine \(Playground.confinementSummary). The \
        limits do not stop a program from reading your files or using the network: install packs from \
        people you trust.
        """
    }

    /// `pack archive`: the pack folder as a reproducible `.tgz` (`ID-VERSION.tgz` unless
    /// `output` names the file), its SHA-256 printed. A pack with errors is refused; its code is
    /// not run (`pack check` does that).
    package func archive(_ folder: String, output: String?) throws(CommandFailure) -> URL {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("pack.yaml").path) else {
            throw CommandFailure("\(folder): not a pack folder (no pack.yaml)")
        }
        let loaded = PackChecker.checkStatically(at: root)
        for diagnostic in loaded.diagnostics { print(diagnostic.description) }
        guard let pack = loaded.pack else {
            throw CommandFailure("\(folder): the pack has errors (above); no archive written")
        }
        let destination = URL(
            fileURLWithPath: output ?? "\(pack.id)-\(pack.manifest.version).tgz"
        ).standardizedFileURL
        if destination.path.hasPrefix(root.path + "/") {
            throw CommandFailure("\(destination.path): write the archive outside the pack's folder")
        }
        let written: PackArchiveWriter.Written
        do {
            written = try PackArchiveWriter.write(root, id: pack.id, to: destination)
        } catch let failure as PackArchiveWriter.Failure {
            throw CommandFailure(failure.description)
        } catch {
            throw CommandFailure("\(destination.path): \(FileErrorWords.describe(error))")
        }
        print(
            "Wrote \(destination.path): '\(pack.id)' \(pack.manifest.version), "
                + "\(Self.counted(written.files, "file")), \(Self.counted(written.bytes, "byte"))")
        print("SHA-256: \(written.sha256)")
        print("Install it with: seguelab pack install \(destination.lastPathComponent)")
        return destination
    }

    /// `pack list`: the installed packs, by id, with their version and title.
    package func list() {
        let ids = PackLocation.installedIDs(context: context)
        guard !ids.isEmpty else {
            print(
                "No packs are installed in \(context.installedPacks.path); "
                    + "install one with: seguelab pack install ARCHIVE|DIR")
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

    /// `pack new`: a starter pack in `folder`, and what to do next.
    package func new(_ folder: String, id: String?, title: String?) throws(CommandFailure) {
        let url = URL(fileURLWithPath: folder).standardizedFileURL
        let written: [URL]
        do {
            written = try PackTemplate.write(to: url, id: id, title: title)
        } catch let failure as PackTemplate.Failure {
            throw CommandFailure(failure.description)
        } catch {
            throw CommandFailure("cannot write the pack in \(folder): \(FileErrorWords.describe(error))")
        }
        print("Created the pack '\(id ?? url.lastPathComponent)' in \(folder):")
        for file in written { print("  \(folder)/\(file.path.dropFirst(url.path.count + 1))") }
        print(
            """

            Next:
              seguelab pack check \(folder)       validate it and run all its code
              seguelab --pack \(folder)           take the lessons as a learner would
            Edit \(folder)/lessons/01-first-segue.md; `seguelab help authoring` prints the guide to the format.
            """)
    }

    /// `pack new DIR --lesson ID`: a lesson with one step of each kind added to the pack in
    /// `folder`, and what to do next.
    package func newLesson(_ id: String, in folder: String, title: String?) throws(CommandFailure) {
        let url = URL(fileURLWithPath: folder).standardizedFileURL
        guard FileManager.default.fileExists(atPath: url.appendingPathComponent(Manifest.fileName).path) else {
            throw CommandFailure(
                "\(folder): not a pack folder (no \(Manifest.fileName)); `seguelab pack new \(folder)` creates one")
        }
        let written: [URL]
        do {
            written = try PackTemplate.addLesson(id, to: url, title: title)
        } catch let failure as PackTemplate.Failure {
            throw CommandFailure(failure.description)
        } catch {
            throw CommandFailure("cannot add the lesson to \(folder): \(FileErrorWords.describe(error))")
        }
        print("Added the lesson '\(id)' to the pack in \(folder):")
        for file in written { print("  \(folder)/\(file.path.dropFirst(url.path.count + 1))") }
        print(
            """

            Next:
              seguelab pack check \(folder) --watch   check it again at each save
            """)
    }

    /// `1 lesson`, `3 lessons`, `0 errors`.
    package static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
