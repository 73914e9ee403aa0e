import Foundation
import LessonKit
import Playground

/// `seguelab run --as-session FILE`: a file submitted to the `swift` prompt's engine entry by
/// entry, each echoed as if typed and followed by what it printed, its picture and how it ended.
extension SwiftREPL {
    /// How a file of entries went: how many were not kept, or Ctrl-C before an entry ran.
    package enum EntriesOutcome: Equatable, Sendable {
        case finished(rejected: Int)
        case interrupted
    }

    /// The file's entries: its blank-line-separated chunks, in order.
    package nonisolated static func entries(of text: String) -> [String] {
        text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
    }

    /// `swift> ` and `  ...> ` before an entry's lines, as the prompt shows them.
    package nonisolated static func echo(_ entry: String) -> String {
        "swift> " + entry.replacingOccurrences(of: "\n", with: "\n  ...> ")
    }

    /// Submits every entry of `sources` in order (Ctrl-C stops the entry that runs) and writes,
    /// in order and unbuffered, the echo, diagnostics and picture to standard output and the
    /// program's stderr and timings to standard error.
    package func submitEntries(
        of sources: [SourceFile], trace: Bool, timings: Bool,
        write: @Sendable (RunReport.Stream, String) -> Void = RunReport.write
    ) async throws
        -> EntriesOutcome
    {
        var rejected = 0
        for entry in sources.flatMap({ Self.entries(of: $0.text) }) {
            write(.output, Self.echo(entry) + "\n")
            let submitted = try await Interruptible.value(
                of: { try await self.submit(entry) }, interrupted: { _ in }, failed: { throw $0 })
            guard let response = submitted else { return .interrupted }
            for diagnostic in response.run.compile.diagnostics { write(.output, diagnostic.rendered() + "\n") }
            for run in response.run.programOutputInOrder {
                write(run.isError ? .error : .output, ControlCharacters.neutralised(run.text))
            }
            for line in RunReport.lines(of: response, trace: trace) { write(.output, line + "\n") }
            if !response.accepted {
                rejected += 1
                write(.output, "(not kept)\n")
            }
            if timings { write(.error, response.run.timings.summary + "\n") }
        }
        return .finished(rejected: rejected)
    }
}
