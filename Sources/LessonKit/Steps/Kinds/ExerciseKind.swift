import Foundation
import Playground
import SourceText

/// `kind: exercise`: code the learner edits (`edit`) and submits (`check`), judged by
/// compiling, running and the step's checks.
enum ExerciseKind: StepKindRules {
    static let traits = StepKindTraits(
        needsAnswer: true, runsCode: true, runsExample: false, answersWithCode: true, keepsDraft: true,
        judgesDraft: true, takesBlockAnswer: true, runsOnceAnswered: false, completesOnAttempt: false,
        typechecksOnly: false, enterWaitsKey: "enter.held.code")
    static let codeRoles: (required: [CodeRole], allowed: [CodeRole]) =
        ([.starter, .solution], [.starter, .solution, .prelude, .harness])
    static let keys = ["checks", "continues", "hints", "wrong-answers", "right-answers"]
    /// The instruction shown under the step (keys of the shell's catalog).
    static let catalogKeys = ["step.exercise"]

    static func decode(_ map: YAMLMap, step: Step, sink: DiagnosticSink) -> StepBody {
        StepDecoder.requireChecks(map, step: step, sink: sink)
        return .exercise
    }

    static func read(_ raw: String, for step: Step) -> AnswerReading { .answer(.code(raw)) }

    static func judge(_ answer: Answer, for step: Step, by judge: AnswerJudge) async -> Verdict {
        guard case .code(let code) = answer else { return judge.notAnAnswer(for: step) }
        return await judge.judgeCode(code, for: step)
    }

    static func referenceAnswer(of step: Step) -> String? { step.code(.solution) }

    /// The starter (or the code it continues from) fails; the solution passes.
    static func prove(_ step: Step, in lesson: Lesson, by judge: AnswerJudge) async -> [Diagnostic] {
        await PackChecker.proveCode(
            of: step, in: lesson, startingWith: PackChecker.startingCode(of: step, in: lesson),
            startingWhat: "the starter code", judge: judge
        ) {
            await Self.judge(.code($0), for: step, by: judge)
        }
    }

    static func parts(of step: Step) -> [StepPart] { [.question, .draft, .instruction(catalogKeys[0])] }
}
