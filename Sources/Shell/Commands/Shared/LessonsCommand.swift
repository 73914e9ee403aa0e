import ArgumentParser
import LessonKit

/// `lessons`, on the command line (`seguelab lessons --pack …`) and in the shell: the pack's
/// lessons with the learner's progress.
package struct LessonsCommand: SharedCommand {
    package static let configuration = CommandConfiguration(
        commandName: "lessons",
        abstract: "List the pack's lessons with your progress: steps done, state, and where you are (>)."
    )

    package init() {}
}

extension LessonsCommand {
    /// `seguelab lessons`: the pack's title, id and version, then its lessons with the progress
    /// in `progress`, in the pack's language; `width` is the terminal's, if any.
    package static func lines(_ loaded: LoadedPack, progress: PackProgress, width: Int?) -> [String] {
        let pack = loaded.pack
        let session = Session(pack: pack, progress: progress, language: loaded.language)
        let catalog = pack.catalog(language: loaded.language)
        let count = pack.lessons.count
        let heading = catalog.text(
            count == 1 ? "lessons.count.one" : "lessons.count.other",
            [
                "title": pack.manifest.title(in: loaded.language), "id": pack.id,
                "version": pack.manifest.version, "count": count
            ])
        return [heading] + LessonTable.lines(session.lessonsMenu, width: width, catalog: catalog)
    }
}
