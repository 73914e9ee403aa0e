import Foundation

/// A stack of view controllers; `topViewController` is the last one pushed.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    open var isNavigationBarHidden = false
    open var isToolbarHidden = true

    public convenience init(rootViewController: UIViewController) {
        self.init(nibName: nil, bundle: nil)
        replaceStack(with: [rootViewController])
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open var viewControllers: [UIViewController] {
        get { children }
        set { setViewControllers(newValue, animated: false) }
    }

    open var topViewController: UIViewController? { children.last }

    /// A collapsing split view controller's secondary is pushed onto the primary's stack.
    open override func collapseSecondaryViewController(
        _ secondaryViewController: UIViewController, for splitViewController: UISplitViewController
    ) {
        // The split view controller is coming on screen: its appearance callbacks follow, to
        // what the stack then shows.
        push(secondaryViewController, animated: false, sendingAppearance: false)
    }

    /// The top of the stack, or a controller presented over the navigation controller.
    open var visibleViewController: UIViewController? {
        var presented = presentedViewController
        while let next = presented?.presentedViewController { presented = next }
        return presented ?? topViewController
    }

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        if viewController is UINavigationController {
            raiseException(.invalidArgument, "Pushing a navigation controller is not supported")
        }
        push(viewController, animated: animated)
    }

    /// Pushes without refusing a navigation controller, which only a collapsing split view
    /// controller nests in another.
    func push(_ viewController: UIViewController, animated: Bool, sendingAppearance: Bool = true) {
        if children.contains(where: { $0 === viewController }) {
            raiseException(
                .invalidArgument,
                "Pushing the same view controller instance more than once is not supported (\(objectDescription(viewController)))"
            )
        }
        let previous = topViewController
        let onScreen = sendingAppearance && isInWindowHierarchy
        addChild(viewController)
        SegueRuntime.noteActive(self)
        SegueTrace.record(
            TraceEvent(
                event: .push, source: previous.map(className), destination: className(viewController),
                controller: className(self), properties: PropertyCapture.properties(of: viewController)))
        viewController.loadViewIfNeeded()
        viewController.during(.movingToParent) {
            if onScreen {
                if let previous { Appearance.begin(previous, appearing: false, animated: animated) }
                Appearance.begin(viewController, appearing: true, animated: animated)
                if let previous { Appearance.end(previous, appearing: false, animated: animated) }
                Appearance.end(viewController, appearing: true, animated: animated)
            }
        }
        viewController.didMove(toParent: self)
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard children.count > 1, let top = children.last else { return nil }
        return pop(to: children[children.count - 2], animated: animated)?.first ?? top
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = children.first else { return nil }
        return pop(to: root, animated: animated)
    }

    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        pop(to: viewController, animated: animated)
    }

    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        if viewControllers.contains(where: { $0 is UINavigationController }) {
            raiseException(.invalidArgument, "Pushing a navigation controller is not supported")
        }
        let previous = topViewController
        replaceStack(with: viewControllers)
        SegueTrace.record(
            TraceEvent(
                event: .setStack, source: previous.map(className),
                destination: topViewController.map(className), controller: className(self),
                message: viewControllers.map(className).joined(separator: " > ")))
        if isViewLoaded { topViewController?.loadViewIfNeeded() }
    }

    /// Pushes `vc`, except another navigation controller, which is presented modally.
    open override func show(_ vc: UIViewController, sender: Any?) {
        Presentation.show(vc, from: self, sender: sender)
    }

    /// Children nearest the top are searched first.
    open override func allowedChildrenForUnwinding(from source: UIStoryboardUnwindSegueSource) -> [UIViewController] {
        let excluded = childContaining(source)
        return children.reversed().filter { $0 !== excluded }
    }

    open override func unwind(for unwindSegue: UIStoryboardSegue, towards subsequentVC: UIViewController) {
        if children.contains(where: { $0 === subsequentVC }) {
            popToViewController(subsequentVC, animated: true)
        }
    }

    open override func loadViewIfNeeded() {
        let wasLoaded = isViewLoaded
        super.loadViewIfNeeded()
        if !wasLoaded { topViewController?.loadViewIfNeeded() }
    }

    private func pop(to target: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = children.firstIndex(where: { $0 === target }), index < children.count - 1 else { return nil }
        let popped = Array(children[(index + 1)...])
        let onScreen = isInWindowHierarchy
        let top = popped.last!
        SegueTrace.record(
            TraceEvent(
                event: .pop, source: className(top), destination: className(target),
                controller: className(self), message: popped.map(className).joined(separator: ", ")))
        top.during(.movingFromParent) {
            if onScreen {
                Appearance.begin(top, appearing: false, animated: animated)
                Appearance.begin(target, appearing: true, animated: animated)
            }
            for controller in popped.reversed() {
                controller.willMove(toParent: nil)
                controller.removeFromParent()
            }
            if onScreen {
                Appearance.end(top, appearing: false, animated: animated)
                Appearance.end(target, appearing: true, animated: animated)
            }
        }
        return popped
    }

    /// Replaces the stack without events, as storyboard relationships do.
    func replaceStack(with controllers: [UIViewController]) {
        for child in children where !controllers.contains(where: { $0 === child }) { child.removeFromParent() }
        for controller in controllers where controller.parent !== self { addChild(controller) }
        childrenStorage = controllers
        for controller in controllers { controller.didMove(toParent: self) }
    }
}
