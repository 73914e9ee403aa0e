import Playground
import SegueKit

/// A step's trace divided by who caused each event: the step's hidden set-up (its prelude, up to
/// the set-up note), the learner's code, and the checks (after the checks' note: the probe apps
/// they open, the taps they make, and what UIKit warns about them). The notes themselves are in
/// no part. Only the learner's part is theirs to be told about as what "the program did".
package struct TraceOrigins: Sendable, Equatable {
    package var setup: [TraceEvent]
    package var learner: [TraceEvent]
    package var checks: [TraceEvent]

    package init(_ trace: [TraceEvent]) {
        let checksStart = trace.firstIndex(where: HarnessSupport.isChecksMarker) ?? trace.endIndex
        let setupEnd = trace[..<checksStart].firstIndex(where: HarnessSupport.isSetupMarker)
        setup = setupEnd.map { Array(trace[..<$0]) } ?? []
        learner = Array(trace[(setupEnd.map { $0 + 1 } ?? trace.startIndex)..<checksStart])
        checks = Array(trace[min(checksStart + 1, trace.endIndex)...])
        learner.removeAll(where: HarnessSupport.isMarker)
        checks.removeAll(where: HarnessSupport.isMarker)
    }
}

extension RunResult {
    /// Standard error as the learner should see it: without the lines UIKit wrote about what the
    /// step's set-up or the checks did (a warning for the checks' second tap on a screen that is
    /// already presenting is the check's, not the learner's). Each such warning is in the trace,
    /// with the text it wrote; it is shown there, under its own heading.
    package var learnerErrorOutput: String {
        let origins = TraceOrigins(navigation)
        let warnings = { (events: [TraceEvent]) in
            events.filter { $0.event == .warning }.compactMap(\.message).filter { !$0.isEmpty }
        }
        var lines = programErrorOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The set-up ran first, so its warnings are the first lines of theirs; the checks ran
        // last, so theirs are the last.
        for warning in warnings(origins.setup) {
            if let index = lines.firstIndex(of: warning) { lines.remove(at: index) }
        }
        for warning in warnings(origins.checks).reversed() {
            if let index = lines.lastIndex(of: warning) { lines.remove(at: index) }
        }
        return lines.joined(separator: "\n")
    }
}
