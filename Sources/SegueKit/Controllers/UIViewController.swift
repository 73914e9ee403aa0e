import Foundation

/// How a presented view controller covers the screen.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case pageSheet, formSheet, currentContext, custom, overFullScreen,
        overCurrentContext, popover
    case none = -1
    case automatic = -2

    /// The style named by a storyboard attribute (`fullScreen`, `pageSheet`, ...).
    init?(storyboardName: String) {
        let all: [String: UIModalPresentationStyle] = [
            "fullScreen": .fullScreen, "pageSheet": .pageSheet, "formSheet": .formSheet,
            "currentContext": .currentContext, "custom": .custom, "overFullScreen": .overFullScreen,
            "overCurrentContext": .overCurrentContext, "popover": .popover, "automatic": .automatic
        ]
        guard let style = all[storyboardName] else { return nil }
        self = style
    }
}

public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0
    case flipHorizontal, crossDissolve, partialCurl
}

/// UIKit's view controller: view loading, containment, presentation and storyboard segues.
///
/// Overridable methods are `open` with UIKit's signatures; their bodies hand the work to the
/// concern-specific files (Presentation.swift, SeguePerformer.swift, Unwind.swift).
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    public let nibName: String?
    public let nibBundle: Bundle?
    open var title: String? {
        didSet { if navigationItemStorage?.title == nil { navigationItemStorage?.title = title } }
    }
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    open var definesPresentationContext = false
    open var hidesBottomBarWhenPushed = false

    private var viewStorage: UIView?
    private var isLoadingView = false
    private var navigationItemStorage: UINavigationItem?
    /// The storyboard scene this controller was instantiated from.
    var sceneBinding: SceneBinding?
    /// The scene's views by Interface Builder object id (container views for embeds).
    var sceneViews: [String: UIView] = [:]
    /// The scene's other objects outlets may point at (bar button items), by object id.
    var sceneObjects: [String: AnyObject] = [:]
    weak var parentStorage: UIViewController?
    var childrenStorage: [UIViewController] = []
    /// Set on the controller that presents (the root of its containment tree).
    var presentedStorage: UIViewController?
    /// Set on the controller that was presented.
    weak var presentingStorage: UIViewController?
    /// Set on a window's root view controller.
    weak var hostingWindow: UIWindow?
    var transitionFlags: TransitionFlags = []
    /// Whether the controller's view is in its window: set by the appearance callbacks.
    var isViewInWindow = false
    var presentationControllerStorage: UIPresentationController?
    /// The style the controller was presented in after adapting to the device (an iPhone shows
    /// a popover or form sheet full screen), which its dismissal follows.
    var shownPresentationStyle: UIModalPresentationStyle?
    var tabBarItemStorage: UITabBarItem?

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
        SegueRuntime.bootstrap()
        SegueRuntime.noteModule(of: type(of: self))
    }

    /// The initializer a storyboard uses; `coder` is a `StoryboardCoder` describing the scene.
    public required init?(coder: NSCoder) {
        nibName = nil
        nibBundle = nil
        super.init()
        SegueRuntime.bootstrap()
        SegueRuntime.noteModule(of: type(of: self))
        if let binding = (coder as? StoryboardCoder)?.binding {
            sceneBinding = binding
            title = binding.scene.controller.title
            if let style = binding.scene.controller.modalPresentationStyle.flatMap(
                UIModalPresentationStyle.init(storyboardName:))
            {
                modalPresentationStyle = style
            }
        }
    }

    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    // MARK: Storyboard and containment

    open var storyboard: UIStoryboard? { sceneBinding?.storyboard }
    open var parent: UIViewController? { parentStorage }
    open var children: [UIViewController] { childrenStorage }

    open var navigationController: UINavigationController? { nearestAncestor(UINavigationController.self) }
    open var splitViewController: UISplitViewController? { nearestAncestor(UISplitViewController.self) }
    open var tabBarController: UITabBarController? { nearestAncestor(UITabBarController.self) }

    open var navigationItem: UINavigationItem {
        if let item = navigationItemStorage { return item }
        let item = UINavigationItem()
        item.title = title
        navigationItemStorage = item
        return item
    }

    open func addChild(_ childController: UIViewController) {
        if let current = childController.parent, current !== self { childController.removeFromParent() }
        guard childController.parent !== self else { return }
        childController.willMove(toParent: self)
        childrenStorage.append(childController)
        childController.parentStorage = self
    }

    open func removeFromParent() {
        guard let parent = parentStorage else { return }
        parent.childrenStorage.removeAll { $0 === self }
        parentStorage = nil
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: View loading

    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return viewStorage
        }
        set {
            viewStorage = newValue
            newValue?.owningViewController = self
        }
    }

    open var viewIfLoaded: UIView? { viewStorage }
    open var isViewLoaded: Bool { viewStorage != nil }

    /// Builds the scene's views from the storyboard, or an empty view for code-made controllers.
    open func loadView() {
        if let binding = sceneBinding {
            view = ViewBuilder(owner: self, storyboard: binding.storyboard).makeRootView(for: binding.scene)
        } else {
            view = UIView(frame: UIScreen.main.bounds)
        }
    }

    /// Loads the view once: `loadView()`, registered outlets, then the embed segues of its container views
    /// (as UIKit does while loading a storyboard scene), then `viewDidLoad()`.
    open func loadViewIfNeeded() {
        guard viewStorage == nil, !isLoadingView else { return }
        isLoadingView = true
        defer { isLoadingView = false }
        loadView()
        if viewStorage == nil { view = UIView(frame: UIScreen.main.bounds) }
        connectOutlets()
        performEmbedSegues()
        SegueTrace.record(TraceEvent(event: .viewDidLoad, controller: className(self)))
        viewDidLoad()
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}

    // MARK: Segues

    /// Performs the storyboard segue `identifier` without asking `shouldPerformSegue`.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        performStoryboardSegue(identifier: identifier, sender: sender)
    }

    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    // MARK: Showing and presenting

    /// Pushes onto the nearest navigation controller, otherwise presents modally.
    open func show(_ vc: UIViewController, sender: Any?) {
        Presentation.show(vc, from: self, sender: sender)
    }

    /// Replaces the secondary column of the nearest split view controller, otherwise presents.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        Presentation.showDetail(vc, from: self, sender: sender)
    }

    /// Called on a collapsing split view controller's primary (when the delegate did not collapse
    /// it): nothing here, so the primary alone is shown; a navigation controller pushes.
    open func collapseSecondaryViewController(
        _ secondaryViewController: UIViewController, for splitViewController: UISplitViewController
    ) {}

    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)
    {
        Presentation.present(viewControllerToPresent, from: self, animated: flag, completion: completion)
    }

    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        Presentation.dismiss(from: self, animated: flag, completion: completion)
    }

    /// "If you created the view controller but have not yet presented it, accessing this property
    /// creates a popover presentation controller when the value in the modalPresentationStyle
    /// property is UIModalPresentationStyle.popover. If the modal presentation style is a
    /// different value, this property is nil." (UIViewController.popoverPresentationController)
    open var popoverPresentationController: UIPopoverPresentationController? {
        guard modalPresentationStyle == .popover else { return nil }
        return presentationController as? UIPopoverPresentationController
    }

    /// The presentation controller managing this controller's presentation, made on first use.
    open var presentationController: UIPresentationController? {
        if let existing = presentationControllerStorage,
            (existing is UIPopoverPresentationController)
                == (modalPresentationStyle == .popover)
        {
            return existing
        }
        let made =
            modalPresentationStyle == .popover
            ? UIPopoverPresentationController(presentedViewController: self, presenting: nil)
            : UIPresentationController(presentedViewController: self, presenting: nil)
        presentationControllerStorage = made
        return made
    }

    /// The item that represents the controller in a tab bar, titled after the controller.
    open var tabBarItem: UITabBarItem! {
        get {
            if let item = tabBarItemStorage { return item }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            tabBarItemStorage = item
            return item
        }
        set { tabBarItemStorage = newValue }
    }

    open var presentedViewController: UIViewController? { containmentRoot.presentedStorage }
    open var presentingViewController: UIViewController? { containmentRoot.presentingStorage }
    /// True during the appearance callbacks of the transition that causes them.
    open var isBeingPresented: Bool { transitionFlags.contains(.beingPresented) }
    open var isBeingDismissed: Bool { transitionFlags.contains(.beingDismissed) }
    open var isMovingToParent: Bool { transitionFlags.contains(.movingToParent) }
    open var isMovingFromParent: Bool { transitionFlags.contains(.movingFromParent) }

    // MARK: Unwinding

    /// True when the receiver implements `action` (registered in `UnwindActionRegistry`)
    /// and is not the source itself.
    open func canPerformUnwindSegueAction(_ action: Selector, from fromViewController: UIViewController, sender: Any?)
        -> Bool
    {
        fromViewController !== self && UnwindActionRegistry.handler(for: action, on: self) != nil
    }

    /// The children searched for an unwind destination: all except the one holding the source.
    open func allowedChildrenForUnwinding(from source: UIStoryboardUnwindSegueSource) -> [UIViewController] {
        let excluded = childContaining(source)
        return children.filter { $0 !== excluded }
    }

    /// The child whose subtree (children and presented controllers) holds the unwind's source.
    open func childContaining(_ source: UIStoryboardUnwindSegueSource) -> UIViewController? {
        children.first { $0.subtreeContains(source.source) }
    }

    /// Called on each container between the unwind's source and destination so it can make
    /// `subsequentVC` visible (a navigation controller pops to it).
    open func unwind(for unwindSegue: UIStoryboardSegue, towards subsequentVC: UIViewController) {}
}

struct TransitionFlags: OptionSet {
    let rawValue: Int
    static let beingPresented = TransitionFlags(rawValue: 1)
    static let beingDismissed = TransitionFlags(rawValue: 2)
    static let movingToParent = TransitionFlags(rawValue: 4)
    static let movingFromParent = TransitionFlags(rawValue: 8)
}

extension UIViewController {
    /// Runs `body` with `flag` set, for the `isMovingToParent`-style questions.
    func during(_ flag: TransitionFlags, _ body: () -> Void) {
        transitionFlags.insert(flag)
        defer { transitionFlags.remove(flag) }
        body()
    }
}

/// A storyboard plus the scene a controller came from.
struct SceneBinding {
    let storyboard: UIStoryboard
    let scene: SceneDefinition
}

extension UIViewController {
    func nearestAncestor<T: UIViewController>(_ type: T.Type) -> T? {
        var node = parentStorage
        while let current = node {
            if let match = current as? T { return match }
            node = current.parentStorage
        }
        return nil
    }

    /// The top of this controller's containment tree (it has no parent).
    var containmentRoot: UIViewController {
        var node = self
        while let parent = node.parentStorage { node = parent }
        return node
    }

    /// Whether `other` is this controller, one of its descendants, or presented above them.
    func subtreeContains(_ other: UIViewController) -> Bool {
        if other === self { return true }
        if children.contains(where: { $0.subtreeContains(other) }) { return true }
        if let presented = presentedStorage, presented.subtreeContains(other) { return true }
        return false
    }

    /// Whether the controller is on screen: its tree reaches a visible window's root.
    var isInWindowHierarchy: Bool {
        screenWindow?.isVisible ?? false
    }

    /// The window at the root of the controller's containment and presentation tree.
    var screenWindow: UIWindow? {
        var node = containmentRoot
        while let presenting = node.presentingStorage { node = presenting.containmentRoot }
        return node.hostingWindow
    }
}

/// The screen; only its bounds are modelled.
@preconcurrency @MainActor
public final class UIScreen {
    public static let main = UIScreen()
    public let bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    public let scale: CGFloat = 3
}
