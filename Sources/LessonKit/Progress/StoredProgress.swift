import Foundation

/// A learner's saved progress as the commands outside the shell use it: read without changing
/// it (`lessons`, `progress`), or a renamed lesson's progress given back (`progress --restore`).
package struct StoredProgress: Sendable {
    package var store: ProgressStore
    /// Where a file that cannot be read is reported.
    package var warn: @Sendable (String) -> Void

    package init(
        store: ProgressStore = ProgressStore(directory: ProgressStore.defaultDirectory()),
        warn: @escaping @Sendable (String) -> Void = StandardError.line
    ) {
        self.store = store
        self.warn = warn
    }

    /// The pack's progress, unchanged on disk; a file that cannot be read is reported.
    package func read(for pack: Pack) -> PackProgress {
        let read = store.peek(for: pack)
        if let warning = read.warning { warn("seguelab: warning: \(warning)") }
        return read.progress
    }

    /// A lesson named for `--restore` that the pack or the progress does not have.
    package struct Refusal: Error, CustomStringConvertible, Equatable {
        package var description: String
        init(_ description: String) { self.description = description }
    }

    /// Gives the progress kept for lesson `oldID` (one the pack no longer has) to its lesson
    /// `newID` and saves it; says how many steps were restored.
    package func restore(lesson oldID: String, as newID: String, in pack: Pack) throws -> String {
        var progress = try store.load(for: pack).progress
        guard pack.lessons.contains(where: { $0.id == newID }) else {
            throw Refusal(
                "the pack has no lesson '\(newID)'; its lessons: "
                    + pack.lessons.map(\.id).joined(separator: ", "))
        }
        guard progress.unclaimed?[oldID] != nil else {
            let kept = (progress.unclaimed ?? [:]).keys.sorted()
            throw Refusal(
                "no progress is kept for a lesson '\(oldID)'"
                    + (kept.isEmpty ? "" : "; kept: \(kept.joined(separator: ", "))"))
        }
        let restored = progress.restore(lesson: oldID, as: newID, in: pack)
        _ = try store.save(progress, for: pack)
        return "Restored \(restored.count) step\(restored.count == 1 ? "" : "s") of '\(oldID)' to '\(newID)'."
    }
}
