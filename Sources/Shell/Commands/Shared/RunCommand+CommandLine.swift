import Foundation
import LessonKit
import Localization
import Playground

/// `seguelab run`: the shared declaration run outside the shell, with the command line's limits.
extension RunCommand {
    /// Why `seguelab run` could not start a run.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Runs the files (entry by entry as the `swift` prompt would, with `entryByEntry`) and
    /// writes the run as `RunReport` says. Returns the exit status: the program's, 1 when an
    /// entry was not kept, 130 for Ctrl-C before anything ran.
    package func runFromCommandLine(
        limits: Limits, entryByEntry: Bool, timings: Bool,
        write: @Sendable (RunReport.Stream, String) -> Void = RunReport.write
    )
        async throws -> Int32
    {
        let (sources, directories): ([SourceFile], [URL])
        do {
            (sources, directories) = try self.sources()
        } catch {
            throw Failure(description: "\(error.path): cannot read file")
        }
        let playground = try Playground { event in
            FileHandle.standardError.write(Data((event.text(.english) + "\n").utf8))
        }
        // Ctrl-C stops the program (its process group gets SIGINT), never this process.
        InterruptFlag.install()
        if entryByEntry {
            let repl = SwiftREPL(
                playground: playground, swiftLanguageMode: languageMode,
                limits: limits, storyboardDirectories: directories, device: deviceIdiom)
            switch try await repl.submitEntries(of: sources, trace: !noTrace, timings: timings, write: write) {
            case .finished(let rejected): return rejected > 0 ? 1 : 0
            case .interrupted: return Termination.interrupted.exitStatus
            }
        }
        let request = self.request(sources: sources, directories: directories, limits: limits)
        let ran = try await Interruptible.value(
            of: { try await playground.run(request) },
            interrupted: { partial in
                // Interrupted while compiling: nothing ran.
                if partial == nil { write(.error, "Interrupted.\n") }
            },
            failed: { throw $0 })
        guard let result = ran else { return Termination.interrupted.exitStatus }
        // Written unbuffered, piece by piece, in order: with both streams on one file, no line
        // is cut by another.
        for (stream, text) in RunReport.pieces(of: result, sources: sources, trace: !noTrace, timings: timings) {
            write(stream, text)
        }
        return result.termination == .exited(0) ? 0 : result.termination.exitStatus
    }
}
