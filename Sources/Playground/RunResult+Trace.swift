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
    public func decodedTrace() throws -> [TraceEvent] { try TraceDecoding.decode(traceLines) }

    /// The navigation trace as SegueKit's events; empty when the program wrote none or the trace
    /// did not come from SegueKit (see `decodedTrace()` for the reason).
    public var trace: [TraceEvent] { (try? decodedTrace()) ?? [] }
}

extension SwiftREPL.Response {
    /// The events this entry caused, as SegueKit's own events.
    public func decodedTrace() throws -> [TraceEvent] { try TraceDecoding.decode(traceLines) }
}

/// What was on screen when the program ended, from SegueKit's last hierarchy snapshot.
public struct EndState: Sendable, Hashable {
    /// Class of the top view controller of the (front-most) navigation stack.
    public var topOfStack: String?
    /// Classes of presented view controllers, outermost first.
    public var presented: [String]
    /// Class of the window's root view controller.
    public var root: String?

    public init(topOfStack: String? = nil, presented: [String] = [], root: String? = nil) {
        self.topOfStack = topOfStack
        self.presented = presented
        self.root = root
    }

    /// The class the learner sees: the last presented controller, else the stack's top, else the root.
    public var visible: String? { presented.last ?? topOfStack ?? root }

    /// What was on screen in a hierarchy snapshot: the root, the top of the front-most
    /// navigation stack, and the chain of presented controllers.
    public init(_ snapshot: HierarchySnapshot) {
        self.init(root: snapshot.root?.className)
        guard let root = snapshot.root else { return }
        walk(root)
    }

    /// Follows what is visible: a navigation stack's top, a tab bar's selected tab, a split
    /// view's last column, then anything presented over it.
    private mutating func walk(_ node: ControllerNode) {
        switch node.container {
        case .navigation?:
            if let top = node.children.last {
                topOfStack = top.className
                walk(top)
            }
        case .tabBar?:
            let index = node.selectedIndex ?? 0
            if node.children.indices.contains(index) { walk(node.children[index]) }
        case .split?:
            if let last = node.children.last { walk(last) }
        case nil:
            break
        }
        if let shown = node.presented {
            presented.append(shown.className)
            walk(shown)
        }
    }
}

extension RunResult {
    /// The navigation the program caused: its trace without the hierarchy snapshots.
    public var navigation: [TraceEvent] { trace.filter { $0.event != .snapshot } }

    /// What was on screen at the end (the last snapshot); nil when the program recorded none.
    public var endState: EndState? {
        trace.last(where: { $0.event == .snapshot })?.snapshot.map(EndState.init)
    }
}

extension TraceEvent {
    /// The controller an event starts from: a segue's source, or the one controller an event
    /// such as `viewDidLoad` or `instantiate` is about.
    public var subject: String? { source ?? controller }
}
