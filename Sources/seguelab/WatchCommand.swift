import ArgumentParser
import Foundation
import LessonKit
import Shell
import XDGDirectories

/// `seguelab watch [DIR]`: checks an exercise file of a workspace each time it is saved.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Check each exercise file of a workspace when you save it (Ctrl-C leaves).")

    @OptionGroup var display: DisplayOptions
    @OptionGroup(title: "Limits for the programs checked") var limitOptions: LimitOptions

    @Argument(help: ArgumentHelp("The workspace folder (default: the current folder, else the built-in pack's workspace).",
                                 valueName: "dir"))
    var directory: String?

    func run() async throws {
        try await reportingFailures {
            let directories = XDGDirectories()
            let workspace: ExerciseWorkspace
            do {
                workspace = try ExerciseWorkspace.open(try folder(directories))
            } catch {
                throw CommandFailure("\(error)")
            }
            var selection = PackSelection()
            selection.pack = workspace.manifest.packPath
            let loaded = try selection.load(language: workspace.manifest.language)
            var options = ShellOptions(color: display.colorChoice, directories: directories, pack: loaded.pack,
                                       language: workspace.manifest.language, limits: limitOptions.limits)
            options.showsTimings = false
            throw ExitCode(await WorkspaceWatch.run(workspace, options: options))
        }
    }

    private func folder(_ directories: XDGDirectories) throws -> URL {
        if let directory { return URL(fileURLWithPath: directory).standardizedFileURL }
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if (try? ExerciseWorkspace.open(here)) != nil { return here }
        let builtIn = try PackSelection().load(language: nil, steps: .whenOpened).pack
        return WorkspaceSetup.defaultDirectory(for: builtIn, directories: directories)
    }
}
