import Foundation
import LessonKit

extension LessonDriver {
    // MARK: - Answering

    /// An answer typed for the current step: choice letters, text, a prediction or Swift code.
    func answer(_ raw: String) async {
        guard let step = session.currentStep else {
            context.fail("no lesson started yet: `lessons` lists them, `start ID` begins one")
            return
        }
        let answer: Answer
        switch step.kind {
        case .prose, .example:
            context.fail("this step asks for no answer; type `next` to continue" + (step.kind == .example ? " or `run` to run the example" : ""))
            return
        case .choice:
            guard let indices = Answer.parseChoices(raw, count: step.choices.count) else {
                let last = Choice.label(for: step.choices.count - 1)
                context.fail("answer with a letter from a to \(last)" + (step.multipleAnswers ? " (several: `a, c`)" : ""))
                return
            }
            answer = .choices(indices)
        case .text, .predict:
            answer = .text(raw)
        case .prompt, .exercise, .compiler:
            answer = .code(raw)
        }
        await judge(answer, learnerCode: answer.codeText)
    }

    /// Judges the current draft (exercise and compiler steps).
    func check() async {
        guard let step = session.currentStep else {
            context.fail("no lesson started yet")
            return
        }
        guard step.kind == .exercise || step.kind == .compiler else {
            context.fail(step.kind.needsAnswer
                ? "type your answer at the prompt; `check` is for code exercises"
                : "this step has nothing to check; type `next` to continue")
            return
        }
        let code = session.draft ?? ""
        await judge(.code(code), learnerCode: code)
    }

    private func judge(_ answer: Answer, learnerCode: String?) async {
        let snapshot = session
        let runner = self.runner
        let outcome = await Interruptible.run {
            var working = snapshot
            let verdict = try await working.submit(answer, runner: runner)
            return (verdict, working)
        }
        switch outcome {
        case .interrupted:
            // A run cut short says nothing about the answer: it is not judged, not counted.
            output.line(style.warning("Interrupted; the answer was not judged."))
            context.interruptedRun()
        case .failed(let error):
            context.fail("could not judge the answer: \(error)")
        case .finished(let (verdict, updated)):
            session = updated
            save()
            if verdict.status != .error { tellWorkshop(verdict.passed ? .right : .wrong, verdict: verdict, code: learnerCode) }
            show(verdict, learnerCode: learnerCode)
        }
    }

    func show(_ verdict: Verdict, learnerCode: String?) {
        let renderer = RunRenderer(style: style)
        let markdown = MarkdownText(style: style, width: width)
        switch verdict.status {
        case .pass:
            if let run = verdict.run { renderer.lines(run, output: run.learnerStdout, source: { _ in learnerCode }).forEach(output.line) }
            output.line(style.success("✔ Correct."))
            verdict.feedback.forEach { output.line(markdown.render($0)) }
            output.line(style.dim("Type `next` to continue."))
        case .fail:
            // A wrong prediction is told where it differs, not shown the output it should predict.
            let revealsAnswer = session.currentStep?.kind == .predict
            let failure = verdict.firstFailure.map { $0.message.isEmpty ? $0.summary : $0.message }
            if let run = verdict.run, !revealsAnswer {
                // A verdict about the crash quotes it: the crash line would say it twice.
                let verdictQuotesCrash = run.crash.map { !$0.message.isEmpty && failure?.contains($0.message) == true } ?? false
                renderer.lines(run, output: run.learnerStdout, source: { _ in learnerCode }, showsEnding: !verdictQuotesCrash)
                    .forEach(output.line)
            }
            output.line(style.failure("✘ Not yet") + (failure.map { ": " + $0 } ?? "."))
            // Feedback often restates the failure (a wrong choice's own explanation): say it once.
            verdict.feedback.filter { $0 != failure }.forEach { output.line(markdown.render($0)) }
            let ref = session.position
            let used = ref.map { session.stepProgress($0).hintsUsed } ?? 0
            let total = session.currentStep?.hints.count ?? 0
            output.line(style.dim(used < total ? "Try again, or type `hint` (\(total - used) left)."
                : revealsAnswer ? "Try again; `run` shows what it prints, `solution` the answer, `skip` moves on."
                : "Try again; `solution` shows the answer, `skip` moves on."))
        case .error:
            if let run = verdict.run { renderer.lines(run, output: run.learnerStdout, source: { _ in learnerCode }).forEach(output.line) }
            context.fail("the answer could not be judged: " + (verdict.firstFailure?.message ?? "no check applied") + " (this is a problem in the lesson, not in your answer)")
        }
    }

    // MARK: - Running

    /// Runs the example, or the learner's draft, and shows what it did.
    func runCurrent() async {
        let snapshot = session
        let runner = self.runner
        let outcome = await Interruptible.run { try await snapshot.run(runner: runner) }
        switch outcome {
        case .interrupted(nil):
            output.line(style.warning("Interrupted."))
            context.interruptedRun()
        case .failed(let error):
            context.fail("\(error)")
        case .finished(let result), .interrupted(let result?):
            if case .interrupted = outcome { context.interruptedRun() }
            let code = session.currentStep?.kind == .example || session.currentStep?.kind == .predict
                ? session.currentStep?.code(.example) : session.draft
            let lines = RunRenderer(style: style).lines(result, output: result.learnerStdout, source: { _ in code })
            lines.forEach(output.line)
            if lines.isEmpty { output.line(style.dim("(The program printed nothing and navigated nowhere.)")) }
        }
    }

    // MARK: - Help

    func hint() {
        guard let step = session.currentStep else { context.fail("no lesson started yet"); return }
        guard let reveal = session.hint() else {
            context.fail(step.kind.needsAnswer ? "this step has no hints; `solution` shows the answer" : "this step asks for no answer")
            return
        }
        save()
        tellWorkshop(.hint)
        let markdown = MarkdownText(style: style, width: width)
        output.line(style.heading("Hint \(reveal.number)/\(reveal.total): ") + markdown.render(reveal.text))
        if reveal.isLast { output.line(style.dim("That was the last hint; `solution` shows the answer.")) }
    }

    func solution(confirmed: Bool) {
        guard let step = session.currentStep, step.kind.needsAnswer else {
            context.fail("this step has no answer to show")
            return
        }
        guard !solutionsHeldBack() else { return }
        guard confirmed || context.confirm("Show the solution? It is recorded in your progress. [y/N] ") else {
            output.line("Not shown.")
            return
        }
        guard let reveal = session.revealSolution() else { return }
        save()
        tellWorkshop(.solution)
        let markdown = MarkdownText(style: style, width: width)
        output.line(style.heading("Solution:"))
        if let code = reveal.code { showCode(code) }
        if let answer = reveal.answer { output.line("  " + answer) }
        if let explanation = reveal.explanation { output.line(markdown.render(explanation)) }
        // An exercise is judged on the draft: without this the draft keeps the starter and
        // `check` goes on failing.
        if let code = reveal.code, [.exercise, .compiler].contains(step.kind), session.draft != code {
            if context.confirm("Put the solution in your draft (replacing it), so `check` passes? [y/N] ") {
                saveDraft(code)
                output.line("Your draft is now the solution. Type `check` to finish the step, or `edit` to try your own way.")
            } else {
                output.line(style.dim("Your draft is unchanged. `edit` it (or paste your code), then `check`; `skip` moves on with the solution filled in."))
            }
        }
    }

    func skip() {
        let step = session.currentStep
        let status = session.position.map { session.stepProgress($0).status }
        if let ref = session.position, step?.kind.needsAnswer == true { tellWorkshop(.skip, step: ref) }
        let move = session.skip()
        // Show what was filled in: the next steps build on this code.
        if let step, [.exercise, .compiler, .prompt].contains(step.kind), status != .passed, let reference = step.referenceAnswer {
            output.line(style.dim("Skipped; the reference code was filled in so later steps build on working code:"))
            showCode(reference)
        } else if let step, step.kind.needsAnswer, status != .passed, let reference = step.referenceAnswer {
            output.line(style.dim("Skipped; the answer was: ") + reference)
        }
        apply(move)
    }

    func restart(lesson: String?, confirmed: Bool) {
        let what = lesson.map { "lesson '\($0)'" } ?? "the whole pack"
        guard confirmed || context.confirm("Restart \(what)? Your progress is backed up first. [y/N] ") else {
            output.line("Nothing changed.")
            return
        }
        do {
            let (backup, move) = try session.restart(lesson: lesson)
            do {
                let url = try store.saveBackup(backup, for: pack)
                output.line(style.dim("Previous progress backed up to \(url.path)."))
            } catch {
                output.warning("could not back up progress (\(error.localizedDescription)); restarting anyway")
            }
            apply(move)
        } catch {
            context.fail("\(error)")
        }
    }

    // MARK: - Drafts

    /// False when the draft is only in memory (saving failed; the learner is told).
    @discardableResult
    func saveDraft(_ code: String) -> Bool {
        session.saveDraft(code)
        if save() { return true }
        if let ref = session.position { unsavedDrafts[ref] = code }
        output.warning("your draft is kept in memory but could not be saved to \(store.fileURL(for: pack).path) (\(lastSaveFailure)). It is saved again with every change; if it still cannot be when you quit, it is printed then.")
        return false
    }
}

extension Answer {
    var codeText: String? {
        if case .code(let code) = self { return code }
        return nil
    }
}
