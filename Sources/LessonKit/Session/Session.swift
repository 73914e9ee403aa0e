import Foundation

/// A learner's way through a pack: position, answers, hints, drafts. Every change is a pure
/// state change on `progress` (the shell saves it); only answers that run code are async.
///
/// `next` never blocks: a tutor that traps learners on a step they cannot solve loses them.
/// Leaving an unanswered step is allowed, reported in `Move.leftUnfinished`, and the step
/// stays unfinished in menus and summaries until answered or skipped.
public struct Session: Sendable {
    public let pack: Pack
    /// The teaching language; lessons without a translation fall back to the default language.
    public let language: String
    public private(set) var progress: PackProgress
    /// When the learner arrived on the current step (for time spent).
    private var enteredAt: Date?
    private let clock: @Sendable () -> Date

    /// Longest stretch counted on one visit: a learner who walked away is not "working".
    static let maximumVisitSeconds: Double = 30 * 60
    static let historyLimit = 200

    public init(pack: Pack, progress: PackProgress, language: String? = nil, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.pack = pack
        self.progress = progress
        self.language = language ?? pack.manifest.defaultLanguage
        self.clock = clock
    }

    // MARK: - Where we are

    public var position: StepRef? { progress.position }

    /// The current lesson, in the session's language.
    public var currentLesson: Lesson? { position.flatMap { pack.lesson(id: $0.lesson, language: language) } }

    public var currentStep: Step? { position.flatMap(step(at:)) }

    public func step(at ref: StepRef) -> Step? {
        pack.lesson(id: ref.lesson, language: language)?.step(id: ref.step)
    }

    public func stepProgress(_ ref: StepRef) -> StepProgress { progress[ref] ?? StepProgress() }

    /// 1-based number of the current step in its lesson, and the lesson's step count.
    public var stepNumber: (index: Int, count: Int)? {
        guard let lesson = currentLesson, let ref = position, let index = lesson.index(ofStep: ref.step) else { return nil }
        return (index + 1, lesson.steps.count)
    }

    // MARK: - Moving

    /// The result of a navigation command.
    public struct Move: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// Moved to another step of the same lesson.
            case moved
            /// Moved into a (different) lesson.
            case enteredLesson
            /// `next` on the pack's last step: nothing further.
            case finishedPack
            /// `back` with nothing seen before.
            case atStart
        }
        public var kind: Kind
        /// Where the learner is now.
        public var position: StepRef?
        /// The step just left without an accepted answer (it stays unfinished).
        public var leftUnfinished: StepRef?
    }

    /// Continues where the learner stopped, or starts the first lesson.
    public mutating func resume() -> Move {
        if let position, step(at: position) != nil {
            enteredAt = clock()
            return Move(kind: .enteredLesson, position: position)
        }
        guard let first = pack.lessons.first, let step = first.steps.first else { return Move(kind: .atStart, position: nil) }
        return go(to: StepRef(lesson: first.id, step: step.id), remember: false)
    }

    /// Starts a lesson at its first step.
    public mutating func start(lesson id: String) throws(SessionError) -> Move {
        guard let lesson = pack.lesson(id: id, language: language) else { throw .unknownLesson(id, known: pack.lessons.map(\.id)) }
        guard let first = lesson.steps.first else { throw .unknownLesson(id, known: pack.lessons.map(\.id)) }
        return go(to: StepRef(lesson: id, step: first.id), remember: true)
    }

    /// The next step (into the next lesson at a lesson's end). Never blocked; see the type's note.
    public mutating func next() -> Move {
        guard let ref = position, let lessonIndex = pack.lessons.firstIndex(where: { $0.id == ref.lesson }) else { return resume() }
        let lesson = pack.lessons[lessonIndex]
        let unfinished = isUnfinished(ref) ? ref : nil
        if let index = lesson.index(ofStep: ref.step), index + 1 < lesson.steps.count {
            var move = go(to: StepRef(lesson: lesson.id, step: lesson.steps[index + 1].id), remember: true)
            move.leftUnfinished = unfinished
            return move
        }
        guard let following = pack.lessons[(lessonIndex + 1)...].first(where: { !$0.steps.isEmpty }) else {
            return Move(kind: .finishedPack, position: ref, leftUnfinished: unfinished)
        }
        var move = go(to: StepRef(lesson: following.id, step: following.steps[0].id), remember: true)
        move.leftUnfinished = unfinished
        return move
    }

    /// Back through what was seen (after a `goto`, back returns to where the learner was).
    /// Nothing is reset.
    public mutating func back() -> Move {
        while let previous = progress.history.popLast() {
            if step(at: previous) != nil { return go(to: previous, remember: false) }
        }
        return Move(kind: .atStart, position: position)
    }

    /// Jumps to `LESSON`, `LESSON/STEP`, or a `STEP` of the current lesson.
    public mutating func goto(_ target: String) throws(SessionError) -> Move {
        let parts = target.split(separator: "/", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
        if parts.count == 2 {
            guard let lesson = pack.lesson(id: parts[0], language: language) else {
                throw .unknownLesson(parts[0], known: pack.lessons.map(\.id))
            }
            guard lesson.step(id: parts[1]) != nil else { throw .unknownStep(parts[1], lesson: lesson.id, known: lesson.steps.map(\.id)) }
            return go(to: StepRef(lesson: lesson.id, step: parts[1]), remember: true)
        }
        if pack.lesson(id: target, language: language) != nil { return try start(lesson: target) }
        if let lesson = currentLesson, lesson.step(id: target) != nil {
            return go(to: StepRef(lesson: lesson.id, step: target), remember: true)
        }
        throw .unknownTarget(target)
    }

    /// Records time on the step being left and marks the new one seen.
    private mutating func go(to ref: StepRef, remember: Bool) -> Move {
        let previous = position
        finishVisit()
        if remember, let previous, previous != ref {
            progress.history.append(previous)
            if progress.history.count > Self.historyLimit { progress.history.removeFirst(progress.history.count - Self.historyLimit) }
        }
        progress.position = ref
        var record = progress[ref] ?? StepProgress()
        if record.firstSeen == nil { record.firstSeen = clock() }
        progress[ref] = record
        enteredAt = clock()
        touch()
        return Move(kind: previous?.lesson == ref.lesson ? .moved : .enteredLesson, position: ref)
    }

    /// Adds the time since arriving on the current step to it. Call before saving on quit.
    public mutating func finishVisit() {
        guard let ref = position, let since = enteredAt else { return }
        let now = clock()
        let seconds = min(max(now.timeIntervalSince(since), 0), Self.maximumVisitSeconds)
        var record = progress[ref] ?? StepProgress()
        record.secondsSpent += seconds
        progress[ref] = record
        enteredAt = now
    }

    private func isUnfinished(_ ref: StepRef) -> Bool {
        guard let step = step(at: ref) else { return false }
        return !stepProgress(ref).isComplete(kind: step.kind)
    }

    private mutating func touch() { progress.updated = clock() }

    // MARK: - Help

    /// A hint as revealed: `number` of `total`.
    public struct HintReveal: Sendable, Hashable {
        public var number: Int
        public var total: Int
        public var text: String
        public var isLast: Bool { number == total }
    }

    /// The next hint of the current step (the last one again once all are shown); nil when
    /// the step has none.
    public mutating func hint() -> HintReveal? {
        guard let ref = position, let step = currentStep, !step.hints.isEmpty else { return nil }
        var record = stepProgress(ref)
        record.hintsUsed = min(record.hintsUsed + 1, step.hints.count)
        progress[ref] = record
        touch()
        return HintReveal(number: record.hintsUsed, total: step.hints.count, text: step.hints[record.hintsUsed - 1])
    }

    /// The reference answer, shown only when asked for and recorded as used.
    public struct SolutionReveal: Sendable, Hashable {
        /// Code for code steps.
        public var code: String?
        /// The answer as typed for choice, text and predict steps (e.g. `b, d`).
        public var answer: String?
        public var explanation: String?
    }

    public mutating func revealSolution() -> SolutionReveal? {
        guard let ref = position, let step = currentStep, step.kind.needsAnswer else { return nil }
        var record = stepProgress(ref)
        record.solutionShown = true
        progress[ref] = record
        touch()
        let isCode = [.prompt, .exercise, .compiler].contains(step.kind)
        return SolutionReveal(code: isCode ? step.code(.solution) : nil,
                              answer: isCode ? nil : step.referenceAnswer,
                              explanation: step.explanation)
    }

    /// Skips the current step: the reference answer is filled in (later steps that continue
    /// from this code see a consistent state), the step is marked skipped, and the learner
    /// moves on.
    public mutating func skip() -> Move {
        guard let ref = position, let step = currentStep else { return next() }
        if step.kind.needsAnswer {
            var record = stepProgress(ref)
            if record.status != .passed {
                record.status = .skipped
                record.completed = clock()
                if let reference = step.referenceAnswer {
                    record.lastAnswer = reference
                    if [.prompt, .exercise, .compiler].contains(step.kind) { record.draft = reference }
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
    public mutating func restart(lesson lessonID: String? = nil) throws(SessionError) -> (backup: PackProgress, move: Move) {
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
    public var draft: String? {
        guard let ref = position, let step = currentStep else { return nil }
        return draft(for: step, in: ref.lesson)
    }

    func draft(for step: Step, in lessonID: String) -> String? {
        if let saved = progress[StepRef(lesson: lessonID, step: step.id)]?.draft { return saved }
        // Continuing: the learner's own code from that step (the solution after a skip),
        // or the reference solution when they never wrote any.
        if let previousID = step.continuesFrom, let lesson = pack.lesson(id: lessonID, language: language),
           let previous = lesson.step(id: previousID) {
            return progress[StepRef(lesson: lessonID, step: previousID)]?.draft ?? previous.code(.solution)
        }
        return step.code(.starter)
    }

    /// Saves the learner's edited code for the current step.
    public mutating func saveDraft(_ code: String) {
        guard let ref = position else { return }
        var record = stepProgress(ref)
        record.draft = code
        progress[ref] = record
        touch()
    }

    /// Judges an answer to the current step and records the attempt.
    public mutating func submit(_ answer: Answer, runner: any CodeRunner) async throws(SessionError) -> Verdict {
        guard let ref = position, let step = currentStep else { throw .noCurrentStep }
        guard step.kind.needsAnswer else { throw .nothingToAnswer(step.kind) }
        let verdict = await AnswerJudge(pack: pack, runner: runner).judge(answer, for: step)
        record(verdict, answer: answer, at: ref)
        return verdict
    }

    /// Records a judged answer (an `error` verdict is not the learner's fault and not counted).
    public mutating func record(_ verdict: Verdict, answer: Answer, at ref: StepRef) {
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
    /// (or `code`). A prediction must be made before its example can be run.
    public func run(code: String? = nil, runner: any CodeRunner) async throws(SessionError) -> ProgramOutcome {
        guard let ref = position, let step = currentStep else { throw .noCurrentStep }
        guard step.kind.runsCode else { throw .nothingToRun(step.kind) }
        if step.kind == .predict, stepProgress(ref).attempts == 0, stepProgress(ref).status != .skipped {
            throw .predictFirst
        }
        let source = code ?? (step.kind == .example || step.kind == .predict ? step.code(.example) : draft) ?? ""
        let result = await AnswerJudge(pack: pack, runner: runner).run(source, for: step)
        if let outcome = result.value { return outcome }
        throw .runnerFailed(result.failure?.firstFailure?.message ?? "the code could not be run")
    }
}

/// Why a session command could not be carried out (a message for the learner).
public enum SessionError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownLesson(String, known: [String])
    case unknownStep(String, lesson: String, known: [String])
    case unknownTarget(String)
    case noCurrentStep
    case nothingToAnswer(StepKind)
    case nothingToRun(StepKind)
    case predictFirst
    case runnerFailed(String)

    public var description: String {
        switch self {
        case .unknownLesson(let id, let known): "no lesson '\(id)'; lessons: \(known.joined(separator: ", "))"
        case .unknownStep(let id, let lesson, let known): "lesson '\(lesson)' has no step '\(id)'; steps: \(known.joined(separator: ", "))"
        case .unknownTarget(let target): "no lesson or step '\(target)' (use LESSON or LESSON/STEP)"
        case .noCurrentStep: "no lesson started yet"
        case .nothingToAnswer(let kind): "this is a \(kind.rawValue) step: there is nothing to answer"
        case .nothingToRun(let kind): "this is a \(kind.rawValue) step: there is no code to run"
        case .predictFirst: "make your prediction first; then you will see what the code does"
        case .runnerFailed(let message): message
        }
    }
}
