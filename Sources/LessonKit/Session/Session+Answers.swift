import Foundation
import Playground

/// Hints, solutions, skipping, restarting, drafts and answers.
extension Session {
    // MARK: - Help

    /// A hint as revealed: `number` of `total`.
    package struct HintReveal: Sendable, Hashable {
        package var number: Int
        package var total: Int
        package var text: String
        package var isLast: Bool { number == total }
    }

    /// The next hint of the current step (the last one again once all are shown); nil when
    /// the step has none.
    package mutating func hint() -> HintReveal? {
        guard let ref = position, let step = currentStep, !step.hints.isEmpty else { return nil }
        var record = stepProgress(ref)
        record.hintsUsed = min(record.hintsUsed + 1, step.hints.count)
        progress[ref] = record
        touch()
        return HintReveal(number: record.hintsUsed, total: step.hints.count, text: step.hints[record.hintsUsed - 1])
    }

    /// The reference answer, shown only when asked for and recorded as used.
    package struct SolutionReveal: Sendable, Hashable {
        /// Code for code steps.
        package var code: String?
        /// The answer as typed for choice, text and predict steps (e.g. `b, d`).
        package var answer: String?
        package var explanation: String?
    }

    package mutating func revealSolution() -> SolutionReveal? {
        guard let ref = position, let step = currentStep, step.kind.needsAnswer else { return nil }
        var record = stepProgress(ref)
        record.solutionShown = true
        progress[ref] = record
        touch()
        let isCode = step.kind.answersWithCode
        return SolutionReveal(
            code: isCode ? step.code(.solution) : nil,
            answer: isCode ? nil : step.referenceAnswer,
            explanation: step.explanation)
    }

    /// Skips the current step: the reference answer is filled in (later steps that continue
    /// from this code see a consistent state), the step is marked skipped, and the learner
    /// moves on. With `revealing` false (a workshop's instructor holds solutions back) the
    /// reference reaches neither the draft nor the last answer: the learner's own draft stays.
    package mutating func skip(revealing: Bool = true) -> Move {
        guard let ref = position, let step = currentStep else { return next() }
        if step.kind.needsAnswer {
            var record = stepProgress(ref)
            if record.status != .passed {
                record.status = .skipped
                record.completed = clock()
                if revealing, let reference = step.referenceAnswer {
                    record.lastAnswer = reference
                    if step.kind.keepsDraft { record.draft = reference }
                }
                progress[ref] = record
            }
        }
        var move = next()
        move.leftUnfinished = nil
        return move
    }

    /// Starts over: the whole pack, or one lesson. Returns the progress as it was, for the
    /// caller to keep as a backup (`ProgressStore.saveBackup`).
    package mutating func restart(lesson lessonID: String? = nil) throws(SessionError) -> (
        backup: PackProgress, move: Move
    ) {
        let backup = progress
        finishVisit()
        if let lessonID {
            guard let lesson = pack.lesson(id: lessonID, language: language), let first = lesson.steps.first else {
                throw .unknownLesson(lessonID, known: pack.lessons.map(\.id))
            }
            progress.lessons[lessonID] = nil
            progress.history.removeAll { $0.lesson == lessonID }
            progress.position = nil
            return (backup, go(to: StepRef(lesson: lessonID, step: first.id), remember: false))
        }
        progress.lessons = [:]
        progress.history = []
        progress.position = nil
        return (backup, resume())
    }

    // MARK: - Drafts and answers

    /// The code the learner edits on the current step: their saved draft, else the code the
    /// step continues from, else the starter.
    package var draft: String? {
        guard let ref = position, let step = currentStep else { return nil }
        return draft(for: step, in: ref.lesson)
    }

    func draft(for step: Step, in lessonID: String) -> String? {
        if let saved = progress[StepRef(lesson: lessonID, step: step.id)]?.draft { return saved }
        // Continuing: the learner's own code from that step (the solution after a skip),
        // or the reference solution when they never wrote any.
        if let previousID = step.continuesFrom, let lesson = pack.lesson(id: lessonID, language: language),
            let previous = lesson.step(id: previousID)
        {
            return progress[StepRef(lesson: lessonID, step: previousID)]?.draft ?? previous.code(.solution)
        }
        return step.code(.starter)
    }

    /// Saves the learner's edited code for the current step.
    package mutating func saveDraft(_ code: String) {
        guard let ref = position else { return }
        var record = stepProgress(ref)
        record.draft = code
        progress[ref] = record
        touch()
    }

    /// Judges an answer to the current step and records the attempt.
    package mutating func submit(_ answer: Answer, runner: any ProgramRunner) async throws(SessionError) -> Verdict {
        guard let ref = position, let step = currentStep else { throw .noCurrentStep }
        guard step.kind.needsAnswer else { throw .nothingToAnswer(step.kind) }
        let verdict = await AnswerJudge(pack: pack, runner: runner, catalog: pack.catalog(language: language)).judge(
            answer, for: step)
        record(verdict, answer: answer, at: ref)
        return verdict
    }

    /// Records a judged answer (an `error` verdict is not the learner's fault and not counted).
    package mutating func record(_ verdict: Verdict, answer: Answer, at ref: StepRef) {
        guard verdict.status != .error else { return }
        var record = stepProgress(ref)
        record.attempts += 1
        record.lastAnswer = answer.recorded
        if case .code(let code) = answer { record.draft = code }
        if verdict.passed {
            record.status = .passed
            record.completed = record.completed ?? clock()
        } else if record.status == .seen {
            record.status = .attempted
        }
        progress[ref] = record
        touch()
    }

    /// Runs the current step's code without judging it: the example, or the learner's draft
    /// (or `code`), on `device` when given (else the step's). A prediction must be made before
    /// its example can be run.
    package func run(
        code: String? = nil, device: DeviceIdiom? = nil, runner: any ProgramRunner
    ) async throws(SessionError) -> RunResult {
        guard let ref = position, var step = currentStep else { throw .noCurrentStep }
        if let device { step.device = device }
        guard step.kind.runsCode else { throw .nothingToRun(step.kind) }
        if step.kind.runsOnceAnswered, stepProgress(ref).attempts == 0, stepProgress(ref).status != .skipped {
            throw .predictFirst
        }
        let source = code ?? (step.kind.runsExample ? step.code(.example) : draft) ?? ""
        let catalog = pack.catalog(language: language)
        let result = await AnswerJudge(pack: pack, runner: runner, catalog: catalog).run(
            source, for: step, judging: false)
        if let outcome = result.value { return outcome }
        throw .runnerFailed(result.failure?.firstFailure?.message ?? catalog.text("run.could_not_run"))
    }
}
