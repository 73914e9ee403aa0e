import Foundation

/// The step the shell is showing, written beside the pack's progress (`.<file>.showing`) before
/// the step is shown and removed once it has been. A shell that dies while showing a step (a
/// crash in something the step loads) leaves it behind; the next start finds it and, rather
/// than resume at that step and die again, starts its lesson from the beginning with a note.
extension ProgressStore {
    func showingMarkerURL(for pack: Pack) -> URL {
        let progress = fileURL(for: pack)
        let name = "." + progress.lastPathComponent + ".showing"
        return progress.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Notes that `ref` is being shown (best effort: a folder that cannot be written only loses the guard).
    package func markShowing(_ ref: StepRef, for pack: Pack) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? Data(ref.description.utf8).write(to: showingMarkerURL(for: pack))
    }

    /// The step has been shown.
    package func clearShowing(for pack: Pack) {
        unlink(showingMarkerURL(for: pack).path)
    }

    /// The step a previous shell was showing when it stopped, if it stopped there; the note is
    /// removed as it is read.
    package func stepShownWhenLastStopped(for pack: Pack) -> StepRef? {
        let url = showingMarkerURL(for: pack)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        unlink(url.path)
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        return StepRef(lesson: parts[0], step: parts[1])
    }
}
