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

    /// The compiler arguments of an exercise file (statements allowed: its module's only file).
    package func exerciseArguments(_ file: String, mode: SwiftLanguageMode) -> [String] {
        var arguments = [swiftc, "-module-name", Compiler.moduleName, "-swift-version", mode.rawValue, "-Onone",
                         "-I", segueKit.path]
        if let support {
            arguments += ["-I", support.path, "-Xfrontend", "-testable-import-module", "-Xfrontend", Self.supportModuleName]
        }
        return arguments + [file]
    }

    /// The compiler arguments of one of the support files (compiled with all of them).
    package func supportArguments(_ files: [String], mode: SwiftLanguageMode) -> [String] {
        [swiftc, "-module-name", Self.supportModuleName, "-parse-as-library", "-swift-version", mode.rawValue, "-Onone",
         "-I", segueKit.path] + files
    }
}

extension Playground {
    /// Compiles SegueKit if needed, then `support` (Interface Builder attributes blanked, as the
    /// Playground does) into `LessonSupport.swiftmodule` in `directory`.
    package func editorModules(support: [SourceFile], into directory: URL,
                               mode: SwiftLanguageMode) async throws -> EditorModules {
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
        let arguments = ["-emit-module", "-enable-testing", "-parse-as-library",
                         "-module-name", EditorModules.supportModuleName, "-swift-version", mode.rawValue, "-Onone",
                         "-I", segueKit.path,
                         "-emit-module-path", directory.appendingPathComponent("\(EditorModules.supportModuleName).swiftmodule").path]
            + Compiler.diagnosticFlags + files
        let outcome = try await ChildProcess(executable: swiftc, arguments: arguments,
                                             environment: ProcessInfo.processInfo.environment,
                                             workingDirectory: directory.path, timeout: 300).run()
        guard outcome.ending == .exited(0) else {
            throw ToolchainError("compiling the pack's support code for editors failed:\n"
                + String(decoding: outcome.stderr + outcome.stdout, as: UTF8.self))
        }
        return EditorModules(swiftc: swiftc, segueKit: segueKit, support: directory)
    }
}
