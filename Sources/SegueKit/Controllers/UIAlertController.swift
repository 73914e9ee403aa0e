import Foundation

/// An alert or action sheet, presented modally like any controller
/// (`present(_:animated:completion:)`). Its actions are tapped with `simulateTap()` (a SegueKit
/// addition): the alert is dismissed, then the action's handler runs once the dismissal has
/// ended, so the handler may present another controller.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable { case actionSheet, alert }

    open var message: String?
    public let preferredStyle: Style
    public private(set) var actions: [UIAlertAction] = []
    open var preferredAction: UIAlertAction?
    public private(set) var textFields: [UITextField]?

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.message = message
        self.preferredStyle = preferredStyle
        super.init(nibName: nil, bundle: nil)
        self.title = title
        modalPresentationStyle = preferredStyle == .alert ? .overFullScreen : .automatic
    }

    public required init?(coder: NSCoder) {
        preferredStyle = .alert
        super.init(coder: coder)
    }

    open func addAction(_ action: UIAlertAction) {
        action.alert = self
        actions.append(action)
    }

    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        let field = UITextField(frame: .zero)
        configurationHandler?(field)
        textFields = (textFields ?? []) + [field]
    }
}

/// A button of an alert.
@preconcurrency @MainActor
open class UIAlertAction {
    public enum Style: Int, Sendable { case `default`, cancel, destructive }

    public let title: String?
    public let style: Style
    open var isEnabled = true
    let handler: ((UIAlertAction) -> Void)?
    weak var alert: UIAlertController?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }

    /// Taps the action (a SegueKit addition): the alert is dismissed, then the handler runs.
    open func simulateTap() {
        MainRunLoop.userAction {
            guard isEnabled else { return }
            guard let alert, alert.presentingViewController != nil else {
                SegueTrace.record(
                    TraceEvent(
                        event: .warning,
                        message: "simulateTap() on the alert action "
                            + "'\(title ?? "")': its alert is not on screen; nothing happens"))
                return
            }
            alert.dismiss(animated: true) { self.handler?(self) }
        }
    }
}

/// What manages a presented controller's appearance; the popover kind is configured in
/// `prepare(for:sender:)` (source view, arrow directions, delegate).
@preconcurrency @MainActor
open class UIPresentationController {
    public unowned let presentedViewController: UIViewController
    public weak var presentingViewControllerStorage: UIViewController?
    open weak var delegate: UIAdaptivePresentationControllerDelegate?

    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewControllerStorage = presentingViewController
    }

    open var presentingViewController: UIViewController {
        presentedViewController.presentingViewController ?? presentingViewControllerStorage ?? presentedViewController
    }

    /// "The value provided by the presentation controller's delegate or
    /// UIModalPresentationStyle.none if a delegate was not provided"
    /// (UIPresentationController.adaptivePresentationStyle): what a presentation becomes in
    /// compact width (an iPhone); `.none` leaves UIKit's own adaptation (a popover or form sheet
    /// shows as a sheet).
    open var adaptivePresentationStyle: UIModalPresentationStyle {
        delegate?.adaptivePresentationStyle(for: self) ?? .none
    }
}

/// A popover's configuration: where it points from. Nothing is drawn.
@preconcurrency @MainActor
open class UIPopoverPresentationController: UIPresentationController {
    open var sourceView: UIView?
    open var sourceRect: CGRect = .zero
    open var barButtonItem: UIBarButtonItem?
    open var permittedArrowDirections: UIPopoverArrowDirection = .any
}

public struct UIPopoverArrowDirection: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
    public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
    public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
    public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
    public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
}

/// How a presentation adapts in compact width (an iPhone): `adaptivePresentationStyle(for:)`
/// answers `.fullScreen`, `.overFullScreen`, or `.none` for UIKit's own adaptation (a popover or
/// form sheet shows as a sheet).
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
}

extension UIAdaptivePresentationControllerDelegate {
    public func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle {
        .none
    }
}

/// A tab's item: title, tag and badge; images are not loaded.
@preconcurrency @MainActor
open class UITabBarItem {
    open var title: String?
    open var tag: Int
    open var badgeValue: String?

    public init(title: String?, image: UIImage?, tag: Int) {
        self.title = title
        self.tag = tag
    }
}

/// An image; nothing is loaded or drawn.
public struct UIImage: Sendable {
    public let name: String?
    public init?(named name: String) { self.name = name }
    public init?(systemName name: String) { self.name = name }
}
