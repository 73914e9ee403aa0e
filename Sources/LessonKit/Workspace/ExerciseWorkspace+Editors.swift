import Foundation
import Playground

/// The workspace's `compile_commands.json`, which `sourcekit-lsp` (and so VS Code's Swift
/// extension, Neovim, Emacs, Helix…) reads for completion and diagnostics: every exercise file
/// compiled against the cached SegueKit and the pack's support code (`EditorModules`), every
/// support file with the others.
extension ExerciseWorkspace {
    package static let compileCommandsName = "compile_commands.json"

    /// Where the support module for editors is built.
    package var editorModulesDirectory: URL {
        directory.appendingPathComponent(Self.stateFolder).appendingPathComponent("modules")
    }

    struct CompileCommand: Codable {
        var directory: String
        var file: String
        var arguments: [String]
    }

    /// Writes `compile_commands.json` at the workspace's root; returns its URL.
    @discardableResult
    /// The folder of the prelude module of `entry`'s step.
    package func preludeModuleDirectory(_ entry: Entry) -> URL {
        editorModulesDirectory.appendingPathComponent("preludes")
            .appendingPathComponent(entry.path.replacingOccurrences(of: "/", with: "-"))
    }

    /// Writes `compile_commands.json` at the workspace's root; returns its URL. `preludes` holds
    /// the prelude module folders built for steps that have one, by entry path.
    package func writeCompileCommands(_ modules: EditorModules, pack: Pack, preludes: [String: URL] = [:]) throws -> URL
    {
        var commands: [CompileCommand] = []
        for entry in manifest.entries {
            guard let step = pack.lesson(id: entry.lesson, language: manifest.language)?.step(id: entry.step) else {
                continue
            }
            let file = url(of: entry).path
            let mode = step.swiftLanguageMode ?? pack.manifest.swiftLanguageMode
            commands.append(
                CompileCommand(
                    directory: directory.path, file: file,
                    arguments: modules.exerciseArguments(file, mode: mode, prelude: preludes[entry.path])))
        }
        let support = pack.supportSources.map {
            directory.appendingPathComponent("support").appendingPathComponent(Self.safeFileName($0.name)).path
        }
        for file in support {
            commands.append(
                CompileCommand(
                    directory: directory.path, file: file,
                    arguments: modules.supportArguments(support, mode: pack.manifest.swiftLanguageMode)))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let url = directory.appendingPathComponent(Self.compileCommandsName)
        try AtomicFile.write(try encoder.encode(commands), to: url)
        return url
    }
}
