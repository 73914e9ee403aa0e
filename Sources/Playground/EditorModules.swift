import Foundation

/// What a language server (the toolchain's `sourcekit-lsp`) needs to read a learner's exercise
/// file as the Playground compiles it: the cached SegueKit and UIKit modules, and the pack's
/// support code as a module of its own, `LessonSupport`, built with testing enabled and
/// imported into every exercise `@testable`, so its internal names resolve while the exercise
/// stays a one-file program (the Playground compiles both as one module; for an editor, a file
/// with statements must be the only source of its module).
package struct EditorModules: Sendable, Equatable {
    /// The toolchain's `swiftc`.
    package var swiftc: String
    /// The folder holding `SegueKit.swiftmodule` and `UIKit.swiftmodule`.
    package var segueKit: URL
    /// The folder holding `LessonSupport.swiftmodule`, when the pack has support code.
    package var support: URL?

    package static let supportModuleName = "LessonSupport"

    package static let preludeModuleName = "LessonPrelude"

    /// The compiler arguments of an exercise file (statements allowed: its module's only file);
    /// `prelude` is the folder of its step's prelude module, if it has one.
    package func exerciseArguments(_ file: String, mode: SwiftLanguageMode, prelude: URL? = nil) -> [String] {
        var arguments = [
            swiftc, "-module-name", Compiler.moduleName, "-swift-version", mode.rawValue, "-Onone",
            "-I", segueKit.path
        ]
        if let support {
            arguments += [
                "-I", support.path, "-Xfrontend", "-testable-import-module", "-Xfrontend", Self.supportModuleName
            ]
        }
        if let prelude {
            arguments += [
                "-I", prelude.path, "-Xfrontend", "-testable-import-module", "-Xfrontend", Self.preludeModuleName
            ]
        }
        return arguments + [file]
    }

    /// The compiler arguments of one of the support files (compiled with all of them).
    package func supportArguments(_ files: [String], mode: SwiftLanguageMode) -> [String] {
        [
            swiftc, "-module-name", Self.supportModuleName, "-parse-as-library", "-swift-version", mode.rawValue,
            "-Onone",
            "-I", segueKit.path
        ] + files
    }
}

extension Playground {
    /// Compiles SegueKit if needed, then `support` (Interface Builder attributes blanked, as the
    /// Playground does) into `LessonSupport.swiftmodule` in `directory`.
    package func editorModules(
        support: [SourceFile], into directory: URL,
        mode: SwiftLanguageMode
    ) async throws -> EditorModules {
        let segueKit = try await segueKitBuildDirectory()
        let swiftc = configuration.swiftc ?? "swiftc"
        guard !support.isEmpty else { return EditorModules(swiftc: swiftc, segueKit: segueKit, support: nil) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sources = directory.appendingPathComponent("sources")
        try? FileManager.default.removeItem(at: sources)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        var files: [String] = []
        for (index, file) in support.enumerated() {
            let analysis = SourceAnalysis(text: file.text)
            let url = sources.appendingPathComponent("\(index)-\(URL(fileURLWithPath: file.name).lastPathComponent)")
            try Data(SourceAnalysis.blanking(analysis.interfaceBuilderAttributes, in: file.text).utf8).write(to: url)
            files.append(url.path)
        }
        let arguments =
            [
                "-emit-module", "-enable-testing", "-parse-as-library",
                "-module-name", EditorModules.supportModuleName, "-swift-version", mode.rawValue, "-Onone",
                "-I", segueKit.path,
                "-emit-module-path",
                directory.appendingPathComponent("\(EditorModules.supportModuleName).swiftmodule").path
            ]
            + Compiler.diagnosticFlags + files
        let outcome = try await ChildProcess(
            executable: swiftc, arguments: arguments,
            environment: ProcessInfo.processInfo.environment,
            workingDirectory: directory.path, timeout: 300
        ).run()
        guard outcome.ending == .exited(0) else {
            throw ToolchainError(
                "compiling the pack's support code for editors failed:\n"
                    + String(decoding: outcome.stderr + outcome.stdout, as: UTF8.self))
        }
        return EditorModules(swiftc: swiftc, segueKit: segueKit, support: directory)
    }

    /// A step's hidden prelude as the module `LessonPrelude` in `directory`, for the editor to
    /// know what the exercise builds on; nil when the prelude is not declarations alone (its
    /// statements run before the learner's code and cannot be a module).
    package func editorPrelude(
        _ prelude: String, modules: EditorModules, into directory: URL,
        mode: SwiftLanguageMode
    ) async throws -> URL? {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let source = directory.appendingPathComponent("prelude.swift")
        let analysis = SourceAnalysis(text: prelude)
        try Data(SourceAnalysis.blanking(analysis.interfaceBuilderAttributes, in: prelude).utf8).write(to: source)
        var arguments = [
            "-emit-module", "-enable-testing", "-parse-as-library",
            "-module-name", EditorModules.preludeModuleName, "-swift-version", mode.rawValue, "-Onone",
            "-I", modules.segueKit.path
        ]
        if let support = modules.support {
            arguments += [
                "-I", support.path, "-Xfrontend", "-testable-import-module", "-Xfrontend",
                EditorModules.supportModuleName
            ]
        }
        arguments += [
            "-emit-module-path",
            directory.appendingPathComponent("\(EditorModules.preludeModuleName).swiftmodule").path,
            source.path
        ]
        let outcome = try await ChildProcess(
            executable: modules.swiftc, arguments: arguments + Compiler.diagnosticFlags,
            environment: ProcessInfo.processInfo.environment,
            workingDirectory: directory.path, timeout: 300
        ).run()
        return outcome.ending == .exited(0) ? directory : nil
    }
}
