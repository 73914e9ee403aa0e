import Foundation

/// Three-way merge of progress saved by several processes: `base` is what this process last
/// loaded or saved, `mine` what it has now, `theirs` what the file holds now. A step record
/// this process did not touch keeps the file's version (another process's update survives);
/// one it changed takes its version, or, when both changed it, the more advanced of the two.
/// A record this process removed on purpose (restarting a lesson) stays removed.
enum ProgressMerge {
    static func merge(mine: PackProgress, base: PackProgress?, theirs: PackProgress) -> PackProgress {
        var merged = mine
        let lessonIDs = Set(mine.lessons.keys).union(theirs.lessons.keys).union(base?.lessons.keys ?? [:].keys)
        for lessonID in lessonIDs {
            let stepIDs = Set(mine.lessons[lessonID]?.steps.keys ?? [:].keys)
                .union(theirs.lessons[lessonID]?.steps.keys ?? [:].keys)
                .union(base?.lessons[lessonID]?.steps.keys ?? [:].keys)
            for stepID in stepIDs {
                let ref = StepRef(lesson: lessonID, step: stepID)
                let original = base?[ref]
                let own = mine[ref]
                let other = theirs[ref]
                if own == original {
                    merged[ref] = other
                } else if let own, let other, other != original {
                    merged[ref] = moreAdvanced(own, other)
                } else {
                    merged[ref] = own
                }
            }
            if merged.lessons[lessonID]?.steps.isEmpty == true, mine.lessons[lessonID] == nil {
                merged.lessons[lessonID] = nil
            }
        }
        // Progress another process set aside is kept too, unless this one holds the step.
        for (lessonID, kept) in theirs.unclaimed ?? [:] {
            for (stepID, step) in kept.steps
            where merged[StepRef(lesson: lessonID, step: stepID)] == nil
                && merged.unclaimed?[lessonID]?.steps[stepID] == nil
            {
                var lessons = merged.unclaimed ?? [:]
                lessons[lessonID, default: LessonProgress()].steps[stepID] = step
                merged.unclaimed = lessons
            }
        }
        // Where the learner stands is this process's own business, unless it has not moved.
        if mine.position == base?.position { merged.position = theirs.position }
        if mine.history == base?.history { merged.history = theirs.history }
        merged.created = min(mine.created, theirs.created)
        merged.updated = max(mine.updated, theirs.updated)
        return merged
    }

    /// Status first (passed > skipped > attempted > seen), then the record with more work in it;
    /// counters never go backwards.
    static func moreAdvanced(_ a: StepProgress, _ b: StepProgress) -> StepProgress {
        var winner =
            a.status != b.status
            ? (a.status > b.status ? a : b)
            : (a.attempts != b.attempts
                ? (a.attempts > b.attempts ? a : b)
                : ((a.completed ?? .distantPast) >= (b.completed ?? .distantPast) ? a : b))
        winner.attempts = max(a.attempts, b.attempts)
        winner.hintsUsed = max(a.hintsUsed, b.hintsUsed)
        winner.solutionShown = a.solutionShown || b.solutionShown
        winner.secondsSpent = max(a.secondsSpent, b.secondsSpent)
        winner.firstSeen = [a.firstSeen, b.firstSeen].compactMap { $0 }.min()
        return winner
    }
}
