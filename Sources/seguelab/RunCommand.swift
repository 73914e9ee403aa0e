import ArgumentParser
import Foundation
import LessonKit
import Localization
import Playground
import Shell

/// `seguelab run FILE.swift…`: the shared `run` (files, --no-trace, --swift-version, -O) with
/// what only the command line has: limits, `--as-session` and `--timings`.
struct CommandLineRun: AsyncParsableCommand {
    static let configuration = RunCommand.configuration

    @OptionGroup var command: RunCommand

    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    @Flag(name: .customLong("as-session"),
          help: "Submit the file entry by entry (entries separated by blank lines) as the shell's swift prompt would.")
    var asSession = false

    @OptionGroup var timingOptions: TimingOptions
    var timings: Bool { timingOptions.timings }
    var noTrace: Bool { command.noTrace }

    func validate() throws {
        guard !command.files.isEmpty else { throw ValidationError("Missing expected argument '<files> ...'") }
    }

    func run() async throws {
        let (sources, directories): ([SourceFile], [URL])
        do {
            (sources, directories) = try command.sources()
        } catch {
            throw ValidationError("\(error.path): cannot read file")
        }
        let request = command.request(sources: sources, directories: directories, limits: limitOptions.limits)
        let playground = try Playground { event in
            FileHandle.standardError.write(Data((event.text(.english) + "\n").utf8))
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
        for (stream, text) in RunReport.pieces(of: result, sources: sources, trace: !noTrace, timings: timings) {
            (stream == .output ? FileHandle.standardOutput : FileHandle.standardError).write(Data(text.utf8))
        }
        if result.termination != .exited(0) { throw ExitCode(result.termination.exitStatus) }
    }

    /// Each blank-line-separated chunk is one entry, echoed with `swift> ` like a prompt.
    private func runAsSession(_ sources: [SourceFile], playground: Playground, directories: [URL]) async throws {
        let session = SwiftREPL(playground: playground, swiftLanguageMode: command.languageMode,
                                   limits: limitOptions.limits, storyboardDirectories: directories)
        var rejected = 0
        for source in sources {
            let entries = source.text.components(separatedBy: "\n\n")
                .map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
            for entry in entries {
                print("swift> " + entry.replacingOccurrences(of: "\n", with: "\n  ...> "))
                let response: SwiftREPL.Response
                switch await Interruptible.run({ try await session.submit(entry) }) {
                case .finished(let finished), .interrupted(let finished?): response = finished
                case .interrupted(nil): throw ExitCode(Termination.interrupted.exitStatus)
                case .failed(let error): throw error
                }
                for diagnostic in response.run.compile.diagnostics { print(diagnostic.rendered()) }
                for run in response.run.programOutputInOrder {
                    fflush(nil)  // what was printed lands before what goes to stderr
                    if run.isError {
                        FileHandle.standardError.write(Data(ControlCharacters.neutralised(run.text).utf8))
                    } else {
                        print(ControlCharacters.neutralised(run.text), terminator: "")
                    }
                }
                fflush(nil)
                RunReport.lines(of: response, trace: !noTrace).forEach { print($0) }
                if !response.accepted { rejected += 1; print("(not kept)") }
                if timings { FileHandle.standardError.write(Data((response.run.timings.summary + "\n").utf8)) }
            }
        }
        if rejected > 0 { throw ExitCode(1) }
    }
}
