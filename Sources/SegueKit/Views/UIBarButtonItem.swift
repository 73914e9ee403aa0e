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
    var systemItemStorage: SystemItem?
    public var systemItem: SystemItem? { systemItemStorage }
    var storyboardTriggers: [StoryboardTrigger] = []

    public init() {}

    public convenience init(title: String?, style: Style, target: AnyObject?, action: Selector?) {
        self.init()
        self.title = title
        self.style = style
    }

    public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Selector?) {
        self.init()
        self.systemItemStorage = systemItem
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
        for trigger in storyboardTriggers { trigger.fire(sender: self) }
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
