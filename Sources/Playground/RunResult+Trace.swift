import Foundation
import SegueKit

/// SegueKit's trace lines (`SEGUEKIT_TRACE_FILE`, one JSON object per line) as `TraceEvent`s.
public enum TraceDecoding {
    /// Throws on a line that is not a `TraceEvent`, naming the line.
    public static func decode(_ lines: [String]) throws -> [TraceEvent] {
        let decoder = JSONDecoder()
        return try lines.enumerated().map { index, line in
            do {
                return try decoder.decode(TraceEvent.self, from: Data(line.utf8))
            } catch {
                throw ToolchainError("trace line \(index + 1) is not a SegueKit trace event: \(line)")
            }
        }
    }
}

extension RunResult {
    /// The navigation trace as SegueKit's own events.
    public func decodedTrace() throws -> [TraceEvent] { try TraceDecoding.decode(traceLines) }

    /// The navigation trace as SegueKit's events; empty when the program wrote none or the trace
    /// did not come from SegueKit (see `decodedTrace()` for the reason).
    public var trace: [TraceEvent] { (try? decodedTrace()) ?? [] }
}

extension SwiftSession.Response {
    /// The events this entry caused, as SegueKit's own events.
    public func decodedTrace() throws -> [TraceEvent] { try TraceDecoding.decode(traceLines) }
}
