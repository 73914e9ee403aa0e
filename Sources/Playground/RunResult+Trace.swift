import Foundation
import SegueKit

/// SegueKit's trace lines (`SEGUEKIT_TRACE_FILE`, one JSON object per line) as `TraceEvent`s.
package enum TraceDecoding {
    /// Throws on a line that is not a `TraceEvent`, naming the line.
    package static func decode(_ lines: [String]) throws -> [TraceEvent] {
        let decoder = JSONDecoder()
        return try lines.enumerated().map { index, line in
            do {
                return try decoder.decode(TraceEvent.self, from: Data(line.utf8))
            } catch {
                throw TraceDecodingError("trace line \(index + 1) is not a SegueKit trace event: \(line)")
            }
        }
    }
}

/// A trace line that is not one of SegueKit's events: the trace came from elsewhere.
package struct TraceDecodingError: Error, CustomStringConvertible, Equatable {
    package var description: String
    init(_ description: String) { self.description = description }
}

extension RunResult {
    /// The navigation trace as SegueKit's own events.
    package func decodedTrace() throws -> [TraceEvent] { try TraceDecoding.decode(traceLines) }

    /// The navigation trace as SegueKit's events; empty when the program wrote none or the trace
    /// did not come from SegueKit (see `decodedTrace()` for the reason).
    package var trace: [TraceEvent] { (try? decodedTrace()) ?? [] }
}

/// What was on screen when the program ended: SegueKit's answer for its last hierarchy snapshot.
package typealias EndState = HierarchySnapshot.Screen

extension EndState {
    /// What was on screen in a hierarchy snapshot.
    package init(_ snapshot: HierarchySnapshot) {
        self = snapshot.screen
    }

    /// A state written by hand (scripted runs): the visible controller is the last presented
    /// one, else the stack's top, else the root.
    package init(topOfStack: String? = nil, presented: [String] = [], root: String? = nil) {
        self.init(
            root: root, topOfStack: topOfStack, presented: presented,
            visible: presented.last ?? topOfStack ?? root, frame: nil, covered: nil)
    }
}

extension RunResult {
    /// The navigation the program caused: its trace without the hierarchy snapshots.
    package var navigation: [TraceEvent] { trace.filter { $0.event != .snapshot } }

    /// What was on screen at the end (the last snapshot); nil when the program recorded none.
    package var endState: EndState? {
        trace.last(where: { $0.event == .snapshot })?.snapshot.map(EndState.init)
    }
}

extension TraceEvent {
    /// The controller an event starts from: a segue's source, or the one controller an event
    /// such as `viewDidLoad` or `instantiate` is about.
    package var subject: String? { source ?? controller }
}
