import Foundation
import LessonKit
import Localization
import Playground
import XDGDirectories

/// `seguelab workspace [DIR]`: writes the pack's exercises as files (`ExerciseWorkspace`) with
/// the learner's drafts, and records the folder so the shell keeps drafts and files in step.
package enum WorkspaceSetup {
    /// The folder used when none is given: the pack's workspace if it has one, else
    /// `seguelab-exercises` in the current directory.
    package static func defaultDirectory(for pack: Pack, directories: XDGDirectories) -> URL {
        ExerciseWorkspace.registered(for: pack, directories: directories)?.directory
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(
                "seguelab-exercises")
    }

    /// Writes the workspace; prints what it did. Throws `WorkspaceError` or a progress error.
    package static func make(
        at directory: URL, pack: Pack, language: String, directories: XDGDirectories,
        output: ShellOutput
    ) async throws {
        let catalog = pack.catalog(language: language)
        let store = ProgressStore(directory: ProgressStore.directory(in: directories))
        let loaded = try store.load(for: pack)
        loaded.warnings.forEach(output.warning)
        var session = Session(pack: pack, progress: loaded.progress, language: language)
        let workspace = try ExerciseWorkspace.create(at: directory.standardizedFileURL, session: &session)
        try store.save(session.progress, for: pack)
        try ExerciseWorkspace.register(workspace.directory, for: pack, directories: directories)
        output.line(
            catalog.text(
                "workspace.written", ["count": workspace.manifest.entries.count, "dir": workspace.directory.path]))
        // Completion and diagnostics in the learner's editor: SegueKit compiled (once) for this
        // toolchain, the support code as a module, and the compiler arguments for sourcekit-lsp.
        do {
            let playground = try Playground(
                progress: SharedPlayground.progressPrinter(style: output.style, catalog: catalog))
            let modules = try await playground.editorModules(
                support: pack.supportSources, into: workspace.editorModulesDirectory,
                mode: pack.manifest.swiftLanguageMode)
            var preludes: [String: URL] = [:]
            for entry in workspace.manifest.entries {
                guard let step = pack.lesson(id: entry.lesson, language: language)?.step(id: entry.step),
                    let prelude = step.code(.prelude)
                else { continue }
                preludes[entry.path] = try await playground.editorPrelude(
                    prelude, modules: modules, into: workspace.preludeModuleDirectory(entry),
                    mode: step.swiftLanguageMode ?? pack.manifest.swiftLanguageMode)
            }
            let file = try workspace.writeCompileCommands(modules, pack: pack, preludes: preludes)
            output.line(catalog.text("workspace.editor", ["file": file.path]))
        } catch {
            output.warning(catalog.text("workspace.editor_unavailable", ["reason": "\(error)"]))
        }
        let first =
            workspace.manifest.entries.first { entry in
                ![.passed, .skipped].contains(session.stepProgress(entry.ref).status)
            } ?? workspace.manifest.entries.first
        if let first {
            output.line(
                catalog.text(
                    "workspace.first", ["file": workspace.url(of: first).path, "dir": workspace.directory.path]))
        }
    }
}
