import Foundation
import Testing

/// SegueKit built with the installed `swiftc` into a temporary directory, the way the
/// Playground builds it, plus a `UIKit` module that re-exports it; programs are compiled
/// against these and run as child processes (needed for crashes, which end the process).
enum CompiledKit {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Compilation {
        let status: Int32
        let diagnostics: String
        let binary: URL
    }

    struct Run {
        let status: Int32
        let killedBySignal: Bool
        let stdout: String
        let stderr: String
        let trace: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Built once per test process.
    static let directory: Result<URL, Failure> = build()

    private static func build() -> Result<URL, Failure> {
        removeLeftoversOfEndedRuns()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("seguekit-kit-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sourceDirectory = packageRoot.appendingPathComponent("Sources/SegueKit")
        let sources = (FileManager.default.enumerator(atPath: sourceDirectory.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { sourceDirectory.appendingPathComponent($0).path }
        let kit = swiftc(
            [
                "-emit-module", "-emit-library", "-module-name", "SegueKit", "-swift-version", "6",
                "-parse-as-library", "-o", directory.appendingPathComponent("libSegueKit.so").path,
                "-emit-module-path", directory.appendingPathComponent("SegueKit.swiftmodule").path
            ] + sources,
            in: directory)
        guard kit.status == 0 else { return .failure(Failure(description: "building SegueKit failed:\n\(kit.output)")) }
        let shim = directory.appendingPathComponent("UIKit.swift")
        try? "@_exported import SegueKit\n".write(to: shim, atomically: true, encoding: .utf8)
        let uikit = swiftc(
            [
                "-emit-module", "-emit-library", "-module-name", "UIKit", "-swift-version", "6",
                "-I", directory.path, "-L", directory.path, "-lSegueKit",
                "-o", directory.appendingPathComponent("libUIKit.so").path,
                "-emit-module-path", directory.appendingPathComponent("UIKit.swiftmodule").path, shim.path
            ],
            in: directory)
        guard uikit.status == 0 else {
            return .failure(Failure(description: "building UIKit failed:\n\(uikit.output)"))
        }
        return .success(directory)
    }

    /// Kits built by test processes that have ended (there is no hook at the end of a run).
    private static func removeLeftoversOfEndedRuns() {
        let temporary = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] {
            guard name.hasPrefix("seguekit-kit-"), let pid = Int32(name.dropFirst("seguekit-kit-".count)),
                pid != ProcessInfo.processInfo.processIdentifier, kill(pid, 0) != 0
            else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }

    /// Compiles `source` (one file) into an executable; `extraFlags` e.g. `-swift-version 6`.
    static func compile(
        _ source: String, name: String, swiftVersion: String = "5", extraFlags: [String] = [],
        typecheckOnly: Bool = false
    ) throws -> Compilation {
        let kit = try directory.get()
        let work = kit.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let file = work.appendingPathComponent("main.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let binary = work.appendingPathComponent(name)
        var arguments = ["-swift-version", swiftVersion, "-module-name", name, "-I", kit.path]
        if typecheckOnly {
            arguments += ["-typecheck"]
        } else {
            arguments += [
                "-L", kit.path, "-lUIKit", "-lSegueKit", "-Xlinker", "-rpath", "-Xlinker", kit.path,
                "-Xlinker", "--export-dynamic", "-o", binary.path
            ]
        }
        let result = swiftc(arguments + extraFlags + [file.path], in: work)
        return Compilation(status: result.status, diagnostics: result.output, binary: binary)
    }

    /// `Fixtures/Programs/FILE` compiled into an executable named `name`: a program of
    /// scenarios, each run as a child process by its name.
    static func scenarios(_ file: String, name: String) -> Result<URL, Failure> {
        do {
            let source = try String(
                contentsOf: packageRoot.appendingPathComponent("Tests/SegueKitTests/Fixtures/Programs/\(file)"),
                encoding: .utf8)
            let compilation = try compile(source, name: name)
            guard compilation.status == 0 else { return .failure(Failure(description: compilation.diagnostics)) }
            return .success(compilation.binary)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }

    /// The lines a scenario of `program` printed, once it has ended normally.
    static func lines(
        of program: URL, _ scenario: String, environment: [String: String] = [:],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let result = try run(program, [scenario], environment: environment)
        #expect(
            result.status == 0 && !result.killedBySignal, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Runs a compiled program with the fixture storyboards on its search path and a trace file.
    static func run(_ binary: URL, _ arguments: [String] = [], environment extra: [String: String] = [:]) throws -> Run
    {
        let work = binary.deletingLastPathComponent()
        let trace = work.appendingPathComponent("trace-\(UUID().uuidString.prefix(8)).jsonl")
        var environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        environment["SEGUEKIT_STORYBOARD_PATH"] =
            packageRoot.appendingPathComponent("Tests/SegueKitTests/Fixtures").path
        environment["SEGUEKIT_TRACE_FILE"] = trace.path
        let result = launch(binary, arguments, environment: environment, in: work)
        let traceText = (try? String(contentsOf: trace, encoding: .utf8)) ?? ""
        return Run(
            status: result.status, killedBySignal: result.signalled, stdout: result.stdout,
            stderr: result.stderr, trace: traceText)
    }

    private static func swiftc(_ arguments: [String], in directory: URL) -> (status: Int32, output: String) {
        let result = launch(
            URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments,
            environment: ProcessInfo.processInfo.environment, in: directory)
        return (result.status, result.stdout + result.stderr)
    }

    private static func launch(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        in directory: URL
    ) -> (status: Int32, signalled: Bool, stdout: String, stderr: String) {
        let out = directory.appendingPathComponent("out-\(UUID().uuidString.prefix(8))")
        let err = directory.appendingPathComponent("err-\(UUID().uuidString.prefix(8))")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        do {
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            try process.run()
        } catch {
            return (-1, false, "", "cannot launch \(executable.path): \(error)")
        }
        process.waitUntilExit()
        let stdout = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, stdout, stderr)
    }
}
