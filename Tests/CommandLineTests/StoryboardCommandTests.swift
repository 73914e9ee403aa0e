import Foundation
import Testing
import TestSupport

/// `seguelab storyboard FILE`, run as the built binary, and the same in the shell.
@Suite struct StoryboardCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SegueKitTests/Fixtures")
    static let shop = fixtures.appendingPathComponent("Shop.storyboard").path

    func run(_ arguments: [String], input: String = "") throws -> SeguelabBinary.Result {
        try SeguelabBinary.runPiped(input, arguments: arguments, home: try SeguelabBinary.makeHome())
    }

    @Test func drawsScenesAndSegues() throws {
        let result = try run(["storyboard", Self.shop])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Storyboard Shop — 8 scenes\n"))
        #expect(result.stdout.contains("  ──show 'showProduct'──▶ ProductViewController   (from cell ProductCell)"))
    }

    @Test func generatesIdentifierEnumsPerScene() throws {
        let result = try run(["storyboard", Self.shop, "--enums"])
        #expect(result.stdout.contains("extension ProductListViewController {\n    enum SegueIdentifier: String {\n        case showProduct\n"))
    }

    @Test func exportsMermaidAndDot() throws {
        #expect(try run(["storyboard", Self.shop, "--format", "mermaid"]).stdout.hasPrefix("flowchart LR\n"))
        #expect(try run(["storyboard", Self.shop, "--format", "dot"]).stdout.hasPrefix("digraph"))
    }

    @Test func aMalformedStoryboardIsAnErrorWithItsPosition() throws {
        let result = try run(["storyboard", Self.fixtures.appendingPathComponent("Malformed.storyboard").path])
        #expect(result.status != 0)
        #expect(result.stderr.range(of: #"Malformed\.storyboard:\d+:\d+: error: "#, options: .regularExpression) != nil)
    }

    @Test func theShellDrawsToo() throws {
        let result = try run(["--no-pack"], input: "storyboard \(Self.shop) enums\n")
        #expect(result.stdout.contains("extension ProductViewController {"))
        #expect(result.status == 0)
    }
}
