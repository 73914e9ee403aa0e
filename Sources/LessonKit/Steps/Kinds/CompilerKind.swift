import Foundation
import Playground
import SourceText

/// `kind: compiler`: code the learner changes until the compiler accepts it (`expect: compiles`),
/// or rejects a mistake with the error the step is about (`expect: rejects`, `diagnostic:`).
/// The code is only type-checked; the error must be the one the solution makes.
enum CompilerKind: StepKindRules {
    static let traits = StepKindTraits(
        needsAnswer: true, runsCode: true, runsExample: false, answersWithCode: true, keepsDraft: true,
        judgesDraft: true, takesBlockAnswer: true, runsOnceAnswered: false, completesOnAttempt: false,
        typechecksOnly: true, enterWaitsKey: "enter.held.code")
    static let codeRoles: (required: [CodeRole], allowed: [CodeRole]) =
        ([.starter, .solution], [.starter, .solution, .prelude])
    static let keys = ["expect", "diagnostic", "checks", "continues", "hints", "wrong-answers", "right-answers"]
    /// The instruction shown under the step (keys of the shell's catalog).
    static let catalogKeys = ["step.exercise"]

    static func decode(_ map: YAMLMap, step: Step, sink: DiagnosticSink) -> StepBody {
        let what = "the ```step block of step '\(step.id)'"
        // The compiler's verdict is fixed by `expect`; checks may only add how the code is written.
        for spec in step.checks {
            if case .source = spec.check { continue }
            sink.error(
                "a compiler step is judged by `expect`; its checks may only be `source` checks (how the code is written)",
                at: spec.location)
        }
        switch map.string("expect", required: "\(what) (compiles or rejects)") {
        case "compiles"?:
            return .compiler(.compiles)
        case "rejects"?:
            let required = "\(what) (the error message pattern to expect)"
            guard let pattern = map.string("diagnostic", required: required) else {
                return .compiler(.compiles)
            }
            if let problem = TextMatching.patternProblem(pattern) {
                sink.error(problem, at: map.location(of: map.node("diagnostic")!))
            }
            return .compiler(.rejects(diagnosticPattern: pattern))
        case let other?:
            sink.error(
                "'expect' must be 'compiles' or 'rejects', not '\(other)'",
                at: map.location(of: map.node("expect")!))
            return .compiler(.compiles)
        case nil:
            return .compiler(.compiles)
        }
    }

    static func read(_ raw: String, for step: Step) -> AnswerReading { .answer(.code(raw)) }

    /// Judged by the expectation alone; an error the step wants must also be the solution's.
    static func judge(_ answer: Answer, for step: Step, by judge: AnswerJudge) async -> Verdict {
        guard case .code(let code) = answer else { return judge.notAnAnswer(for: step) }
        let verdict = await judge.judgeCode(code, for: step)
        if verdict.passed, case .rejects = step.compilerExpectation, let solution = step.code(.solution),
            solution != code
        {
            return await judge.compareWithSolution(verdict, code: code, solution: solution, for: step)
        }
        return verdict
    }

    static func fixedChecks(for step: Step) -> [CheckSpec]? {
        let sourceChecks = step.checks.filter { if case .source = $0.check { true } else { false } }
        switch step.compilerExpectation ?? .compiles {
        case .compiles: return [CheckSpec(.compiles, at: step.location)] + sourceChecks
        case .rejects(let pattern):
            return [CheckSpec(.failsToCompile(diagnosticPattern: pattern), at: step.location)] + sourceChecks
        }
    }

    static func referenceAnswer(of step: Step) -> String? { step.code(.solution) }

    /// The starter fails; the solution passes (and, when it must compile, has no compiler errors).
    static func prove(_ step: Step, in lesson: Lesson, by judge: AnswerJudge) async -> [Diagnostic] {
        let expectsRejection = if case .rejects = step.compilerExpectation { true } else { false }
        let starter = PackChecker.startingCode(of: step, in: lesson)
        return await PackChecker.proveCode(
            of: step, in: lesson, startingWith: starter,
            startingWhat: "the starter code", judge: judge,
            solutionMayNotCompile: expectsRejection
        ) {
            await Self.judge(.code($0), for: step, by: judge)
        }
    }

    static func parts(of step: Step) -> [StepPart] { [.question, .draft, .instruction(catalogKeys[0])] }
}

/// What a compiler exercise expects of the learner's code.
package enum CompilerExpectation: Sendable, Hashable {
    /// The code must compile without errors.
    case compiles
    /// The code must be rejected with an error whose message matches the pattern.
    case rejects(diagnosticPattern: String)
}

extension Step {
    package var compilerExpectation: CompilerExpectation? {
        if case .compiler(let expectation) = body { expectation } else { nil }
    }
}
