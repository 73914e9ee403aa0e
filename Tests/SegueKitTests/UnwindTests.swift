import Foundation
import Testing

@testable import SegueKit

@Suite("Unwind segues", .serialized)
@MainActor
struct UnwindTests {
    init() {
        UnwindActionRegistry.removeAll()
        UnwindActionRegistry.register(ProductListViewController.self, "unwindToProducts:") { list, segue in
            list.unwindToProducts(segue)
        }
    }

    /// Products > Product, with Checkout presented over the navigation controller.
    func checkoutOnScreen() throws -> (UINavigationController, ProductListViewController, CheckoutViewController) {
        let storyboard = try Fixtures.storyboard("Shop")
        let window = UIWindow(frame: UIScreen.main.bounds)
        let navigation = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let list = try #require(navigation.topViewController as? ProductListViewController)
        list.performSegue(withIdentifier: "showFeatured", sender: nil)
        (navigation.topViewController?.view.viewWithTag(1) as? UIButton)?.sendActions(for: .touchUpInside)
        let checkout = try #require(navigation.presentedViewController as? CheckoutViewController)
        CallLog.entries.removeAll()
        SegueTrace.reset()
        return (navigation, list, checkout)
    }

    @Test func unwindRunsPrepareThenActionThenTransition() throws {
        let (navigation, list, checkout) = try checkoutOnScreen()
        (checkout.view.viewWithTag(3) as? UIButton)?.sendActions(for: .touchUpInside)
        #expect(
            CallLog.entries.prefix(2) == [
                "checkout.prepare(finishCheckout -> ProductListViewController)",
                "list.unwindToProducts(from: CheckoutViewController)"
            ])
        #expect(list.unwoundFrom === checkout)
        #expect(navigation.presentedViewController == nil)
        #expect(navigation.viewControllers == [list])
        let order = SegueTrace.events.map(\.event)
        #expect(order == [.shouldPerform, .prepare, .unwindAction, .unwind, .dismiss, .pop])
        #expect(SegueTrace.events(.unwindAction).first?.action == "unwindToProducts:")
    }

    @Test func unwindWithNoHandlerFailsSilently() throws {
        let (navigation, _, checkout) = try checkoutOnScreen()
        checkout.performSegue(withIdentifier: "cancelCheckout", sender: nil)
        #expect(CallLog.entries.isEmpty)
        #expect(navigation.presentedViewController === checkout)
        #expect(navigation.viewControllers.count == 2)
        #expect(SegueTrace.events.map(\.event) == [.unwind])
        // The trace names whom the search asked, in order: the presenter's allowed children
        // (a navigation stack, top first), then the presenter itself.
        #expect(
            SegueTrace.events.first?.message == "no view controller handles unwindToNowhere: (asked, above the source "
                + "CheckoutViewController: ProductViewController, ProductListViewController, UINavigationController)")
    }

    /// An action implemented by the source itself is never found: the search starts at the
    /// source's parent or presenter, and `canPerformUnwindSegueAction(_:from:sender:)` refuses
    /// the controller the unwind comes from.
    @Test func theSourceIsNeverTheDestination() throws {
        UnwindActionRegistry.register(CheckoutViewController.self, "unwindToNowhere:") { _, _ in
            CallLog.add("checkout.unwindToNowhere")
        }
        let (navigation, _, checkout) = try checkoutOnScreen()
        checkout.performSegue(withIdentifier: "cancelCheckout", sender: nil)
        #expect(CallLog.entries.isEmpty)
        #expect(navigation.presentedViewController === checkout)
        let message = try #require(SegueTrace.events.first?.message)
        #expect(
            message.hasPrefix(
                "no view controller handles unwindToNowhere: (asked, above the source CheckoutViewController: "))
        #expect(!message.contains(": CheckoutViewController") && !message.contains(", CheckoutViewController"))
        #expect(!checkout.canPerformUnwindSegueAction("unwindToNowhere:", from: checkout, sender: nil))
    }

    @Test func containersCanHideChildrenFromTheSearch() throws {
        final class SecretiveNavigationController: UINavigationController {
            override func allowedChildrenForUnwinding(from source: UIStoryboardUnwindSegueSource) -> [UIViewController]
            { [] }
        }
        UnwindActionRegistry.register(UIViewController.self, "unwindToHere:") { _, _ in CallLog.add("root.unwindToHere")
        }
        let outer = UIViewController()
        let hidden = ProductListViewController()
        let navigation = SecretiveNavigationController(rootViewController: hidden)
        outer.addChild(navigation)
        Fixtures.show(outer)
        let source = try Fixtures.storyboard("Shop").instantiateViewController(withIdentifier: "Checkout")
        navigation.present(source, animated: false)
        let unwindSource = UIStoryboardUnwindSegueSource(source: source, unwindAction: "unwindToProducts:", sender: nil)
        #expect(Unwinder.findDestination(for: unwindSource) == nil)
        let toRoot = UIStoryboardUnwindSegueSource(source: source, unwindAction: "unwindToHere:", sender: nil)
        // The navigation controller itself answers before its parent does.
        #expect(Unwinder.findDestination(for: toRoot) === navigation)
    }

    @Test func canPerformUnwindSegueActionDecides() throws {
        final class Refusing: ProductListViewController {
            override func canPerformUnwindSegueAction(
                _ action: Selector, from fromViewController: UIViewController, sender: Any?
            ) -> Bool {
                CallLog.add("refusing.canPerform(\(action))")
                return false
            }
        }
        let refusing = Refusing()
        let accepting = ProductListViewController()
        let navigation = UINavigationController(rootViewController: accepting)
        navigation.pushViewController(refusing, animated: false)
        let source = UIViewController()
        navigation.pushViewController(source, animated: false)
        let unwindSource = UIStoryboardUnwindSegueSource(source: source, unwindAction: "unwindToProducts:", sender: nil)
        #expect(Unwinder.findDestination(for: unwindSource) === accepting)
        #expect(CallLog.entries.contains("refusing.canPerform(unwindToProducts:)"))
        #expect(accepting.canPerformUnwindSegueAction("unwindToProducts:", from: source, sender: nil))
        #expect(!accepting.canPerformUnwindSegueAction("unwindToProducts:", from: accepting, sender: nil))
        #expect(!source.canPerformUnwindSegueAction("unwindToProducts:", from: accepting, sender: nil))
    }

    @Test func unwindFromABarButtonItemOfAPresentedNavigation() throws {
        let storyboard = try Fixtures.storyboard("Shop")
        let navigation = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        let list = try #require(navigation.topViewController as? ProductListViewController)
        Fixtures.show(navigation)
        list.navigationItem.rightBarButtonItem?.simulateTap()
        let editorNavigation = try #require(navigation.presentedViewController as? UINavigationController)
        let editor = try #require(editorNavigation.topViewController as? EditorViewController)
        CallLog.entries.removeAll()
        editor.navigationItem.leftBarButtonItem?.simulateTap()
        #expect(
            CallLog.entries == ["editor.prepare(cancelEditing)", "list.unwindToProducts(from: EditorViewController)"])
        #expect(navigation.presentedViewController == nil)
    }

    /// unwind(for:towards:): UIKit calls it on each container between the source and the
    /// destination with the unwind segue being performed ("unwindSegue: The unwind segue object").
    @Test func containersReceiveTheUnwindSegueBeingPerformed() throws {
        final class RecordingNavigationController: UINavigationController {
            var received: [(identifier: String?, source: UIViewController)] = []
            override func unwind(for unwindSegue: UIStoryboardSegue, towards subsequentVC: UIViewController) {
                received.append((unwindSegue.identifier, unwindSegue.source))
                super.unwind(for: unwindSegue, towards: subsequentVC)
            }
        }
        let storyboard = try Fixtures.storyboard("Shop")
        let list = try #require(storyboard.instantiateController(objectID: "list-vc") as? ProductListViewController)
        let navigation = RecordingNavigationController(rootViewController: list)
        Fixtures.show(navigation)
        list.navigationItem.rightBarButtonItem?.simulateTap()
        let editorNavigation = try #require(navigation.presentedViewController as? UINavigationController)
        let editor = try #require(editorNavigation.topViewController as? EditorViewController)
        editor.navigationItem.leftBarButtonItem?.simulateTap()
        #expect(navigation.received.map(\.identifier) == ["cancelEditing"])
        #expect(navigation.received.first?.source === editor)
        #expect(navigation.presentedViewController == nil)
    }

    @Test func registeredActionsAreListed() {
        #expect(
            UnwindActionRegistry.registeredActions.contains("SegueKitTests.ProductListViewController.unwindToProducts:")
        )
    }
}
