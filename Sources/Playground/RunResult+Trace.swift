import Foundation
import SegueKit

extension RunResult {
    /// The navigation trace as SegueKit's own events.
    /// Throws on a line that is not a `TraceEvent`, naming the line.
    public func decodedTrace() throws -> [TraceEvent] {
        let decoder = JSONDecoder()
        return try traceLines.enumerated().map { index, line in
            do {
                return try decoder.decode(TraceEvent.self, from: Data(line.utf8))
            } catch {
                throw ToolchainError("trace line \(index + 1) is not a SegueKit trace event: \(line)")
            }
        }
    }

    /// The navigation trace as SegueKit's events; empty when the program wrote none or the trace
    /// did not come from SegueKit (see `decodedTrace()` for the reason).
    public var trace: [TraceEvent] { (try? decodedTrace()) ?? [] }
}
