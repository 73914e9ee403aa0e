import Foundation
import TestSupport
import Testing

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
        #expect(
            result.stdout.contains(
                "  ──show 'showProduct'──▶ ProductViewController \"Product\" #Product   (from cell ProductCell)"))
    }

    @Test func generatesIdentifierEnumsPerScene() throws {
        let result = try run(["storyboard", Self.shop, "--enums"])
        #expect(
            result.stdout.contains(
                "extension ProductListViewController {\n    enum SegueIdentifier: String {\n        case showProduct\n")
        )
    }

    @Test func exportsMermaidAndDot() throws {
        #expect(try run(["storyboard", Self.shop, "--format", "mermaid"]).stdout.hasPrefix("flowchart LR\n"))
        #expect(try run(["storyboard", Self.shop, "--format", "dot"]).stdout.hasPrefix("digraph"))
    }

    static let catalog = fixtures.appendingPathComponent("Catalog.storyboard").path

    func source(_ text: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("segues-\(UUID().uuidString).swift")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func drawsOnePartOfAStoryboard() throws {
        let result = try run(["storyboard", Self.catalog, "--from", "Book", "--depth", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                "Storyboard Catalog — 5 of 31 scenes, from BookViewController #Book within 1 segue\n"),
            "\(result.stdout)")
        #expect(!result.stdout.contains("HomeViewController"))
        let unknown = try run(["storyboard", Self.catalog, "--from", "Nowhere"])
        #expect(unknown.status != 0)
        #expect(
            unknown.stderr.contains("Catalog.storyboard: error: no scene of Catalog.storyboard is called 'Nowhere'"),
            "\(unknown.stderr)")
    }

    @Test func checkSourceSeesIdentifiersOfScenesWithoutAClass() throws {
        let enums = try run(["storyboard", Self.catalog, "--enums"])
        #expect(enums.stdout.contains("enum CatalogSegueIdentifier: String {\n    case showPrivacy\n"))
        let correct = try source(enums.stdout)
        let clean = try run(["storyboard", Self.catalog, "--check-source", correct])
        #expect(clean.status == 0, "\(clean.stdout)")
        #expect(clean.stdout == "All segue identifiers of Catalog.storyboard are known to the code.\n")

        let lacking = try source(
            enums.stdout.replacingOccurrences(of: "    case showPrivacy\n", with: "")
                + "enum Legacy: String { case showAbout, showLegal }\n")
        let findings = try run(["storyboard", Self.catalog, "--check-source", lacking])
        #expect(findings.status == 1)
        #expect(
            findings.stdout.range(
                of:
                    #"Catalog\.storyboard:\d+:\d+: warning: segue identifier 'showPrivacy' of UITableViewController "Settings" \(no custom class\) is not a case of any String enum in the code"#,
                options: .regularExpression) != nil, "\(findings.stdout)")
        #expect(
            findings.stdout.contains("warning: enum value 'showLegal' is not a segue identifier in this storyboard"))
    }

    @Test func aMalformedStoryboardIsAnErrorWithItsPosition() throws {
        let result = try run(["storyboard", Self.fixtures.appendingPathComponent("Malformed.storyboard").path])
        #expect(result.status != 0)
        #expect(result.stderr.range(of: #"Malformed\.storyboard:\d+:\d+: error: "#, options: .regularExpression) != nil)
    }

    /// The shell's `storyboard` is the command line's, options and all.
    @Test func theShellDrawsToo() throws {
        let result = try run(
            ["--no-pack"],
            input: "storyboard \(Self.shop) --enums\nstoryboard \(Self.shop) --format mermaid --depth 1\n")
        #expect(result.stdout.contains("extension ProductViewController {"))
        #expect(result.stdout.contains("flowchart"), "\(result.stdout)")
        #expect(result.status == 0)
        let wrong = try run(["--no-pack"], input: "storyboard \(Self.shop) enums\n")
        #expect(wrong.stderr.contains("storyboard: Unexpected argument 'enums'"), "\(wrong.stderr)")
        #expect(wrong.status != 0)
    }
}

/// A storyboard nested 9,000 deep ended `storyboard`, `pack check` and `pack install` with
/// SIGSEGV and no word; each now says where the file crosses the bound.
@Suite struct DeepStoryboardCommandTests {
    static func deepStoryboard(_ levels: Int = 9000) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?>"#
            + "\n<document type=\"x\" version=\"3.0\"><scenes><scene sceneID=\"s\"><objects>\n"
            + "<viewController id=\"a\" sceneMemberID=\"viewController\"><view key=\"view\" id=\"v\">"
            + (0..<levels).map { "<view id=\"n\($0)\">" }.joined() + String(repeating: "</view>", count: levels)
            + "</view></viewController></objects></scene></scenes></document>\n"
    }

    @Test func theStoryboardCommandRefusesADeepStoryboard() throws {
        let home = try SeguelabBinary.makeHome()
        let file = home.appendingPathComponent("Deep.storyboard")
        try Self.deepStoryboard().write(to: file, atomically: true, encoding: .utf8)
        let result = try SeguelabBinary.runPiped("", arguments: ["storyboard", file.path], home: home)
        #expect(result.status == 1, "\(result.stderr.suffix(300))")
        #expect(result.stderr.contains("Deep.storyboard:3:"), "\(result.stderr.suffix(300))")
        #expect(result.stderr.contains("elements nested more than 200 deep"), "\(result.stderr.suffix(300))")
    }

    @Test func packCheckAndInstallRefuseAPackWithADeepStoryboard() throws {
        let home = try SeguelabBinary.makeHome()
        var files = CommandLineTests.questionPack
        files["storyboards/Deep.storyboard"] = Self.deepStoryboard()
        files["lessons/02-b.md"] = files["lessons/02-b.md"]!.replacingOccurrences(
            of: "Enums.\n", with: "Enums.\n\n```seguelab\nstoryboard Deep\n```\n")
        let root = try CommandLineTests.makePack(files, in: home)
        for arguments in [
            ["pack", "check", "--static-only", root.path], ["pack", "install", "--static-only", root.path]
        ] {
            let result = try CommandLineTests.run(arguments, home: home)
            #expect(
                result.status == 1,
                "\(arguments): \(result.status) \(result.stdout.suffix(300)) \(result.stderr.suffix(300))")
            #expect(
                (result.stdout + result.stderr).contains("elements nested more than 200 deep"),
                "\(arguments): \(result.stdout.suffix(300)) \(result.stderr.suffix(300))")
        }
    }
}

/// `storyboard --enums` on a storyboard whose customClass hides a line of Swift: refused, and
/// nothing is printed that could be pasted as code.
@Suite struct HostileEnumCommandTests {
    @Test func aCustomClassWithAnEncodedNewlineIsRefused() throws {
        let home = try SeguelabBinary.makeHome()
        let file = home.appendingPathComponent("Board.storyboard")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
        <scenes>
        <scene sceneID="s1"><objects>
        <viewController id="a" customClass="Screen {}&#10;let pwned = 1&#10;extension Screen" sceneMemberID="viewController">
        <connections><segue destination="b" kind="show" identifier="next" id="g"/></connections>
        </viewController>
        </objects></scene>
        <scene sceneID="s2"><objects><viewController id="b" sceneMemberID="viewController"/></objects></scene>
        </scenes>
        </document>

        """.write(to: file, atomically: true, encoding: .utf8)
        let result = try SeguelabBinary.runPiped("", arguments: ["storyboard", file.path, "--enums"], home: home)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "\(file.path):5:1: error: customClass 'Screen {}\\nlet pwned = 1\\nextension Screen' is not a Swift type name, so no enum can extend it\n",
            "\(result.stderr)")
    }
}
