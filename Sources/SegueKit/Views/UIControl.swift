import Foundation

/// An action with a closure handler (UIKit's `UIAction`, iOS 14).
@preconcurrency @MainActor
open class UIAction {
    public let title: String
    let handler: @MainActor (UIAction) -> Void
    /// The control that sent the action, while its handler runs.
    public internal(set) var sender: Any?

    public init(title: String = "", handler: @escaping @MainActor (UIAction) -> Void) {
        self.title = title
        self.handler = handler
    }
}

/// A control that sends actions for events, and fires the storyboard segues connected to it.
@preconcurrency @MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingChanged = Event(rawValue: 1 << 17)
    }

    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    open var isEnabled = true
    open var isSelected = false
    private var actions: [(UIAction, Event)] = []
    /// Segues connected to this control in the storyboard (its `connections`).
    var storyboardTriggers: [StoryboardTrigger] = []
    /// Actions connected to this control in the storyboard.
    var storyboardActions: [StoryboardAction] = []

    open func addAction(_ action: UIAction, for controlEvents: Event) {
        actions.append((action, controlEvents))
    }

    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        actions.removeAll { $0.0 === action && $0.1 == controlEvents }
    }

    private var targetActions: [(target: AnyObject?, action: Selector, events: Event)] = []

    /// Target-action: `action` (an `@IBAction` or `@objc` method) is sent to `target` — or, when
    /// it is nil, up the responder chain — for `controlEvents`.
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        targetActions.append((target as AnyObject?, action, controlEvents))
    }

    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        targetActions.removeAll { entry in
            (target == nil || entry.target === target as AnyObject?) && (action == nil || entry.action == action)
                && !entry.events.isDisjoint(with: controlEvents)
        }
    }

    open var allTargets: [AnyObject] { targetActions.compactMap(\.target) }

    /// Sends the actions for `controlEvents`, as a touch would. A tap is `.touchUpInside`;
    /// storyboard segues on the control fire then (after asking `shouldPerformSegue`).
    open func sendActions(for controlEvents: Event) {
        MainRunLoop.userAction { send(controlEvents) }
    }

    private func send(_ controlEvents: Event) {
        guard isEnabled else { return }
        for (action, events) in actions where !events.isDisjoint(with: controlEvents) {
            action.sender = self
            action.handler(action)
            action.sender = nil
        }
        for entry in targetActions where !entry.events.isDisjoint(with: controlEvents) {
            if !sendAction(entry.action, to: entry.target, from: self, sender: self) {
                noteUnhandled(entry.action, target: entry.target)
            }
        }
        for action in storyboardActions where !action.events.isDisjoint(with: controlEvents) {
            action.send(from: self)
        }
        if !controlEvents.isDisjoint(with: [.touchUpInside, .primaryActionTriggered]) {
            for trigger in storyboardTriggers { trigger.fire(sender: self) }
        }
    }
}

/// A button; `sendActions(for: .touchUpInside)` taps it.
@preconcurrency @MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
    }

    public let buttonType: ButtonType
    private var titles: [UInt: String] = [:]

    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
    }

    public override init(frame: CGRect) {
        self.buttonType = .custom
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        self.buttonType = .system
        super.init(coder: coder)
    }

    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
    }

    open func title(for state: State) -> String? {
        titles[state.rawValue] ?? titles[State.normal.rawValue]
    }

    open var currentTitle: String? { title(for: isSelected ? .selected : .normal) }
}

/// A target-action whose method nobody registered (not `@IBAction` or `@objc` in code the
/// Playground compiled) is noted in the trace; on iOS it would crash with "unrecognized selector".
@MainActor
func noteUnhandled(_ action: Selector, target: AnyObject?) {
    let receiver = target.map(className) ?? "the responder chain"
    SegueTrace.record(
        TraceEvent(
            event: .warning, source: target.map(className), action: action.name,
            message: "no registered action \(action.name) on \(receiver)"))
}
