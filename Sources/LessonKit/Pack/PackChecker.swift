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
        let storyboards = PackSourceChecks.storyboardErrors(of: pack, lessons: lessons)
        let shown =
            storyboards.filter { $0.severity == .error }
            + lessons.flatMap { lesson in
                lesson.steps.flatMap { shownCommandErrors($0, in: lesson, pack: pack) }
            } + renameErrors(pack)
        if !shown.isEmpty {
            result.diagnostics = (result.diagnostics + shown).sortedByLocation()
            result.pack = nil
        }
        let repeated =
            storyboards.filter { $0.severity != .error }
            + PackSourceChecks.repeatedShellWords(of: pack, lessons: lessons)
        if !repeated.isEmpty { result.diagnostics = (result.diagnostics + repeated).sortedByLocation() }
        let tall = StepHeightCheck.warnings(in: lessons, pack: pack)
        if !tall.isEmpty { result.diagnostics = (result.diagnostics + tall).sortedByLocation() }
        return result
    }

    /// Runs every example; proves every exercise's starter fails and its solution passes;
    /// proves every wrong choice is judged wrong and every accepted answer right; checks
    /// every translation's steps too. Diagnostics point at the step or code block at fault.
    /// The support code is compiled first, once: when it does not compile, its errors come
    /// first at their own lines and no code step is run (each would fail for the same reason).
    ///
    /// `progress` is told each step as it is checked (for a progress line).
    package static func checkDynamically(
        _ pack: Pack, runner: any ProgramRunner,
        progress: (@Sendable (StepRef) -> Void)? = nil, learnerView: @escaping LearnerView = Verdict.ownWords
    ) async -> [Diagnostic] {
        let judge = AnswerJudge(pack: pack, runner: runner, learnerView: learnerView)
        var diagnostics: [Diagnostic] = []
        var lessons = pack.lessons
        for language in pack.translations.keys.sorted() {
            lessons += pack.lessons.compactMap { pack.translations[language]?[$0.id] }
        }
        let support = await PackSourceChecks.supportErrors(of: pack, runner: runner)
        // Counted once per step, whatever the number of languages: the summary line counts so.
        var unchecked: Set<StepRef> = []
        for lesson in lessons {
            for step in lesson.steps {
                progress?(StepRef(lesson: lesson.id, step: step.id))
                if !support.isEmpty && step.kind.runsCode {
                    unchecked.insert(StepRef(lesson: lesson.id, step: step.id))
                    continue
                }
                diagnostics += await check(step, in: lesson, judge: judge)
                diagnostics += shownCommandErrors(step, in: lesson, pack: pack)
            }
        }
        guard let last = support.last else { return diagnostics.sortedByLocation() }
        return support + [notRun(unchecked.count, after: last)] + diagnostics.sortedByLocation()
    }

    /// The note under the support code's errors: how many code steps were not run because of them.
    static func notRun(_ count: Int, after last: Diagnostic) -> Diagnostic {
        Diagnostic(
            .note,
            "and \(count) code step\(count == 1 ? "" : "s") not run: each compiles with the support code, "
                + "so each would fail by the error above",
            at: last.location)
    }

    /// `renamed-from:` names an id that is gone: one that a live lesson (or a step of the same
    /// lesson) still has would take that one's learners' progress; one claimed twice is ambiguous.
    static func renameErrors(_ pack: Pack) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let lessonIDs = Set(pack.lessons.map(\.id))
        var claimedLessons: [String: String] = [:]
        for lesson in pack.lessons {
            let at =
                lesson.renamedFromLocation ?? lesson.idLocation ?? SourceLocation(file: lesson.file, line: 1, column: 1)
            for old in lesson.renamedFrom {
                if lessonIDs.contains(old) {
                    found.append(
                        Diagnostic(
                            .error,
                            "renamed-from '\(old)' is the id of a lesson of this pack: a renamed lesson's old id "
                                + "must be gone, or its learners' progress would move", at: at))
                } else if let other = claimedLessons[old] {
                    found.append(
                        Diagnostic(.error, "renamed-from '\(old)' is also claimed by lesson '\(other)'", at: at))
                } else {
                    claimedLessons[old] = lesson.id
                }
            }
            let stepIDs = Set(lesson.stepIDs)
            var claimedSteps: [String: String] = [:]
            for step in lesson.steps {
                let at = step.renamedFromLocation ?? step.location
                for old in step.renamedFrom {
                    if stepIDs.contains(old) {
                        found.append(
                            Diagnostic(
                                .error,
                                "renamed-from '\(old)' is the id of a step of lesson '\(lesson.id)': a renamed "
                                    + "step's old id must be gone, or its learners' progress would move", at: at))
                    } else if let other = claimedSteps[old] {
                        found.append(
                            Diagnostic(.error, "renamed-from '\(old)' is also claimed by step '\(other)'", at: at))
                    } else {
                        claimedSteps[old] = step.id
                    }
                }
            }
        }
        return found
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
        let rootCauses =
            solutionMayNotCompile ? [] : compilerErrors(in: solutionVerdict, of: step, learnerRole: .solution)
        found += rootCauses
        let (listed, wrongVerdicts) = await listedAnswerVerdicts(of: step, in: lesson, view: judge.learnerView) {
            await judge.judge($0, for: step)
        }
        // A starter that already passes is the error above: its checks are not warned once more.
        if !starterVerdict.passed { found += unprovenChecks(of: step, failedBy: [starterVerdict] + wrongVerdicts) }
        if let cause = rootCauses.last {
            // Everything built on a solution that does not compile fails by the same error:
            // said once, after it.
            let onSolution = Set(
                step.rightAnswers.compactMap { answer -> SourceLocation? in
                    if case .edit(_, _, .solution) = answer.form { return answer.location }
                    return nil
                })
            let caused = listed.filter { $0.location.map(onSolution.contains) ?? false }
            let more = caused.count + (solutionVerdict.passed ? 0 : 1)
            if more > 0 {
                found.append(
                    Diagnostic(.note, "and \(more) more caused by the error above", at: cause.location))
            }
            return found + listed.filter { !($0.location.map(onSolution.contains) ?? false) }
        }
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
        return found + listed
    }

    /// Proves the author's `wrong-answers` are rejected and `right-answers` accepted, each
    /// reported at its own line, judged by `judge`.
    static func listedAnswers(of step: Step, in lesson: Lesson, judge: AnswerJudge) async -> [Diagnostic] {
        await listedAnswers(of: step, in: lesson, view: judge.learnerView) { await judge.judge($0, for: step) }
    }

    /// Proves the author's `wrong-answers` are rejected and `right-answers` accepted, each
    /// reported at its own line. A typed answer is read as the learner's would be.
    static func listedAnswers(
        of step: Step, in lesson: Lesson, view: LearnerView,
        judging: (Answer) async -> Verdict
    ) async -> [Diagnostic] {
        await listedAnswerVerdicts(of: step, in: lesson, view: view, judging: judging).found
    }

    /// Each of the step's own checks must fail on the starter or on a listed wrong answer: a
    /// check that never fails cannot tell a learner anything. Warned at the check's line.
    static func unprovenChecks(of step: Step, failedBy verdicts: [Verdict]) -> [Diagnostic] {
        let effective = CheckEvaluator.effectiveChecks(for: step)
        return step.checks.compactMap { spec in
            let index = effective.firstIndex(of: spec)
            let fails = verdicts.contains { verdict in
                // Results follow the effective checks in order; by place when a judge added its own.
                if let index, verdict.results.count == effective.count {
                    return verdict.results[index].status != .pass
                }
                return verdict.results.contains { $0.location == spec.location && $0.status != .pass }
            }
            if fails { return nil }
            return Diagnostic(
                .warning,
                "check \"\(spec.check.summary)\" never fails on the starter or any listed wrong answer: it cannot tell "
                    + "a learner anything (add a wrong answer it rejects, or remove it)",
                at: spec.location)
        }
    }

    /// The listed answers' diagnostics, and the verdicts on the wrong ones (what proves checks).
    /// A listed answer is refused too when what the learner is shown for it (`view`, as
    /// rendered) holds one of the judge's internal names.
    static func listedAnswerVerdicts(
        of step: Step, in lesson: Lesson, view: LearnerView,
        judging: (Answer) async -> Verdict
    ) async -> (found: [Diagnostic], wrong: [Verdict]) {
        var found: [Diagnostic] = []
        var wrong: [Verdict] = []
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
            if !shouldPass { wrong.append(verdict) }
            let reason = verdict.firstFailure.map { $0.message.isEmpty ? $0.summary : $0.message } ?? ""
            let learnerCode: String? = if case .code(let code) = answer { code } else { nil }
            let shown = view(verdict, step, learnerCode)
            let leaked = Verdict.internalNames(in: shown)
            if !leaked.isEmpty {
                // The first line that shows one, as the learner would read it.
                let line = shown.first { !Verdict.internalNames(in: [$0]).isEmpty } ?? reason
                found.append(
                    Diagnostic(
                        .error,
                        "\(what): the learner would be shown the judge's internals ("
                            + leaked.map { "`\($0)`" }.joined(separator: ", ") + "): \(TextMatching.collapse(line))",
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
        return (found, wrong)
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
