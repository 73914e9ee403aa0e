import Foundation
import SegueKit

/// Turns SegueKit's trace (as read from `SEGUEKIT_TRACE_FILE`) into what checks look at.
extension NavigationEvent {
    /// The event as checks see it: kind is SegueKit's event name (`push`, `present`,
    /// `showDetail`, `unwind`, …); properties are the destination's after `prepare`. Events
    /// about one controller (`viewDidLoad`, `instantiate`) name it as the source. Warnings and
    /// notes keep their text, which is all they say.
    public init(_ event: TraceEvent) {
        let message = [.warning, .note].contains(event.event) ? event.message : nil
        self.init(kind: event.event.rawValue, segueIdentifier: event.identifier, source: event.source ?? event.controller,
                  destination: event.destination, properties: event.properties ?? [:], message: message)
    }
}

extension EndState {
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

extension ProgramOutcome {
    /// Fills `trace` and `endState` from a SegueKit trace: snapshot events give the end state
    /// (the last one wins) and are left out of the event list.
    public mutating func setNavigation(from trace: [TraceEvent]) {
        self.trace = trace.filter { $0.event != .snapshot }.map(NavigationEvent.init)
        if let snapshot = trace.last(where: { $0.event == .snapshot })?.snapshot {
            endState = EndState(snapshot)
        }
    }
}
