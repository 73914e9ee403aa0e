import Foundation

/// A learner's way through a pack: position, answers, hints, drafts. Every change is a pure
/// state change on `progress` (the shell saves it); only answers that run code are async.
///
/// `next` never blocks: a tutor that traps learners on a step they cannot solve loses them.
/// Leaving an unanswered step is allowed, reported in `Move.leftUnfinished`, and the step
/// stays unfinished in menus and summaries until answered or skipped.
package struct Session: Sendable {
    package let pack: Pack
    /// The teaching language; lessons without a translation fall back to the default language.
    package let language: String
    package internal(set) var progress: PackProgress
    /// When the learner arrived on the current step (for time spent).
    private var enteredAt: Date?
    let clock: @Sendable () -> Date

    /// Longest stretch counted on one visit: a learner who walked away is not "working".
    static let maximumVisitSeconds: Double = 30 * 60
    static let historyLimit = 200

    package init(
        pack: Pack, progress: PackProgress, language: String? = nil, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.pack = pack
        self.progress = progress
        self.language = language ?? pack.manifest.defaultLanguage
        self.clock = clock
    }

    // MARK: - Where we are

    package var position: StepRef? { progress.position }

    /// The current lesson, in the session's language.
    package var currentLesson: Lesson? { position.flatMap { pack.lesson(id: $0.lesson, language: language) } }

    package var currentStep: Step? { position.flatMap(step(at:)) }

    package func step(at ref: StepRef) -> Step? {
        pack.lesson(id: ref.lesson, language: language)?.step(id: ref.step)
    }

    package func stepProgress(_ ref: StepRef) -> StepProgress { progress[ref] ?? StepProgress() }

    /// 1-based number of the current step in its lesson, and the lesson's step count.
    package var stepNumber: (index: Int, count: Int)? {
        guard let lesson = currentLesson, let ref = position, let index = lesson.index(ofStep: ref.step) else {
            return nil
        }
        return (index + 1, lesson.steps.count)
    }

    // MARK: - Moving

    /// The result of a navigation command.
    package struct Move: Sendable, Hashable {
        package enum Kind: Sendable, Hashable {
            /// Moved to another step of the same lesson.
            case moved
            /// Moved into a (different) lesson.
            case enteredLesson
            /// `next` on the pack's last step: nothing further.
            case finishedPack
            /// `back` with nothing seen before.
            case atStart
        }
        package var kind: Kind
        /// Where the learner is now.
        package var position: StepRef?
        /// The step just left without an accepted answer (it stays unfinished).
        package var leftUnfinished: StepRef?
    }

    /// Continues where the learner stopped, or starts the first lesson.
    package mutating func resume() -> Move {
        if let position, step(at: position) != nil {
            enteredAt = clock()
            return Move(kind: .enteredLesson, position: position)
        }
        guard let first = pack.lessons.first, let step = first.steps.first else {
            return Move(kind: .atStart, position: nil)
        }
        return go(to: StepRef(lesson: first.id, step: step.id), remember: false)
    }

    /// Starts a lesson at its first step.
    package mutating func start(lesson id: String) throws(SessionError) -> Move {
        guard let lesson = pack.lesson(id: id, language: language) else {
            throw .unknownLesson(id, known: pack.lessons.map(\.id))
        }
        guard let first = lesson.steps.first else { throw .unknownLesson(id, known: pack.lessons.map(\.id)) }
        return go(to: StepRef(lesson: id, step: first.id), remember: true)
    }

    /// The next step (into the next lesson at a lesson's end). Never blocked; see the type's note.
    package mutating func next() -> Move {
        guard let ref = position, let lessonIndex = pack.lessons.firstIndex(where: { $0.id == ref.lesson }) else {
            return resume()
        }
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
    package mutating func back() -> Move {
        while let previous = progress.history.popLast() {
            if step(at: previous) != nil { return go(to: previous, remember: false) }
        }
        return Move(kind: .atStart, position: position)
    }

    /// Jumps to `LESSON`, `LESSON/STEP`, or a `STEP` of the current lesson.
    package mutating func goto(_ target: String) throws(SessionError) -> Move {
        let parts = target.split(separator: "/", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
        if parts.count == 2 {
            guard let lesson = pack.lesson(id: parts[0], language: language) else {
                throw .unknownLesson(parts[0], known: pack.lessons.map(\.id))
            }
            guard lesson.step(id: parts[1]) != nil else {
                throw .unknownStep(parts[1], lesson: lesson.id, known: lesson.steps.map(\.id))
            }
            return go(to: StepRef(lesson: lesson.id, step: parts[1]), remember: true)
        }
        if pack.lesson(id: target, language: language) != nil { return try start(lesson: target) }
        if let lesson = currentLesson, lesson.step(id: target) != nil {
            return go(to: StepRef(lesson: lesson.id, step: target), remember: true)
        }
        throw .unknownTarget(target)
    }

    /// Records time on the step being left and marks the new one seen.
    mutating func go(to ref: StepRef, remember: Bool) -> Move {
        let previous = position
        finishVisit()
        if remember, let previous, previous != ref {
            progress.history.append(previous)
            if progress.history.count > Self.historyLimit {
                progress.history.removeFirst(progress.history.count - Self.historyLimit)
            }
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
    package mutating func finishVisit() {
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

    mutating func touch() { progress.updated = clock() }
}
