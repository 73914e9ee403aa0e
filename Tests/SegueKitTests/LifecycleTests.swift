import Foundation
import Testing

@testable import SegueKit

/// Records what it is told during appearance callbacks.
final class WatchingViewController: UIViewController {
    let name: String

    init(_ name: String) {
        self.name = name
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        name = "coded"
        super.init(coder: coder)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        CallLog.add("\(name).willAppear(movingTo: \(isMovingToParent), presented: \(isBeingPresented))")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        CallLog.add("\(name).willDisappear(movingFrom: \(isMovingFromParent), dismissed: \(isBeingDismissed))")
    }
}

@Suite("Appearance and columns", .serialized)
@MainActor
struct LifecycleTests {
    @Test func pushPopPresentDismissTellTheControllersWhy() {
        CallLog.entries.removeAll()
        let root = WatchingViewController("root")
        let navigation = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let pushed = WatchingViewController("pushed")
        navigation.pushViewController(pushed, animated: true)
        navigation.popViewController(animated: true)
        let modal = WatchingViewController("modal")
        root.present(modal, animated: true)
        modal.dismiss(animated: true)
        #expect(
            CallLog.entries == [
                "root.willAppear(movingTo: false, presented: false)",
                "root.willDisappear(movingFrom: false, dismissed: false)",
                "pushed.willAppear(movingTo: true, presented: false)",
                "pushed.willDisappear(movingFrom: true, dismissed: false)",
                "root.willAppear(movingTo: false, presented: false)",
                "modal.willAppear(movingTo: false, presented: true)",
                "modal.willDisappear(movingFrom: false, dismissed: true)"
            ])
        #expect(!pushed.isMovingFromParent)
    }

    @Test func columnStyleSplitWrapsControllersInNavigationControllers() {
        let split = UISplitViewController(style: .doubleColumn)
        let list = UIViewController()
        let detail = UIViewController()
        split.setViewController(list, for: .primary)
        split.setViewController(detail, for: .secondary)
        #expect(split.viewControllers.count == 2)
        #expect((split.viewController(for: .primary) as? UINavigationController)?.topViewController === list)
        #expect((split.viewController(for: .secondary) as? UINavigationController)?.topViewController === detail)
        #expect(split.viewController(for: .supplementary) == nil)
        #expect(detail.splitViewController === split)

        let classic = UISplitViewController(nibName: nil, bundle: nil)
        classic.viewControllers = [list, detail]
        #expect(classic.viewController(for: .secondary) === detail)
        let replacement = UIViewController()
        list.showDetailViewController(replacement, sender: nil)
        #expect(classic.viewControllers.last === replacement)
    }
}
