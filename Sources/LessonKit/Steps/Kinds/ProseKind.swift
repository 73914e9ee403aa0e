import Foundation
import Playground
import SourceText

/// `kind: prose` (or a step without a ```step block): text only, nothing to answer.
enum ProseKind: StepKindRules {
    static let traits = StepKindTraits(
        needsAnswer: false, runsCode: false, runsExample: false, answersWithCode: false, keepsDraft: false,
        judgesDraft: false, takesBlockAnswer: false, runsOnceAnswered: false, completesOnAttempt: false,
        typechecksOnly: false, enterWaitsKey: nil)
    static let codeRoles: (required: [CodeRole], allowed: [CodeRole]) = ([], [])
    static let keys: [String] = []
    /// The instruction shown under the step (keys of the shell's catalog).
    static let catalogKeys = ["next.continue"]

    static func decode(_ map: YAMLMap, step: Step, sink: DiagnosticSink) -> StepBody { .prose }

    static func read(_ raw: String, for step: Step) -> AnswerReading { .nothingAsked }

    static func judge(_ answer: Answer, for step: Step, by judge: AnswerJudge) async -> Verdict {
        judge.notAnAnswer(for: step)
    }

    static func referenceAnswer(of step: Step) -> String? { nil }

    static func prove(_ step: Step, in lesson: Lesson, by judge: AnswerJudge) async -> [Diagnostic] { [] }

    static func parts(of step: Step) -> [StepPart] { [.instruction(catalogKeys[0])] }
}
