import ArgumentParser
import Foundation
import LessonKit
import Localization

/// `progress`, on the command line (`seguelab progress --pack …`) and in the shell: progress on
/// the pack, readable or exported as JSON or CSV.
package struct ProgressCommand: SharedCommand {
    package static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Show progress on a pack, or export it (--json, --csv) for an instructor.",
        discussion: """
            Reads the progress file only; nothing is changed, except with --restore. Exports list every step of \
            the pack in order, seen or not. Progress on lessons the pack no longer has is kept; --restore OLD:NEW \
            (on the command line) gives the progress kept for lesson OLD to lesson NEW (a lesson a new version renamed).
            """
    )

    @Flag(help: "Print the export as JSON.")
    package var json = false

    @Flag(help: "Print the export as CSV (one row per step, with a header line).")
    package var csv = false

    @Option(help: "A name to put in the JSON export, so an instructor can tell exports apart.")
    package var learner: String?

    package init() {}

    package func validate() throws {
        if json && csv { throw ValidationError("choose one of --json and --csv") }
    }

    /// The report, or the export asked for, as lines; `width` is the terminal's, if any.
    package func lines(_ session: Session, pack: Pack, width: Int? = nil, catalog: Catalog = .english) throws
        -> [String]
    {
        if json {
            return [
                String(
                    decoding: try ProgressExport.json(for: session.progress, pack: pack, learner: learner),
                    as: UTF8.self)
            ]
        }
        if csv {
            var rows = ProgressExport.csv(for: session.progress, pack: pack).components(separatedBy: "\n")
            if rows.last == "" { rows.removeLast() }
            return rows
        }
        return ProgressReport.lines(session, pack: pack, width: width, catalog: catalog)
    }
}

extension ProgressCommand {
    /// `seguelab progress`: the report or export for the pack's saved progress, read without
    /// changing it; with `restore` (`OLD:NEW`), lesson OLD's kept progress given to NEW instead.
    package func commandLineLines(
        _ loaded: LoadedPack, restore: String?, width: Int?,
        stored: StoredProgress = StoredProgress()
    ) throws -> [String] {
        if let restore {
            let ids = restore.split(separator: ":").map(String.init)
            return [try stored.restore(lesson: ids[0], as: ids[1], in: loaded.pack)]
        }
        let session = Session(pack: loaded.pack, progress: stored.read(for: loaded.pack), language: loaded.language)
        let catalog = loaded.pack.catalog(language: loaded.language)
        return try lines(session, pack: loaded.pack, width: width, catalog: catalog)
    }
}
