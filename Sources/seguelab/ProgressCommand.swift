import ArgumentParser
import Foundation
import LessonKit

/// `seguelab progress`: the learner's progress on a pack, readable or exported as JSON or CSV.
struct ProgressCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Show progress on a pack, or export it (--json, --csv) for an instructor.",
        discussion: "Reads the progress file only; nothing is changed. Exports list every step of the pack in order, seen or not."
    )

    @OptionGroup var selection: PackSelection

    @Flag(help: "Print the export as JSON.")
    var json = false

    @Flag(help: "Print the export as CSV (one row per step, with a header line).")
    var csv = false

    @Option(help: "A name to put in the JSON export, so an instructor can tell exports apart.")
    var learner: String?

    func validate() throws {
        if json && csv { throw ValidationError("choose one of --json and --csv") }
    }

    func run() async throws {
        try await reportingFailures {
            let loaded = try selection.load()
            let progress = StoredProgress.read(for: loaded.pack)
            if json {
                let data = try ProgressExport.json(for: progress, pack: loaded.pack, learner: learner)
                print(String(decoding: data, as: UTF8.self))
            } else if csv {
                print(ProgressExport.csv(for: progress, pack: loaded.pack), terminator: "")
            } else {
                printSummary(Session(pack: loaded.pack, progress: progress, language: loaded.language), loaded.pack)
            }
        }
    }

    private func printSummary(_ session: Session, _ pack: Pack) {
        let summary = session.summary()
        print("\(pack.manifest.title) (\(pack.id) \(pack.manifest.version))")
        let percent = summary.totalSteps == 0 ? 0 : summary.completedSteps * 100 / summary.totalSteps
        print("Done: \(summary.completedSteps) of \(summary.totalSteps) steps (\(percent)%)")
        print("Attempts: \(summary.attempts), hints used: \(summary.hintsUsed), solutions shown: \(summary.solutionsShown), time: \(Self.duration(summary.secondsSpent))")
        if let position = session.position { print("Current step: \(position)") }
        print("")
        LessonTable.print(summary.lessons)
    }

    static func duration(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
    }
}

/// A learner's saved progress, read without changing it; a file that cannot be read is reported.
enum StoredProgress {
    static func read(for pack: Pack) -> PackProgress {
        let read = ProgressStore(directory: ProgressStore.defaultDirectory()).peek(for: pack)
        if let warning = read.warning { FileHandle.standardError.write(Data("seguelab: warning: \(warning)\n".utf8)) }
        return read.progress
    }
}
