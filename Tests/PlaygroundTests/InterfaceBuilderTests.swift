import Foundation
import Testing

@testable import Playground

/// `@IBOutlet` and `@IBAction` code from an iOS project, compiled unchanged against the small
/// stand-in SegueKit (whose registries are filled through the same exported hook).
@Suite("Interface Builder attributes")
struct InterfaceBuilderTests {
    @Test func aDiagnosticAfterAnOutletKeepsItsColumn() async throws {
        let result = try await Fixture.run(
            """
            import UIKit
            final class Label {}
            class DetailViewController: UIViewController {
                @IBOutlet weak var titleLabel: Label!; var count: Int = "zero"
            }
            """)
        #expect(result.termination == .notRun)
        let errors = result.compile.errors
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.message.contains("cannot convert"), "\(error.message)")
        #expect(error.file == "Exercise.swift")
        #expect(error.line == 4)
        #expect(error.column == 61)
        // The learner sees their own line, attribute and all.
        #expect(error.sourceLine == "    @IBOutlet weak var titleLabel: Label!; var count: Int = \"zero\"")
    }

    @Test func outletsAndActionsAreRegisteredThroughTheExportedHook() async throws {
        let result = try await Fixture.run(
            """
            import UIKit
            final class Label { let text: String; init(_ text: String) { self.text = text } }
            final class Button {}

            class DetailViewController: UIViewController {
                @IBOutlet weak var titleLabel: Label!
                @IBOutlet private var subtitleLabel: Label?
                @IBOutlet var buttons: [Button]!
                var subtitle: String { subtitleLabel?.text ?? "none" }

                @IBAction func buy(_ sender: Button) { print("buy from", type(of: sender)) }
                @IBAction private func share(sender: Any) { print("share from", type(of: sender)) }
                @IBAction func refresh() { print("refresh") }
                @IBAction func tap(with sender: Button?) { print("tap", sender != nil) }
            }

            let detail = DetailViewController()
            let tea = Label("Tea")  // outlets are weak: the view hierarchy keeps them alive on iOS
            print(OutletRegistry.connect("titleLabel", on: detail, to: tea), detail.titleLabel.text)
            print(OutletRegistry.connect("subtitleLabel", on: detail, to: Label("Green")), detail.subtitle)
            print(OutletRegistry.connect("buttons", on: detail, to: [Button(), Label("not a button"), Button()]), detail.buttons.count)
            print(ActionRegistry.perform("buy:", on: detail, sender: Button()))
            print(ActionRegistry.perform("buy:", on: detail, sender: Label("wrong sender")))
            print(ActionRegistry.perform("shareWithSender:", on: detail, sender: 42))
            print(ActionRegistry.perform("refresh", on: detail, sender: Button()))
            print(ActionRegistry.perform("tapWith:", on: detail, sender: Button()))
            """)
        #expect(result.compile.succeeded, "\(result.fullCompilerOutput)")
        #expect(result.compile.diagnostics.isEmpty, "\(result.compile.diagnostics)")
        #expect(
            result.stdout == """
                true Tea
                true Green
                true 2
                buy from Button
                true
                true
                share from Int
                true
                refresh
                true
                tap true
                true

                """)
        #expect(result.termination == .exited(0), "\(result.stderr)")
    }

    @Test func nestedAndPrivateClassesAreRegisteredUnderTheirQualifiedNames() async throws {
        let result = try await Fixture.run(
            """
            import UIKit
            final class Label {}

            enum Shop {
                class ProductViewController: UIViewController {
                    @IBOutlet private weak var nameLabel: Label!
                    var isConnected: Bool { nameLabel != nil }
                    @IBAction func buy(_ sender: Any) { print("shop buy") }
                }
            }
            private final class CartViewController: UIViewController {
                @IBAction private func checkout(_ sender: Any) { print("checkout") }
            }
            final class Box<Item>: UIViewController {
                @IBOutlet var label: Label!
                @IBAction func open(_ sender: Any) {}
            }

            let product = Shop.ProductViewController()
            let name = Label()
            print(OutletRegistry.connect("nameLabel", on: product, to: name), product.isConnected)
            print(ActionRegistry.perform("buy:", on: product, sender: 1))
            print(ActionRegistry.perform("checkout:", on: CartViewController(), sender: 1))
            print(ActionRegistry.perform("open:", on: Box<Int>(), sender: 1))
            """)
        #expect(result.compile.succeeded, "\(result.fullCompilerOutput)")
        #expect(result.stdout == "true true\nshop buy\ntrue\ncheckout\ntrue\nfalse\n")
    }

    @Test func onlyTheAttributeIsBlankedNeverStringsOrComments() async throws {
        let result = try await Fixture.run(
            #"""
            import UIKit
            final class Label {}
            class DetailViewController: UIViewController {
                // @IBOutlet in a comment stays
                @IBOutlet weak var titleLabel: Label!; let column = #column
                let note = "@IBOutlet weak var"
                let raw = #"@IBAction "quoted""#
            }
            let detail = DetailViewController()
            print(detail.note)
            print(detail.raw)
            print("@IBOutlet", detail.column)
            """#)
        #expect(result.compile.succeeded, "\(result.fullCompilerOutput)")
        #expect(result.stdout == "@IBOutlet weak var\n@IBAction \"quoted\"\n@IBOutlet 57\n")
    }

    @Test func interfaceBuilderAttributesWhereIOSRejectsThemStayErrors() async throws {
        // On iOS these are compile errors too; blanking them would hide the mistake.
        let result = try await Fixture.run(
            """
            import UIKit
            final class Label {}
            struct Settings {
                @IBOutlet var label: Label!
            }
            class ListViewController: UIViewController {
                @IBOutlet let fixed: Label? = nil
            }
            """)
        let errors = result.compile.errors
        #expect(Set(errors.map(\.line)) == [4, 7], "\(errors)")
        #expect(
            errors.first?.message.contains("only class instance properties can be declared @IBOutlet") == true,
            "\(errors)")
    }

    @Test func otherInterfaceBuilderAttributesCompile() async throws {
        let result = try await Fixture.run(
            """
            import UIKit
            @IBDesignable
            class BadgeViewController: UIViewController {
                @IBInspectable var cornerRadius: Double = 4
                @IBAction func refresh(_ sender: Any, forEvent event: Int) { print("refresh") }
            }
            print(BadgeViewController().cornerRadius)
            """)
        #expect(result.compile.succeeded, "\(result.fullCompilerOutput)")
        #expect(result.stdout == "4.0\n")
    }
}
