import Foundation

/// Columns side by side: `viewControllers` is primary[, supplementary], secondary. Expanded
/// (regular width, an iPad), `showDetail` replaces the secondary. On an iPhone (compact width) a
/// classic split view controller collapses when it first comes on screen: "the primary view
/// controller associated with the split view controller is displayed"
/// (UIViewController.collapseSecondaryViewController(_:for:)), a navigation controller
/// primary pushing the secondary onto its stack, and `viewControllers` then holds the primary
/// alone; `showDetail` then "calls show(_:sender:)" on the primary
/// (UIViewController.showDetailViewController(_:sender:)), so a navigation primary pushes.
@preconcurrency @MainActor
open class UISplitViewController: UIViewController {
    public enum Style: Int, Sendable { case unspecified, doubleColumn, tripleColumn }
    public enum Column: Int, Sendable { case primary, supplementary, secondary, compact }
    public enum DisplayMode: Int, Sendable {
        case automatic, secondaryOnly, oneBesideSecondary, oneOverSecondary, twoBesideSecondary,
            twoOverSecondary, twoDisplaceSecondary
    }

    public let style: Style
    open var preferredDisplayMode: DisplayMode = .automatic
    open var isCollapsed: Bool { collapsedStorage }
    open weak var delegate: UISplitViewControllerDelegate?
    private var collapsedStorage = false

    public init(style: Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .unspecified
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        style = .unspecified
        super.init(coder: coder)
    }

    open var viewControllers: [UIViewController] {
        get { children }
        set { replaceColumns(with: newValue) }
    }

    /// The controller in `column` (iOS 14 column API; `.compact` is never shown here).
    open func viewController(for column: Column) -> UIViewController? {
        let columns = children
        switch column {
        case .primary: return columns.first
        case .supplementary: return style == .tripleColumn && columns.count == 3 ? columns[1] : nil
        case .secondary: return columns.count > 1 ? columns.last : nil
        case .compact: return nil
        }
    }

    /// Puts `vc` in `column`; column-style split view controllers wrap a controller that is not
    /// a navigation controller in one, as UIKit does.
    open func setViewController(_ vc: UIViewController?, for column: Column) {
        guard column != .compact else { return }
        let wrapped = vc.map {
            style != .unspecified && !($0 is UINavigationController)
                ? UINavigationController(rootViewController: $0) : $0
        }
        var slots: [Column: UIViewController] = [:]
        for candidate in [Column.primary, .supplementary, .secondary] {
            slots[candidate] = viewController(for: candidate)
        }
        slots[column] = wrapped
        let order: [Column] = style == .tripleColumn ? [.primary, .supplementary, .secondary] : [.primary, .secondary]
        replaceColumns(with: order.compactMap { slots[$0] })
    }

    open func show(_ column: Column) {}
    open func hide(_ column: Column) {}

    open override func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        // splitViewController(_:showDetail:sender:): true when the delegate showed it itself.
        if delegate?.splitViewController(self, showDetail: vc, sender: sender) == true { return }
        if collapsedStorage {
            guard let primary = children.first else { return }
            if let navigation = primary as? UINavigationController {
                // A collapsed split pushes even a navigation controller (it nests in the primary's).
                navigation.push(vc, animated: true)
            } else {
                primary.show(vc, sender: sender)
            }
            return
        }
        var columns = children
        let previous = columns.count > 1 ? columns.removeLast() : nil
        let onScreen = isInWindowHierarchy
        replaceColumns(with: columns + [vc])
        SegueRuntime.noteActive(self)
        SegueTrace.record(
            TraceEvent(
                event: .showDetail, source: previous.map(className), destination: className(vc),
                controller: className(self), properties: PropertyCapture.properties(of: vc)))
        vc.loadViewIfNeeded()
        if onScreen {
            if let previous { Appearance.begin(previous, appearing: false, animated: true) }
            Appearance.begin(vc, appearing: true, animated: true)
            if let previous { Appearance.end(previous, appearing: false, animated: true) }
            Appearance.end(vc, appearing: true, animated: true)
        }
    }

    /// Collapses a classic split view controller on a compact-width device, once, as it comes
    /// on screen: the delegate's `splitViewController(_:collapseSecondary:onto:)` first, then,
    /// unless it answered true, the primary's `collapseSecondaryViewController(_:for:)`.
    /// Column-style split view controllers (iOS 14's `init(style:)`) stay expanded.
    func collapseIfCompact() {
        guard Device.current.isCompact, !collapsedStorage, style == .unspecified else { return }
        collapsedStorage = true
        let columns = children
        guard columns.count > 1, let primary = columns.first, let secondary = columns.last else { return }
        replaceColumns(with: [primary])
        if delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) != true {
            primary.collapseSecondaryViewController(secondary, for: self)
        }
    }

    func replaceColumns(with controllers: [UIViewController]) {
        for child in children where !controllers.contains(where: { $0 === child }) { child.removeFromParent() }
        for controller in controllers where controller.parent !== self { addChild(controller) }
        childrenStorage = controllers
        for controller in controllers { controller.didMove(toParent: self) }
    }
}

/// What a split view controller asks as it collapses or shows a detail; optional on iOS, so
/// every method has a default that lets the split view controller do it.
@preconcurrency @MainActor
public protocol UISplitViewControllerDelegate: AnyObject {
    func splitViewController(
        _ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
        onto primaryViewController: UIViewController
    ) -> Bool
    func splitViewController(
        _ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?
    ) -> Bool
}

extension UISplitViewControllerDelegate {
    public func splitViewController(
        _ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
        onto primaryViewController: UIViewController
    ) -> Bool { false }

    public func splitViewController(
        _ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?
    ) -> Bool { false }
}
