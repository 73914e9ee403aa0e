import Foundation
import Testing

@testable import Playground

@Suite("#selector and @objc on Linux")
struct SelectorRewriteTests {
    @Test func selectorsBecomeCallsOfTheSameLength() {
        let source = """
            button.addTarget(self, action: #selector(buy(sender:)), for: .touchUpInside)
            let name = "#selector(notRewritten)" // #selector(inAComment)
            if action == #selector (ShelfViewController.unwindToShelf(_:)) { print(1) }
            let getter = #selector(getter: UIViewController.title)
            """
        let rewritten = SelectorRewrite.apply(to: source)
        #expect(
            rewritten == """
                button.addTarget(self, action: __sel__("buy(sender:)"), for: .touchUpInside)
                let name = "#selector(notRewritten)" // #selector(inAComment)
                if action == __sel__ ("ShelfViewController.unwindToShelf(_:)") { print(1) }
                let getter = __sel__("getter: UIViewController.title")
                """)
        #expect(rewritten.utf8.count == source.utf8.count)
    }

    @Test func objcAttributesBecomeSpaces() {
        let source = "@objc func buy(_ sender: UIButton) {}\n@objc(refreshNow) func refresh() {}\n"
        #expect(
            SelectorRewrite.apply(to: source) == "      func buy(_ sender: UIButton) {}\n"
                + String(repeating: " ", count: 18) + "func refresh() {}\n")
    }

    @Test func aSelectorSpreadOverLinesKeepsTheLineCount() {
        let source = "let s = #selector(\n    buy(sender:))\nlet after = 1\n"
        let rewritten = SelectorRewrite.apply(to: source)
        #expect(
            rewritten.split(separator: "\n", omittingEmptySubsequences: false).count
                == source.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(rewritten.hasSuffix("\nlet after = 1\n"))
        #expect(rewritten.utf8.count == source.utf8.count)
    }
}
