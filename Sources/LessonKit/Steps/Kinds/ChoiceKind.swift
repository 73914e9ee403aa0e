import Foundation
import Localization
import Playground
import SourceText

/// `kind: choice`: one correct choice, or several (`multiple: true`), with feedback per choice.
enum ChoiceKind: StepKindRules {
    static let traits = StepKindTraits(
        needsAnswer: true, runsCode: false, runsExample: false, answersWithCode: false, keepsDraft: false,
        judgesDraft: false, takesBlockAnswer: false, runsOnceAnswered: false, completesOnAttempt: false,
        typechecksOnly: false, enterWaitsKey: "enter.held.question")
    static let codeRoles: (required: [CodeRole], allowed: [CodeRole]) = ([], [])
    static let keys = ["choices", "multiple", "hints", "wrong-answers", "right-answers"]
    /// The instruction shown under the step (keys of the shell's catalog).
    static let catalogKeys = ["step.choice.one", "step.choice.several"]

    static func decode(_ map: YAMLMap, step: Step, sink: DiagnosticSink) -> StepBody {
        let what = "step '\(step.id)'"
        var question = ChoiceQuestion(choices: [], multipleAnswers: map.bool("multiple") ?? false)
        guard let nodes = map.sequence("choices") else {
            sink.error("\(what) needs 'choices'", at: map.location)
            return .choice(question)
        }
        for node in nodes {
            guard let choiceMap = map.map(node, what: "a choice") else { continue }
            choiceMap.rejectUnknownKeys(["text", "correct", "feedback", "id"], in: "a choice")
            guard let text = choiceMap.string("text", required: "a choice") else { continue }
            question.choices.append(
                Choice(
                    text: text, correct: choiceMap.bool("correct") ?? false,
                    feedback: choiceMap.string("feedback"), location: map.location(of: node), id: choiceMap.string("id")
                ))
        }
        let correct = question.choices.filter(\.correct).count
        if question.choices.count < 2 {
            sink.error("\(what) needs at least two choices", at: map.keyLocation("choices"))
        } else if correct == 0 {
            sink.error("\(what) has no choice marked `correct: true`", at: map.keyLocation("choices"))
        } else if correct > 1 && !question.multipleAnswers {
            sink.error(
                "\(what) has \(correct) correct choices; add `multiple: true` if learners must pick several",
                at: map.keyLocation("choices"))
        }
        var texts: [String: Choice] = [:]
        for choice in question.choices {
            let key = TextMatching.normalizedAnswer(choice.text)
            if let first = texts[key] {
                sink.error("choice repeats the text of the choice at line \(first.location.line)", at: choice.location)
            }
            texts[key] = texts[key] ?? choice
        }
        for choice in question.choices where !choice.correct && choice.feedback == nil {
            sink.warning("wrong choice has no 'feedback' explaining why it is wrong", at: choice.location)
        }
        return .choice(question)
    }

    static func listedAnswerProblem(_ text: String, key: String) -> String? {
        Answer.parseChoices(text, count: 26) == nil
            ? "'\(key)' of a choice step are choice letters or numbers, such as `b` or `a, c`" : nil
    }

    /// Progress keeps the letters, and a learner's wrong answer keeps its meaning: a translation
    /// has the same choices in the same order, each the same choice in other words. A choice is
    /// known by its place, whether it is correct, whether it has feedback, the `code` it names
    /// (code is not translated) and its `id:` when the author gives one.
    static func translationProblem(_ translated: Step, original: Step, in file: String) -> String? {
        let here = translated.choiceQuestion?.choices ?? []
        let there = original.choiceQuestion?.choices ?? []
        guard here.count == there.count else {
            return "step '\(translated.id)' has \(here.count) choices here but \(there.count) in \(file): "
                + "a translation has the same choices, in the same order"
        }
        for (index, (choice, source)) in zip(here, there).enumerated() {
            var differences: [String] = []
            if choice.correct != source.correct {
                differences.append(choice.correct ? "it is correct here only" : "it is correct there only")
            }
            if (choice.feedback == nil) != (source.feedback == nil) {
                differences.append(choice.feedback != nil ? "it has feedback here only" : "it has feedback there only")
            }
            let code = codeSpans(choice.text)
            let sourceCode = codeSpans(source.text)
            if code != sourceCode {
                differences.append(
                    "it names " + (code.isEmpty ? "no code" : code.map { "`\($0)`" }.joined(separator: ", "))
                        + " here but "
                        + (sourceCode.isEmpty ? "no code" : sourceCode.map { "`\($0)`" }.joined(separator: ", "))
                        + " there")
            }
            if choice.id != source.id {
                differences.append("its id is '\(choice.id ?? "")' here but '\(source.id ?? "")' there")
            }
            if !differences.isEmpty {
                return "choice \(Choice.label(for: index)) of step '\(translated.id)' is not the same choice as in "
                    + "\(file) (a translation keeps each choice in its place, in other words): "
                    + differences.joined(separator: "; ")
            }
        }
        return nil
    }

    /// The `code` spans of a choice's text, in order.
    static func codeSpans(_ text: String) -> [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return [] }
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }

    static func read(_ raw: String, for step: Step) -> AnswerReading {
        let question = step.choiceQuestion ?? ChoiceQuestion(choices: [], multipleAnswers: false)
        guard let indices = Answer.parseChoices(raw, count: question.choices.count) else {
            return .notAChoice(last: Choice.label(for: question.choices.count - 1), several: question.multipleAnswers)
        }
        return .answer(.choices(indices))
    }

    static func judge(_ answer: Answer, for step: Step, by judge: AnswerJudge) async -> Verdict {
        guard case .choices(let selected) = answer, let question = step.choiceQuestion else {
            return judge.notAnAnswer(for: step)
        }
        return Self.judge(selected, of: question, catalog: judge.catalog)
    }

    /// Single answer: exactly the correct choice. Several: exactly the set of correct ones.
    static func judge(_ selected: [Int], of question: ChoiceQuestion, catalog: Catalog = .english) -> Verdict {
        let choices = question.choices
        let chosen = Set(selected)
        let correct = Set(choices.indices.filter { choices[$0].correct })
        var feedback: [String] = []
        if let invalid = chosen.first(where: { !choices.indices.contains($0) }) {
            let result = CheckResult(
                summary: "a valid choice", status: .fail, reason: .noSuchChoice(number: invalid + 1), catalog: catalog)
            return Verdict(results: [result], feedback: [result.message])
        }
        if !question.multipleAnswers && chosen.count > 1 {
            let result = CheckResult(summary: "one choice", status: .fail, reason: .oneChoiceOnly, catalog: catalog)
            return Verdict(results: [result], feedback: [result.message])
        }
        for index in chosen.sorted() where !correct.contains(index) {
            let choice = choices[index]
            feedback.append(
                "\(Choice.label(for: index))) "
                    + (choice.feedback ?? CheckFailure.wrongChoice(choice.text).text(catalog)))
        }
        let missed = correct.subtracting(chosen)
        if feedback.isEmpty && !missed.isEmpty {
            feedback.append(CheckFailure.missedChoices(count: missed.count).text(catalog))
        }
        if feedback.isEmpty {
            for index in chosen.sorted() { if let note = choices[index].feedback { feedback.append(note) } }
            return Verdict(results: [CheckResult(summary: "the right choice", status: .pass)], feedback: feedback)
        }
        return Verdict(
            results: [CheckResult(summary: "the right choice", status: .fail, message: feedback[0])],
            feedback: feedback)
    }

    static func referenceAnswer(of step: Step) -> String? {
        guard let choices = step.choiceQuestion?.choices else { return nil }
        return choices.indices.filter { choices[$0].correct }.map { Choice.label(for: $0) }.joined(separator: ", ")
    }

    /// Every wrong choice alone is judged wrong, and the correct ones together right.
    static func prove(_ step: Step, in lesson: Lesson, by judge: AnswerJudge) async -> [Diagnostic] {
        guard let question = step.choiceQuestion else { return [] }
        var found: [Diagnostic] = []
        for index in question.choices.indices where !question.choices[index].correct {
            if Self.judge([index], of: question).passed {
                found.append(
                    Diagnostic(
                        .error, "wrong choice \(Choice.label(for: index)) is judged right",
                        at: question.choices[index].location))
            }
        }
        let correct = question.choices.indices.filter { question.choices[$0].correct }
        if !Self.judge(correct, of: question).passed {
            found.append(Diagnostic(.error, "the correct choices are not accepted", at: step.location))
        }
        return found + (await PackChecker.listedAnswers(of: step, in: lesson, judge: judge))
    }

    static func parts(of step: Step) -> [StepPart] {
        let question = step.choiceQuestion
        return [
            .question, .choices(question?.choices ?? []),
            .instruction(catalogKeys[question?.multipleAnswers == true ? 1 : 0])
        ]
    }
}

/// The choices of a choice step.
package struct ChoiceQuestion: Sendable, Hashable {
    package var choices: [Choice]
    /// Learners must pick every correct choice (more than one may be).
    package var multipleAnswers: Bool

    package init(choices: [Choice], multipleAnswers: Bool) {
        self.choices = choices
        self.multipleAnswers = multipleAnswers
    }
}

extension Step {
    package var choiceQuestion: ChoiceQuestion? {
        if case .choice(let question) = body { question } else { nil }
    }
}
