import Foundation
import LessonKit
import Localization

/// The lessons as one table, wherever they are listed (`lessons` and `progress`, in the shell
/// and on the command line): `>` on the current lesson, its id, title, steps done and state.
/// A title too long for the width is wrapped under the title column, never cut.
package enum LessonTable {
    /// `width` is the terminal's; nil (a pipe, a file) keeps every row on one line.
    package static func lines(_ entries: [LessonMenuEntry], width: Int? = nil, catalog: Catalog = .english) -> [String]
    {
        let idWidth = entries.map(\.id.count).max() ?? 0
        let counts = entries.map { "\($0.completedSteps)/\($0.stepCount)" }
        let countWidth = counts.map(\.count).max() ?? 0
        let states = entries.map { state($0, catalog: catalog) }
        let longestTitle = entries.map(\.title.count).max() ?? 0
        // Everything but the title: marker, id, count and the longest state, with their gaps.
        let around = 2 + idWidth + 2 + 2 + countWidth + 2 + (states.map(\.count).max() ?? 0)
        let titleWidth = width.map { min(longestTitle, max($0 - around, 16)) } ?? longestTitle
        let wrap = WordWrap(width: titleWidth)
        let hanging = String(repeating: " ", count: 2 + idWidth + 2)
        return entries.indices.flatMap { index -> [String] in
            let entry = entries[index]
            let title = wrap.wrap(entry.title, indent: "", hanging: "")
            let marker = entry.isCurrent ? ">" : " "
            let count = String(repeating: " ", count: countWidth - counts[index].count) + counts[index]
            let first = "\(marker) \(pad(entry.id, idWidth))  \(pad(title[0], titleWidth))  \(count)  \(states[index])"
            return [first] + title.dropFirst().map { hanging + $0 }
        }
    }

    /// `in progress, 1 skipped, 2 unfinished`.
    static func state(_ entry: LessonMenuEntry, catalog: Catalog) -> String {
        var state =
            switch entry.state {
            case .notStarted: catalog.text("lessons.state.not_started")
            case .inProgress: catalog.text("lessons.state.in_progress")
            case .completed: catalog.text("lessons.state.completed")
            }
        if entry.skippedSteps > 0 {
            state += ", " + catalog.text("lessons.state.skipped", ["count": entry.skippedSteps])
        }
        if entry.unfinishedSeenSteps > 0 {
            state += ", " + catalog.text("lessons.state.unfinished", ["count": entry.unfinishedSeenSteps])
        }
        return state
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

/// `seguelab progress` and the shell's `progress`: totals, then one line per lesson.
package enum ProgressReport {
    package static func lines(_ session: Session, pack: Pack, width: Int? = nil, catalog: Catalog = .english)
        -> [String]
    {
        let summary = session.summary()
        let percent = summary.totalSteps == 0 ? 0 : summary.completedSteps * 100 / summary.totalSteps
        var lines = [
            "\(pack.manifest.title(in: session.language)) (\(pack.id) \(pack.manifest.version))",
            catalog.text(
                "progress.done", ["done": summary.completedSteps, "total": summary.totalSteps, "percent": percent]),
            catalog.text(
                "progress.counts",
                [
                    "attempts": summary.attempts, "hints": summary.hintsUsed,
                    "solutions": summary.solutionsShown, "time": duration(summary.secondsSpent)
                ])
        ]
        if let position = session.position { lines.append(catalog.text("progress.current", ["step": position])) }
        lines.append("")
        return lines + LessonTable.lines(summary.lessons, width: width, catalog: catalog)
    }

    package static func duration(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
    }
}
