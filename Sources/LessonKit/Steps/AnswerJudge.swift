import Foundation
import Playground

/// Judges answers: choice and text answers directly, code by running it (the Playground's
/// `RunRequest` through a `ProgramRunner`) and evaluating the step's checks. The same judge proves packs in `pack check`.
public struct AnswerJudge: Sendable {
    public let pack: Pack
    public let runner: any ProgramRunner

    public init(pack: Pack, runner: any ProgramRunner) {
        self.pack = pack
        self.runner = runner
    }

    public func judge(_ answer: Answer, for step: Step) async -> Verdict {
        switch (step.kind, answer) {
        case (.choice, .choices(let selected)):
            return Self.judgeChoices(selected, for: step)
        case (.text, .text(let text)):
            return Self.judgeText(text, for: step)
        case (.predict, .text(let prediction)):
            let ran = await run(step.code(.example) ?? "", for: step)
            if let failure = ran.failure { return failure }
            return Self.judgePrediction(prediction, for: step, run: ran.value!)
        case (.prompt, .code(let code)), (.exercise, .code(let code)), (.compiler, .code(let code)):
            return await judgeCode(code, for: step)
        case (.example, _):
            return await judgeCode(step.code(.example) ?? "", for: step)
        default:
            return Verdict(results: [CheckResult(summary: "answer", status: .error,
                                                 message: "a \(step.kind.rawValue) step does not take this kind of answer")])
        }
    }

    /// Runs code for a step and judges it with the step's effective checks.
    public func judgeCode(_ code: String, for step: Step) async -> Verdict {
        let ran = await run(code, for: step)
        if let failure = ran.failure { return failure }
        return CheckEvaluator.evaluate(CheckEvaluator.effectiveChecks(for: step), run: ran.value!)
    }

    /// Compiles and runs code for a step. `judging: false` leaves the harness out (a plain `run`).
    public func run(_ code: String, for step: Step, judging: Bool = true) async -> (value: RunResult?, failure: Verdict?) {
        do {
            return (try await runner.run(ProgramBuilder.request(for: step, code: code, in: pack, judging: judging)), nil)
        } catch {
            let result = CheckResult(summary: "the code runs", status: .error, message: "could not run the code: \(error)")
            return (nil, Verdict(results: [result], feedback: [result.message]))
        }
    }

    // MARK: - Answers judged without running code

    /// Single answer: exactly the correct choice. Several: exactly the set of correct ones.
    public static func judgeChoices(_ selected: [Int], for step: Step) -> Verdict {
        let chosen = Set(selected)
        let correct = Set(step.choices.indices.filter { step.choices[$0].correct })
        var feedback: [String] = []
        if let invalid = chosen.first(where: { !step.choices.indices.contains($0) }) {
            let result = CheckResult(summary: "a valid choice", status: .fail, message: "there is no choice \(invalid + 1)")
            return Verdict(results: [result], feedback: [result.message])
        }
        if !step.multipleAnswers && chosen.count > 1 {
            let result = CheckResult(summary: "one choice", status: .fail, message: "pick one choice only")
            return Verdict(results: [result], feedback: [result.message])
        }
        for index in chosen.sorted() where !correct.contains(index) {
            let choice = step.choices[index]
            feedback.append("\(Choice.label(for: index))) " + (choice.feedback ?? "\"\(choice.text)\" is not right."))
        }
        let missed = correct.subtracting(chosen)
        if feedback.isEmpty && !missed.isEmpty {
            feedback.append("Not all the right choices: \(missed.count) more \(missed.count == 1 ? "is" : "are") correct.")
        }
        if feedback.isEmpty {
            for index in chosen.sorted() { if let note = step.choices[index].feedback { feedback.append(note) } }
            return Verdict(results: [CheckResult(summary: "the right choice", status: .pass)], feedback: feedback)
        }
        return Verdict(results: [CheckResult(summary: "the right choice", status: .fail, message: feedback[0])], feedback: feedback)
    }

    /// Accepted answers compare with case, spacing and a final period ignored; a pattern is
    /// matched case-insensitively against the whole answer, normalised the same way.
    public static func judgeText(_ text: String, for step: Step) -> Verdict {
        let answer = TextMatching.normalizedAnswer(text)
        let summary = "an accepted answer"
        if step.acceptedAnswers.contains(where: { TextMatching.normalizedAnswer($0) == answer }) {
            return Verdict(results: [CheckResult(summary: summary, status: .pass)])
        }
        if let pattern = step.acceptPattern {
            do {
                let anchored = "^(?:\(pattern))$"
                if try TextMatching.matches(anchored, in: answer, caseInsensitive: true) {
                    return Verdict(results: [CheckResult(summary: summary, status: .pass)])
                }
            } catch {
                return Verdict(results: [CheckResult(summary: summary, status: .error, message: TextMatching.patternProblem(pattern) ?? "\(error)")])
            }
        }
        let message = answer.isEmpty ? "no answer given" : "\"\(TextMatching.collapse(text))\" is not the answer"
        return Verdict(results: [CheckResult(summary: summary, status: .fail, message: message)], feedback: [message])
    }

    /// Compares a prediction with what the example really did; the verdict carries the run,
    /// so the learner sees the truth either way.
    public static func judgePrediction(_ prediction: String, for step: Step, run outcome: RunResult) -> Verdict {
        switch step.predictTarget ?? .output {
        case .output:
            let summary = "the predicted output"
            let predicted = TextMatching.collapse(prediction.replacingOccurrences(of: "\\n", with: "\n"))
            let actual = TextMatching.collapse(outcome.learnerStdout)
            if predicted == actual {
                return Verdict(results: [CheckResult(summary: summary, status: .pass)], run: outcome)
            }
            let message = "the example printed:\n" + TextMatching.normalizedLines(outcome.learnerStdout).map { "    " + $0 }.joined(separator: "\n")
            return Verdict(results: [CheckResult(summary: summary, status: .fail, message: message)], feedback: [message], run: outcome)
        case .destination:
            let summary = "the predicted destination"
            guard let visible = outcome.endState?.visible else {
                return Verdict(results: [CheckResult(summary: summary, status: .error, message: "the run recorded no final screen state")], run: outcome)
            }
            if TextMatching.bareClassName(prediction).lowercased() == TextMatching.bareClassName(visible).lowercased() {
                return Verdict(results: [CheckResult(summary: summary, status: .pass)], run: outcome)
            }
            let message = "the navigation ended on \(TextMatching.bareClassName(visible))"
            return Verdict(results: [CheckResult(summary: summary, status: .fail, message: message)], feedback: [message], run: outcome)
        }
    }
}
