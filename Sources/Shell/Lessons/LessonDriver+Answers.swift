import Foundation
import LessonKit
import Localization
import Playground

extension LessonDriver {
    // MARK: - Answering

    /// An answer typed for the current step: choice letters, text, a prediction or Swift code.
    func answer(_ raw: String) async {
        guard let step = session.currentStep else {
            context.fail(catalog.text("answer.no_lesson"))
            return
        }
        let answer: Answer
        switch step.read(raw) {
        case .nothingAsked:
            context.fail(catalog.text(step.kind.runsCode ? "answer.none.example" : "answer.none"))
            return
        case .notAChoice(let last, let several):
            context.fail(catalog.text(several ? "answer.letters" : "answer.letter", ["last": last]))
            return
        case .answer(let read):
            answer = read
        }
        await judge(answer, learnerCode: answer.codeText)
    }

    /// Judges the current draft (exercise and compiler steps).
    func check() async {
        guard let step = session.currentStep else {
            context.fail(catalog.text("no_lesson"))
            return
        }
        guard step.kind.judgesDraft else {
            context.fail(catalog.text(step.kind.needsAnswer ? "check.not_code" : "check.nothing"))
            return
        }
        syncWorkspace()
        let code = session.draft ?? ""
        await judge(.code(code), learnerCode: code)
    }

    private func judge(_ answer: Answer, learnerCode: String?) async {
        let snapshot = session
        let runner = self.runner
        let judged = await Interruptible.value(
            of: {
                var working = snapshot
                let verdict = try await working.submit(answer, runner: runner)
                return (verdict, working)
            },
            // A run cut short says nothing about the answer: it is not judged, not counted.
            keepsPartial: false,
            interrupted: { _ in
                output.line(style.warning(catalog.text("judge.interrupted")))
                context.interruptedRun()
            },
            failed: { context.fail(catalog.text("judge.failed", ["error": "\($0)"])) })
        guard case (let verdict, let updated)? = judged else { return }
        session = updated
        save()
        if verdict.status != .error {
            tellWorkshop(verdict.passed ? .right : .wrong, verdict: verdict, code: learnerCode)
        }
        show(verdict, learnerCode: learnerCode)
    }

    /// The verdict, paged on a terminal with its verdict line shown again when the learner stops
    /// the pager before it; a verdict that is an error is reported once the page is done.
    func show(_ verdict: Verdict, learnerCode: String?) {
        var error: String?
        context.paged { error = showPage(verdict, learnerCode: learnerCode) }
        if let error { context.fail(error) }
    }

    private func showPage(_ verdict: Verdict, learnerCode: String?) -> String? {
        let ref = session.position
        let page = VerdictPage(style: style, catalog: catalog, columns: output.columns, width: width)
        return page.show(
            verdict, step: session.currentStep, learnerCode: learnerCode,
            // A step once passed stays passed: a later wrong answer is explained, never "try again".
            stillPassed: ref.map { session.stepProgress($0).status == .passed } ?? false,
            hintsUsed: ref.map { session.stepProgress($0).hintsUsed } ?? 0, on: output)
    }

    // MARK: - Running

    /// Runs the example, or the learner's draft, and shows what it did.
    func runCurrent(device: DeviceIdiom? = nil) async {
        syncWorkspace()
        let snapshot = session
        let runner = self.runner
        let code = session.currentStep?.kind.runsExample == true ? session.currentStep?.code(.example) : session.draft
        let renderer = RunRenderer(style: style, width: output.columns, catalog: catalog)
        let shown = await ShownRun.run(
            in: context, interrupted: catalog.text("run.interrupted"), failed: describe,
            closing: { renderer.closingCount($0) }, { try await snapshot.run(device: device, runner: runner) }
        ) { result in
            let lines = renderer.lines(result, output: result.learnerStdout, source: { _ in code })
            return lines.isEmpty ? [style.dim(catalog.text("run.nothing"))] : lines
        }
        // Enter moves past an example once it has run (`advancesOnEnter`).
        if shown != nil, let ref = snapshot.position { examplesRun.insert(ref) }
    }

    // MARK: - Help

    func hint() {
        guard let step = session.currentStep else {
            context.fail(catalog.text("no_lesson"))
            return
        }
        guard !nextHintHeldBack(step) else { return }
        guard let reveal = session.hint() else {
            context.fail(catalog.text(step.kind.needsAnswer ? "hint.none" : "hint.no_answer"))
            return
        }
        save()
        tellWorkshop(.hint)
        // The hint is wrapped beside its label, continuing under the hint's first word.
        let label = catalog.text("hint.label", ["number": reveal.number, "total": reveal.total])
        let text = MarkdownText(style: style, width: max(20, width - label.count)).render(reveal.text)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : String(repeating: " ", count: label.count) + $0 }
            .joined(separator: "\n")
        output.line(style.heading(label) + text.dropFirst(label.count))
        if reveal.isLast { output.line(style.dim(catalog.text("hint.last"))) }
    }

    func solution(confirmed: Bool) {
        guard let step = session.currentStep, step.kind.needsAnswer else {
            context.fail(catalog.text("solution.none"))
            return
        }
        guard !solutionsHeldBack() else { return }
        guard confirmed || context.confirm(catalog.text("solution.confirm")) else {
            output.line(catalog.text("solution.not_shown"))
            return
        }
        guard let reveal = session.revealSolution() else { return }
        save()
        tellWorkshop(.solution)
        let markdown = MarkdownText(style: style, width: width, breaksCode: output.columns != nil)
        context.paged {
            output.line(style.heading(catalog.text("solution.heading")))
            if let code = reveal.code { showCode(code) }
            if let answer = reveal.answer { output.line("  " + answer) }
            if let explanation = reveal.explanation { output.line(markdown.render(explanation)) }
        }
        // An exercise is judged on the draft: without this the draft keeps the starter and
        // `check` goes on failing.
        if let code = reveal.code, step.kind.judgesDraft, session.draft != code {
            if context.confirm(catalog.text("solution.fill.confirm")) {
                saveDraft(code)
                output.line(catalog.text("solution.fill.done"))
            } else {
                output.line(style.dim(catalog.text("solution.fill.declined")))
            }
        }
    }

    func skip() {
        let step = session.currentStep
        let status = session.position.map { session.stepProgress($0).status }
        if let ref = session.position, step?.kind.needsAnswer == true { tellWorkshop(.skip, step: ref) }
        // Show what was filled in: the next steps build on this code (unless a workshop's
        // instructor holds solutions back: then nothing is filled in either).
        let holding =
            step?.referenceAnswer != nil && status != .passed && context.workshop?.pacing.solutionsHeld == true
        let move = session.skip(revealing: !holding)
        // The reference and the next step are one text, paged together: the step's heading
        // never scrolls past with the reference above it.
        context.paged(stopped: catalog.text("paging.stopped")) {
            if holding, skipRevealHeldBack() {
            } else if let step, step.kind.answersWithCode, status != .passed, let reference = step.referenceAnswer {
                output.line(style.dim(catalog.text("skip.code")))
                showCode(reference)
            } else if let step, step.kind.needsAnswer, status != .passed, let reference = step.referenceAnswer {
                output.line(style.dim(catalog.text("skip.answer")) + reference)
            }
            apply(move)
        }
    }

    func restart(lesson: String?, confirmed: Bool) {
        let question =
            lesson.map { catalog.text("restart.lesson.confirm", ["lesson": $0]) }
            ?? catalog.text("restart.pack.confirm")
        guard confirmed || context.confirm(question) else {
            output.line(catalog.text("restart.declined"))
            return
        }
        do {
            let (backup, move) = try session.restart(lesson: lesson)
            do {
                let url = try store.saveBackup(backup, for: pack)
                output.line(style.dim(catalog.text("restart.backed_up", ["path": url.path])))
            } catch {
                output.warning(catalog.text("restart.backup_failed", ["error": error.localizedDescription]))
            }
            apply(move)
        } catch {
            context.fail(describe(error))
        }
    }

    // MARK: - Drafts

    /// False when the draft is only in memory (saving failed; the learner is told).
    @discardableResult
    func saveDraft(_ code: String) -> Bool {
        session.saveDraft(code)
        if save() { return true }
        if let ref = session.position { unsavedDrafts[ref] = code }
        output.warning(catalog.text("draft.unsaved", ["path": store.fileURL(for: pack).path, "error": lastSaveFailure]))
        return false
    }
}

extension Answer {
    var codeText: String? {
        if case .code(let code) = self { return code }
        return nil
    }
}
