import Foundation
import Testing

@testable import SegueKit

/// The DESIGN rules for performing storyboard segues, in one process.
@Suite("Segue behaviour", .serialized)
@MainActor
struct SegueBehaviourTests {
    /// A Shop storyboard on screen: navigation controller with the product list on top.
    func shopOnScreen() throws -> (UIWindow, UINavigationController, ProductListViewController) {
        let storyboard = try Fixtures.storyboard("Shop")
        let window = UIWindow(frame: UIScreen.main.bounds)
        let navigation = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let list = try #require(navigation.topViewController as? ProductListViewController)
        CallLog.entries.removeAll()
        SegueTrace.reset()
        return (window, navigation, list)
    }

    @Test func programmaticPerformSegueDoesNotAskShouldPerform() throws {
        let (_, navigation, list) = try shopOnScreen()
        list.allowSegues = false
        list.performSegue(withIdentifier: "showSettings", sender: nil)
        #expect(!CallLog.entries.contains { $0.hasPrefix("list.shouldPerformSegue") })
        #expect(navigation.topViewController is SettingsViewController)
        #expect(SegueTrace.events(.shouldPerform).isEmpty)
    }

    @Test func tappedCellAsksShouldPerformAndFalseCancelsSilently() throws {
        let (_, navigation, list) = try shopOnScreen()
        list.allowSegues = false
        list.tableView.simulateTapOnRow(at: IndexPath(row: 0, section: 0))
        #expect(CallLog.entries == ["list.shouldPerformSegue(showProduct)", "list.didSelectRowAt(0)"])
        #expect(navigation.viewControllers.count == 1)
        #expect(SegueTrace.events(.shouldPerform).map(\.answer) == [false])
        #expect(SegueTrace.events(.instantiate).isEmpty)
        #expect(SegueTrace.events(.prepare).isEmpty)
    }

    @Test func tappedCellPreparesBeforeDidSelectAndBeforeTheDestinationLoads() throws {
        let (_, navigation, list) = try shopOnScreen()
        list.tableView.simulateTapOnRow(at: IndexPath(row: 1, section: 0))
        #expect(
            CallLog.entries == [
                "list.shouldPerformSegue(showProduct)",
                "list.prepare(showProduct, destinationViewLoaded: false)",
                "product.viewDidLoad(Lamp)",
                "product.viewWillAppear",
                "product.viewDidAppear",
                "list.didSelectRowAt(1)"
            ])
        let product = try #require(navigation.topViewController as? ProductViewController)
        #expect(product.product == Product(name: "Lamp"))
        let kinds = SegueTrace.events.map(\.event)
        #expect(kinds == [.shouldPerform, .instantiate, .prepare, .perform, .push, .viewDidLoad])
        let push = try #require(SegueTrace.events(.push).first)
        #expect(push.properties?["product"] == "Product(name: \"Lamp\")")
        #expect(push.destination == "ProductViewController")
        #expect(push.source == "ProductListViewController")
    }

    @Test func theTappedCellIsTheSenderAndKnowsItsRow() throws {
        let (_, _, list) = try shopOnScreen()
        var senderRow: Int?
        SegueTrace.addObserver { event in
            if event.event == .prepare, senderRow == nil {
                senderRow = list.tableView.visibleCells.compactMap { list.tableView.indexPath(for: $0)?.row }.max()
            }
        }
        list.tableView.simulateTapOnRow(at: IndexPath(row: 1, section: 0))
        #expect(senderRow == 1)
        let cell = try #require(list.tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(cell.superview === list.tableView)
        #expect(list.tableView.indexPath(for: cell) == IndexPath(row: 1, section: 0))
        #expect(cell.textLabel?.text == "Lamp")
        #expect(cell.isSelected)
        list.tableView.reloadData()
        #expect(list.tableView.indexPath(for: cell) == nil)
    }

    @Test func eachPerformanceInstantiatesAFreshDestination() throws {
        let (_, navigation, list) = try shopOnScreen()
        list.performSegue(withIdentifier: "showFeatured", sender: nil)
        let first = navigation.topViewController
        navigation.popViewController(animated: false)
        list.performSegue(withIdentifier: "showFeatured", sender: nil)
        let second = navigation.topViewController
        #expect(first is ProductViewController)
        #expect(second is ProductViewController)
        #expect(first !== second)
        #expect(SegueTrace.events(.instantiate).count == 2)
    }

    @Test func touchingTheViewInPrepareLoadsItEarly() throws {
        let (_, navigation, list) = try shopOnScreen()
        list.performSegue(withIdentifier: "showFeatured", sender: nil)
        // Without touching `.view`, the view loads at push time.
        #expect(SegueTrace.events.map(\.event) == [.instantiate, .prepare, .perform, .push, .viewDidLoad])
        navigation.popViewController(animated: false)
        SegueTrace.reset()
        list.touchDestinationViewInPrepare = true
        list.performSegue(withIdentifier: "showFeatured", sender: nil)
        #expect(SegueTrace.events.map(\.event) == [.instantiate, .prepare, .viewDidLoad, .perform, .push])
        #expect(navigation.topViewController?.isViewLoaded == true)
    }

    @Test func tappingAButtonFiresItsSegueAfterAsking() throws {
        let (_, navigation, list) = try shopOnScreen()
        list.performSegue(withIdentifier: "showFeatured", sender: nil)
        let product = try #require(navigation.topViewController as? ProductViewController)
        CallLog.entries.removeAll()
        let buy = try #require(product.view.viewWithTag(1) as? UIButton)
        #expect(buy.title(for: .normal) == "Buy")
        #expect(buy.accessibilityIdentifier == "buyButton")
        buy.sendActions(for: .touchUpInside)
        #expect(CallLog.entries.prefix(2) == ["product.shouldPerformSegue(buy)", "product.prepare(buy)"])
        #expect(navigation.presentedViewController is CheckoutViewController)
        #expect(navigation.visibleViewController is CheckoutViewController)
        #expect(navigation.topViewController === product)
        #expect(product.presentedViewController is CheckoutViewController)
        #expect(navigation.presentedViewController?.presentingViewController === navigation)
    }

    @Test func segueWithoutIdentifierReachesPrepareWithNil() throws {
        let (_, navigation, list) = try shopOnScreen()
        list.performSegue(withIdentifier: "showFeatured", sender: nil)
        let product = try #require(navigation.topViewController as? ProductViewController)
        CallLog.entries.removeAll()
        (product.view.viewWithTag(2) as? UIButton)?.sendActions(for: .touchUpInside)
        #expect(CallLog.entries.prefix(2) == ["product.shouldPerformSegue()", "product.prepare(nil)"])
        #expect(navigation.viewControllers.count == 3)
    }

    @Test func barButtonItemPresentsANavigationController() throws {
        let (_, navigation, list) = try shopOnScreen()
        let add = try #require(list.navigationItem.rightBarButtonItem)
        #expect(add.systemItem == .add)
        add.simulateTap()
        #expect(
            CallLog.entries.prefix(2) == [
                "list.shouldPerformSegue(addProduct)", "list.prepare(addProduct, destinationViewLoaded: false)"
            ])
        let presented = try #require(navigation.presentedViewController as? UINavigationController)
        #expect(presented.topViewController is EditorViewController)
        let present = try #require(SegueTrace.events(.present).first)
        #expect(present.destination == "UINavigationController")
        #expect(present.controller == "UINavigationController")
    }

    @Test func showPresentsWhenThereIsNoNavigationController() throws {
        let storyboard = try Fixtures.storyboard("Shop")
        let standalone = try #require(
            storyboard.instantiateController(objectID: "list-vc") as? ProductListViewController)
        Fixtures.show(standalone)
        standalone.performSegue(withIdentifier: "showSettings", sender: nil)
        #expect(standalone.presentedViewController is SettingsViewController)
        #expect(standalone.navigationController == nil)
    }

    /// From a controller whose view is not in a window, UIKit runs the segue's `prepare`, then
    /// refuses the presentation with its log line and shows nothing.
    @Test func aModalSegueFromAControllerNotInAWindowPreparesThenIsRefused() throws {
        let storyboard = try Fixtures.storyboard("Shop")
        let standalone = try #require(
            storyboard.instantiateController(objectID: "list-vc") as? ProductListViewController)
        standalone.performSegue(withIdentifier: "showSettings", sender: nil)
        #expect(CallLog.entries.contains { $0.hasPrefix("list.prepare(showSettings") })
        #expect(standalone.presentedViewController == nil)
        let warning = try #require(SegueTrace.events(.warning).last?.message)
        #expect(warning.hasPrefix("Attempt to present <SegueKitTests.SettingsViewController: 0x"))
        #expect(warning.hasSuffix(") whose view is not in the window hierarchy."))
        #expect(SegueTrace.events(.present).isEmpty)
    }

    @Test func pushingOntoANavigationControllerInCode() throws {
        let root = UIViewController()
        let navigation = UINavigationController(rootViewController: root)
        let second = UIViewController()
        navigation.pushViewController(second, animated: true)
        #expect(navigation.viewControllers == [root, second])
        #expect(navigation.topViewController === second)
        #expect(second.navigationController === navigation)
        #expect(second.parent === navigation)
        #expect(navigation.popViewController(animated: true) === second)
        #expect(navigation.popViewController(animated: true) == nil)
        navigation.setViewControllers([root, second, UIViewController()], animated: false)
        #expect(navigation.popToRootViewController(animated: false)?.count == 2)
        #expect(second.parent == nil)
    }

    @Test func storyboardPropertyAndIdentifierLookups() throws {
        let storyboard = try Fixtures.storyboard("Shop")
        let checkout = storyboard.instantiateViewController(withIdentifier: "Checkout")
        #expect(checkout is CheckoutViewController)
        #expect(checkout.storyboard === storyboard)
        #expect(UIViewController().storyboard == nil)
        let typed: ProductViewController = storyboard.instantiateViewController(identifier: "Product") { coder in
            let controller = ProductViewController(coder: coder)
            controller?.product = Product(name: "Injected")
            return controller
        }
        #expect(typed.product == Product(name: "Injected"))
        #expect(typed.storyboard === storyboard)
    }

    @Test func noSegueReasonMatchesUIKit() {
        let controller = StartViewController()
        let reason = UIViewController.noSegueReason(receiver: controller, identifier: "x")
        #expect(reason.hasPrefix("Receiver (<SegueKitTests.StartViewController: 0x"))
        #expect(reason.hasSuffix(">) has no segue with identifier 'x'"))
        #expect(UIViewController.noSegueReason(receiver: controller, identifier: nil).hasSuffix("identifier '(null)'"))
    }

    /// UIKit's classes are Objective-C classes on iOS, described without a module; an app's
    /// Swift classes keep theirs.
    @Test func descriptionLooksLikeNSObject() {
        let controller = UIViewController()
        #expect(controller.description.hasPrefix("<UIViewController: 0x"))
        #expect("\(controller)".hasSuffix(">"))
        #expect(UINavigationController().description.hasPrefix("<UINavigationController: 0x"))
        #expect(StartViewController().description.hasPrefix("<SegueKitTests.StartViewController: 0x"))
    }

    /// A show segue whose destination is a navigation controller, fired from inside a
    /// navigation stack, presents it modally: a navigation controller is never pushed.
    @Test func showOfANavigationControllerPresentsIt() throws {
        let (_, navigation, list) = try shopOnScreen()
        list.performSegue(withIdentifier: "showFeatured", sender: nil)
        let product = try #require(navigation.topViewController as? ProductViewController)
        product.performSegue(withIdentifier: "pushNavigation", sender: nil)
        #expect(navigation.viewControllers.count == 2)
        let presented = try #require(navigation.presentedViewController as? UINavigationController)
        #expect(presented.presentingViewController === navigation)
        #expect(presented.topViewController is ProductListViewController)
        let present = try #require(SegueTrace.events(.present).last)
        #expect(present.source == "ProductViewController")
        #expect(present.destination == "UINavigationController")
        // Asked directly, the navigation controller's own show(_:sender:) presents it too.
        let other = UINavigationController(rootViewController: UIViewController())
        presented.show(other, sender: nil)
        #expect(presented.presentedViewController === other)
        #expect(presented.viewControllers.count == 1)
    }
}
