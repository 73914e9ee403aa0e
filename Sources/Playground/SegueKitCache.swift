import Foundation
import SourceText
import XDGDirectories

/// SegueKit (and the `UIKit` module that re-exports it) compiled once per toolchain and per
/// SegueKit version into `$XDG_CACHE_HOME/seguelab/seguekit/<key>/`, as shared libraries so
/// learner programs compile and link only their own code.
///
/// Two shells may build at once: each builds into its own temporary directory and renames it
/// into place; the loser of the race throws its copy away and uses the winner's.
package struct SegueKitCache: Sendable {
    /// A ready-to-use build.
    package struct Build: Sendable, Equatable {
        package var directory: URL
        /// True when this call compiled SegueKit (the cache was cold or stale).
        package var builtNow: Bool
    }

    package var sourcesDirectory: URL
    package var cacheRoot: URL

    package init(sourcesDirectory: URL, cacheRoot: URL) {
        self.sourcesDirectory = sourcesDirectory
        self.cacheRoot = cacheRoot
    }

    /// `$XDG_CACHE_HOME/seguelab`, else `~/.cache/seguelab`.
    package static func defaultCacheRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        URL(fileURLWithPath: XDGDirectories(environment: environment).seguelabCache, isDirectory: true)
    }

    /// `$SEGUELAB_SEGUEKIT_SOURCES`, else `<executable dir>/../share/seguelab/SegueKit` (installed),
    /// else `Sources/SegueKit` of the checkout this file was compiled from.
    package static func locateSources(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL
    {
        var tried: [String] = []
        if let explicit = environment["SEGUELAB_SEGUEKIT_SOURCES"], !explicit.isEmpty {
            let url = URL(fileURLWithPath: explicit)
            guard hasSwiftSources(url) else {
                throw ToolchainError("SEGUELAB_SEGUEKIT_SOURCES=\(explicit) holds no .swift files")
            }
            return url
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent().appendingPathComponent("../share/seguelab/SegueKit")
            .standardized
        tried.append(installed.path)
        if hasSwiftSources(installed) { return installed }
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../SegueKit").standardized
        tried.append(checkout.path)
        if hasSwiftSources(checkout) { return checkout }
        throw ToolchainError(
            "cannot find SegueKit's sources (tried \(tried.joined(separator: ", "))); set SEGUELAB_SEGUEKIT_SOURCES")
    }

    private static func hasSwiftSources(_ url: URL) -> Bool {
        !((try? swiftFiles(in: url)) ?? []).isEmpty
    }

    static func swiftFiles(in directory: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    /// Bumped whenever the way the cache is built changes.
    static let layoutVersion = "3"

    /// The cache key: toolchain version, SegueKit's sources (names and contents), build layout.
    func key(toolchain: Toolchain) throws -> String {
        var fingerprint = Data("\(Self.layoutVersion)\n\(toolchain.version)\n".utf8)
        for file in try Self.swiftFiles(in: sourcesDirectory) {
            let relative = file.path.dropFirst(sourcesDirectory.path.count)
            fingerprint.append(Data("\(relative)\n".utf8))
            fingerprint.append(try Data(contentsOf: file))
        }
        return StableHash.hex(of: fingerprint)
    }

    /// Returns the build for the current sources and toolchain, compiling it first if needed.
    /// `progress` hears when a (slow) build starts, with the last build's time as its estimate,
    /// then how long it has taken every few seconds, then the time it took.
    package func prepare(toolchain: Toolchain, progress: @escaping @Sendable (BuildProgress) -> Void = { _ in })
        async throws -> Build
    {
        let key = try key(toolchain: toolchain)
        let root = cacheRoot.appendingPathComponent("seguekit")
        let final = root.appendingPathComponent(key)
        let complete = final.appendingPathComponent("complete")
        if FileManager.default.fileExists(atPath: complete.path) {
            // Every later run links and loads these files: use them only if they are exactly
            // what was built (a damaged or rewritten library would break or subvert them all).
            if let recorded = try? String(contentsOf: complete, encoding: .utf8), !recorded.isEmpty,
                (try? await Self.checksums(of: final)) == recorded
            {
                return Build(directory: final, builtNow: false)
            }
            progress(.damaged(path: final.path))
            let stale = root.appendingPathComponent(".stale-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            if rename(final.path, stale.path) == 0 { try? FileManager.default.removeItem(at: stale) }
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // The last build's duration is the best estimate of this one (same machine).
        let durationFile = root.appendingPathComponent("last-build-seconds")
        let last = (try? String(contentsOf: durationFile, encoding: .utf8)).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        progress(
            .started(toolchain: String(toolchain.version.split(separator: "\n").first ?? "Swift"), lastSeconds: last))
        let staging = root.appendingPathComponent(".build-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        let start = Date()
        // How long so far, every few seconds: a silent minute looks like a hang.
        let ticker = Task {
            while !Task.isCancelled {
                try await Task.sleep(nanoseconds: 5_000_000_000)
                progress(.elapsed(seconds: Int(Date().timeIntervalSince(start)), lastSeconds: last))
            }
        }
        do {
            try await compile(into: staging, toolchain: toolchain)
            ticker.cancel()
            try Data(try await Self.checksums(of: staging).utf8).write(to: staging.appendingPathComponent("complete"))
        } catch {
            ticker.cancel()
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
        let seconds = Int(Date().timeIntervalSince(start).rounded())
        try? Data("\(seconds)\n".utf8).write(to: durationFile)
        progress(.finished(seconds: seconds))
        if rename(staging.path, final.path) != 0 {
            // Someone else finished first (the target exists); theirs is as good as ours.
            try? FileManager.default.removeItem(at: staging)
            guard FileManager.default.fileExists(atPath: final.appendingPathComponent("complete").path) else {
                throw ToolchainError("cannot move the SegueKit build into \(final.path)")
            }
        }
        return Build(directory: final, builtNow: true)
    }

    /// `sha256sum` of every file of a build but `complete`, by relative name, in name order.
    static func checksums(of directory: URL) async throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { name in
                var isDirectory: ObjCBool = false
                return name != "complete" && !name.hasPrefix(".")
                    && FileManager.default.fileExists(
                        atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory)
                    && !isDirectory.boolValue
            }.sorted()
        let outcome = try await ChildProcess(
            executable: "/usr/bin/sha256sum", arguments: ["--"] + names,
            environment: ["LC_ALL": "C"], workingDirectory: directory.path, timeout: 120
        ).run()
        guard outcome.ending == .exited(0), !outcome.stdout.isEmpty else {
            throw ToolchainError(
                "cannot checksum the SegueKit build in \(directory.path): \(String(decoding: outcome.stderr, as: UTF8.self))"
            )
        }
        return String(decoding: outcome.stdout, as: UTF8.self)
    }

    private func compile(into directory: URL, toolchain: Toolchain) async throws {
        let sources = try Self.swiftFiles(in: sourcesDirectory).map(\.path)
        let uikit = directory.appendingPathComponent("UIKit.swift")
        try Data("@_exported import SegueKit\n".utf8).write(to: uikit)
        try await swiftc(toolchain, library: "SegueKit", sources: sources, in: directory, swiftVersion: "6", extra: [])
        try await swiftc(
            toolchain, library: "UIKit", sources: [uikit.path], in: directory, swiftVersion: "5",
            extra: ["-I", directory.path, "-L", directory.path, "-lSegueKit"])
    }

    private func swiftc(
        _ toolchain: Toolchain, library: String, sources: [String], in directory: URL,
        swiftVersion: String, extra: [String]
    ) async throws {
        let arguments =
            [
                "-emit-library", "-emit-module", "-parse-as-library",
                "-module-name", library, "-module-link-name", library,
                "-swift-version", swiftVersion, "-Onone",
                "-emit-module-path", directory.appendingPathComponent("\(library).swiftmodule").path,
                "-o", directory.appendingPathComponent("lib\(library).so").path,
                "-Xlinker", "-soname=lib\(library).so",
                "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN"
            ] + extra + sources
        let outcome = try await ChildProcess(
            executable: toolchain.swiftc, arguments: arguments,
            environment: ProcessInfo.processInfo.environment,
            workingDirectory: directory.path, timeout: 900
        ).run()
        if outcome.ending == .cancelled { throw CancellationError() }
        guard outcome.ending == .exited(0) else {
            let output = String(decoding: outcome.stderr + outcome.stdout, as: UTF8.self)
            throw ToolchainError("compiling \(library) from \(sourcesDirectory.path) failed:\n\(output)")
        }
    }
}

/// How a SegueKit build is going. The Playground only reports it; whoever shows it words it
/// (`BuildProgress.text(_:)`, in LessonKit, in the session's language or English).
package enum BuildProgress: Sendable, Equatable {
    /// The cached build was changed or damaged since it was built: it is built again.
    case damaged(path: String)
    /// A build starts; `lastSeconds` (the last build's time on this machine) is the estimate.
    case started(toolchain: String, lastSeconds: Int?)
    /// Still building, said every few seconds: a silent minute looks like a hang.
    case elapsed(seconds: Int, lastSeconds: Int?)
    case finished(seconds: Int)
}
