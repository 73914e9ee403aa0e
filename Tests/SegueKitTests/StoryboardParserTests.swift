import Foundation
import Testing

@testable import SegueKit

@Suite("Storyboard parsing")
struct StoryboardParserTests {
    @Test func readsScenesInitialControllerAndClasses() throws {
        let document = try Fixtures.document("Shop")
        #expect(document.name == "Shop")
        #expect(document.scenes.count == 8)
        #expect(document.initialScene?.controller.elementName == "navigationController")
        let list = try #require(document.scene(forControllerID: "list-vc")).controller
        #expect(list.customClass == "ProductListViewController")
        #expect(list.customModule == "ShopApp")
        #expect(list.customModuleProvider == "target")
        #expect(list.title == "Products")
        #expect(document.scene(withStoryboardIdentifier: "Checkout")?.controller.objectID == "checkout-vc")
    }

    @Test func findsSeguesWithTheirTriggers() throws {
        let document = try Fixtures.document("Shop")
        let list = try #require(document.scene(forControllerID: "list-vc")).controller
        let byID = Dictionary(uniqueKeysWithValues: list.segues.map { ($0.identifier ?? $0.objectID, $0) })
        #expect(byID["showProduct"]?.trigger == .cell(objectID: "product-cell", reuseIdentifier: "ProductCell"))
        #expect(byID["addProduct"]?.trigger == .barButtonItem(objectID: "add-item"))
        #expect(byID["showSettings"]?.trigger == .controller)
        #expect(byID["showProduct"]?.kind == .show)
        #expect(byID["addProduct"]?.kind == .presentation)

        let product = try #require(document.scene(forControllerID: "product-vc")).controller
        let buy = try #require(product.segues.first { $0.identifier == "buy" })
        #expect(buy.trigger == .control(objectID: "buy-button"))
        #expect(buy.location.line > 1)
    }

    @Test func segueWithoutIdentifierAttributeHasNilIdentifier() throws {
        let document = try Fixtures.document("Shop")
        let product = try #require(document.scene(forControllerID: "product-vc")).controller
        let reviews = try #require(product.segues.first { $0.objectID == "seg-reviews" })
        #expect(reviews.identifier == nil)
    }

    @Test func readsRelationshipsUnwindsAndExits() throws {
        let document = try Fixtures.document("Shop")
        let navigation = try #require(document.scene(forControllerID: "nav-root")).controller
        #expect(navigation.segues.map(\.relationship) == ["rootViewController"])
        let checkout = try #require(document.scene(forControllerID: "checkout-vc"))
        #expect(checkout.exitIDs == ["exit-checkout"])
        let finish = try #require(checkout.controller.segues.first { $0.identifier == "finishCheckout" })
        #expect(finish.kind == .unwind)
        #expect(finish.unwindAction == "unwindToProducts:")
    }

    @Test func keepsTheViewTreeNeededForTaps() throws {
        let document = try Fixtures.document("Shop")
        let product = try #require(document.scene(forControllerID: "product-vc")).controller
        let stack = try #require(product.rootView?.subviews.first)
        #expect(stack.elementName == "stackView")
        let buy = try #require(stack.subviews.first { $0.objectID == "buy-button" })
        #expect(buy.tag == 1)
        #expect(buy.title == "Buy")
        #expect(buy.accessibilityIdentifier == "buyButton")
        let table = try #require(document.scene(forControllerID: "list-vc")?.controller.rootView)
        #expect(table.prototypes.map(\.reuseIdentifier) == ["ProductCell"])
    }

    @Test func readsNavigationItemsAndLegacyKinds() throws {
        let shop = try Fixtures.document("Shop")
        let editor = try #require(shop.scene(forControllerID: "editor-vc")?.controller.navigationItem)
        #expect(editor.title == "New Product")
        #expect(editor.leftItems.map(\.systemItem) == ["cancel"])
        #expect(editor.rightItems.map(\.systemItem) == ["save"])
        let legacy = try Fixtures.document("Legacy")
        let inbox = try #require(legacy.scene(forControllerID: "inbox")).controller
        #expect(inbox.segues.map(\.kind) == [.push, .modal])
    }

    @Test func unknownSegueKindIsReportedWithItsLocation() throws {
        let error = #expect(throws: StoryboardError.self) { try Fixtures.document("BadKind") }
        #expect(error?.location.line == 8)
        #expect(error?.location.file.hasSuffix("BadKind.storyboard") == true)
        #expect(error?.message.hasPrefix("unknown segue kind 'teleport'") == true)
        #expect(error?.location.column == 25)
        #expect(error?.description.contains("BadKind.storyboard:8:25: error: unknown segue kind") == true)
        #expect(error?.description.contains(": error: unknown segue kind") == true)
    }

    @Test func malformedXMLIsReportedWithLineAndColumn() throws {
        let error = #expect(throws: StoryboardError.self) { try Fixtures.document("Malformed") }
        // `</scenes>` on line 5 closes `<scene>`: the first error, where reading stops.
        #expect(error?.location.line == 5)
        #expect(error?.location.column == 14)
        #expect(error?.message == "malformed XML: an end tag does not match the open element <scene>")
    }

    @Test func segueToAMissingSceneIsAnError() throws {
        let error = #expect(throws: StoryboardError.self) { try Fixtures.document("DanglingSegue") }
        #expect(
            error?.message == "segue 'nowhere' leads to 'missing', which is not a view controller in this storyboard")
        #expect(error?.location.line == 8)
    }

    @Test func rootMustBeADocument() throws {
        let data = Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"/>\n".utf8)
        let error = #expect(throws: StoryboardError.self) { try StoryboardDocument.parse(data, path: "x.storyboard") }
        #expect(error?.message == "expected a <document> root element, found <plist>")
        #expect(error?.location.line == 2)
    }

    @Test func sceneWithoutControllerIsAnError() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes>
                    <scene sceneID="lonely">
                        <objects>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let error = #expect(throws: StoryboardError.self) {
            try StoryboardDocument.parse(Data(xml.utf8), path: "y.storyboard")
        }
        #expect(error?.message == "scene 'lonely' has no view controller")
        #expect(error?.location.line == 4)
    }
}
