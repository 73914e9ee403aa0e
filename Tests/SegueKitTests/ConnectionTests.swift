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
        #expect(product.outlets == [OutletDefinition(property: "nameLabel", destination: "name-label")])
        #expect(product.actions == [ActionDefinition(selector: "share:", sourceObjectID: "share-button", eventType: "touchUpInside")])
    }

    @Test func registeredOutletsAreConnectedBeforeViewDidLoad() throws {
        defer { OutletRegistry.removeAll() }
        OutletRegistry.register(ProductViewController.self, "nameLabel") { controller, object in
            controller.nameLabel = object as? UILabel
        }
        let storyboard = try Fixtures.storyboard("Shop")
        let product = try #require(storyboard.instantiateViewController(withIdentifier: "Product") as? ProductViewController)
        #expect(product.nameLabel == nil)
        product.loadViewIfNeeded()
        #expect(CallLog.entries == ["product.viewDidLoad(nil)", "product.nameLabel(Name)"])
        #expect(product.nameLabel?.superview != nil)
    }

    @Test func unregisteredOutletsStayNil() throws {
        let storyboard = try Fixtures.storyboard("Shop")
        let product = try #require(storyboard.instantiateViewController(withIdentifier: "Product") as? ProductViewController)
        product.loadViewIfNeeded()
        #expect(product.nameLabel == nil)
    }

    @Test func controlActionsReachTheController() throws {
        defer { ActionRegistry.removeAll() }
        ActionRegistry.register(ProductViewController.self, "share:") { controller, sender in controller.share(sender) }
        let storyboard = try Fixtures.storyboard("Shop")
        let product = try #require(storyboard.instantiateViewController(withIdentifier: "Product") as? ProductViewController)
        let share = try #require(product.view.viewWithTag(4) as? UIButton)
        CallLog.entries.removeAll()
        share.sendActions(for: .touchUpInside)
        #expect(CallLog.entries == ["product.share(from: UIButton)"])
        share.sendActions(for: .valueChanged)
        #expect(CallLog.entries.count == 1)
    }

    @Test func unregisteredActionsAreNotedInTheTrace() throws {
        let storyboard = try Fixtures.storyboard("Shop")
        let product = try #require(storyboard.instantiateViewController(withIdentifier: "Product") as? ProductViewController)
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
