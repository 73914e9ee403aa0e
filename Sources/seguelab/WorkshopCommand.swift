import ArgumentParser
import Foundation
import Workshop
import XDGDirectories
#if canImport(Glibc)
import Glibc
#endif

/// `seguelab workshop serve`: builds the workshop server the first time (it is its own product,
/// so a learner's build never compiles its dependencies), then runs it.
struct WorkshopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workshop",
        abstract: "Run a workshop: a server learners join, with a live dashboard for the instructor.",
        subcommands: [Serve.self]
    )

    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve a workshop on this machine and print the join command and the dashboard link.",
            discussion: "The first time, this builds the server (a few minutes). Learners run `seguelab --join LINK --name NAME`."
        )

        @Option(name: .customLong("pack"), help: ArgumentHelp("The pack the learners take: a folder, an archive, or an installed pack's id (default: the built-in lessons).", valueName: "dir|archive|id"))
        var pack: String?

        @Option(help: "Port to listen on.")
        var port = 8080

        @Option(help: "Address to listen on. The default, 127.0.0.1, is this machine only; 0.0.0.0 opens it to the room's network.")
        var host = "127.0.0.1"

        @Option(help: ArgumentHelp("The SQLite file that keeps the workshop (default: in the XDG data directory). Serving again with it resumes the workshop.", valueName: "file"))
        var data: String?

        @Option(help: "Requests per second each learner may make after a burst of 30 (more are refused with 429).")
        var learnerRate = 5.0

        @Flag(help: ArgumentHelp("Start a new room (new join code and dashboard link); the previous one is kept beside "
                                 + "the data file."))
        var new = false

        func run() throws {
            do {
                let location = try PackSelection.locate(pack)
                let dataFile = data ?? XDGDirectories().seguelabData + "/workshop/workshop.sqlite"
                let server = try WorkshopServerBinary.locate()
                let arguments = [server, "--pack", location.root.path, "--host", host, "--port", String(port), "--data", dataFile,
                                 "--learner-rate", String(learnerRate)] + (new ? ["--new"] : [])
                // Hummingbird's start-up log would repeat what the server prints itself.
                setenv("LOG_LEVEL", "warning", 0)
                // The server takes over this process: Ctrl-C stops it directly.
                let argv = arguments.map { strdup($0) } + [nil]
                execv(server, argv)
                throw CommandFailure("could not start the workshop server \(server): \(String(cString: strerror(errno)))")
            } catch let failure as CommandFailure {
                throw failure.exit()
            }
        }
    }
}

/// Finds the `seguelab-workshop` executable, building it from this checkout when it is missing
/// or older than the sources, with SwiftPM's progress on one line.
enum WorkshopServerBinary {
    static let product = "seguelab-workshop"

    static func locate() throws -> String {
        let ownDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let sibling = ownDirectory.appendingPathComponent(product).path
        // This file is Sources/seguelab/WorkshopCommand.swift of the checkout that was built.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
            guard FileManager.default.isExecutableFile(atPath: sibling) else {
                throw CommandFailure("the workshop server (\(product)) is not next to seguelab, and the sources to build it are not at \(root.path)")
            }
            return sibling
        }
        if isUpToDate(sibling, sources: root) { return sibling }
        return try build(root: root)
    }

    /// True when `binary` exists and is newer than every file it is built from.
    static func isUpToDate(_ binary: String, sources root: URL) -> Bool {
        guard let built = modified(binary) else { return false }
        var newest = modified(root.appendingPathComponent("Package.swift").path) ?? .distantFuture
        if let files = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path) {
            for case let file as String in files {
                if let date = modified(root.appendingPathComponent("Sources").appendingPathComponent(file).path), date > newest { newest = date }
            }
        }
        return built > newest
    }

    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    static func build(root: URL) throws -> String {
        let terminal = isatty(STDERR_FILENO) == 1
        FileHandle.standardError.write(Data("seguelab: building the workshop server (the first time takes a few minutes; later starts take seconds)…\n".utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--product", product, "--package-path", root.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        var log = ""
        var pending = Data()
        // Each line of SwiftPM's progress replaces the last on a terminal; elsewhere each is printed.
        while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                log += line + "\n"
                FileHandle.standardError.write(Data((terminal ? "\r\u{1B}[K" + String(line.prefix(79)) : line + "\n").utf8))
            }
        }
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            if terminal { FileHandle.standardError.write(Data(log.utf8)) }
            throw CommandFailure("the workshop server did not build (SwiftPM's output is above)")
        }
        let binPath = Process()
        binPath.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        binPath.arguments = ["swift", "build", "--show-bin-path", "--package-path", root.path]
        let output = Pipe()
        binPath.standardOutput = output
        try binPath.run()
        let directory = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        binPath.waitUntilExit()
        return directory + "/" + product
    }
}

/// `--join LINK --name NAME` on the shell.
struct JoinOptions: ParsableArguments {
    @Option(name: .customLong("join"), help: ArgumentHelp("Join a workshop: send your progress to the instructor's dashboard.", valueName: "link"))
    var join: String?

    @Option(name: .customLong("name"), help: ArgumentHelp("Your name on the workshop's dashboard (with --join).", valueName: "name"))
    var name: String?

    func resolve() throws -> (link: JoinLink, name: String)? {
        guard let join else {
            if name != nil { throw CommandFailure("--name goes with --join LINK") }
            return nil
        }
        guard let link = JoinLink(join) else { throw CommandFailure("--join: '\(join)' is not a join link (http://HOST:PORT/join/CODE)") }
        let name = (self.name ?? ProcessInfo.processInfo.environment["USER"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw CommandFailure("--join: say how the dashboard shows you with --name NAME") }
        return (link, name)
    }
}
