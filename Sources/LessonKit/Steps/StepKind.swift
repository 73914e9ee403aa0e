import Foundation
import Playground
import SourceText

/// What a step asks of the learner. The raw value is the `kind:` an author writes.
///
/// Each kind is one file in `Steps/Kinds` (a `StepKindRules` type): how its ```step block is
/// decoded, how an answer is read and judged, its reference answer, what `pack check` proves
/// and how the step is laid out. This file only lists them.
package enum StepKind: String, Sendable, Codable, CaseIterable {
    /// Text only; nothing to answer.
    case prose
    /// Runnable Swift (optionally with a storyboard) the learner runs with `run`.
    case example
    /// One or several correct choices, with feedback per wrong choice.
    case choice
    /// A short typed answer: an accepted set (case and spacing ignored) or a pattern.
    case text
    /// The learner predicts what the example prints, or where the navigation ends, then sees it.
    case predict
    /// A Swift line or block typed at the prompt, judged by its effect.
    case prompt
    /// Code the learner edits, judged by compiling, running and checks.
    case exercise
    /// Code the learner changes until the compiler accepts it, or rejects a mistake.
    case compiler

    /// The file that says everything about this kind.
    var rules: any StepKindRules.Type {
        switch self {
        case .prose: ProseKind.self
        case .example: ExampleKind.self
        case .choice: ChoiceKind.self
        case .text: TextKind.self
        case .predict: PredictKind.self
        case .prompt: PromptKind.self
        case .exercise: ExerciseKind.self
        case .compiler: CompilerKind.self
        }
    }
}

/// What only one kind of step has. A kind without a payload has a bare case.
package enum StepBody: Sendable, Hashable {
    case prose
    case example
    case choice(ChoiceQuestion)
    case text(TextQuestion)
    case predict(Prediction)
    case prompt
    case exercise
    case compiler(CompilerExpectation)

    package var kind: StepKind {
        switch self {
        case .prose: .prose
        case .example: .example
        case .choice: .choice
        case .text: .text
        case .predict: .predict
        case .prompt: .prompt
        case .exercise: .exercise
        case .compiler: .compiler
        }
    }
}

/// The questions every part of seguelab asks about a kind, answered by each kind's file.
/// No field has a default: a new kind answers every one.
package struct StepKindTraits: Sendable {
    /// Completion needs an accepted answer (or an explicit skip).
    package var needsAnswer: Bool
    /// Its code is compiled and run through a `ProgramRunner` (`run` works).
    package var runsCode: Bool
    /// `run` runs the step's own example (named `example.swift`), not the learner's draft.
    package var runsExample: Bool
    /// The answer is Swift code; the solution is shown as code.
    package var answersWithCode: Bool
    /// The learner edits a draft (`edit`); a skip fills it with the solution.
    package var keepsDraft: Bool
    /// `check` judges the draft, and a shown solution may become the draft.
    package var judgesDraft: Bool
    /// An answer may be a block of several lines at the prompt.
    package var takesBlockAnswer: Bool
    /// The example runs only once an answer is given, and a wrong answer does not show the run.
    package var runsOnceAnswered: Bool
    /// Any answer completes the step (the learner has seen the real result either way).
    package var completesOnAttempt: Bool
    /// The code is only type-checked; no harness runs.
    package var typechecksOnly: Bool
    /// What an empty Enter says while the step is not done (a catalog key): Enter never moves
    /// past an example not run or a question not answered. Nil: Enter always moves on.
    package var enterWaitsKey: String?
}

/// How a step is shown, top to bottom; the shell draws each part.
package enum StepPart: Sendable, Hashable {
    /// The step's example code.
    case example
    /// The step's `question`, when it has one.
    case question
    /// The choices, lettered.
    case choices([Choice])
    /// The learner's draft, with line numbers.
    case draft
    /// The line telling what to do next (a catalog key).
    case instruction(String)
}

/// What was made of a line typed as an answer.
package enum AnswerReading: Sendable, Hashable {
    case answer(Answer)
    /// The step asks nothing.
    case nothingAsked
    /// Not one of the choices: `last` is the last choice's letter.
    case notAChoice(last: String, several: Bool)

    /// False when the line cannot be an answer to this step at all.
    package var isReadable: Bool {
        if case .notAChoice = self { false } else { true }
    }
}

/// Everything one kind of step does. One type per kind, in `Steps/Kinds`.
protocol StepKindRules {
    static var traits: StepKindTraits { get }
    /// Code roles the kind may use; `required` must all be there.
    static var codeRoles: (required: [CodeRole], allowed: [CodeRole]) { get }
    /// Keys of the ```step block that apply to this kind, besides those every step may have.
    static var keys: [String] { get }

    /// Reads the kind's own keys (`step` has the common ones, the checks and the code blocks).
    static func decode(_ map: YAMLMap, step: Step, sink: DiagnosticSink) -> StepBody
    /// A problem with a typed answer listed in `wrong-answers` or `right-answers`.
    static func listedAnswerProblem(_ text: String, key: String) -> String?
    /// How a translated step differs from the original in what progress depends on (its kind
    /// and id are already the same), or nil.
    static func translationProblem(_ translated: Step, original: Step, in file: String) -> String?

    /// A line typed at the prompt, as an answer to `step`.
    static func read(_ raw: String, for step: Step) -> AnswerReading
    /// Judges an answer.
    static func judge(_ answer: Answer, for step: Step, by judge: AnswerJudge) async -> Verdict
    /// The checks the step's code is judged by when the kind fixes them (nil: the author's).
    static func fixedChecks(for step: Step) -> [CheckSpec]?
    /// The reference answer as the learner would type it, used by `solution` and `skip`.
    static func referenceAnswer(of step: Step) -> String?
    /// What `pack check` proves for the step, beyond its listed answers.
    static func prove(_ step: Step, in lesson: Lesson, by judge: AnswerJudge) async -> [Diagnostic]
    /// How the step is shown.
    static func parts(of step: Step) -> [StepPart]
}

extension StepKindRules {
    static func listedAnswerProblem(_ text: String, key: String) -> String? { nil }
    static func translationProblem(_ translated: Step, original: Step, in file: String) -> String? { nil }
    static func fixedChecks(for step: Step) -> [CheckSpec]? { nil }
}

extension StepKind {
    package var traits: StepKindTraits { rules.traits }
    /// Steps whose completion needs an accepted answer (or an explicit skip).
    package var needsAnswer: Bool { traits.needsAnswer }
    /// Steps judged by compiling and running code through a `ProgramRunner`.
    package var runsCode: Bool { traits.runsCode }
    package var runsExample: Bool { traits.runsExample }
    package var answersWithCode: Bool { traits.answersWithCode }
    package var keepsDraft: Bool { traits.keepsDraft }
    package var judgesDraft: Bool { traits.judgesDraft }
    package var takesBlockAnswer: Bool { traits.takesBlockAnswer }
    package var runsOnceAnswered: Bool { traits.runsOnceAnswered }
    package var completesOnAttempt: Bool { traits.completesOnAttempt }
    package var typechecksOnly: Bool { traits.typechecksOnly }
    package var enterWaitsKey: String? { traits.enterWaitsKey }
    /// Keys of the ```step block this kind takes besides the common ones.
    package var allowedKeys: [String] { rules.keys }
    package var codeRoles: (required: [CodeRole], allowed: [CodeRole]) { rules.codeRoles }
}

extension Step {
    /// How the step is shown, top to bottom.
    package var parts: [StepPart] { kind.rules.parts(of: self) }

    /// A line typed at the prompt, as an answer to this step.
    package func read(_ raw: String) -> AnswerReading { kind.rules.read(raw, for: self) }
}
