import Foundation
import Playground
import SourceText

/// `kind: example`: runnable Swift the learner runs with `run`; its checks, if any, must pass.
/// A step with only an example (and a prelude) block and no ```step block is one too.
enum ExampleKind: StepKindRules {
    static let traits = StepKindTraits(
        needsAnswer: false, runsCode: true, runsExample: true, answersWithCode: false, keepsDraft: false,
        judgesDraft: false, takesBlockAnswer: false, runsOnceAnswered: false, completesOnAttempt: false,
        typechecksOnly: false, enterWaitsKey: "enter.held.example")
    static let codeRoles: (required: [CodeRole], allowed: [CodeRole]) = ([.example], [.example, .prelude, .harness])
    static let keys = ["checks"]
    /// The instruction shown under the step (keys of the shell's catalog).
    static let catalogKeys = ["step.example"]

    static func decode(_ map: YAMLMap, step: Step, sink: DiagnosticSink) -> StepBody { .example }

    static func read(_ raw: String, for step: Step) -> AnswerReading { .nothingAsked }

    /// Whatever the answer, the example itself is judged.
    static func judge(_ answer: Answer, for step: Step, by judge: AnswerJudge) async -> Verdict {
        await judge.judgeCode(step.code(.example) ?? "", for: step)
    }

    static func referenceAnswer(of step: Step) -> String? { nil }

    /// The example compiles, runs and passes its checks.
    static func prove(_ step: Step, in lesson: Lesson, by judge: AnswerJudge) async -> [Diagnostic] {
        let verdict = await judge.judgeCode(step.code(.example) ?? "", for: step)
        var found = PackChecker.compilerErrors(in: verdict, of: step, learnerRole: .example)
        if !verdict.passed {
            let failure = verdict.firstFailure
            let place = failure?.location == step.location ? step.code[.example]?.location : failure?.location
            found.append(
                PackChecker.error(
                    "example '\(step.id)' does not behave as written: \(PackChecker.describe(verdict))", of: step,
                    at: place))
        }
        return found
    }

    static func parts(of step: Step) -> [StepPart] { [.example, .instruction(catalogKeys[0])] }
}
