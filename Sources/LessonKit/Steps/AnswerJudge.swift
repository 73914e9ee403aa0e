import Foundation
import Localization
import Playground

/// Judges answers: choice and text answers directly, code by running it (the Playground's
/// `RunRequest` through a `ProgramRunner`) and evaluating the step's checks. The same judge proves packs in `pack check`.
public struct AnswerJudge: Sendable {
    public let pack: Pack
    public let runner: any ProgramRunner
    /// The words of the judge's own reasons (the author's check messages are the lesson's own).
    public let catalog: Catalog

    public init(pack: Pack, runner: any ProgramRunner, catalog: Catalog = .english) {
        self.pack = pack
        self.runner = runner
        self.catalog = catalog
    }

    public func judge(_ answer: Answer, for step: Step) async -> Verdict {
        switch (step.kind, answer) {
        case (.choice, .choices(let selected)):
            return Self.judgeChoices(selected, for: step, catalog: catalog)
        case (.text, .text(let text)):
            return Self.judgeText(text, for: step, catalog: catalog)
        case (.predict, .text(let prediction)):
            let ran = await run(step.code(.example) ?? "", for: step)
            if let failure = ran.failure { return failure }
            return Self.judgePrediction(prediction, for: step, run: ran.value!, catalog: catalog)
        case (.prompt, .code(let code)), (.exercise, .code(let code)), (.compiler, .code(let code)):
            return await judgeCode(code, for: step)
        case (.example, _):
            return await judgeCode(step.code(.example) ?? "", for: step)
        default:
            return Verdict(results: [CheckResult(summary: "answer", status: .error,
                                                 message: catalog.text("judge.wrong_kind", ["kind": step.kind.rawValue]))])
        }
    }

    /// Runs code for a step and judges it with the step's effective checks. A `release-build`
    /// check runs the program a second time, optimised; a compiler step that wants an error
    /// compares the learner's with the one its solution produces.
    public func judgeCode(_ code: String, for step: Step) async -> Verdict {
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
        let verdict = CheckEvaluator.evaluate(checks, run: outcome, release: release, catalog: catalog)
        if verdict.passed, step.kind == .compiler, case .rejects = step.compilerExpectation,
           let solution = step.code(.solution), solution != code {
            return await compareWithSolution(verdict, code: code, solution: solution, for: step)
        }
        return verdict
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
        guard let learnerOutcome = verdict.run, let got = CompilerErrors.judged(in: learnerOutcome) else { return verdict }
        let reference = await run(solution, for: step)
        guard let referenceOutcome = reference.value, let expected = CompilerErrors.judged(in: referenceOutcome),
              !expected.inHiddenCode, !got.inHiddenCode else { return verdict }
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { TextMatching.collapse(String($0)) }
        }
        func line(_ number: Int, of text: [String]) -> String { text.indices.contains(number - 1) ? text[number - 1] : "" }
        let starting = Set(lines(step.code(.starter) ?? ""))
        let learnerLines = lines(code), solutionLines = lines(solution)
        let gotLine = line(got.line, of: learnerLines), expectedLine = line(expected.line, of: solutionLines)
        let rewritten = starting.subtracting(solutionLines)
        let sameRewrite = !starting.contains(expectedLine) && !starting.contains(gotLine)
            && !rewritten.isEmpty && rewritten.isDisjoint(with: learnerLines)
        let sameMessage = TextMatching.collapse(got.message) == TextMatching.collapse(expected.message)
        // A solution that only adds code (an override, a case): the learner's addition may be
        // laid out otherwise; the same error on a line the learner added is the same change.
        let sameAddition = rewritten.isEmpty && sameMessage
            && !starting.contains(expectedLine) && !starting.contains(gotLine)
        var message: String?
        if gotLine != expectedLine && !sameRewrite && !sameAddition {
            message = catalog.text("judge.compiler.other_line", ["error": CompilerErrors.quoted(got), "line": gotLine])
        } else if !sameMessage && !sameRewrite {
            // On the solution's own line, another message means another change made it.
            message = catalog.text("judge.compiler.other_error", ["error": CompilerErrors.quoted(got)])
        } else if sameMessage {
            let gotNotes = CompilerErrors.notes(of: got, in: learnerOutcome)
            let expectedNotes = CompilerErrors.notes(of: expected, in: referenceOutcome).map { TextMatching.collapse($0.message) }
            if let odd = gotNotes.first(where: { !expectedNotes.contains(TextMatching.collapse($0.message)) }) {
                message = catalog.text("judge.compiler.other_note", ["note": CompilerErrors.quoted(odd)])
            } else if gotNotes.count != expectedNotes.count {
                message = catalog.text("judge.compiler.more_notes", ["error": CompilerErrors.quoted(got)])
            }
        }
        guard let message else { return verdict }
        let failed = CheckResult(summary: "the error this step is about", status: .fail, message: message, location: step.location)
        return Verdict(results: verdict.results + [failed], feedback: [message], run: learnerOutcome)
    }

    /// Compiles and runs code for a step. `judging: false` leaves the harness out (a plain `run`).
    public func run(_ code: String, for step: Step, judging: Bool = true) async -> (value: RunResult?, failure: Verdict?) {
        do {
            return (try await runner.run(ProgramBuilder.request(for: step, code: code, in: pack, judging: judging)), nil)
        } catch {
            let result = CheckResult(summary: "the code runs", status: .error, message: catalog.text("judge.not_run", ["error": "\(error)"]))
            return (nil, Verdict(results: [result], feedback: [result.message]))
        }
    }

    // MARK: - Answers judged without running code

    /// Single answer: exactly the correct choice. Several: exactly the set of correct ones.
    public static func judgeChoices(_ selected: [Int], for step: Step, catalog: Catalog = .english) -> Verdict {
        let chosen = Set(selected)
        let correct = Set(step.choices.indices.filter { step.choices[$0].correct })
        var feedback: [String] = []
        if let invalid = chosen.first(where: { !step.choices.indices.contains($0) }) {
            let result = CheckResult(summary: "a valid choice", status: .fail, message: catalog.text("judge.choice.none", ["number": invalid + 1]))
            return Verdict(results: [result], feedback: [result.message])
        }
        if !step.multipleAnswers && chosen.count > 1 {
            let result = CheckResult(summary: "one choice", status: .fail, message: catalog.text("judge.choice.one"))
            return Verdict(results: [result], feedback: [result.message])
        }
        for index in chosen.sorted() where !correct.contains(index) {
            let choice = step.choices[index]
            feedback.append("\(Choice.label(for: index))) " + (choice.feedback ?? catalog.text("judge.choice.wrong", ["choice": choice.text])))
        }
        let missed = correct.subtracting(chosen)
        if feedback.isEmpty && !missed.isEmpty {
            feedback.append(missed.count == 1 ? catalog.text("judge.choice.missed.one")
                            : catalog.text("judge.choice.missed", ["count": missed.count]))
        }
        if feedback.isEmpty {
            for index in chosen.sorted() { if let note = step.choices[index].feedback { feedback.append(note) } }
            return Verdict(results: [CheckResult(summary: "the right choice", status: .pass)], feedback: feedback)
        }
        return Verdict(results: [CheckResult(summary: "the right choice", status: .fail, message: feedback[0])], feedback: feedback)
    }

    /// Accepted answers compare with case, spacing and a final period ignored, and a Swift
    /// declaration written out in full is its name (`init?(rawValue: String)` is
    /// `init(rawValue:)`); a pattern is matched case-insensitively against the whole answer,
    /// in either form.
    public static func judgeText(_ text: String, for step: Step, catalog: Catalog = .english) -> Verdict {
        let answer = TextMatching.normalizedAnswer(text)
        let name = AnswerEquivalence.swiftName(answer)
        let summary = "an accepted answer"
        if step.acceptedAnswers.contains(where: {
            let accepted = TextMatching.normalizedAnswer($0)
            return accepted == answer || (name != nil && AnswerEquivalence.swiftName(accepted) == name)
        }) {
            return Verdict(results: [CheckResult(summary: summary, status: .pass)])
        }
        if let pattern = step.acceptPattern {
            do {
                let anchored = "^(?:\(pattern))$"
                for form in [answer, name].compactMap({ $0 }) where try TextMatching.matches(anchored, in: form, caseInsensitive: true) {
                    return Verdict(results: [CheckResult(summary: summary, status: .pass)])
                }
            } catch {
                return Verdict(results: [CheckResult(summary: summary, status: .error, message: TextMatching.patternProblem(pattern) ?? "\(error)")])
            }
        }
        let message = answer.isEmpty ? catalog.text("judge.text.empty")
            : catalog.text("judge.text.wrong", ["answer": TextMatching.collapse(text)])
        return Verdict(results: [CheckResult(summary: summary, status: .fail, message: message)], feedback: [message])
    }

    /// Compares a prediction with what the example really did. The verdict carries the run (the
    /// shell shows it once the prediction is right); a wrong one is told where it differs.
    public static func judgePrediction(_ prediction: String, for step: Step, run outcome: RunResult, catalog: Catalog = .english) -> Verdict {
        switch step.predictTarget ?? .output {
        case .output:
            let summary = "the predicted output"
            guard let message = AnswerEquivalence.predictionDifference(predicted: prediction, actual: outcome.learnerStdout, catalog: catalog) else {
                return Verdict(results: [CheckResult(summary: summary, status: .pass)], run: outcome)
            }
            return Verdict(results: [CheckResult(summary: summary, status: .fail, message: message)], feedback: [message], run: outcome)
        case .destination:
            let summary = "the predicted destination"
            guard let visible = outcome.endState?.visible else {
                return Verdict(results: [CheckResult(summary: summary, status: .error, message: catalog.text("judge.no_end_state"))], run: outcome)
            }
            if TextMatching.bareClassName(prediction).lowercased() == TextMatching.bareClassName(visible).lowercased() {
                return Verdict(results: [CheckResult(summary: summary, status: .pass)], run: outcome)
            }
            let message = catalog.text("judge.destination.wrong", ["screen": TextMatching.bareClassName(visible)])
            return Verdict(results: [CheckResult(summary: summary, status: .fail, message: message)], feedback: [message], run: outcome)
        }
    }
}
