import Foundation
import LessonKit

/// The exercise files of `seguelab workspace`, kept in step with the drafts: before the shell
/// reads the current step's draft (`check`, `edit`, `run`, showing the step) a file the learner
/// saved becomes the draft; after every save, a draft changed in the shell is written to its file.
extension LessonDriver {
    /// Syncs the current step with its exercise file, if the pack has a workspace and the step a
    /// file there; says so when the file's code became the draft.
    func syncWorkspace() {
        guard let ref = session.position,
            var workspace = ExerciseWorkspace.registered(for: pack, directories: directories),
            let entry = workspace.entry(for: ref)
        else { return }
        // Another shell or `seguelab watch` may have changed this draft since this shell read
        // it: every change of this shell is saved before it syncs, so a draft on disk that
        // differs from the one here is theirs, the newer.
        if unsavedDrafts.isEmpty, let saved = store.peek(for: pack).progress[ref]?.draft,
            saved != session.progress[ref]?.draft
        {
            session.setDraft(saved, at: ref)
        }
        do {
            let outcome = try workspace.sync(ref, session: &session)
            if case .fileToDraft = outcome {
                output.line(
                    style.dim(catalog.text("workspace.draft_from_file", ["file": workspace.url(of: entry).path])))
                _ = try? store.save(session.progress, for: pack)
            }
        } catch {
            output.warning("\(error)")
        }
    }
}
