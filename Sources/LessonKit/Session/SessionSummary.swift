import Foundation

/// A lesson as listed by the `lessons` command.
package struct LessonMenuEntry: Sendable, Hashable {
    package enum State: String, Sendable, Hashable {
        case notStarted = "not started"
        case inProgress = "in progress"
        case completed
    }

    package var id: String
    package var title: String
    package var goal: String?
    package var stepCount: Int
    package var completedSteps: Int
    package var skippedSteps: Int
    /// Steps that need an answer and have none yet, among those seen.
    package var unfinishedSeenSteps: Int
    package var state: State
    package var isCurrent: Bool
}

/// Totals for the `progress` command.
package struct ProgressSummary: Sendable, Hashable {
    package var lessons: [LessonMenuEntry]
    package var totalSteps: Int
    package var completedSteps: Int
    package var attempts: Int
    package var hintsUsed: Int
    package var solutionsShown: Int
    package var secondsSpent: Double
}

extension Session {
    /// Lessons with the learner's progress, in order.
    package var lessonsMenu: [LessonMenuEntry] {
        pack.lessons(in: language).map { lesson in
            var completed = 0
            var skipped = 0
            var unfinished = 0
            var touched = false
            // A step's kind decides whether its record completes it, so only a lesson with
            // progress has its steps parsed: listing untouched lessons reads no step settings.
            for step in progress.lessons[lesson.id] == nil ? [] : lesson.steps {
                guard let record = progress[StepRef(lesson: lesson.id, step: step.id)] else { continue }
                touched = true
                if record.isComplete(kind: step.kind) {
                    completed += 1
                } else if step.kind.needsAnswer {
                    unfinished += 1
                }
                if record.status == .skipped { skipped += 1 }
            }
            let state: LessonMenuEntry.State =
                completed == lesson.stepIDs.count ? .completed : touched ? .inProgress : .notStarted
            return LessonMenuEntry(
                id: lesson.id, title: lesson.title, goal: lesson.goal, stepCount: lesson.stepIDs.count,
                completedSteps: completed, skippedSteps: skipped, unfinishedSeenSteps: unfinished,
                state: state, isCurrent: position?.lesson == lesson.id)
        }
    }

    /// The whole pack's progress in numbers.
    package func summary() -> ProgressSummary {
        let menu = lessonsMenu
        var attempts = 0
        var hints = 0
        var solutions = 0
        var seconds = 0.0
        for lesson in pack.lessons {
            for step in lesson.steps {
                guard let record = progress[StepRef(lesson: lesson.id, step: step.id)] else { continue }
                attempts += record.attempts
                hints += record.hintsUsed
                solutions += record.solutionShown ? 1 : 0
                seconds += record.secondsSpent
            }
        }
        return ProgressSummary(
            lessons: menu, totalSteps: menu.reduce(0) { $0 + $1.stepCount },
            completedSteps: menu.reduce(0) { $0 + $1.completedSteps },
            attempts: attempts, hintsUsed: hints, solutionsShown: solutions, secondsSpent: seconds)
    }
}
