import Localization

/// What a lesson's last step says of the steps left undone, shared by the shell (which shows it)
/// and `pack check` (which counts its height).
package enum LessonEnd {
    /// The line naming the steps of `lesson` left undone: their ids only, each reached by
    /// `goto ID` from the lesson's last step, the skipped ones last. An id that also names a
    /// lesson (which `goto ID` would start) is given whole, `LESSON/ID`.
    package static func leftUndone(
        open: [String], skipped: [String], lesson: String, lessonIDs: Set<String>, catalog: Catalog
    ) -> String {
        func place(_ step: String) -> String { lessonIDs.contains(step) ? "\(lesson)/\(step)" : step }
        let toDo = open.map(place).joined(separator: ", ")
        let passed = catalog.text("lesson.left_skipped", ["list": skipped.map(place).joined(separator: ", ")])
        let list =
            skipped.isEmpty
            ? toDo : open.isEmpty ? passed : catalog.text("lesson.left_groups", ["open": toDo, "skipped": passed])
        return catalog.text("lesson.left_undone", ["list": list])
    }

    /// The longest that line can be for `lesson`: every step that takes an answer left undone,
    /// one of them skipped. Nil when no step takes an answer.
    package static func longestLeftUndone(of lesson: Lesson, lessonIDs: Set<String>, catalog: Catalog) -> String? {
        let steps = lesson.steps.filter(\.kind.needsAnswer).map(\.id)
        guard let last = steps.last else { return nil }
        return leftUndone(
            open: Array(steps.dropLast()), skipped: [last], lesson: lesson.id, lessonIDs: lessonIDs, catalog: catalog)
    }
}
