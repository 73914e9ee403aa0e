import Foundation
import Playground
import SourceText

/// `seguelab pack check`: the static part (everything readable without running code) and the
/// dynamic part, which proves the pack with the same judge learners face.
package enum PackChecker {
    /// Parses and validates the pack in `root`; all problems, errors and warnings.
    /// The ```seguelab blocks are run here too (they read storyboards, no code): a storyboard the
    /// shell could not show is found by `--static-only` as well.
    package static func checkStatically(at root: URL, seguelabVersion: String = SeguelabVersion.current)
        -> PackLoadResult
    {
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
    package static func checkDynamically(
        _ pack: Pack, runner: any ProgramRunner,
        progress: (@Sendable (StepRef) -> Void)? = nil
    ) async -> [Diagnostic] {
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
            do {
                _ = try command.run(in: pack, lesson: lesson)
                return nil
            } catch {
                return Diagnostic(.error, "this ```seguelab block cannot run: \(error)", at: command.location)
            }
        }
    }

    /// What `pack check` proves for one step: what its kind proves (`Steps/Kinds`), with its
    /// listed answers.
    static func check(_ step: Step, in lesson: Lesson, judge: AnswerJudge) async -> [Diagnostic] {
        await step.kind.rules.prove(step, in: lesson, by: judge)
    }

    /// An error about a step, at `location` or else the step's heading.
    static func error(_ message: String, of step: Step, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location ?? step.location)
    }

    /// A verdict's first failure, for a message.
    static func describe(_ verdict: Verdict) -> String {
        guard let failure = verdict.firstFailure else { return "" }
        return "\(failure.summary): \(TextMatching.collapse(failure.message))"
    }

    /// A code step (prompt, exercise, compiler): the code the learner starts from fails, the
    /// solution passes (and compiles, unless the step wants a compiler error), and the listed
    /// answers are judged as listed. `judging` is the kind's own judgement of code.
    static func proveCode(
        of step: Step, in lesson: Lesson, startingWith starter: String, startingWhat: String,
        judge: AnswerJudge, solutionMayNotCompile: Bool = false,
        judging: (String) async -> Verdict
    ) async -> [Diagnostic] {
        var found: [Diagnostic] = []
        let starterVerdict = await judging(starter)
        if starterVerdict.status == .error {
            found.append(
                error(
                    "checks of '\(step.id)' could not judge the starter: \(describe(starterVerdict))",
                    of: step))
        } else if starterVerdict.passed {
            found.append(
                error(
                    "\(startingWhat) already passes: the \(step.kind.rawValue) '\(step.id)' cannot fail",
                    of: step, at: step.code[.starter]?.location))
        }
        let solutionVerdict = await judging(step.code(.solution) ?? "")
        if !solutionMayNotCompile { found += compilerErrors(in: solutionVerdict, of: step, learnerRole: .solution) }
        if !solutionVerdict.passed {
            let failure = solutionVerdict.firstFailure
            let location =
                failure?.location != nil && failure?.location != step.location
                ? failure?.location : step.code[.solution]?.location
            found.append(
                error(
                    "the solution of '\(step.id)' does not pass: \(describe(solutionVerdict))",
                    of: step, at: location))
        }
        return found + (await listedAnswers(of: step, in: lesson, judge: judge))
    }

    /// Proves the author's `wrong-answers` are rejected and `right-answers` accepted, each
    /// reported at its own line, judged by `judge`.
    static func listedAnswers(of step: Step, in lesson: Lesson, judge: AnswerJudge) async -> [Diagnostic] {
        await listedAnswers(of: step, in: lesson) { await judge.judge($0, for: step) }
    }

    /// Proves the author's `wrong-answers` are rejected and `right-answers` accepted, each
    /// reported at its own line. A typed answer is read as the learner's would be.
    static func listedAnswers(
        of step: Step, in lesson: Lesson,
        judging: (Answer) async -> Verdict
    ) async -> [Diagnostic] {
        var found: [Diagnostic] = []
        for (listed, shouldPass) in step.wrongAnswers.map({ ($0, false) }) + step.rightAnswers.map({ ($0, true) }) {
            let what = shouldPass ? "right answer '\(listed.label)'" : "wrong answer '\(listed.label)'"
            let answer: Answer
            switch listed.form {
            case .typed(let text):
                guard case .answer(let read) = step.read(text) else {
                    found.append(Diagnostic(.error, "\(what) is not a choice of this step", at: listed.location))
                    continue
                }
                answer = read
            case .edit(let replace, let with, let role):
                let base = role == .starter ? startingCode(of: step, in: lesson) : step.code(.solution) ?? ""
                guard let range = base.range(of: replace) else {
                    found.append(
                        Diagnostic(
                            .error, "\(what): the \(role.rawValue) has no '\(replace)' to replace", at: listed.location)
                    )
                    continue
                }
                answer = .code(base.replacingCharacters(in: range, with: with))
            }
            let verdict = await judging(answer)
            let reason = verdict.firstFailure.map { $0.message.isEmpty ? $0.summary : $0.message } ?? ""
            let leaked = verdict.internalNamesShown
            if !leaked.isEmpty {
                found.append(
                    Diagnostic(
                        .error,
                        "\(what): the learner would be shown the judge's internals ("
                            + leaked.map { "`\($0)`" }.joined(separator: ", ") + "): \(TextMatching.collapse(reason))",
                        at: listed.location))
            }
            switch (verdict.status, shouldPass) {
            case (.pass, false): found.append(Diagnostic(.error, "\(what) is judged right", at: listed.location))
            case (.error, _):
                found.append(
                    Diagnostic(
                        .error, "\(what) could not be judged: \(TextMatching.collapse(reason))", at: listed.location))
            case (.fail, true):
                found.append(
                    Diagnostic(.error, "\(what) is judged wrong: \(TextMatching.collapse(reason))", at: listed.location)
                )
            case (.fail, false):
                if let feedback = listed.feedback, !verdict.feedback.contains(feedback) {
                    found.append(
                        Diagnostic(
                            .error,
                            "\(what) is refused, but its feedback is not shown: the answer does not make the "
                                + "listed mistake as the judge reads it (see `feedback` in docs/authoring.md)",
                            at: listed.location))
                }
            default: break
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
            let block: CodeBlock? =
                switch error.file {
                case "prelude": step.code[.prelude]
                case "harness": step.code[.harness]
                case learnerFile: step.code[learnerRole]
                default: nil
                }
            guard let block else {
                return Diagnostic(
                    .error, "compiler: \(error.file):\(error.line):\(error.column): \(error.message)", at: step.location
                )
            }
            let location = SourceLocation(
                file: block.location.file, line: block.location.line + error.line - 1, column: error.column)
            return Diagnostic(
                .error, "compiler: \(error.message) (in the \(block.role.rawValue) of '\(step.id)')", at: location)
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
