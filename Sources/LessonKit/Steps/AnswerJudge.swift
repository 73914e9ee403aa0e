import Foundation
import Localization
import Playground
import SourceText

/// Judges answers: each kind of step judges its own (`Steps/Kinds`), code by running it (the
/// Playground's `RunRequest` through a `ProgramRunner`) and evaluating the step's checks. The same
/// judge proves packs in `pack check`.
package struct AnswerJudge: Sendable {
    package let pack: Pack
    package let runner: any ProgramRunner
    /// The words of the judge's own reasons (the author's check messages are the lesson's own).
    package let catalog: Catalog
    /// What a learner is shown for a verdict, which `pack check` reads for internal names.
    package let learnerView: LearnerView

    package init(
        pack: Pack, runner: any ProgramRunner, catalog: Catalog = .english,
        learnerView: @escaping LearnerView = Verdict.ownWords
    ) {
        self.pack = pack
        self.runner = runner
        self.catalog = catalog
        self.learnerView = learnerView
    }

    /// Judges an answer as the step's kind does (`Steps/Kinds`).
    /// A refused answer that makes a listed wrong answer's mistake also gets that answer's
    /// `feedback` (`listedFeedback`).
    package func judge(_ answer: Answer, for step: Step) async -> Verdict {
        Self.addingListedFeedback(to: await step.kind.rules.judge(answer, for: step, by: self), for: answer, of: step)
    }

    /// A refused verdict with the feedback of the listed wrong answer the answer makes, if any.
    static func addingListedFeedback(to verdict: Verdict, for answer: Answer, of step: Step) -> Verdict {
        var verdict = verdict
        if verdict.status == .fail, let note = listedFeedback(for: answer, of: step), !verdict.feedback.contains(note) {
            verdict.feedback.append(note)
        }
        return verdict
    }

    /// The feedback of the first listed wrong answer whose mistake `answer` makes, for an answer
    /// already refused. A typed wrong answer is made by the same answer as the step reads it
    /// (the same choices; the same text, case and spacing aside; the same code, spacing aside).
    /// An edit (`replace` → `with`) is made by code that holds its `with` text and no longer its
    /// `replace` text (spacing aside): a deletion, by code without the deleted text.
    package static func listedFeedback(for answer: Answer, of step: Step) -> String? {
        func bare(_ text: String) -> String { text.filter { !$0.isWhitespace } }
        for listed in step.wrongAnswers {
            guard let feedback = listed.feedback else { continue }
            var made: Bool
            switch (listed.form, answer) {
            case (.typed(let text), .code(let code)): made = bare(text) == bare(code)
            case (.typed(let text), .text(let typed)):
                made = TextMatching.normalizedAnswer(text) == TextMatching.normalizedAnswer(typed)
            case (.typed(let text), .choices(let chosen)):
                if case .answer(.choices(let listedChoices)) = step.read(text) {
                    made = Set(listedChoices) == Set(chosen)
                } else {
                    made = false
                }
            case (.edit(let replace, let with, let role), .code(let code)):
                let learner = bare(code)
                let removed = bare(replace)
                let added = bare(with)
                let stillThere = !removed.isEmpty && learner.contains(removed) && !added.contains(removed)
                made = (added.isEmpty || learner.contains(added)) && !stillThere
                // A deletion is made where the deleted text stood: the two lines before it are
                // still there (code that never had the text does not make that mistake).
                if made, added.isEmpty, let base = step.code(role), let range = base.range(of: replace) {
                    let before = base[..<range.lowerBound].split(separator: "\n").map { bare(String($0)) }
                    let context = before.filter { !$0.isEmpty }.suffix(2).joined()
                    made = learner.contains(context)
                }
            default: made = false
            }
            if made { return feedback }
        }
        return nil
    }

    /// The verdict on an answer of a form the step does not take.
    func notAnAnswer(for step: Step) -> Verdict {
        Verdict(results: [
            CheckResult(
                summary: "answer", status: .error, reason: .wrongAnswerForm(kind: step.kind.rawValue),
                catalog: catalog)
        ])
    }

    /// Runs code for a step and judges it with the step's effective checks. A `release-build`
    /// check runs the program a second time, optimised.
    package func judgeCode(_ code: String, for step: Step) async -> Verdict {
        let ran = await run(code, for: step)
        if let failure = ran.failure { return failure }
        let outcome = ran.value!
        let checks = CheckEvaluator.effectiveChecks(for: step)
        var release: RunResult?
        if CheckEvaluator.needsReleaseRun(checks), outcome.compile.succeeded {
            var optimised = step
            optimised.optimization = .release
            let releaseRun = await run(code, for: optimised)
            if let failure = releaseRun.failure { return failure }
            release = releaseRun.value
        }
        return CheckEvaluator.evaluate(checks, run: outcome, release: release, source: code, catalog: catalog)
    }

    /// The error a compiler step is about is the one its solution makes the compiler report.
    /// The learner's must be the same message on the same line of code (the same text, wherever
    /// it moved), or, when the solution's error is on a line the solution rewrote, on a line of
    /// the learner's own rewrite of the same starter lines (where another wording of the same
    /// change may word the error otherwise), or, when the solution only adds lines, the same
    /// message on a line the learner added; and when its message is the solution's, its notes
    /// must be too. A pattern alone lets a change to the wrong line pass, or a misspelt new case
    /// whose note echoes the misspelling.
    func compareWithSolution(_ verdict: Verdict, code: String, solution: String, for step: Step) async -> Verdict {
        guard let learnerOutcome = verdict.run, let got = CompilerErrors.judged(in: learnerOutcome) else {
            return verdict
        }
        let reference = await run(solution, for: step)
        guard let referenceOutcome = reference.value, let expected = CompilerErrors.judged(in: referenceOutcome),
            !expected.inHiddenCode, !got.inHiddenCode
        else { return verdict }
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { TextMatching.collapse(String($0)) }
        }
        func line(_ number: Int, of text: [String]) -> String {
            text.indices.contains(number - 1) ? text[number - 1] : ""
        }
        let starting = Set(lines(step.code(.starter) ?? ""))
        let learnerLines = lines(code)
        let solutionLines = lines(solution)
        let gotLine = line(got.line, of: learnerLines)
        let expectedLine = line(expected.line, of: solutionLines)
        let rewritten = starting.subtracting(solutionLines)
        let sameRewrite =
            !starting.contains(expectedLine) && !starting.contains(gotLine)
            && !rewritten.isEmpty && rewritten.isDisjoint(with: learnerLines)
        let sameMessage = TextMatching.collapse(got.message) == TextMatching.collapse(expected.message)
        // A solution that only adds code (an override, a case): the learner's addition may be
        // laid out otherwise; the same error on a line the learner added is the same change.
        let sameAddition =
            rewritten.isEmpty && sameMessage
            && !starting.contains(expectedLine) && !starting.contains(gotLine)
        var reason: CheckFailure?
        if gotLine != expectedLine && !sameRewrite && !sameAddition {
            reason = .compilerOtherLine(got, line: gotLine)
        } else if !sameMessage && !sameRewrite {
            // On the solution's own line, another message means another change made it.
            reason = .compilerOtherError(got)
        } else if sameMessage {
            let gotNotes = CompilerErrors.notes(of: got, in: learnerOutcome)
            let expectedNotes = CompilerErrors.notes(of: expected, in: referenceOutcome).map {
                TextMatching.collapse($0.message)
            }
            if let odd = gotNotes.first(where: { !expectedNotes.contains(TextMatching.collapse($0.message)) }) {
                reason = .compilerOtherNote(odd)
            } else if gotNotes.count != expectedNotes.count {
                reason = .compilerMoreNotes(got)
            }
        }
        // The set of errors, not the first alone: every other error of the learner's must be one
        // the solution also produces (a misspelt line elsewhere is not the step's mistake).
        // An error is the same with the same message and the same notes (a misspelt case shows
        // only in the note of a switch that no longer covers it).
        if reason == nil {
            func shape(_ error: Diagnostic, in outcome: RunResult) -> [String] {
                [TextMatching.collapse(error.message)]
                    + CompilerErrors.notes(of: error, in: outcome).map { TextMatching.collapse($0.message) }.sorted()
            }
            let expectedShapes = Set(referenceOutcome.compile.errors.map { shape($0, in: referenceOutcome) })
            if let extra = learnerOutcome.compile.errors.first(where: {
                !$0.inHiddenCode && $0 != got && !expectedShapes.contains(shape($0, in: learnerOutcome))
            }) {
                reason = .compilerExtraError(extra)
            }
        }
        guard let reason else { return verdict }
        let failed = CheckResult(
            summary: "the error this step is about", status: .fail, reason: reason, catalog: catalog,
            location: step.location)
        return Verdict(results: verdict.results + [failed], feedback: [failed.message], run: learnerOutcome)
    }

    /// Compiles and runs code for a step. `judging: false` leaves the harness out (a plain `run`).
    package func run(_ code: String, for step: Step, judging: Bool = true) async -> (
        value: RunResult?, failure: Verdict?
    ) {
        do {
            return (
                try await runner.run(ProgramBuilder.request(for: step, code: code, in: pack, judging: judging)), nil
            )
        } catch {
            let result = CheckResult(
                summary: "the code runs", status: .error, reason: .notRunnable("\(error)"), catalog: catalog)
            return (nil, Verdict(results: [result], feedback: [result.message]))
        }
    }
}
