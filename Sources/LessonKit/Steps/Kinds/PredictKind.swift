import Foundation
import Localization
import Playground
import SourceText

/// `kind: predict`: the learner predicts what the example prints, or where its navigation
/// ends, then sees the run.
enum PredictKind: StepKindRules {
    static let traits = StepKindTraits(
        needsAnswer: true, runsCode: true, runsExample: true, answersWithCode: false, keepsDraft: false,
        judgesDraft: false, takesBlockAnswer: true, runsOnceAnswered: true, completesOnAttempt: true,
        typechecksOnly: false, enterWaitsKey: "enter.held.predict")
    static let codeRoles: (required: [CodeRole], allowed: [CodeRole]) = ([.example], [.example, .prelude])
    static let keys = ["predict", "answer", "hints", "wrong-answers", "right-answers"]
    /// The instruction shown under the step (keys of the shell's catalog).
    static let catalogKeys = ["step.predict.output", "step.predict.destination"]

    static func decode(_ map: YAMLMap, step: Step, sink: DiagnosticSink) -> StepBody {
        var prediction = Prediction(target: .output, expected: map.string("answer"))
        let required = "the ```step block of step '\(step.id)' (output or destination)"
        if let target = map.string("predict", required: required) {
            if let value = PredictTarget(rawValue: target) {
                prediction.target = value
            } else {
                sink.error("'predict' must be 'output' or 'destination'", at: map.location(of: map.node("predict")!))
            }
        }
        return .predict(prediction)
    }

    static func read(_ raw: String, for step: Step) -> AnswerReading { .answer(.text(raw)) }

    /// Runs the example (not the learner's text) and compares the prediction with it.
    static func judge(_ answer: Answer, for step: Step, by judge: AnswerJudge) async -> Verdict {
        guard case .text(let prediction) = answer, let expected = step.prediction else {
            return judge.notAnAnswer(for: step)
        }
        let ran = await judge.run(step.code(.example) ?? "", for: step)
        if let failure = ran.failure { return failure }
        return Self.judge(prediction, of: expected, run: ran.value!, catalog: judge.catalog)
    }

    /// Compares a prediction with what the example really did. The verdict carries the run (the
    /// shell shows it once the prediction is right); a wrong one is told where it differs.
    static func judge(
        _ prediction: String, of asked: Prediction, run outcome: RunResult,
        catalog: Catalog = .english
    ) -> Verdict {
        switch asked.target {
        case .output:
            let summary = "the predicted output"
            guard let miss = AnswerEquivalence.predictionMiss(predicted: prediction, actual: outcome.learnerStdout)
            else {
                return Verdict(results: [CheckResult(summary: summary, status: .pass)], run: outcome)
            }
            let failed = CheckResult(summary: summary, status: .fail, reason: .prediction(miss), catalog: catalog)
            return Verdict(results: [failed], feedback: [failed.message], run: outcome)
        case .destination:
            let summary = "the predicted destination"
            guard let visible = outcome.endState?.visible else {
                return Verdict(
                    results: [
                        CheckResult(summary: summary, status: .error, reason: .noEndState, catalog: catalog)
                    ], run: outcome)
            }
            let predicted = destinationName(prediction)
            if predicted.lowercased() == TextMatching.bareClassName(visible).lowercased() {
                return Verdict(results: [CheckResult(summary: summary, status: .pass)], run: outcome)
            }
            // Never the screen it ended on: that is what the learner is asked to predict.
            let reason = predicted.isEmpty ? CheckFailure.emptyAnswer : .wrongDestination(answer: predicted)
            let failed = CheckResult(summary: summary, status: .fail, reason: reason, catalog: catalog)
            return Verdict(results: [failed], feedback: [failed.message], run: outcome)
        }
    }

    /// A class name as a learner may write it: in backticks, with a module prefix, after an
    /// article ("a plain UIViewController", "un UIViewController"), with a final period.
    static func destinationName(_ prediction: String) -> String {
        var words = prediction.replacingOccurrences(of: "`", with: "")
            .trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ".")))
            .split(whereSeparator: \.isWhitespace).map(String.init)
        let fillers: Set<String> = ["a", "an", "the", "plain", "un", "une", "le", "la", "simple"]
        while words.count > 1, fillers.contains(words[0].lowercased()) { words.removeFirst() }
        return TextMatching.bareClassName(words.joined(separator: " "))
    }

    static func referenceAnswer(of step: Step) -> String? { step.prediction?.expected }

    /// The example compiles and runs (and ends on a screen, for a destination); the author's
    /// answer and listed answers are judged against that one run.
    static func prove(_ step: Step, in lesson: Lesson, by judge: AnswerJudge) async -> [Diagnostic] {
        guard let asked = step.prediction else { return [] }
        let result = await judge.run(step.code(.example) ?? "", for: step)
        guard let outcome = result.value else {
            let reason = result.failure.map(PackChecker.describe) ?? ""
            return [
                PackChecker.error(
                    "example of predict step '\(step.id)' could not be run: \(reason)",
                    of: step, at: step.code[.example]?.location)
            ]
        }
        var found = PackChecker.compilerErrors(in: Verdict(results: [], run: outcome), of: step, learnerRole: .example)
        if !outcome.compile.succeeded {
            let first =
                outcome.compile.errors.first.map { "\($0.file):\($0.line):\($0.column): \($0.message)" }
                ?? "no diagnostics"
            found.append(
                PackChecker.error(
                    "example of predict step '\(step.id)' does not compile: \(first)",
                    of: step, at: step.code[.example]?.location))
        } else if asked.target == .destination, outcome.endState?.visible == nil {
            found.append(
                PackChecker.error(
                    "predict step '\(step.id)' asks for the destination, but the example's run recorded no final screen",
                    of: step))
        } else {
            if let expected = asked.expected {
                let verdict = Self.judge(expected, of: asked, run: outcome)
                if !verdict.passed {
                    // The author, unlike the learner, is told where the run ended.
                    let ended = outcome.endState?.visible.map {
                        " (the run ended on \(TextMatching.bareClassName($0)))"
                    }
                    let reason = PackChecker.describe(verdict) + (asked.target == .destination ? ended ?? "" : "")
                    found.append(PackChecker.error("the expected answer '\(expected)' is wrong: \(reason)", of: step))
                }
            }
            found += await PackChecker.listedAnswers(of: step, in: lesson, view: judge.learnerView) { answer in
                guard case .text(let text) = answer else { return await judge.judge(answer, for: step) }
                return AnswerJudge.addingListedFeedback(
                    to: Self.judge(text, of: asked, run: outcome), for: answer, of: step)
            }
        }
        return found
    }

    static func parts(of step: Step) -> [StepPart] {
        [
            .example, .question,
            .instruction(catalogKeys[step.prediction?.target == .destination ? 1 : 0])
        ]
    }
}

/// What a predict step asks the learner to foresee.
package enum PredictTarget: String, Sendable, Codable {
    /// The example's standard output (compared after normalising whitespace).
    case output
    /// The class of the view controller on screen when the example ends.
    case destination
}

/// A predict step's question and the author's answer.
package struct Prediction: Sendable, Hashable {
    package var target: PredictTarget
    /// The author's reference prediction (shown as the solution; proven by `pack check`).
    package var expected: String?

    package init(target: PredictTarget, expected: String? = nil) {
        self.target = target
        self.expected = expected
    }
}

extension Step {
    package var prediction: Prediction? {
        if case .predict(let prediction) = body { prediction } else { nil }
    }
}
