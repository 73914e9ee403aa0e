import Foundation

/// The per-lesson table of progress, shared by `seguelab progress`, `seguelab lessons` and the
/// shell's `progress`.
public enum LessonTable {
    public static func lines(_ entries: [LessonMenuEntry]) -> [String] {
        let idWidth = entries.map(\.id.count).max() ?? 0
        let titleWidth = min(entries.map(\.title.count).max() ?? 0, 40)
        let countWidth = entries.map { "\($0.completedSteps)/\($0.stepCount)".count }.max() ?? 0
        return entries.map { entry in
            let marker = entry.isCurrent ? ">" : " "
            let title = entry.title.count > titleWidth ? String(entry.title.prefix(titleWidth - 1)) + "…" : entry.title
            let count = "\(entry.completedSteps)/\(entry.stepCount)"
            var state = entry.state.rawValue
            if entry.skippedSteps > 0 { state += ", \(entry.skippedSteps) skipped" }
            if entry.unfinishedSeenSteps > 0 { state += ", \(entry.unfinishedSeenSteps) unfinished" }
            return "\(marker) \(pad(entry.id, idWidth))  \(pad(title, titleWidth))  \(String(repeating: " ", count: countWidth - count.count))\(count)  \(state)"
        }
    }


    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

/// `seguelab progress` and the shell's `progress`: totals, then one line per lesson.
public enum ProgressReport {
    public static func lines(_ session: Session, pack: Pack) -> [String] {
        let summary = session.summary()
        let percent = summary.totalSteps == 0 ? 0 : summary.completedSteps * 100 / summary.totalSteps
        var lines = [
            "\(pack.manifest.title) (\(pack.id) \(pack.manifest.version))",
            "Done: \(summary.completedSteps) of \(summary.totalSteps) steps (\(percent)%)",
            "Attempts: \(summary.attempts), hints used: \(summary.hintsUsed), solutions shown: \(summary.solutionsShown), time: \(duration(summary.secondsSpent))",
        ]
        if let position = session.position { lines.append("Current step: \(position)") }
        lines.append("")
        return lines + LessonTable.lines(summary.lessons)
    }

    public static func duration(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
    }
}
