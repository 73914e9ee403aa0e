import Foundation
import Localization
import Playground
import SourceText

/// `kind: text`: a short typed answer, from an accepted list (case and spacing ignored) or
/// matching a pattern.
enum TextKind: StepKindRules {
    static let traits = StepKindTraits(
        needsAnswer: true, runsCode: false, runsExample: false, answersWithCode: false, keepsDraft: false,
        judgesDraft: false, takesBlockAnswer: false, runsOnceAnswered: false, completesOnAttempt: false,
        typechecksOnly: false, enterWaitsKey: "enter.held.question")
    static let codeRoles: (required: [CodeRole], allowed: [CodeRole]) = ([], [])
    static let keys = ["accept", "pattern", "hints", "wrong-answers", "right-answers"]
    /// The instruction shown under the step (keys of the shell's catalog).
    static let catalogKeys = ["step.text"]

    static func decode(_ map: YAMLMap, step: Step, sink: DiagnosticSink) -> StepBody {
        let question = TextQuestion(accepted: map.strings("accept") ?? [], pattern: map.string("pattern"))
        if question.accepted.isEmpty && question.pattern == nil {
            sink.error(
                "step '\(step.id)' needs 'accept' (a list of answers) or 'pattern' (a regular expression)",
                at: map.location)
        }
        if let pattern = question.pattern, let problem = TextMatching.patternProblem(pattern) {
            sink.error(problem, at: map.location(of: map.node("pattern")!))
        }
        return .text(question)
    }

    static func read(_ raw: String, for step: Step) -> AnswerReading { .answer(.text(raw)) }

    static func judge(_ answer: Answer, for step: Step, by judge: AnswerJudge) async -> Verdict {
        guard case .text(let text) = answer, let question = step.textQuestion else {
            return judge.notAnAnswer(for: step)
        }
        return Self.judge(text, of: question, catalog: judge.catalog)
    }

    /// Accepted answers compare with case, spacing and a final period ignored, and a Swift
    /// declaration written out in full is its name (`init?(rawValue: String)` is
    /// `init(rawValue:)`); a pattern is matched case-insensitively against the whole answer,
    /// in either form.
    static func judge(_ text: String, of question: TextQuestion, catalog: Catalog = .english) -> Verdict {
        let answer = TextMatching.normalizedAnswer(text)
        let name = AnswerEquivalence.swiftName(answer)
        let summary = "an accepted answer"
        if question.accepted.contains(where: {
            let accepted = TextMatching.normalizedAnswer($0)
            return accepted == answer || (name != nil && AnswerEquivalence.swiftName(accepted) == name)
        }) {
            return Verdict(results: [CheckResult(summary: summary, status: .pass)])
        }
        // An accepted list is accepted written another way (`a, b and c` for `a, b, c`), its
        // items in order; items with no mark between them are words (`a b c`).
        let items = TextMatching.listItems(text) ?? answer.split(separator: " ").map(String.init)
        if question.accepted.contains(where: { TextMatching.listItems($0) == items }) {
            return Verdict(results: [CheckResult(summary: summary, status: .pass)])
        }
        if let pattern = question.pattern {
            do {
                let anchored = "^(?:\(pattern))$"
                for form in [answer, name].compactMap({ $0 })
                where try TextMatching.matches(anchored, in: form, caseInsensitive: true) {
                    return Verdict(results: [CheckResult(summary: summary, status: .pass)])
                }
            } catch {
                return Verdict(results: [
                    CheckResult(
                        summary: summary, status: .error,
                        message: TextMatching.patternProblem(pattern) ?? "\(error)")
                ])
            }
        }
        let reason = answer.isEmpty ? CheckFailure.emptyAnswer : .unacceptedAnswer(TextMatching.collapse(text))
        let failed = CheckResult(summary: summary, status: .fail, reason: reason, catalog: catalog)
        return Verdict(results: [failed], feedback: [failed.message])
    }

    static func referenceAnswer(of step: Step) -> String? { step.textQuestion?.accepted.first }

    /// Every accepted answer is accepted, an empty one is not, and the pattern accepts no bare
    /// fragment of an accepted answer.
    static func prove(_ step: Step, in lesson: Lesson, by judge: AnswerJudge) async -> [Diagnostic] {
        guard let question = step.textQuestion else { return [] }
        var found: [Diagnostic] = []
        for answer in question.accepted where !Self.judge(answer, of: question).passed {
            found.append(Diagnostic(.error, "accepted answer '\(answer)' is not accepted", at: step.location))
        }
        if Self.judge("", of: question).passed {
            found.append(
                Diagnostic(
                    .error, "an empty answer is accepted; the pattern matches anything",
                    at: step.location))
        }
        found += fragmentsAccepted(by: step, question: question)
        return found + (await PackChecker.listedAnswers(of: step, in: lesson, judge: judge))
    }

    /// A pattern whose parts are all optional accepts a bare fragment of the answer, such as
    /// `rawValue` for `init(rawValue:)`: often a related but wrong name. Each word of an
    /// accepted answer is tried alone; one accepted must be listed as right on purpose.
    static func fragmentsAccepted(by step: Step, question: TextQuestion) -> [Diagnostic] {
        guard question.pattern != nil else { return [] }
        let intended = Set(
            (question.accepted
                + step.rightAnswers.compactMap {
                    if case .typed(let text) = $0.form { text } else { nil }
                }).map(TextMatching.normalizedAnswer))
        var found: [Diagnostic] = []
        var tried: Set<String> = []
        for answer in question.accepted {
            let words = answer.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
            for word in words where word.count > 1 && tried.insert(word.lowercased()).inserted {
                guard !intended.contains(TextMatching.normalizedAnswer(word)),
                    Self.judge(word, of: question).passed
                else { continue }
                found.append(
                    Diagnostic(
                        .error,
                        "the pattern accepts '\(word)' alone, a part of the accepted answer "
                            + "'\(answer)'; make the other parts required, or list '\(word)' in "
                            + "right-answers if it is right",
                        at: step.location))
            }
        }
        return found
    }

    static func parts(of step: Step) -> [StepPart] { [.question, .instruction(catalogKeys[0])] }
}

/// What a text step accepts.
package struct TextQuestion: Sendable, Hashable {
    /// Answers accepted as typed (case, spacing and a final period ignored).
    package var accepted: [String]
    /// A regular expression the whole answer may match instead.
    package var pattern: String?

    package init(accepted: [String], pattern: String? = nil) {
        self.accepted = accepted
        self.pattern = pattern
    }
}

extension Step {
    package var textQuestion: TextQuestion? {
        if case .text(let question) = body { question } else { nil }
    }
}
