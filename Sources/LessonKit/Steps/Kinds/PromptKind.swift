import Foundation
import Playground
import SourceText

/// `kind: prompt`: a Swift line or block typed at the prompt, judged by its effect.
enum PromptKind: StepKindRules {
    static let traits = StepKindTraits(
        needsAnswer: true, runsCode: true, runsExample: false, answersWithCode: true, keepsDraft: true,
        judgesDraft: false, takesBlockAnswer: true, runsOnceAnswered: false, completesOnAttempt: false,
        typechecksOnly: false, enterWaitsKey: "enter.held.code")
    static let codeRoles: (required: [CodeRole], allowed: [CodeRole]) = ([.solution], [.solution, .prelude, .harness])
    static let keys = ["checks", "hints", "wrong-answers", "right-answers"]
    /// The instruction shown under the step (keys of the shell's catalog).
    static let catalogKeys = ["step.prompt"]

    static func decode(_ map: YAMLMap, step: Step, sink: DiagnosticSink) -> StepBody {
        StepDecoder.requireChecks(map, step: step, sink: sink)
        return .prompt
    }

    static func read(_ raw: String, for step: Step) -> AnswerReading { .answer(.code(raw)) }

    static func judge(_ answer: Answer, for step: Step, by judge: AnswerJudge) async -> Verdict {
        guard case .code(let code) = answer else { return judge.notAnAnswer(for: step) }
        return await judge.judgeCode(code, for: step)
    }

    static func referenceAnswer(of step: Step) -> String? { step.code(.solution) }

    /// An empty answer fails; the solution passes.
    static func prove(_ step: Step, in lesson: Lesson, by judge: AnswerJudge) async -> [Diagnostic] {
        await PackChecker.proveCode(
            of: step, in: lesson, startingWith: "", startingWhat: "an empty answer",
            judge: judge
        ) { await Self.judge(.code($0), for: step, by: judge) }
    }

    static func parts(of step: Step) -> [StepPart] { [.question, .instruction(catalogKeys[0])] }
}
