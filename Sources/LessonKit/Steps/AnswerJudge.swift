import Foundation
import Localization
import Playground

/// Judges answers: each kind of step judges its own (`Steps/Kinds`), code by running it (the
/// Playground's `RunRequest` through a `ProgramRunner`) and evaluating the step's checks. The same
/// judge proves packs in `pack check`.
package struct AnswerJudge: Sendable {
    package let pack: Pack
    package let runner: any ProgramRunner
    /// The words of the judge's own reasons (the author's check messages are the lesson's own).
    package let catalog: Catalog

    package init(pack: Pack, runner: any ProgramRunner, catalog: Catalog = .english) {
        self.pack = pack
        self.runner = runner
        self.catalog = catalog
    }

    /// Judges an answer as the step's kind does (`Steps/Kinds`).
    package func judge(_ answer: Answer, for step: Step) async -> Verdict {
        await step.kind.rules.judge(answer, for: step, by: self)
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
        return CheckEvaluator.evaluate(checks, run: outcome, release: release, catalog: catalog)
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
