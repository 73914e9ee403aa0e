import ArgumentParser
import LessonKit

/// How a command of the executable ends on a `CommandFailure`: its lines on stderr, status 1.
extension CommandFailure {
    /// Prints the message and ends the command with status 1.
    package func exit() -> ExitCode {
        lines.forEach(StandardError.line)
        return ExitCode.failure
    }
}

extension AsyncParsableCommand {
    /// Runs `body`, turning a `CommandFailure` into its message and exit status 1.
    package func reportingFailures(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as CommandFailure {
            throw failure.exit()
        }
    }
}
