import Foundation
import Playground
import SourceText

/// `seguelab pack check`: the static part (everything readable without running code) and the
/// dynamic part, which proves the pack with the same judge learners face.
public enum PackChecker {
    /// Parses and validates the pack in `root`; all problems, errors and warnings.
    /// The ```seguelab blocks are run here too (they read storyboards, no code): a storyboard the
    /// shell could not show is found by `--static-only` as well.
    public static func checkStatically(at root: URL, seguelabVersion: String = SeguelabVersion.current) -> PackLoadResult {
        var result = PackLoader.load(from: root, seguelabVersion: seguelabVersion)
        guard let pack = result.pack else { return result }
        var lessons = pack.lessons
        for language in pack.translations.keys.sorted() {
            lessons += pack.lessons.compactMap { pack.translations[language]?[$0.id] }
        }
        let shown = lessons.flatMap { lesson in
            lesson.steps.flatMap { shownCommandErrors($0, in: lesson, pack: pack) }
        }
        if !shown.isEmpty {
            result.diagnostics = (result.diagnostics + shown).sortedByLocation()
            result.pack = nil
        }
        return result
    }

    /// Runs every example; proves every exercise's starter fails and its solution passes;
    /// proves every wrong choice is judged wrong and every accepted answer right; checks
    /// every translation's steps too. Diagnostics point at the step or code block at fault.
    ///
    /// `progress` is told each step as it is checked (for a progress line).
    public static func checkDynamically(_ pack: Pack, runner: any ProgramRunner,
                                        progress: (@Sendable (StepRef) -> Void)? = nil) async -> [Diagnostic] {
        let judge = AnswerJudge(pack: pack, runner: runner)
        var diagnostics: [Diagnostic] = []
        var lessons = pack.lessons
        for language in pack.translations.keys.sorted() {
            lessons += pack.lessons.compactMap { pack.translations[language]?[$0.id] }
        }
        for lesson in lessons {
            for step in lesson.steps {
                progress?(StepRef(lesson: lesson.id, step: step.id))
                diagnostics += await check(step, in: lesson, judge: judge)
                diagnostics += shownCommandErrors(step, in: lesson, pack: pack)
            }
        }
        return diagnostics.sortedByLocation()
    }

    /// Every ```seguelab block of the step runs: its storyboard loads, the step it compares exists.
    static func shownCommandErrors(_ step: Step, in lesson: Lesson, pack: Pack) -> [Diagnostic] {
        step.shownCommands.compactMap { command in
            do { _ = try command.run(in: pack, lesson: lesson); return nil } catch {
                return Diagnostic(.error, "this ```seguelab block cannot run: \(error)", at: command.location)
            }
        }
    }

    static func check(_ step: Step, in lesson: Lesson, judge: AnswerJudge) async -> [Diagnostic] {
        var found: [Diagnostic] = []
        func error(_ message: String, at location: SourceLocation? = nil) {
            found.append(Diagnostic(.error, message, at: location ?? step.location))
        }
        func describe(_ verdict: Verdict) -> String {
            guard let failure = verdict.firstFailure else { return "" }
            return "\(failure.summary): \(TextMatching.collapse(failure.message))"
        }

        switch step.kind {
        case .prose:
            break

        case .example:
            let verdict = await judge.judge(.code(step.code(.example) ?? ""), for: step)
            found += compilerErrors(in: verdict, of: step, learnerRole: .example)
            if !verdict.passed {
                let failure = verdict.firstFailure
                error("example '\(step.id)' does not behave as written: \(describe(verdict))",
                      at: failure?.location == step.location ? step.code[.example]?.location : failure?.location)
            }

        case .choice:
            for index in step.choices.indices where !step.choices[index].correct {
                if AnswerJudge.judgeChoices([index], for: step).passed {
                    error("wrong choice \(Choice.label(for: index)) is judged right", at: step.choices[index].location)
                }
            }
            let correct = step.choices.indices.filter { step.choices[$0].correct }
            if !AnswerJudge.judgeChoices(correct, for: step).passed {
                error("the correct choices are not accepted")
            }

        case .text:
            for answer in step.acceptedAnswers where !AnswerJudge.judgeText(answer, for: step).passed {
                error("accepted answer '\(answer)' is not accepted")
            }
            if AnswerJudge.judgeText("", for: step).passed {
                error("an empty answer is accepted; the pattern matches anything")
            }
            found += fragmentsAccepted(by: step)

        case .predict:
            let result = await judge.run(step.code(.example) ?? "", for: step)
            guard let outcome = result.value else {
                error("example of predict step '\(step.id)' could not be run: \(result.failure.map(describe) ?? "")", at: step.code[.example]?.location)
                break
            }
            found += compilerErrors(in: Verdict(results: [], run: outcome), of: step, learnerRole: .example)
            if !outcome.compile.succeeded {
                let first = outcome.compile.errors.first.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } ?? "no diagnostics"
                error("example of predict step '\(step.id)' does not compile: \(first)", at: step.code[.example]?.location)
            } else if step.predictTarget == .destination, outcome.endState?.visible == nil {
                error("predict step '\(step.id)' asks for the destination, but the example's run recorded no final screen")
            } else {
                if let expected = step.expectedPrediction {
                    let verdict = AnswerJudge.judgePrediction(expected, for: step, run: outcome)
                    if !verdict.passed { error("the expected answer '\(expected)' is wrong: \(describe(verdict))") }
                }
                found += await listedAnswers(of: step, in: lesson, judge: judge, example: outcome)
            }

        case .prompt, .exercise, .compiler:
            let starter = step.kind == .prompt ? "" : startingCode(of: step, in: lesson)
            let starterVerdict = await judge.judgeCode(starter, for: step)
            if starterVerdict.status == .error {
                error("checks of '\(step.id)' could not judge the starter: \(describe(starterVerdict))")
            } else if starterVerdict.passed {
                let what = step.kind == .prompt ? "an empty answer already passes" : "the starter code already passes"
                error("\(what): the \(step.kind.rawValue) '\(step.id)' cannot fail", at: step.code[.starter]?.location)
            }
            let solutionVerdict = await judge.judgeCode(step.code(.solution) ?? "", for: step)
            let expectsRejection = if case .rejects = step.compilerExpectation { true } else { false }
            if !expectsRejection { found += compilerErrors(in: solutionVerdict, of: step, learnerRole: .solution) }
            if !solutionVerdict.passed {
                let failure = solutionVerdict.firstFailure
                let location = failure?.location != nil && failure?.location != step.location ? failure?.location : step.code[.solution]?.location
                error("the solution of '\(step.id)' does not pass: \(describe(solutionVerdict))", at: location)
            }
        }
        if step.kind != .predict { found += await listedAnswers(of: step, in: lesson, judge: judge, example: nil) }
        return found
    }

    /// Proves the author's `wrong-answers` are rejected and `right-answers` accepted, each
    /// reported at its own line. Predictions are judged against the example's one run.
    static func listedAnswers(of step: Step, in lesson: Lesson, judge: AnswerJudge, example: RunResult?) async -> [Diagnostic] {
        var found: [Diagnostic] = []
        for (listed, shouldPass) in step.wrongAnswers.map({ ($0, false) }) + step.rightAnswers.map({ ($0, true) }) {
            let what = shouldPass ? "right answer '\(listed.label)'" : "wrong answer '\(listed.label)'"
            let answer: Answer
            switch (listed.form, step.kind) {
            case (.typed(let text), .choice):
                guard let indices = Answer.parseChoices(text, count: step.choices.count) else {
                    found.append(Diagnostic(.error, "\(what) is not a choice of this step", at: listed.location))
                    continue
                }
                answer = .choices(indices)
            case (.typed(let text), .text), (.typed(let text), .predict):
                answer = .text(text)
            case (.typed(let code), _):
                answer = .code(code)
            case (.edit(let replace, let with, let role), _):
                let base = role == .starter ? startingCode(of: step, in: lesson) : step.code(.solution) ?? ""
                guard let range = base.range(of: replace) else {
                    found.append(Diagnostic(.error, "\(what): the \(role.rawValue) has no '\(replace)' to replace", at: listed.location))
                    continue
                }
                answer = .code(base.replacingCharacters(in: range, with: with))
            }
            let verdict: Verdict
            if step.kind == .predict, let example, case .text(let text) = answer {
                verdict = AnswerJudge.judgePrediction(text, for: step, run: example)
            } else {
                verdict = await judge.judge(answer, for: step)
            }
            let reason = verdict.firstFailure.map { $0.message.isEmpty ? $0.summary : $0.message } ?? ""
            switch (verdict.status, shouldPass) {
            case (.pass, false): found.append(Diagnostic(.error, "\(what) is judged right", at: listed.location))
            case (.error, _): found.append(Diagnostic(.error, "\(what) could not be judged: \(TextMatching.collapse(reason))", at: listed.location))
            case (.fail, true): found.append(Diagnostic(.error, "\(what) is judged wrong: \(TextMatching.collapse(reason))", at: listed.location))
            default: break
            }
        }
        return found
    }

    /// A pattern whose parts are all optional accepts a bare fragment of the answer, such as
    /// `rawValue` for `init(rawValue:)`: often a related but wrong name. Each word of an
    /// accepted answer is tried alone; one accepted must be listed as right on purpose.
    static func fragmentsAccepted(by step: Step) -> [Diagnostic] {
        guard step.acceptPattern != nil else { return [] }
        let intended = Set((step.acceptedAnswers + step.rightAnswers.compactMap {
            if case .typed(let text) = $0.form { text } else { nil }
        }).map(TextMatching.normalizedAnswer))
        var found: [Diagnostic] = []
        var tried: Set<String> = []
        for answer in step.acceptedAnswers {
            let words = answer.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
            for word in words where word.count > 1 && tried.insert(word.lowercased()).inserted {
                guard !intended.contains(TextMatching.normalizedAnswer(word)), AnswerJudge.judgeText(word, for: step).passed else { continue }
                found.append(Diagnostic(.error, "the pattern accepts '\(word)' alone, a part of the accepted answer '\(answer)'; "
                                        + "make the other parts required, or list '\(word)' in right-answers if it is right",
                                        at: step.location))
            }
        }
        return found
    }

    /// Compiler errors in an author's code, at their place in the lesson file (the learner
    /// sees hidden code only as "the lesson's hidden code"; the author needs the line).
    static func compilerErrors(in verdict: Verdict, of step: Step, learnerRole: CodeRole) -> [Diagnostic] {
        guard let outcome = verdict.run else { return [] }
        let learnerFile = ProgramBuilder.learnerFileName(for: step)
        return outcome.compile.errors.map { error in
            let block: CodeBlock? = switch error.file {
            case "prelude": step.code[.prelude]
            case "harness": step.code[.harness]
            case learnerFile: step.code[learnerRole]
            default: nil
            }
            guard let block else {
                return Diagnostic(.error, "compiler: \(error.file):\(error.line):\(error.column): \(error.message)", at: step.location)
            }
            let location = SourceLocation(file: block.location.file, line: block.location.line + error.line - 1, column: error.column)
            return Diagnostic(.error, "compiler: \(error.message) (in the \(block.role.rawValue) of '\(step.id)')", at: location)
        }
    }

    /// The code a learner starts from: the starter, or the solution of the step it continues.
    static func startingCode(of step: Step, in lesson: Lesson) -> String {
        if let starter = step.code(.starter) { return starter }
        if let previous = step.continuesFrom.flatMap(lesson.step(id:)) {
            return previous.code(.solution) ?? startingCode(of: previous, in: lesson)
        }
        return ""
    }
}
