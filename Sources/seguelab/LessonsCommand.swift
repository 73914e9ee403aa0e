import ArgumentParser
import Foundation
import LessonKit

/// `seguelab lessons`: the pack's lessons with the learner's progress, without opening the shell.
struct LessonsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lessons",
        abstract: "List a pack's lessons with your progress: steps done, state, and where you are (>)."
    )

    @OptionGroup var selection: PackSelection

    func run() async throws {
        try await reportingFailures {
            let loaded = try selection.load()
            let session = Session(pack: loaded.pack, progress: StoredProgress.read(for: loaded.pack), language: loaded.language)
            print("\(loaded.pack.manifest.title) (\(loaded.pack.id) \(loaded.pack.manifest.version)): \(counted(loaded.pack.lessons.count, "lesson"))")
            LessonTable.print(session.lessonsMenu)
        }
    }
}

/// Lessons as aligned columns: current marker, id, title, steps done/total, state.
enum LessonTable {
    static func lines(_ entries: [LessonMenuEntry]) -> [String] {
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

    static func print(_ entries: [LessonMenuEntry]) {
        for line in lines(entries) { Swift.print(line) }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
