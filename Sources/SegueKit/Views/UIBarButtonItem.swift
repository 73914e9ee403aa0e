import Foundation

/// A bar button item. UIKit has no public way to tap one; `simulateTap()` does what a tap does:
/// runs its `primaryAction` and fires the storyboard segues connected to it.
@preconcurrency @MainActor
open class UIBarButtonItem {
    public enum Style: Int, Sendable { case plain, bordered, done }
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action,
            organize, bookmarks, search, refresh, stop, camera, trash, play, pause, rewind,
            fastForward, undo, redo, close
    }

    open var title: String?
    open var style: Style = .plain
    open var tag: Int = 0
    open var isEnabled = true
    open var primaryAction: UIAction?
    /// Target-action: `action` is sent to `target` on a tap (an `@IBAction` or `@objc` method).
    open var target: AnyObject?
    open var action: Selector?
    var systemItemStorage: SystemItem?
    public var systemItem: SystemItem? { systemItemStorage }
    var storyboardTriggers: [StoryboardTrigger] = []
    /// Actions connected to this item in the storyboard.
    var storyboardActions: [StoryboardAction] = []

    public init() {}

    public convenience init(title: String?, style: Style, target: AnyObject?, action: Selector?) {
        self.init()
        self.title = title
        self.style = style
        self.target = target
        self.action = action
    }

    public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Selector?) {
        self.init()
        self.systemItemStorage = systemItem
        self.target = target
        self.action = action
    }

    public convenience init(title: String? = nil, primaryAction: UIAction?) {
        self.init()
        self.title = title
        self.primaryAction = primaryAction
    }

    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.init()
        self.systemItemStorage = systemItem
        self.primaryAction = primaryAction
    }

    /// Taps the item (a SegueKit addition: there is no screen to tap).
    open func simulateTap() {
        MainRunLoop.userAction { tap() }
    }

    private func tap() {
        guard isEnabled else { return }
        if let action = primaryAction {
            action.sender = self
            action.handler(action)
            action.sender = nil
        }
        if let action, !sendAction(action, to: target, from: nil, sender: self) {
            noteUnhandled(action, target: target)
        }
        for storyboardAction in storyboardActions { storyboardAction.send(from: self) }
        for trigger in storyboardTriggers { trigger.fire(sender: self) }
        if primaryAction == nil, action == nil, storyboardActions.isEmpty, storyboardTriggers.isEmpty {
            SegueTrace.record(
                TraceEvent(
                    event: .warning,
                    message: "simulateTap() on the bar button item "
                        + "\(title.map { "'\($0)'" } ?? systemItem.map { ".\($0)" } ?? "without title"): it has no action, "
                        + "target-action or segue; nothing happens"))
        }
    }
}

/// The items a navigation bar shows for a view controller.
@preconcurrency @MainActor
open class UINavigationItem {
    open var title: String?
    open var prompt: String?
    open var leftBarButtonItems: [UIBarButtonItem]?
    open var rightBarButtonItems: [UIBarButtonItem]?
    open var backBarButtonItem: UIBarButtonItem?
    open var hidesBackButton = false

    public init(title: String) {
        self.title = title
    }

    init() {}

    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
}
