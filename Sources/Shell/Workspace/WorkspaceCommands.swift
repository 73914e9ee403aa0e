import Foundation
import LessonKit
import Playground
import XDGDirectories

/// What `seguelab workspace` and `seguelab watch` do once their arguments are read.
extension WorkspaceSetup {
    /// `seguelab workspace [DIR]`: the pack (`--pack`, else the built-in one) written as files
    /// to `directory`, else to the pack's workspace.
    package static func command(directory: String?, pack: String?, language: String?, color: ColorChoice)
        async throws
    {
        let loaded = try LoadedPack.load(pack, language: language)
        let directories = XDGDirectories()
        let folder =
            directory.map { URL(fileURLWithPath: $0) }
            ?? defaultDirectory(for: loaded.pack, directories: directories)
        let output = ShellOutput(style: Style(enabled: color.isEnabled()))
        do {
            try await make(
                at: folder, pack: loaded.pack, language: loaded.language, directories: directories,
                output: output)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}

extension WorkspaceWatch {
    /// `seguelab watch [DIR]`: the workspace in `directory`, else the current folder when it is
    /// one, else the built-in pack's; returns the exit status.
    package static func command(directory: String?, color: ColorChoice, limits: Limits) async throws -> Int32 {
        let directories = XDGDirectories()
        let workspace: ExerciseWorkspace
        do {
            workspace = try ExerciseWorkspace.open(try folder(directory, directories: directories))
        } catch {
            throw CommandFailure("\(error)")
        }
        let loaded = try LoadedPack.load(workspace.manifest.packPath, language: workspace.manifest.language)
        var options = ShellOptions(
            color: color, directories: directories, pack: loaded.pack,
            language: workspace.manifest.language, limits: limits)
        options.showsTimings = false
        return await run(workspace, options: options)
    }

    private static func folder(_ directory: String?, directories: XDGDirectories) throws -> URL {
        if let directory { return URL(fileURLWithPath: directory).standardizedFileURL }
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if (try? ExerciseWorkspace.open(here)) != nil { return here }
        let builtIn = try LoadedPack.load(nil, language: nil, steps: .whenOpened).pack
        return WorkspaceSetup.defaultDirectory(for: builtIn, directories: directories)
    }
}
