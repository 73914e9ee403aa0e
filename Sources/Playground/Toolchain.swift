import Foundation
import SourceText

/// The installed Swift toolchain: where `swiftc` is, what it says its version is, and the
/// pieces needed to compile and link without the driver (which costs more than the compile
/// of a small file).
package struct Toolchain: Sendable, Codable, Equatable {
    package var swiftc: String
    /// `swiftc --version` output; part of every cache key.
    package var version: String
    /// `swift-frontend` next to `swiftc`, when present.
    var frontend: String?
    /// `clang` next to `swiftc`, used as the link driver like swiftc itself does.
    var clang: String?
    var targetTriple: String?
    /// `<toolchain>/usr/lib/swift` (holds `linux/<arch>/swiftrt.o` and the runtime libraries).
    var runtimeResourcePath: String?

    package struct NotFound: Error, CustomStringConvertible {
        package var description: String {
            "cannot find swiftc: set SWIFTC to its path or put the Swift toolchain's bin directory on PATH"
        }
    }

    /// `$SWIFTC`, else `swiftc` on `PATH`.
    package static func locateSwiftc(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> String
    {
        if let explicit = environment["SWIFTC"], !explicit.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: explicit) else {
                throw ToolchainError("SWIFTC=\(explicit) is not an executable file")
            }
            return explicit
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw NotFound()
    }

    /// Describes the toolchain, asking `swiftc` only when the binary changed since the last time
    /// (the answer is kept in the cache directory, keyed by the binary's path, size and mtime).
    static func discover(swiftc: String, cacheRoot: URL) async throws -> Toolchain {
        let resolved = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().path
        let attributes = try FileManager.default.attributesOfItem(atPath: resolved)
        let stamp =
            "\(resolved)|\((attributes[.size] as? Int) ?? 0)|\(((attributes[.modificationDate] as? Date) ?? Date.distantPast).timeIntervalSince1970)"
        let record = cacheRoot.appendingPathComponent("toolchains/\(StableHash.hex(of: stamp)).json")
        let bin = URL(fileURLWithPath: resolved).deletingLastPathComponent()
        let frontend = bin.appendingPathComponent("swift-frontend").path
        let clang = bin.appendingPathComponent("clang").path
        // The record is a file anyone with the learner's rights could have rewritten: it is
        // used only if every program it names is the one next to swiftc and its other fields
        // are plausible; otherwise swiftc is asked again and the record rewritten.
        if let data = try? Data(contentsOf: record), let known = try? JSONDecoder().decode(Toolchain.self, from: data),
            known.isConsistent(
                swiftc: swiftc, frontend: frontend, clang: clang, toolchainRoot: bin.deletingLastPathComponent().path)
        {
            return known
        }
        let version = try await capture(swiftc, ["--version"])
        var toolchain = Toolchain(swiftc: swiftc, version: version.trimmingCharacters(in: .whitespacesAndNewlines))
        if let info = try? await capture(swiftc, ["-print-target-info"]),
            let json = try? JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any],
            let target = json["target"] as? [String: Any], let paths = json["paths"] as? [String: Any],
            FileManager.default.isExecutableFile(atPath: frontend), FileManager.default.isExecutableFile(atPath: clang)
        {
            toolchain.frontend = frontend
            toolchain.clang = clang
            toolchain.targetTriple = target["unversionedTriple"] as? String ?? target["triple"] as? String
            toolchain.runtimeResourcePath = paths["runtimeResourcePath"] as? String
        }
        try? FileManager.default.createDirectory(
            at: record.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let data = try? JSONEncoder().encode(toolchain) {
            try? AtomicFile.write(data, to: record)
        }
        return toolchain
    }

    /// True when a record read from the cache describes this swiftc and no other program.
    func isConsistent(swiftc: String, frontend: String, clang: String, toolchainRoot: String) -> Bool {
        guard self.swiftc == swiftc, !version.isEmpty else { return false }
        if let recorded = self.frontend, recorded != frontend { return false }
        if let recorded = self.clang, recorded != clang { return false }
        if let triple = targetTriple,
            triple.isEmpty || !triple.allSatisfy({ $0.isLetter || $0.isNumber || "_.-".contains($0) })
        {
            return false
        }
        if let path = runtimeResourcePath {
            let standardized = URL(fileURLWithPath: path).standardized.path
            guard standardized.hasPrefix(toolchainRoot + "/") else { return false }
        }
        return true
    }

    private static func capture(_ executable: String, _ arguments: [String]) async throws -> String {
        let outcome = try await ChildProcess(
            executable: executable, arguments: arguments,
            environment: ProcessInfo.processInfo.environment, timeout: 60
        ).run()
        if outcome.ending == .cancelled { throw CancellationError() }
        guard outcome.ending == .exited(0) else {
            throw ToolchainError(
                "\(executable) \(arguments.joined(separator: " ")) failed: \(String(decoding: outcome.stderr, as: UTF8.self))"
            )
        }
        return String(decoding: outcome.stdout, as: UTF8.self)
    }
}

package struct ToolchainError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
