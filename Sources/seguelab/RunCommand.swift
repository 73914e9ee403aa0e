import ArgumentParser
import Foundation
import LessonKit
import Playground
import Shell

/// `seguelab run FILE.swift…`: compile against SegueKit, run, show output and navigation.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Compile and run Swift files against SegueKit (import UIKit works), showing the navigation trace."
    )

    @Argument(help: "Swift files to compile together; storyboards next to them are found by name.")
    var files: [String]

    @Flag(name: .customLong("no-trace"), help: "Do not print the navigation trace.")
    var noTrace = false

    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    @Option(name: .customLong("swift-version"), help: "Swift language mode: 5 or 6.")
    var swiftVersion: String = "5"

    @Flag(name: .customShort("O"), help: "Compile with optimisation (-O).")
    var optimize = false

    @Flag(name: .customLong("as-session"),
          help: "Submit the file entry by entry (entries separated by blank lines) as the shell's swift prompt would.")
    var asSession = false

    @OptionGroup var timingOptions: TimingOptions
    var timings: Bool { timingOptions.timings }

    func validate() throws {
        guard SwiftLanguageMode(rawValue: swiftVersion) != nil else {
            throw ValidationError("--swift-version must be 5 or 6, not \(swiftVersion)")
        }
    }

    func run() async throws {
        var sources: [SourceFile] = []
        var directories: [URL] = []
        for path in files {
            let url = URL(fileURLWithPath: path)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw ValidationError("\(path): cannot read file")
            }
            sources.append(SourceFile(name: url.lastPathComponent, text: text))
            let directory = url.deletingLastPathComponent().standardized
            if !directories.contains(directory) { directories.append(directory) }
        }
        let request = RunRequest(
            sources: sources, storyboardDirectories: directories,
            limits: limitOptions.limits,
            swiftLanguageMode: SwiftLanguageMode(rawValue: swiftVersion)!,
            optimization: optimize ? .release : .debug,
            collectTrace: !noTrace
        )
        let playground = try Playground { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        if asSession {
            InterruptFlag.install()
            try await runAsSession(sources, playground: playground, directories: directories)
            return
        }

        // Ctrl-C stops the program (its process group gets SIGINT), never this process.
        InterruptFlag.install()
        let result: RunResult
        switch await Interruptible.run({ try await playground.run(request) }) {
        case .finished(let finished), .interrupted(let finished?):
            result = finished
        case .interrupted(nil):
            // Interrupted while compiling: nothing ran.
            FileHandle.standardError.write(Data("Interrupted.\n".utf8))
            throw ExitCode(Termination.interrupted.exitStatus)
        case .failed(let error):
            throw error
        }

        // Written unbuffered, piece by piece, in order: with both streams on one file, no line
        // is cut by another.
        for (stream, text) in RunReport.pieces(of: result, trace: !noTrace, timings: timings) {
            (stream == .output ? FileHandle.standardOutput : FileHandle.standardError).write(Data(text.utf8))
        }
        if result.termination != .exited(0) { throw ExitCode(result.termination.exitStatus) }
    }

    /// Each blank-line-separated chunk is one entry, echoed with `swift> ` like a prompt.
    private func runAsSession(_ sources: [SourceFile], playground: Playground, directories: [URL]) async throws {
        let session = SwiftSession(playground: playground, swiftLanguageMode: SwiftLanguageMode(rawValue: swiftVersion)!,
                                   limits: limitOptions.limits, storyboardDirectories: directories)
        var rejected = 0
        for source in sources {
            let entries = source.text.components(separatedBy: "\n\n")
                .map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
            for entry in entries {
                print("swift> " + entry.replacingOccurrences(of: "\n", with: "\n  ...> "))
                let response: SwiftSession.Response
                switch await Interruptible.run({ try await session.submit(entry) }) {
                case .finished(let finished), .interrupted(let finished?): response = finished
                case .interrupted(nil): throw ExitCode(Termination.interrupted.exitStatus)
                case .failed(let error): throw error
                }
                for diagnostic in response.diagnostics { print(diagnostic.rendered()) }
                for run in response.outputInOrder {
                    fflush(nil)  // what was printed lands before what goes to stderr
                    if run.isError {
                        FileHandle.standardError.write(Data(ControlCharacters.neutralised(run.text).utf8))
                    } else {
                        print(ControlCharacters.neutralised(run.text), terminator: "")
                    }
                }
                fflush(nil)
                if !noTrace { print(RunReport.navigation(response.traceLines), terminator: "") }
                if let crash = response.crash { print(crash.summary) }
                if let reason = response.stopReason { print("Stopped: \(reason).") }
                if !response.accepted { rejected += 1; print("(not kept)") }
                if timings { FileHandle.standardError.write(Data((response.timings.summary + "\n").utf8)) }
            }
        }
        if rejected > 0 { throw ExitCode(1) }
    }
}
