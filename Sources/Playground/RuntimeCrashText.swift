import Foundation

/// The Swift runtime's report of a crash, as printed on stderr.
package enum RuntimeCrashText {
    /// Lines that open the runtime's (or SegueKit's) report of a crash or failed allocation:
    /// the ones `CrashParser` recognises, and the stack traces that follow them.
    static let openers =
        [CrashParser.uncaughtExceptionMarker, CrashParser.failedCastMarker]
        + CrashParser.trapMarkers.map(\.0) + CrashParser.memoryExhaustionMarkers
        + ["Current stack trace:", "Stack dump:"]

    /// `stderr` up to the first line of the runtime's crash report.
    package static func removed(from stderr: String) -> String {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        guard let cut = lines.firstIndex(where: { line in openers.contains { line.contains($0) } }) else {
            return stderr
        }
        // Every line before the cut ended with a newline, which the split took away.
        return lines[..<cut].map { $0 + "\n" }.joined()
    }
}
