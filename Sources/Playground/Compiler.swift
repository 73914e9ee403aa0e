import Foundation

/// Turns laid-out sources into an executable against the cached SegueKit build.
///
/// When `swift-frontend` and `clang` sit next to `swiftc`, it calls them directly (compile,
/// read the object's autolink entries, link with lld) instead of going through the `swiftc` driver, whose
/// own start-up and job planning cost more than compiling a small file. Otherwise it runs `swiftc`.
struct Compiler: Sendable {
    var toolchain: Toolchain
    var segueKit: URL
    /// Where the objects of shared files are kept (`SourceFile.shared`); nil compiles them with
    /// every program.
    var shared: SharedObjectCache? = nil

    /// The learner's module. Storyboards name it as `customModule` (or rely on the target's).
    static let moduleName = "SegueLabApp"

    struct Output: Sendable {
        var succeeded: Bool
        var text: String
    }

    func languageFlags(_ mode: SwiftLanguageMode, _ optimization: Optimization, parseAsLibrary: Bool) -> [String] {
        [
            "-swift-version", mode.rawValue, optimization == .debug ? "-Onone" : "-O",
            "-module-name", Self.moduleName, "-I", segueKit.path
        ]
            // SegueKit's classes are `@preconcurrency @MainActor` so Swift 5 code compiles as it
            // does against UIKit; in Swift 6 mode that alone only warns where Xcode errors.
            + (mode == .swift6 ? ["-Werror", "ActorIsolatedCall"] : [])
            + (parseAsLibrary ? ["-parse-as-library"] : [])
    }

    static let diagnosticFlags = ["-diagnostic-style=llvm", "-no-color-diagnostics"]

    func typecheck(_ layout: BuildLayout, mode: SwiftLanguageMode) async throws -> Output {
        let flags = languageFlags(mode, .debug, parseAsLibrary: layout.parseAsLibrary) + Self.diagnosticFlags
        if let frontend = toolchain.frontend, let triple = toolchain.targetTriple {
            return try await tool(
                frontend,
                ["-frontend", "-typecheck", "-target", triple, "-disable-objc-interop"]
                    + flags + layout.files.map(\.path))
        }
        return try await tool(toolchain.swiftc, ["-typecheck"] + flags + layout.files.map(\.path))
    }

    func build(_ layout: BuildLayout, mode: SwiftLanguageMode, optimization: Optimization, output: URL) async throws
        -> Output
    {
        let flags = languageFlags(mode, optimization, parseAsLibrary: layout.parseAsLibrary) + Self.diagnosticFlags
        let linkFlags = [
            "-L", segueKit.path, "-lUIKit", "-lSegueKit",
            "-Xlinker", "-rpath", "-Xlinker", segueKit.path, "-Xlinker", "--export-dynamic"
        ]
        guard let frontend = toolchain.frontend, let clang = toolchain.clang, let triple = toolchain.targetTriple,
            let resources = toolchain.runtimeResourcePath
        else {
            return try await tool(toolchain.swiftc, flags + linkFlags + layout.files.map(\.path) + ["-o", output.path])
        }
        // The shared files' objects come from the cache; the program's own files are then the
        // only ones compiled (the shared ones are read for their declarations).
        var cachedObjects: [URL] = []
        if let shared, !layout.sharedFiles.isEmpty {
            let sharedFlags = languageFlags(mode, optimization, parseAsLibrary: true) + Self.diagnosticFlags
            cachedObjects =
                await shared.objects(
                    for: layout.sharedFiles, flags: sharedFlags, frontend: frontend, target: triple,
                    toolchainVersion: toolchain.version, segueKit: segueKit) ?? []
        }
        let own = cachedObjects.isEmpty ? layout.files : layout.files.filter { !layout.sharedFiles.contains($0) }
        let objects: [URL]
        let compiled: Output
        if cachedObjects.isEmpty {
            objects = [output.appendingPathExtension("o")]
            compiled = try await tool(
                frontend,
                ["-frontend", "-c", "-target", triple, "-disable-objc-interop"]
                    + flags + layout.files.map(\.path) + ["-o", objects[0].path])
        } else {
            objects = own.indices.map { output.appendingPathExtension("\($0).o") }
            compiled = try await tool(
                frontend,
                ["-frontend", "-c", "-target", triple, "-disable-objc-interop"] + flags
                    + own.flatMap { ["-primary-file", $0.path] } + layout.sharedFiles.map(\.path)
                    + objects.flatMap { ["-o", $0.path] })
        }
        guard compiled.succeeded else { return compiled }
        let allObjects = objects + cachedObjects
        var autolinkFlags: [String] = []
        if let entries = Self.autolinkEntries(of: allObjects) {
            autolinkFlags = entries
        } else {
            let autolink = output.appendingPathExtension("autolink")
            let tool = URL(fileURLWithPath: frontend).deletingLastPathComponent().appendingPathComponent(
                "swift-autolink-extract"
            ).path
            let extracted = try await self.tool(tool, allObjects.map(\.path) + ["-o", autolink.path])
            guard extracted.succeeded else { return Output(succeeded: false, text: compiled.text + extracted.text) }
            autolinkFlags = ["@\(autolink.path)"]
        }
        let os = triple.contains("linux") ? "linux" : "macosx"
        let arch = triple.split(separator: "-").first.map(String.init) ?? "x86_64"
        let runtime = "\(resources)/\(os)"
        let linked = try await tool(
            clang,
            [
                "-pie", "-fuse-ld=lld", "-Xlinker", "--build-id", "-Xlinker", "-rpath", "-Xlinker", runtime,
                "\(runtime)/\(arch)/swiftrt.o"
            ] + allObjects.map(\.path) + [
                "-L", runtime, "-lswiftCore", "--target=\(triple)"
            ] + autolinkFlags + linkFlags + ["-o", output.path])
        return Output(succeeded: linked.succeeded, text: compiled.text + linked.text)
    }

    /// Every object's autolink entries, each once, in order; nil when one cannot be read.
    static func autolinkEntries(of objects: [URL]) -> [String]? {
        var entries: [String] = []
        for object in objects {
            guard let read = AutolinkEntries.read(objectAt: object) else { return nil }
            for entry in read where !entries.contains(entry) { entries.append(entry) }
        }
        return entries
    }

    private func tool(_ executable: String, _ arguments: [String]) async throws -> Output {
        let outcome = try await ChildProcess(
            executable: executable, arguments: arguments,
            environment: ProcessInfo.processInfo.environment, timeout: 300
        ).run()
        if outcome.ending == .cancelled { throw CancellationError() }
        let text = String(decoding: outcome.stderr, as: UTF8.self) + String(decoding: outcome.stdout, as: UTF8.self)
        return Output(succeeded: outcome.ending == .exited(0), text: text)
    }
}
