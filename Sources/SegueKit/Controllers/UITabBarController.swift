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
            SegueTrace.record(TraceEvent(event: .selectTab, source: previous.map(className), destination: className(current),
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

    open override func loadViewIfNeeded() {
        let wasLoaded = isViewLoaded
        super.loadViewIfNeeded()
        if !wasLoaded { selectedViewController?.loadViewIfNeeded() }
    }
}
