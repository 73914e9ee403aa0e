import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `seguelab workshop serve`: finds the `seguelab-workshop` executable — building it from the
/// checkout seguelab was built from when it is missing or older than the sources, with SwiftPM's
/// progress on one line — and runs it in this process's place.
package enum WorkshopServerLauncher {
    package static let product = "seguelab-workshop"

    /// Why the server cannot be found, built or started.
    package struct Failure: Error, CustomStringConvertible, Equatable {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// Which server to run: one already built, or one to build from the sources at `root`.
    package enum Choice: Equatable {
        case built(String)
        case build(root: URL)
    }

    /// The checkout seguelab was built from: this file is Sources/Workshop/WorkshopServerLauncher.swift.
    package static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Serves the workshop of the pack at `packRoot` with the options given to the launcher:
    /// the server takes over this process, so Ctrl-C stops it directly. Returns only by throwing.
    package static func serve(packRoot: URL, options: ServeOptions) throws(Failure) -> Never {
        try run(["--pack", packRoot.path] + options.arguments)
    }

    /// Lists the rooms of a workshop database (`workshop rooms`).
    package static func listRooms(database: String, showCodes: Bool) throws(Failure) -> Never {
        try run(["rooms", "--database", database] + (showCodes ? ["--show-codes"] : []))
    }

    private static func run(_ arguments: [String]) throws(Failure) -> Never {
        let server = try locate()
        // Hummingbird's start-up log would repeat what the server prints itself.
        setenv("LOG_LEVEL", "warning", 0)
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        throw Failure("could not start the workshop server \(server): \(String(cString: strerror(errno)))")
    }

    /// The server's path, built first when `choose` says so.
    package static func locate() throws(Failure) -> String {
        let ownDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        switch try choose(executableDirectory: ownDirectory, sources: checkout) {
        case .built(let path): return path
        case .build(let root):
            do { return try build(root: root) } catch let failure as Failure { throw failure } catch {
                throw Failure("the workshop server did not build: \(error)")
            }
        }
    }

    /// The server next to seguelab when there are no sources to build it from or it is newer
    /// than all of them; else a build from the sources.
    package static func choose(executableDirectory: URL, sources root: URL) throws(Failure) -> Choice {
        let sibling = executableDirectory.appendingPathComponent(product).path
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
            guard FileManager.default.isExecutableFile(atPath: sibling) else {
                throw Failure(
                    "the workshop server (\(product)) is not next to seguelab, and the sources to build "
                        + "it are not at \(root.path)")
            }
            return .built(sibling)
        }
        return isUpToDate(sibling, sources: root) ? .built(sibling) : .build(root: root)
    }

    /// True when `binary` exists and is newer than Package.swift and every file under Sources/.
    package static func isUpToDate(_ binary: String, sources root: URL) -> Bool {
        guard let built = modified(binary) else { return false }
        var newest = modified(root.appendingPathComponent("Package.swift").path) ?? .distantFuture
        let sources = root.appendingPathComponent("Sources")
        if let files = FileManager.default.enumerator(atPath: sources.path) {
            for case let file as String in files {
                if let date = modified(sources.appendingPathComponent(file).path), date > newest { newest = date }
            }
        }
        return built > newest
    }

    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// Builds the server with SwiftPM; on a terminal each line of its progress replaces the last.
    static func build(root: URL) throws -> String {
        let terminal = isatty(STDERR_FILENO) == 1
        let standardError = FileHandle.standardError
        standardError.write(
            Data(
                ("seguelab: building the workshop server (the first time takes a few minutes; "
                    + "later starts take seconds)…\n").utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--product", product, "--package-path", root.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        var log = ""
        var pending = Data()
        while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                log += line + "\n"
                standardError.write(Data((terminal ? "\r\u{1B}[K" + String(line.prefix(79)) : line + "\n").utf8))
            }
        }
        if terminal { standardError.write(Data("\r\u{1B}[K".utf8)) }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            if terminal { standardError.write(Data(log.utf8)) }
            throw Failure("the workshop server did not build (SwiftPM's output is above)")
        }
        let binPath = Process()
        binPath.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        binPath.arguments = ["swift", "build", "--show-bin-path", "--package-path", root.path]
        let output = Pipe()
        binPath.standardOutput = output
        try binPath.run()
        let directory = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        binPath.waitUntilExit()
        return directory + "/" + product
    }
}
