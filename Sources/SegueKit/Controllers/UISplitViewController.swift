import Foundation

/// Columns side by side: `viewControllers` is primary[, supplementary], secondary. The
/// controller is always expanded (regular width), so `showDetail` replaces the secondary.
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
    open var isCollapsed: Bool { false }

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

    func replaceColumns(with controllers: [UIViewController]) {
        for child in children where !controllers.contains(where: { $0 === child }) { child.removeFromParent() }
        for controller in controllers where controller.parent !== self { addChild(controller) }
        childrenStorage = controllers
        for controller in controllers { controller.didMove(toParent: self) }
    }
}
