import Foundation

/// Tabs: one child on screen at a time.
@preconcurrency @MainActor
open class UITabBarController: UIViewController {
    private var selectedStorage = 0

    open var viewControllers: [UIViewController]? {
        get { children.isEmpty ? nil : children }
        set { setViewControllers(newValue, animated: false) }
    }

    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let controllers = viewControllers ?? []
        for child in children where !controllers.contains(where: { $0 === child }) { child.removeFromParent() }
        for controller in controllers where controller.parent !== self { addChild(controller) }
        childrenStorage = controllers
        for controller in controllers { controller.didMove(toParent: self) }
        selectedStorage = controllers.isEmpty ? 0 : min(selectedStorage, controllers.count - 1)
    }

    open var selectedIndex: Int {
        get { selectedStorage }
        set {
            guard children.indices.contains(newValue), newValue != selectedStorage else { return }
            let previous = selectedViewController
            selectedStorage = newValue
            let current = children[newValue]
            SegueTrace.record(
                TraceEvent(
                    event: .selectTab, source: previous.map(className), destination: className(current),
                    controller: className(self), message: "\(newValue)"))
            if isInWindowHierarchy {
                if let previous { Appearance.begin(previous, appearing: false, animated: false) }
                Appearance.begin(current, appearing: true, animated: false)
                if let previous { Appearance.end(previous, appearing: false, animated: false) }
                Appearance.end(current, appearing: true, animated: false)
            } else if isViewLoaded {
                current.loadViewIfNeeded()
            }
        }
    }

    open var selectedViewController: UIViewController? {
        get { children.indices.contains(selectedStorage) ? children[selectedStorage] : nil }
        set {
            guard let newValue, let index = children.firstIndex(where: { $0 === newValue }) else { return }
            selectedIndex = index
        }
    }

    open override func unwind(for unwindSegue: UIStoryboardSegue, towards subsequentVC: UIViewController) {
        selectedViewController = subsequentVC
    }

    /// Told when the user selects a tab (not when `selectedIndex` is set in code).
    open weak var delegate: UITabBarControllerDelegate?

    /// Taps the tab at `index`, as a finger would (a SegueKit addition): the delegate is asked
    /// `tabBarController(_:shouldSelect:)`, then, unless it refused, the tab is selected and
    /// the delegate hears `tabBarController(_:didSelect:)` — also when the tab was already selected.
    open func simulateTapOnTab(at index: Int) {
        MainRunLoop.userAction {
            guard children.indices.contains(index) else { return }
            let controller = children[index]
            if let delegate, !delegate.tabBarController(self, shouldSelect: controller) { return }
            selectedIndex = index
            delegate?.tabBarController(self, didSelect: controller)
        }
    }

    open override func loadViewIfNeeded() {
        let wasLoaded = isViewLoaded
        super.loadViewIfNeeded()
        if !wasLoaded { selectedViewController?.loadViewIfNeeded() }
    }
}

/// What a tab bar controller tells its delegate about the user's taps. Without `@objc optional`
/// each method has a default implementation (selecting is allowed; nothing is done).
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
        -> Bool
    {
        true
    }

    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}
