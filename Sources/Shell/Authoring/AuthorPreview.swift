import ArgumentParser
import Foundation
import LessonKit
import Localization

/// `seguelab --pack DIR --author`: the author's view of their own pack. Progress goes to a
/// throwaway folder (the learner's real progress is never read or written), `goto` reaches any
/// step, `show checks` and `show hidden` reveal what the current step judges with and hides,
/// and a pack whose files were saved is read again before the next command, the current step
/// kept when it still exists.
enum AuthorPreview {
    /// A new folder for this session's progress, under the temporary folder.
    static func throwawayProgressFolder() -> URL {
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
        var template = Array(base.appendingPathComponent("seguelab-author-XXXXXX").path.utf8CString)
        guard mkdtemp(&template) != nil else {
            return base.appendingPathComponent("seguelab-author-\(getpid())")
        }
        return URL(fileURLWithPath: String(cString: template))
    }

    /// Says what the preview is, and reloads the pack before each entry once its files change.
    static func begin(_ driver: LessonDriver) {
        let catalog = driver.catalog
        driver.output.line(driver.style.dim(catalog.text("author.banner", ["pack": driver.pack.id])))
        let fingerprints = CheckedPacks(directory: URL(fileURLWithPath: "/nonexistent"))
        var last = fingerprints.fingerprint(of: driver.pack.root)
        driver.context.beforeEntry = { [unowned driver] in
            let now = fingerprints.fingerprint(of: driver.pack.root)
            guard now != last else { return }
            last = now
            reload(driver)
        }
    }

    /// Reads the pack again: with errors, they are shown and the pack before stays.
    static func reload(_ driver: LessonDriver) {
        let catalog = driver.catalog
        let result = PackLoader.load(from: driver.pack.root)
        guard let pack = result.pack else {
            driver.output.warning(catalog.text("author.reload_errors"))
            for error in result.diagnostics.filter({ $0.severity == .error }).prefix(10) {
                driver.output.line("  \(error)")
            }
            return
        }
        let position = driver.session.position
        var progress = driver.session.progress
        _ = progress.reconcile(with: pack)
        driver.pack = pack
        driver.session = Session(pack: pack, progress: progress, language: driver.session.language)
        driver.output.line(
            driver.style.dim(catalog.text("author.reloaded", ["lessons": pack.lessons.count])))
        if let position, driver.session.position != position {
            if pack.lesson(id: position.lesson)?.step(id: position.step) != nil {
                _ = try? driver.session.goto(position.description)
            } else {
                driver.output.line(catalog.text("author.step_gone", ["step": position.description]))
            }
        }
    }

    static func commands(_ driver: LessonDriver) -> [ShellCommand] {
        [
            ShellCommand(ShowCommand.self) { context, command in
                guard let step = driver.session.currentStep, let ref = driver.session.position else {
                    context.fail(driver.catalog.text("step.none"))
                    return .readNext
                }
                switch command.what {
                case "checks": showChecks(of: step, ref: ref, driver: driver)
                case "hidden": showHidden(of: step, ref: ref, driver: driver)
                default: context.fail(driver.catalog.text("author.show_which"))
                }
                return .readNext
            }
        ]
    }

    static func showChecks(of step: Step, ref: StepRef, driver: LessonDriver) {
        let catalog = driver.catalog
        let output = driver.output
        output.line(
            driver.style.heading(catalog.text("author.checks", ["step": ref.description, "kind": step.kind.rawValue])))
        if step.checks.isEmpty {
            output.line("  " + catalog.text("author.no_checks"))
        }
        for (index, spec) in step.checks.enumerated() {
            output.line("  \(index + 1). \(spec.check.summary)  (\(spec.location))")
        }
        if let harness = step.code[.harness] {
            let lines = harness.code.split(separator: "\n").filter { $0.contains("lessonCheck") }
            if !lines.isEmpty {
                output.line("  " + catalog.text("author.harness_checks"))
                for line in lines { output.line("    " + line.trimmingCharacters(in: .whitespaces)) }
            }
        }
        let listed = [
            (catalog.text("author.wrong_answers"), step.wrongAnswers),
            (catalog.text("author.right_answers"), step.rightAnswers)
        ]
        for (title, answers) in listed where !answers.isEmpty {
            output.line("  " + title)
            for answer in answers { output.line("    - \(answer.label)") }
        }
        if let reference = step.referenceAnswer, step.code[.solution] == nil {
            output.line("  " + catalog.text("author.reference") + " " + reference)
        }
    }

    static func showHidden(of step: Step, ref: StepRef, driver: LessonDriver) {
        let catalog = driver.catalog
        let output = driver.output
        output.line(driver.style.heading(catalog.text("author.hidden", ["step": ref.description])))
        var shown = false
        let parts = [
            (catalog.text("author.prelude"), CodeRole.prelude), (catalog.text("author.harness"), .harness),
            (catalog.text("author.solution"), .solution)
        ]
        for (title, role) in parts {
            guard let block = step.code[role] else { continue }
            shown = true
            output.line(title + "  (\(block.location))")
            for line in block.code.split(separator: "\n", omittingEmptySubsequences: false) {
                output.line("  │ " + line)
            }
        }
        if step.code[.solution] == nil, let reference = step.referenceAnswer {
            shown = true
            output.line(catalog.text("author.reference") + " " + reference)
        }
        if !driver.pack.supportSources.isEmpty {
            shown = true
            output.line(
                catalog.text("author.support", ["list": driver.pack.supportSources.map(\.name).joined(separator: ", ")])
            )
        }
        if !shown { output.line(catalog.text("author.nothing_hidden")) }
    }
}

/// `show checks|hidden`, in the author preview only.
struct ShowCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Author preview: the current step's checks, or its hidden code and reference answer.",
        usage: "show checks|hidden")

    @Argument(help: ArgumentHelp(valueName: "what"), completion: .list(["checks", "hidden"]))
    var what: String?
}
