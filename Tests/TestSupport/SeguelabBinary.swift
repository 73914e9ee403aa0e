import Foundation

/// The built `seguelab` executable, and a private home for each test run so history and
/// progress never touch the real user's files.
package enum SeguelabBinary {
    /// `SEGUELAB_BINARY`, else the `seguelab` that `swift test` built beside the test bundle (the
    /// test targets depend on the executable, so it is always the one built from these
    /// sources). Nowhere else: a binary from another build would test other code.
    package static let path: String = {
        if let override = ProcessInfo.processInfo.environment["SEGUELAB_BINARY"] { return override }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent()
        ]
        for directory in candidates {
            let binary = directory.appendingPathComponent("seguelab").path
            if FileManager.default.isExecutableFile(atPath: binary) { return binary }
        }
        fatalError("no seguelab binary beside the tests (looked in \(candidates.map(\.path))); set SEGUELAB_BINARY")
    }()

    /// A fresh home directory with XDG directories inside it.
    package static func makeHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("seguelab-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("pids"), withIntermediateDirectories: true)
        return home
    }

    /// One SegueKit build for every test that runs Swift (building it is the slow part). The
    /// cache is keyed by toolchain and SegueKit's sources, so reusing it across runs is safe.
    package static let sharedCache = FileManager.default.temporaryDirectory.appendingPathComponent(
        "seguelab-test-cache")

    package static func environment(home: URL, extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "HOME": home.path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": sharedCache.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            // Test programs report the processes they leave behind there (they may write
            // nowhere else but their own folder).
            "SEGUELAB_WRITABLE": home.appendingPathComponent("pids").path
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    package struct Result: Sendable {
        package var status: Int32
        package var stdout: String
        package var stderr: String
        /// True when the hang guard had to kill the program.
        package var hung = false
    }

    /// Runs the binary with piped standard input, as a scripted session would.
    /// `hangGuard` seconds after it starts, a program still running is killed and the result says
    /// so (`hung`): a test of a defence against hanging fails instead of hanging itself.
    package static func runPiped(
        _ input: String, arguments: [String] = [], home: URL, extra: [String: String] = [:],
        hangGuard: TimeInterval = 600
    ) throws -> Result {
        try runPiped(bytes: Data(input.utf8), arguments: arguments, home: home, extra: extra, hangGuard: hangGuard)
    }

    /// Runs the binary with these exact bytes (valid UTF-8 or not) on its standard input.
    package static func runPiped(
        bytes input: Data, arguments: [String] = [], home: URL, extra: [String: String] = [:],
        hangGuard: TimeInterval = 600
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment(home: home, extra: extra)
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        nonisolated(unsafe) var hung = false
        let guardTimer = DispatchWorkItem { [process] in
            if process.isRunning {
                hung = true
                kill(process.processIdentifier, SIGKILL)
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + hangGuard, execute: guardTimer)
        defer { guardTimer.cancel() }
        // Input is written while the output is read, so neither side can fill a pipe and wait.
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            // A program that stops reading early must not take the test down with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
            group.leave()
        }
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guardTimer.cancel()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), hung: hung)
    }
}
