import ArgumentParser
import Foundation
import Shell

/// `seguelab run FILE.swift…`: the shared `run` (files, --no-trace, --swift-version, -O, --device) with
/// what only the command line has: limits, `--as-session` and `--timings`.
struct CommandLineRun: AsyncParsableCommand {
    static let configuration = RunCommand.configuration

    @OptionGroup var command: RunCommand

    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    /// `--as-session`: the file entry by entry, as the `swift` prompt takes them.
    @Flag(
        name: .customLong("as-session"),
        help: "Submit the file entry by entry (entries separated by blank lines) as the shell's swift prompt would.")
    var entryByEntry = false

    @OptionGroup var timingOptions: TimingOptions

    func validate() throws {
        guard !command.files.isEmpty else { throw ValidationError("Missing expected argument '<files> ...'") }
    }

    func run() async throws {
        let status: Int32
        do {
            status = try await command.runFromCommandLine(
                limits: limitOptions.limits, entryByEntry: entryByEntry,
                timings: timingOptions.timings)
        } catch let failure as RunCommand.Failure {
            throw ValidationError(failure.description)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
