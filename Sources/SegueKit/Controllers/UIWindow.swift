import Foundation

/// The window that shows a root view controller. `makeKeyAndVisible()` puts the root on
/// screen: its view loads and it receives the appearance callbacks.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// Windows on screen are kept alive, as the application keeps them on iOS.
    static var keyWindowStorage: UIWindow?
    static var visibleWindows: [UIWindow] = []
    private(set) var isVisible = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        SegueRuntime.bootstrap()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        SegueRuntime.bootstrap()
    }

    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let oldValue {
                if isVisible {
                    Appearance.begin(oldValue, appearing: false, animated: false)
                    Appearance.end(oldValue, appearing: false, animated: false)
                }
                oldValue.viewIfLoaded?.removeFromSuperview()
                oldValue.hostingWindow = nil
            }
            guard let root = rootViewController else { return }
            root.hostingWindow = self
            SegueTrace.record(TraceEvent(event: .setRoot, destination: className(root)))
            if isVisible { showRoot(root) }
        }
    }

    open var isKeyWindow: Bool { UIWindow.keyWindowStorage === self }

    open func makeKeyAndVisible() {
        UIWindow.keyWindowStorage = self
        guard !isVisible else { return }
        isVisible = true
        UIWindow.visibleWindows.append(self)
        isHidden = false
        if let root = rootViewController { showRoot(root) }
    }

    open func makeKey() {
        UIWindow.keyWindowStorage = self
    }

    private func showRoot(_ root: UIViewController) {
        root.loadViewIfNeeded()
        addSubview(root.view)
        Appearance.begin(root, appearing: true, animated: false)
        Appearance.end(root, appearing: true, animated: false)
    }
}
