import Foundation

/// A minimal view: enough of a hierarchy for storyboard scenes (buttons, cells, containers)
/// to be found and tapped. Nothing is drawn.
@preconcurrency @MainActor
open class UIView: UIResponder {
    open var frame: CGRect
    open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    open var tag: Int = 0
    open var isHidden = false
    open var accessibilityIdentifier: String?
    open var restorationIdentifier: String?
    open var backgroundColor: UIColor?
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?
    /// The view controller whose root view this is (UIKit keeps this privately too).
    weak var owningViewController: UIViewController?

    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    public required init?(coder: NSCoder) {
        self.frame = .zero
        super.init()
    }

    public override convenience init() {
        self.init(frame: .zero)
    }

    open override var next: UIResponder? { owningViewController ?? superview }

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Depth-first search of the receiver and its subviews, as UIKit does.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for child in subviews {
            if let found = child.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// The window the view is in, or nil: the top of its superviews when that is a window, or
    /// the window of the controller whose view tops them while that view is on screen (nil in
    /// `viewDidLoad`, before the view is added to a window).
    open var window: UIWindow? {
        var node: UIView = self
        while let parent = node.superview { node = parent }
        if let window = node as? UIWindow { return window === self ? nil : window }
        guard let controller = node.owningViewController, controller.isViewInWindow else { return nil }
        return controller.screenWindow
    }

    open func layoutIfNeeded() {}
    open func setNeedsLayout() {}
}

/// A colour value; only kept so code that sets colours compiles and runs.
public struct UIColor: Hashable, Sendable {
    public let red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    public init(white: Double, alpha: Double) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let white = UIColor(white: 1, alpha: 1)
    public static let black = UIColor(white: 0, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let systemBackground = UIColor.white
    public static let secondarySystemBackground = UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
    public static let systemGroupedBackground = UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
    public static let systemBlue = UIColor(red: 0, green: 0.48, blue: 1, alpha: 1)
    public static let systemRed = UIColor(red: 1, green: 0.23, blue: 0.19, alpha: 1)
    public static let systemGreen = UIColor(red: 0.2, green: 0.78, blue: 0.35, alpha: 1)
    public static let systemGray = UIColor(red: 0.56, green: 0.56, blue: 0.58, alpha: 1)
    public static let label = UIColor.black
    public static let secondaryLabel = UIColor(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.6)
}

/// A text label.
@preconcurrency @MainActor
open class UILabel: UIView {
    open var text: String?
}

/// An image view; images are not loaded.
@preconcurrency @MainActor
open class UIImageView: UIView {}

/// A text field holding plain text.
@preconcurrency @MainActor
open class UITextField: UIControl {
    open var text: String?
    open var placeholder: String?
}
