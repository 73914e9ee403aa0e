import Foundation
import Testing

@testable import SegueKit

@Suite("Containers, embeds and legacy segues", .serialized)
@MainActor
struct ContainerTests {
    @Test func splitRelationshipsFillPrimaryAndSecondary() throws {
        let storyboard = try Fixtures.storyboard("Split")
        let split = try #require(storyboard.instantiateInitialViewController() as? UISplitViewController)
        #expect(split.viewControllers.count == 2)
        let primary = try #require(split.viewControllers.first as? UINavigationController)
        #expect(primary.topViewController is NotesViewController)
        let secondary = try #require(split.viewControllers.last as? UINavigationController)
        #expect(secondary.topViewController is NoteViewController)
        // A child is wired to its own children before it is connected to its parent.
        #expect(
            SegueTrace.events(.relationship).map(\.message) == [
                "rootViewController", "masterViewController", "rootViewController", "detailViewController"
            ])
    }

    @Test func showDetailReplacesTheSecondaryColumn() throws {
        let storyboard = try Fixtures.storyboard("Split")
        let split = try #require(storyboard.instantiateInitialViewController() as? UISplitViewController)
        let notes = try #require(
            (split.viewControllers.first as? UINavigationController)?.topViewController as? NotesViewController)
        let oldSecondary = split.viewControllers.last
        notes.selectedNote = "Groceries"
        notes.performSegue(withIdentifier: "showNote", sender: nil)
        #expect(split.viewControllers.count == 2)
        let secondary = try #require(split.viewControllers.last as? UINavigationController)
        #expect(secondary !== oldSecondary)
        #expect((secondary.topViewController as? NoteViewController)?.note == "Groceries")
        #expect(notes.presentedViewController == nil)
        let event = try #require(SegueTrace.events(.showDetail).first)
        #expect(event.properties?["NoteViewController.note"] == "Groceries")
        #expect(notes.splitViewController === split)
    }

    @Test func showInsideThePrimaryNavigationPushesThere() throws {
        let storyboard = try Fixtures.storyboard("Split")
        let split = try #require(storyboard.instantiateInitialViewController() as? UISplitViewController)
        let primary = try #require(split.viewControllers.first as? UINavigationController)
        primary.topViewController?.performSegue(withIdentifier: "pushNote", sender: nil)
        #expect(primary.viewControllers.count == 2)
        #expect(primary.topViewController is NoteViewController)
    }

    @Test func showDetailWithoutASplitPresents() throws {
        let storyboard = try Fixtures.storyboard("Split")
        let notes = try #require(storyboard.instantiateController(objectID: "master") as? NotesViewController)
        Fixtures.show(notes)
        notes.performSegue(withIdentifier: "showNote", sender: nil)
        #expect(notes.presentedViewController is UINavigationController)
    }

    @Test func tabBarRelationshipsKeepStoryboardOrder() throws {
        let storyboard = try Fixtures.storyboard("Tabs")
        let tabs = try #require(storyboard.instantiateInitialViewController() as? UITabBarController)
        #expect(tabs.viewControllers?.count == 2)
        #expect(tabs.selectedIndex == 0)
        #expect(tabs.selectedViewController is UINavigationController)
        #expect((tabs.selectedViewController as? UINavigationController)?.topViewController?.title == "Feed")
        tabs.selectedIndex = 1
        #expect(tabs.selectedViewController?.title == "Profile")
        #expect(tabs.viewControllers?[1].tabBarController === tabs)
        #expect(SegueTrace.events(.selectTab).map(\.destination) == ["UIViewController"])
    }

    @Test func embedSegueFiresWhileTheContainerViewLoads() throws {
        let storyboard = try Fixtures.storyboard("Embed")
        let dashboard = try #require(storyboard.instantiateInitialViewController() as? DashboardViewController)
        #expect(dashboard.children.isEmpty)
        #expect(CallLog.entries.isEmpty)
        dashboard.loadViewIfNeeded()
        #expect(
            CallLog.entries == [
                "dashboard.prepare(embedChart, ChartViewController)",
                "chart.viewDidLoad",
                "dashboard.viewDidLoad(children: 1)"
            ])
        let chart = try #require(dashboard.children.first as? ChartViewController)
        #expect(chart.parent === dashboard)
        #expect(chart.view.superview === dashboard.sceneViews["chart-container"])
        #expect(SegueTrace.events(.embed).map(\.destination) == ["ChartViewController"])
    }

    @Test func legacyPushAndModalSegues() throws {
        let storyboard = try Fixtures.storyboard("Legacy")
        let navigation = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        let inbox = try #require(navigation.topViewController)
        #expect(inbox is InboxViewController)
        Fixtures.show(navigation)
        inbox.performSegue(withIdentifier: "openMessage", sender: nil)
        #expect(navigation.topViewController?.title == "Message")
        navigation.topViewController?.navigationController?.popViewController(animated: false)
        inbox.performSegue(withIdentifier: "compose", sender: nil)
        #expect(navigation.presentedViewController?.title == "Compose")
    }

    @Test func unknownClassLogsAndFallsBackToThePlainController() throws {
        let storyboard = try Fixtures.storyboard("Custom")
        let ghost = storyboard.instantiateViewController(withIdentifier: "Ghost")
        #expect(type(of: ghost) == UIViewController.self)
        #expect(
            SegueTrace.events(.warning).map(\.message) == [
                "Unknown class _TtC12NoSuchModule19GhostViewController in Interface Builder file."
            ])
    }

    @Test func customSegueClassRunsItsOwnPerform() throws {
        let storyboard = try Fixtures.storyboard("Custom")
        let start = try #require(storyboard.instantiateInitialViewController() as? StartViewController)
        Fixtures.show(start)
        start.performSegue(withIdentifier: "fade", sender: nil)
        #expect(CallLog.entries == ["fade.perform"])
        #expect(start.presentedViewController != nil)
        #expect(SegueTrace.events(.perform).first?.segueClass == "FadeSegue")
    }

    @Test func visibleViewControllerIncludesPresented() async throws {
        let root = UIViewController()
        let navigation = UINavigationController(rootViewController: root)
        Fixtures.show(navigation)
        #expect(navigation.visibleViewController === root)
        let modal = UIViewController()
        root.present(modal, animated: false)
        #expect(navigation.topViewController === root)
        #expect(navigation.visibleViewController === modal)
        var completed = false
        modal.dismiss(animated: false) { completed = true }
        #expect(!completed, "the completion handler runs when the transition ends, after the call")
        await Task.yield()
        #expect(completed)
        #expect(navigation.visibleViewController === root)
        #expect(root.presentedViewController == nil)
    }

    @Test func presentingTwiceWarnsAndKeepsTheFirst() throws {
        let root = UIViewController()
        let first = UIViewController()
        let second = UIViewController()
        Fixtures.show(root)
        SegueTrace.reset()
        root.present(first, animated: false)
        var completed = false
        root.present(second, animated: false) { completed = true }
        #expect(root.presentedViewController === first)
        #expect(!completed)
        let warning = try #require(SegueTrace.events(.warning).first?.message)
        #expect(warning.hasPrefix("Attempt to present <UIViewController: 0x"))
        #expect(warning.hasSuffix(">."))
        #expect(warning.contains("which is already presenting"))
    }

    @Test func windowShowsItsRootWithAppearanceCallbacks() throws {
        let storyboard = try Fixtures.storyboard("Shop")
        let product = try #require(
            storyboard.instantiateViewController(withIdentifier: "Product") as? ProductViewController)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = product
        #expect(!product.isViewLoaded)
        window.makeKeyAndVisible()
        #expect(window.isKeyWindow)
        #expect(CallLog.entries == ["product.viewDidLoad(nil)", "product.viewWillAppear", "product.viewDidAppear"])
        let fullScreen = UIViewController()
        fullScreen.modalPresentationStyle = .fullScreen
        product.present(fullScreen, animated: true)
        #expect(CallLog.entries.last == "product.viewWillDisappear")
        let sheet = UIViewController()
        CallLog.entries.removeAll()
        fullScreen.present(sheet, animated: true)
        #expect(CallLog.entries.isEmpty)
    }
}

@Suite("Storyboard references and lookup", .serialized)
@MainActor
struct StoryboardReferenceTests {
    @Test func referencesInstantiateFromTheOtherStoryboard() throws {
        setenv("SEGUEKIT_STORYBOARD_PATH", Fixtures.directory.path, 1)
        SegueRuntime.noteModule(named: "SegueKitTests")
        let home = try #require(UIStoryboard(name: "Reference", bundle: nil).instantiateInitialViewController())
        Fixtures.show(home)
        home.performSegue(withIdentifier: "checkout", sender: nil)
        #expect(home.presentedViewController is CheckoutViewController)
        #expect(home.presentedViewController?.storyboard?.document.name == "Shop")
        home.dismiss(animated: false)
        home.performSegue(withIdentifier: "shop", sender: nil)
        #expect(
            (home.presentedViewController as? UINavigationController)?.topViewController is ProductListViewController)
    }

    @Test func searchPathComesBeforeExecutableAndWorkingDirectory() {
        setenv("SEGUEKIT_STORYBOARD_PATH", "/nonexistent/one:\(Fixtures.directory.path)", 1)
        let directories = UIStoryboard.searchDirectories(bundle: nil).map(\.path)
        #expect(directories.prefix(2) == ["/nonexistent/one", Fixtures.directory.path])
        #expect(directories.last == FileManager.default.currentDirectoryPath)
        #expect(UIStoryboard.locate(name: "Tabs", bundle: nil)?.path == Fixtures.url("Tabs").path)
        #expect(UIStoryboard.locate(name: "NoSuchStoryboard", bundle: nil) == nil)
    }

    @Test func storyboardWithoutInitialControllerReturnsNil() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes>
                    <scene sceneID="s"><objects><viewController id="v" sceneMemberID="viewController"/></objects></scene>
                </scenes>
            </document>
            """
        let storyboard = UIStoryboard(
            document: try StoryboardDocument.parse(Data(xml.utf8), path: "NoInitial.storyboard"))
        #expect(storyboard.instantiateInitialViewController() == nil)
    }
}

@Suite("Static table cells and presentation styles", .serialized)
@MainActor
struct StaticTableTests {
    @Test func staticCellsServeTheTableAndFireTheirSegues() throws {
        let storyboard = try Fixtures.storyboard("Static")
        let navigation = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        let settings = try #require(navigation.topViewController as? UITableViewController)
        let table = try #require(settings.tableView)
        #expect(table.numberOfSections == 2)
        #expect(table.numberOfRows(inSection: 0) == 1)
        #expect(table.numberOfRows(inSection: 1) == 2)
        #expect(
            (table.cellForRow(at: IndexPath(row: 0, section: 1))?.contentView.subviews.first as? UILabel)?.text
                == "Version 1.0")
        table.simulateTapOnRow(at: IndexPath(row: 0, section: 1))
        #expect(navigation.viewControllers.count == 1)
        table.simulateTapOnRow(at: IndexPath(row: 1, section: 1))
        #expect(navigation.topViewController?.title == "About")
        #expect(settings.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 1))
    }

    @Test func presentationStylesFromTheStoryboard() throws {
        let document = try Fixtures.document("Static")
        #expect(document.scene(forControllerID: "about")?.controller.modalPresentationStyle == "fullScreen")
        let storyboard = try Fixtures.storyboard("Static")
        let about = storyboard.instantiateController(objectID: "about")
        #expect(about.modalPresentationStyle == .fullScreen)
        let shop = try Fixtures.document("Shop")
        let buy = shop.scene(forControllerID: "product-vc")?.controller.segues.first { $0.identifier == "buy" }
        #expect(buy?.modalPresentationStyle == "fullScreen")
        let product = try Fixtures.storyboard("Shop").instantiateViewController(withIdentifier: "Product")
        Fixtures.show(product)
        (product.view.viewWithTag(1) as? UIButton)?.sendActions(for: .touchUpInside)
        #expect(product.presentedViewController?.modalPresentationStyle == .fullScreen)
    }
}
