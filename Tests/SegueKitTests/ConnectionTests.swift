import Foundation
import Testing

@testable import SegueKit

@Suite("Outlets and control actions", .serialized)
@MainActor
struct ConnectionTests {
    init() {
        OutletRegistry.removeAll()
        ActionRegistry.removeAll()
    }

    @Test func parserReadsOutletsAndActions() throws {
        let product = try #require(try Fixtures.document("Shop").scene(forControllerID: "product-vc")).controller
        #expect(
            product.outlets == [
                OutletDefinition(property: "nameLabel", destination: "name-label"),
                OutletDefinition(property: "actionButtons", destination: "share-button", isCollection: true),
                OutletDefinition(property: "actionButtons", destination: "buy-button", isCollection: true)
            ])
        #expect(
            product.actions == [
                ActionDefinition(selector: "share:", sourceObjectID: "share-button", eventType: "touchUpInside")
            ])
    }

    @Test func registeredOutletsAreConnectedBeforeViewDidLoad() throws {
        defer { OutletRegistry.removeAll() }
        OutletRegistry.register(ProductViewController.self, "nameLabel") { controller, object in
            controller.nameLabel = object as? UILabel
        }
        let storyboard = try Fixtures.storyboard("Shop")
        let product = try #require(
            storyboard.instantiateViewController(withIdentifier: "Product") as? ProductViewController)
        #expect(product.nameLabel == nil)
        product.loadViewIfNeeded()
        #expect(CallLog.entries == ["product.viewDidLoad(nil)", "product.nameLabel(Name)"])
        #expect(product.nameLabel?.superview != nil)
    }

    /// A table view inside a plain view controller gets the dataSource and delegate the
    /// storyboard connects, without any registration (they are UIKit's own outlets), before
    /// the controller's viewDidLoad; its cells then fire their segues with the selected row.
    @Test func tableViewInAPlainControllerGetsItsDataSourceAndDelegate() throws {
        defer { OutletRegistry.removeAll() }
        OutletRegistry.register(BrowseViewController.self, "tableView") { $0.tableView = $1 as? UITableView }
        let storyboard = try Fixtures.storyboard("PlainTable")
        let window = UIWindow(frame: UIScreen.main.bounds)
        let navigation = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let browse = try #require(navigation.topViewController as? BrowseViewController)
        let table = try #require(browse.tableView)
        #expect(table.dataSource === browse)
        #expect(table.delegate === browse)
        #expect(CallLog.entries.first == "browse.viewDidLoad(dataSource connected: true)")
        #expect(table.numberOfRows(inSection: 0) == 3)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "Gamma")
        table.simulateTapOnRow(at: IndexPath(row: 1, section: 0))
        #expect(CallLog.entries.suffix(2) == ["browse.prepare(showItem, row: 1)", "browse.didSelectRowAt(1)"])
        #expect((navigation.topViewController as? NoteViewController)?.note == "Beta")
    }

    @Test func outletCollectionsReceiveTheirMembersInStoryboardOrder() throws {
        defer { OutletRegistry.removeAll() }
        OutletRegistry.registerCollection(ProductViewController.self, "actionButtons") { controller, objects in
            controller.actionButtons = objects.compactMap { $0 as? UIButton }
        }
        // A single-object registration under the collection's name is not given the collection.
        OutletRegistry.register(ProductViewController.self, "actionButtons") { _, _ in
            Issue.record("single setter used for a collection")
        }
        let storyboard = try Fixtures.storyboard("Shop")
        let product = try #require(
            storyboard.instantiateViewController(withIdentifier: "Product") as? ProductViewController)
        product.loadViewIfNeeded()
        #expect(product.actionButtons?.map(\.tag) == [4, 1])
        #expect(product.actionButtons?.allSatisfy { $0.superview != nil } == true)
    }

    @Test func anyClassCanRegisterConnections() {
        defer {
            OutletRegistry.removeAll()
            ActionRegistry.removeAll()
        }
        final class Cell: UITableViewCell { var taps = 0 }
        ActionRegistry.register(Cell.self, "tap:") { cell, _ in cell.taps += 1 }
        let cell = Cell()
        ActionRegistry.handler(for: "tap:", on: cell)?(cell)
        #expect(cell.taps == 1)
        #expect(ActionRegistry.handler(for: "tap:", on: UIViewController()) == nil)
    }

    static let cellStoryboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="list">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <tableViewController id="list" customClass="CellListViewController" customModule="SegueKitTests" sceneMemberID="viewController">
                            <tableView key="view" id="table">
                                <prototypes>
                                    <tableViewCell reuseIdentifier="ProductCell" id="cell" customClass="ProductCell" customModule="SegueKitTests">
                                        <tableViewCellContentView key="contentView" id="content">
                                            <subviews>
                                                <label text="Name" id="cell-name"/>
                                            </subviews>
                                        </tableViewCellContentView>
                                        <connections>
                                            <outlet property="nameLabel" destination="cell-name" id="o1"/>
                                        </connections>
                                    </tableViewCell>
                                </prototypes>
                            </tableView>
                            <navigationItem key="navigationItem" title="Products" id="nav-item">
                                <barButtonItem key="rightBarButtonItem" systemItem="add" id="add-item"/>
                            </navigationItem>
                            <connections>
                                <outlet property="addButton" destination="add-item" id="o2"/>
                            </connections>
                        </tableViewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func cellOutletsReachTheirOwnCellsViewsAndBarItemsAreOutletTargets() throws {
        defer { OutletRegistry.removeAll() }
        OutletRegistry.register(ProductCell.self, "nameLabel") { cell, object in cell.nameLabel = object as? UILabel }
        OutletRegistry.register(CellListViewController.self, "addButton") { list, object in
            list.addButton = object as? UIBarButtonItem
        }
        SegueRuntime.noteModule(named: "SegueKitTests")
        let document = try StoryboardDocument.parse(Data(Self.cellStoryboard.utf8), path: "Cells.storyboard")
        let list = try #require(
            UIStoryboard(document: document).instantiateInitialViewController() as? CellListViewController)
        list.loadViewIfNeeded()
        #expect(list.addButton != nil)
        #expect(list.addButton === list.navigationItem.rightBarButtonItem)
        let first = try #require(list.tableView.dequeueReusableCell(withIdentifier: "ProductCell") as? ProductCell)
        let second = try #require(list.tableView.dequeueReusableCell(withIdentifier: "ProductCell") as? ProductCell)
        let firstLabel = try #require(first.nameLabel)
        #expect(firstLabel.text == "Name")
        #expect(firstLabel.superview === first.contentView)
        #expect(second.nameLabel?.superview === second.contentView)
    }

    @Test func unregisteredOutletsStayNil() throws {
        let storyboard = try Fixtures.storyboard("Shop")
        let product = try #require(
            storyboard.instantiateViewController(withIdentifier: "Product") as? ProductViewController)
        product.loadViewIfNeeded()
        #expect(product.nameLabel == nil)
    }

    @Test func controlActionsReachTheController() throws {
        defer { ActionRegistry.removeAll() }
        ActionRegistry.register(ProductViewController.self, "share:") { controller, sender in controller.share(sender) }
        let storyboard = try Fixtures.storyboard("Shop")
        let product = try #require(
            storyboard.instantiateViewController(withIdentifier: "Product") as? ProductViewController)
        let share = try #require(product.view.viewWithTag(4) as? UIButton)
        CallLog.entries.removeAll()
        share.sendActions(for: .touchUpInside)
        #expect(CallLog.entries == ["product.share(from: UIButton)"])
        share.sendActions(for: .valueChanged)
        #expect(CallLog.entries.count == 1)
    }

    @Test func unregisteredActionsAreNotedInTheTrace() throws {
        let storyboard = try Fixtures.storyboard("Shop")
        let product = try #require(
            storyboard.instantiateViewController(withIdentifier: "Product") as? ProductViewController)
        (product.view.viewWithTag(4) as? UIButton)?.sendActions(for: .touchUpInside)
        #expect(!CallLog.entries.contains { $0.hasPrefix("product.share") })
        #expect(SegueTrace.events(.warning).last?.message == "no registered action share: on ProductViewController")
    }

    @Test func closureActionsRunToo() {
        let button = UIButton(type: .system)
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        button.isEnabled = false
        button.sendActions(for: .touchUpInside)
        #expect(taps == 1)
    }
}

final class ProductCell: UITableViewCell {
    /// An `@IBOutlet weak var nameLabel: UILabel!` on iOS.
    weak var nameLabel: UILabel?
}

final class CellListViewController: UITableViewController {
    weak var addButton: UIBarButtonItem?
}

@Suite("Selectors and target-action", .serialized)
@MainActor
struct TargetActionTests {
    /// "The Objective-C selector for a Swift method" (Swift's rule, as in Interface Builder).
    @Test func selectorNamesAreFormedAsSwiftDoes() {
        #expect(__sel__("unwindToShelf(_:)").name == "unwindToShelf:")
        #expect(__sel__("ShelfViewController.buy(sender:)").name == "buyWithSender:")
        #expect(__sel__("refresh").name == "refresh")
        #expect(__sel__("share(from:)").name == "shareFrom:")
        #expect(__sel__("tableView(_:didSelectRowAt:)").name == "tableView:didSelectRowAt:")
        #expect(__sel__(" getter: UIViewController.title ").name == "title")
        #expect(__sel__("setter: title").name == "setTitle:")
    }

    /// A tap on an item with no action, target-action or segue does nothing on a device; here the
    /// trace says so, so a missing connection is never silent.
    @Test func tappingABarButtonItemWithNoActionIsNoted() throws {
        SegueTrace.reset()
        UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil).simulateTap()
        let warning = try #require(SegueTrace.events(.warning).last?.message)
        #expect(
            warning
                == "simulateTap() on the bar button item 'Edit': it has no action, target-action or segue; nothing happens"
        )
    }

    /// addTarget(_:action:for:) with a method nobody registered is noted (iOS would crash with an
    /// unrecognized selector).
    @Test func anUnregisteredTargetActionIsNoted() throws {
        SegueTrace.reset()
        let button = UIButton(type: .system)
        let owner = UIViewController()
        button.addTarget(owner, action: Selector("nothingHere:"), for: .touchUpInside)
        #expect(button.allTargets.count == 1)
        button.sendActions(for: .touchUpInside)
        #expect(SegueTrace.events(.warning).last?.message == "no registered action nothingHere: on UIViewController")
        button.removeTarget(owner, action: nil, for: .touchUpInside)
        #expect(button.allTargets.isEmpty)
    }

    /// popoverPresentationController: "accessing this property creates a popover presentation
    /// controller when the value in the modalPresentationStyle property is
    /// UIModalPresentationStyle.popover. If the modal presentation style is a different value,
    /// this property is nil." adaptivePresentationStyle is "The value provided by the presentation
    /// controller's delegate or UIModalPresentationStyle.none if a delegate was not provided".
    @Test func popoverPresentationControllerExistsForPopoversOnly() throws {
        let controller = UIViewController()
        #expect(controller.popoverPresentationController == nil)
        #expect(controller.presentationController != nil)
        controller.modalPresentationStyle = .popover
        let popover = try #require(controller.popoverPresentationController)
        #expect(popover === controller.popoverPresentationController)
        #expect(popover.presentedViewController === controller)
        #expect(popover.adaptivePresentationStyle == UIModalPresentationStyle.none)
        final class FullScreenOnPhones: UIAdaptivePresentationControllerDelegate {
            func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle {
                .fullScreen
            }
        }
        let delegate = FullScreenOnPhones()
        popover.delegate = delegate
        #expect(popover.adaptivePresentationStyle == .fullScreen)
    }

    /// tabBarItem: "The default value is a tab bar item that displays the view controller's title."
    @Test func tabBarItemShowsTheTitle() {
        let controller = UIViewController()
        controller.title = "Books"
        #expect(controller.tabBarItem.title == "Books")
        controller.tabBarItem = UITabBarItem(title: "Shelf", image: UIImage(systemName: "books.vertical"), tag: 2)
        #expect(controller.tabBarItem.tag == 2)
    }

    /// UITabBarControllerDelegate: "the tab bar controller calls this method in response to the user
    /// tapping a tab bar item" (shouldSelect, then didSelect); "you can use this method to prevent
    /// the selection" — and setting selectedIndex in code calls neither.
    @Test func theTabDelegateHearsTapsOnly() {
        final class Watcher: UITabBarControllerDelegate {
            var heard: [String] = []
            func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
                -> Bool
            {
                heard.append("should \(viewController.title ?? "")")
                return viewController.title != "Locked"
            }
            func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
                heard.append("did \(viewController.title ?? "")")
            }
        }
        let tabs = UITabBarController()
        let titles = ["Shelf", "Basket", "Locked"]
        tabs.viewControllers = titles.map { title in
            let controller = UIViewController()
            controller.title = title
            return controller
        }
        let watcher = Watcher()
        tabs.delegate = watcher
        tabs.selectedIndex = 1
        tabs.simulateTapOnTab(at: 0)
        tabs.simulateTapOnTab(at: 2)
        #expect(watcher.heard == ["should Shelf", "did Shelf", "should Locked"])
        #expect(tabs.selectedIndex == 0)
    }
}
