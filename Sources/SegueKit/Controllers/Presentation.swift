import Foundation

/// `show`, `showDetailViewController`, `present` and `dismiss`. A presentation or dismissal
/// changes the hierarchy and sends the `viewWill…` callbacks at once; the `viewDid…` callbacks
/// and the completion handler follow on the next turn of the main run loop, as when UIKit's
/// transition ends.
@MainActor
enum Presentation {
    /// A navigation controller is never pushed onto another: UIKit presents it modally even
    /// from inside a navigation stack (only an explicit `pushViewController` raises).
    static func show(_ controller: UIViewController, from source: UIViewController, sender: Any?) {
        if !(controller is UINavigationController),
            let navigation = source as? UINavigationController ?? source.navigationController
        {
            navigation.pushViewController(controller, animated: true)
        } else {
            source.present(controller, animated: true, completion: nil)
        }
    }

    static func showDetail(_ controller: UIViewController, from source: UIViewController, sender: Any?) {
        if let split = source.splitViewController {
            split.showDetailViewController(controller, sender: sender)
        } else {
            source.present(controller, animated: true, completion: nil)
        }
    }

    static func present(
        _ controller: UIViewController, from source: UIViewController, animated: Bool,
        completion: (() -> Void)?
    ) {
        let presenter = source.containmentRoot
        if controller === presenter || controller.subtreeContains(source) {
            raiseException(
                .invalidArgument,
                "Application tried to present modally an active controller \(objectDescription(controller)).")
        }
        if let presenting = controller.presentingStorage {
            raiseException(
                .invalidArgument,
                "Application tried to present modally a view controller \(objectDescription(controller)) that is already being presented by \(objectDescription(presenting))."
            )
        }
        if let parent = controller.parentStorage {
            raiseException(
                .invalidArgument,
                "Application tried to present modally a view controller \(objectDescription(controller)) that has a parent view controller \(objectDescription(parent))."
            )
        }
        if presenter.viewIfLoaded?.window == nil {
            // UIKit's log line (UIViewController.present: the presenting controller's view must
            // be in a window, so not from `viewDidLoad`); nothing is shown and the completion
            // handler is not called.
            let warning =
                "Attempt to present \(objectDescription(controller)) on \(objectDescription(presenter)) "
                + "(from \(objectDescription(source))) whose view is not in the window hierarchy."
            writeToStandardError(warning + "\n")
            SegueTrace.record(
                TraceEvent(
                    event: .warning, source: className(source), destination: className(controller), message: warning))
            return
        }
        if let current = presenter.presentedStorage {
            let warning =
                "Attempt to present \(objectDescription(controller)) on \(objectDescription(presenter)) "
                + "(from \(objectDescription(source))) which is already presenting \(objectDescription(current))."
            writeToStandardError(warning + "\n")
            SegueTrace.record(
                TraceEvent(
                    event: .warning, source: className(source), destination: className(controller), message: warning))
            return
        }
        let onScreen = presenter.isInWindowHierarchy
        let shownStyle = adaptedStyle(of: controller)
        controller.shownPresentationStyle = shownStyle
        let coversPresenter = shownStyle == .fullScreen
        presenter.presentedStorage = controller
        controller.presentingStorage = presenter
        SegueRuntime.noteActive(presenter)
        SegueTrace.record(
            TraceEvent(
                event: .present, source: className(source), destination: className(controller),
                controller: className(presenter), properties: PropertyCapture.properties(of: controller)))
        controller.loadViewIfNeeded()
        controller.during(.beingPresented) {
            if onScreen {
                if coversPresenter { Appearance.begin(presenter, appearing: false, animated: animated) }
                Appearance.begin(controller, appearing: true, animated: animated)
            }
        }
        // The transition completes on the next turn of the main run loop: `viewDidAppear`,
        // then the completion handler ("called after the viewDidAppear(_:) method is called on
        // the presented view controller", UIViewController.present(_:animated:completion:)).
        MainRunLoop.later {
            controller.during(.beingPresented) {
                if onScreen {
                    Appearance.end(controller, appearing: true, animated: animated)
                    if coversPresenter { Appearance.end(presenter, appearing: false, animated: animated) }
                }
            }
            completion?()
        }
    }

    /// The style a presentation shows in on this device. In compact width (an iPhone) a popover
    /// "behaves the same as UIModalPresentationStyle.formSheet", shown "as a sheet"
    /// (UIModalPresentationStyle.popover, .formSheet), which leaves the presenter in place;
    /// the presentation controller's delegate is asked first (adaptivePresentationStyle(for:))
    /// and may answer `.fullScreen` or `.overFullScreen` instead (`.none` keeps the style). In
    /// regular width (an iPad) nothing adapts and the delegate is not asked.
    static func adaptedStyle(of controller: UIViewController) -> UIModalPresentationStyle {
        let style = controller.modalPresentationStyle
        guard Device.current.isCompact, [.popover, .formSheet, .pageSheet].contains(style),
            let presentation = controller.presentationController
        else { return style }
        let answer = presentation.adaptivePresentationStyle
        return answer == .fullScreen || answer == .overFullScreen ? answer : style
    }

    /// Dismisses what the receiver presented, or — when it presents nothing — the receiver
    /// itself, by asking its presenter.
    static func dismiss(from controller: UIViewController, animated: Bool, completion: (() -> Void)?) {
        let root = controller.containmentRoot
        let presenter: UIViewController
        if root.presentedStorage != nil {
            presenter = root
        } else if let presenting = root.presentingStorage {
            presenter = presenting
        } else {
            completion?()
            return
        }
        guard let dismissed = presenter.presentedStorage else { return }
        let onScreen = presenter.isInWindowHierarchy
        var chain = [dismissed]
        while let next = chain.last?.presentedStorage { chain.append(next) }
        let top = chain.last!
        SegueTrace.record(
            TraceEvent(
                event: .dismiss, source: className(top), destination: className(presenter),
                controller: className(dismissed)))
        let coveredPresenter = (dismissed.shownPresentationStyle ?? dismissed.modalPresentationStyle) == .fullScreen
        top.during(.beingDismissed) {
            if onScreen {
                Appearance.begin(top, appearing: false, animated: animated)
                if coveredPresenter { Appearance.begin(presenter, appearing: true, animated: animated) }
            }
            for link in chain {
                link.presentingStorage?.presentedStorage = nil
                link.presentingStorage = nil
            }
        }
        // "The completion handler is called after the viewDidDisappear(_:) method is called on
        // the presented view controller" (UIViewController.dismiss(animated:completion:)): on the
        // next turn of the main run loop, so code after `dismiss` runs first.
        MainRunLoop.later {
            top.during(.beingDismissed) {
                if onScreen {
                    Appearance.end(top, appearing: false, animated: animated)
                    if coveredPresenter { Appearance.end(presenter, appearing: true, animated: animated) }
                }
            }
            completion?()
        }
    }
}

/// Appearance callbacks, forwarded to the children that are on screen.
@MainActor
enum Appearance {
    static func begin(_ controller: UIViewController, appearing: Bool, animated: Bool) {
        controller.loadViewIfNeeded()
        if appearing, let split = controller as? UISplitViewController { split.collapseIfCompact() }
        if appearing { controller.viewWillAppear(animated) } else { controller.viewWillDisappear(animated) }
        // The view joins the window once `viewWillAppear` has returned (so presenting from it, as
        // from `viewDidLoad`, is refused) and leaves it before `viewDidDisappear`.
        if appearing { controller.isViewInWindow = true }
        for child in visibleChildren(of: controller) { begin(child, appearing: appearing, animated: animated) }
    }

    static func end(_ controller: UIViewController, appearing: Bool, animated: Bool) {
        if !appearing { controller.isViewInWindow = false }
        if appearing { controller.viewDidAppear(animated) } else { controller.viewDidDisappear(animated) }
        for child in visibleChildren(of: controller) { end(child, appearing: appearing, animated: animated) }
    }

    static func visibleChildren(of controller: UIViewController) -> [UIViewController] {
        switch controller {
        case let navigation as UINavigationController:
            return navigation.topViewController.map { [$0] } ?? []
        case let tabs as UITabBarController:
            return tabs.selectedViewController.map { [$0] } ?? []
        default:
            return controller.children
        }
    }
}
