import Foundation

/// The running app, reduced to what segue code asks of it: the shared instance, its windows and
/// its state. Its main run loop is `MainRunLoop` (it turns between simulated user actions and
/// after the program's code has ended).
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    public enum State: Int, Sendable { case active, inactive, background }

    /// The app; made on first use (on a device, `UIApplicationMain` makes it before any code runs).
    public static let shared = UIApplication()

    override init() {
        super.init()
        SegueRuntime.bootstrap()
    }

    /// Windows made visible, in the order they were (iOS lists the app's windows).
    open var windows: [UIWindow] { UIWindow.visibleWindows }
    /// The window made key last.
    open var keyWindow: UIWindow? { UIWindow.keyWindowStorage }
    open var applicationState: State { .active }
    open var isIdleTimerDisabled = false
    open var applicationIconBadgeNumber = 0
}

/// Makes the application before the program's code runs, as `UIApplicationMain` does; the
/// Playground's generated start-up calls it (found with `dlsym`, so it is called on the main thread).
@_cdecl("seguekit_start_application")
public func seguekitStartApplication() {
    guard Thread.isMainThread else { return }
    MainActor.assumeIsolated { _ = UIApplication.shared }
}
