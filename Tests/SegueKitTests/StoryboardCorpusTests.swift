import Foundation
import SourceText
import Testing

@testable import SegueKit
@testable import SegueTools

/// Every fixture storyboard through every tool: drawn in each format (DOT also through
/// Graphviz), its enums compiled, its identifiers checked against code.
@Suite("Storyboard corpus")
struct StoryboardCorpusTests {
    /// The fixtures that parse (the others are there to fail).
    static let storyboards: [String] = {
        let failing: Set<String> = ["Malformed", "BadKind", "DanglingSegue"]
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.directory.path)) ?? []
        return files.filter { $0.hasSuffix(".storyboard") }.map { String($0.dropLast(".storyboard".count)) }
            .filter { !failing.contains($0) }.sorted()
    }()

    @Test func theCorpusHasItsHardCases() throws {
        #expect(Self.storyboards.count >= 10)
        let lines = try String(contentsOf: Fixtures.url("Large"), encoding: .utf8).split(separator: "\n").count
        #expect(lines >= 2_500)
        let kinds = Set(
            try Self.storyboards.flatMap { try Fixtures.document($0).scenes.flatMap(\.controller.segues).map(\.kind) })
        #expect(kinds == Set(SegueKind.allCases))
        let elements = Set(
            try Self.storyboards.flatMap { try Fixtures.document($0).scenes.map(\.controller.elementName) })
        #expect(
            elements.isSuperset(of: [
                "viewController", "navigationController", "tableViewController", "splitViewController",
                "tabBarController", "collectionViewController", "pageViewController",
                "viewControllerPlaceholder", "hostingController", "avPlayerViewController",
                "glkViewController"
            ]))
    }

    // MARK: Diagrams

    @Test(arguments: storyboards)
    func everyFormatDrawsEveryScene(_ name: String) throws {
        let document = try Fixtures.document(name)
        let diagram = StoryboardDiagram(document: document)
        let segues = document.scenes.flatMap(\.controller.segues)
        let text = diagram.render(.text)
        for scene in document.scenes {
            #expect(text.contains("│ \(diagram.names.name(of: scene))"), "\(name): \(diagram.names.name(of: scene))")
        }
        #expect(text.components(separatedBy: "──▶ ").count - 1 == segues.count)

        let dot = diagram.render(.dot)
        #expect(dot.components(separatedBy: " -> ").count - 1 == segues.count)
        #expect(dot.hasPrefix("digraph ") && dot.hasSuffix("}\n"))

        let mermaid = diagram.render(.mermaid)
        #expect(
            mermaid.split(separator: "\n").filter { $0.contains("-->|") || $0.contains("-.->|") }.count == segues.count)
        for line in mermaid.split(separator: "\n").dropFirst() {
            #expect(Self.isSafeMermaid(String(line)), "\(name): \(line)")
        }
    }

    /// Mermaid statements whose quoted labels hold no character Mermaid would read as syntax.
    static func isSafeMermaid(_ line: String) -> Bool {
        let pattern =
            #"^    (n_\w+\["[^"]*"\]|n_\w+\(\(Exit\)\)|n_\w+ (-->|-\.->)\|"[^"]*"\| n_\w+|style n_\w+ [a-z-]+:[ \w]+)$"#
        guard line.range(of: pattern, options: .regularExpression) != nil else { return false }
        let labels = line.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        return labels.allSatisfy { label in
            let stripped = label.replacingOccurrences(of: "<br/>", with: "")
                .replacingOccurrences(of: "#[0-9]+;", with: "", options: .regularExpression)
            return !stripped.contains(where: { "<>&|[]{}()`;\"".contains($0) })
        }
    }

    @Test func mermaidEscapesWhatItWouldReadAsSyntax() {
        #expect(
            StoryboardDiagram.mermaidText(#"About <Catalog> "2" & |x| [a] #1;"#)
                == "About #60;Catalog#62; #34;2#34; #38; #124;x#124; #91;a#93; #35;1#59;")
        #expect(StoryboardDiagram.mermaidText("Line\none") == "Line one")
    }

    static let dotPath = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(
        .enabled(if: dotPath != nil, "Graphviz's dot is not installed (scripts/test installs it)"),
        arguments: storyboards)
    func graphvizRendersTheDOT(_ name: String) async throws {
        let document = try Fixtures.document(name)
        let dot = StoryboardDiagram(document: document).render(.dot)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.dotPath))
        process.arguments = ["-Tsvg"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read while writing would block on a full pipe; the SVG of the largest file is big.
        let collected = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }
        let collectedErrors = Task.detached { errors.fileHandleForReading.readDataToEndOfFile() }
        input.fileHandleForWriting.write(Data(dot.utf8))
        try input.fileHandleForWriting.close()
        let svg = String(decoding: await collected.value, as: UTF8.self)
        let stderr = String(decoding: await collectedErrors.value, as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stderr.isEmpty, "\(stderr)")
        let segues = document.scenes.flatMap(\.controller.segues)
        #expect(svg.components(separatedBy: "class=\"edge\"").count - 1 == segues.count)
        let exits = document.scenes.filter { $0.controller.segues.contains { $0.kind == .unwind } }.count
        #expect(svg.components(separatedBy: "class=\"node\"").count - 1 == document.scenes.count + exits)
    }

    @Test func catalogTextNamesScenesAndTriggersAsAPersonSeesThem() throws {
        let text = StoryboardDiagram(document: try Fixtures.document("Catalog")).render(.text)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Storyboard Catalog — 31 scenes")
        for expected in [
            "│ UITabBarController   ◀ initial │",
            "  ──relationship viewControllers[0]──▶ UINavigationController ▸ HomeViewController \"Home\"",
            "  ──relationship viewControllers[3]──▶ → Account.storyboard #Profile",
            "  ──show 'URLChooser'──▶ URLChooserViewController #URLChooser   (from button \"Browse catalogue\")",
            "  ──presentation 'sign in' [formSheet, coverVertical]──▶ UINavigationController #SignInFlow ▸ SignInViewController \"Sign In\"   (from button \"Sign in\")",
            "  ──popoverPresentation 'show-filters'──▶ FiltersViewController \"Filters\"   (from segmented control \"Filters\")",
            "  ──show 'validate_Password' [@IBSegueAction makePasswordCheck:]──▶ PasswordViewController",
            "  ──presentation 'default' [not animated]──▶ UIViewController \"Editor\"   (from bar item \"Edit\")",
            "  ──custom 'self' (FadeSegue)──▶ MenuViewController \"Menu\"   (from bar item bookmarks)",
            "  ──popover 'share'──▶ UIViewController \"Share\"   (from bar item \"Share\")",
            "  ──show 'swipe menu'──▶ MenuViewController \"Menu\"   (from swipeGestureRecognizer \"Swipe to menu\")",
            "  ──embed 'embedBanner'──▶ BannerViewController",
            "  ──show 'showBook'──▶ BookViewController #Book   (from cell BookCell)",
            "  ──show 'showPrivacy'──▶ → Privacy.storyboard   (from cell \"Privacy\")",
            "  ──show 'notification-details'──▶ UIViewController \"Notifications\"   (from accessory of cell \"Notifications\")",
            "  ──unwind 'done-signing-in' unwindToHome:──▶ Exit   (from button \"Done & back\")",
            "  ──unwind 'cancel-sign-in' unwindToHome:──▶ Exit   (from bar item cancel)",
            "  ──show '2FA-setup'──▶ PasswordViewController   (from button image lock.shield)",
            "  ──modal 'legacyModal' [flipHorizontal]──▶ UIViewController   (from button \"Modal\")",
            "  ──presentation 'readSample' [fullScreen]──▶ UIPageViewController   (from button \"Read a sample\")",
            "  ──presentation 'playTrailer'──▶ AVPlayerViewController   (from button \"Watch the trailer\")",
            "  ──show 'show3DCover'──▶ GLKViewController   (from button \"Cover in 3D\")",
            "  ──show 'showReviews' [@IBSegueAction makeReviews:]──▶ UIHostingController   (from button \"Reviews\")",
            "  ──relationship masterViewController──▶ AboutTopicsViewController \"Topics\"",
            "│ UIViewController \"Editor\" │",
            "│ presented as fullScreen   │",
            "│ LibraryViewController \"Library\" │"
        ] {
            #expect(lines.contains(expected), "missing: \(expected)")
        }
    }

    @Test func aBigStoryboardCanBeLookedAtOnePartAtATime() throws {
        let document = try Fixtures.document("Large")
        let part = try StoryboardDiagram(document: document, from: "BookListViewController", depth: 1)
        let names = part.drawn.compactMap { part.names.name(forControllerID: $0) }
        #expect(
            names == [
                "BookListViewController \"Books\"", "BookViewController \"Book\" #BookDetail",
                "UINavigationController ▸ AddBookViewController \"Add Book\"",
                "UINavigationController ▸ SearchBookViewController \"Search Book\""
            ], "\(names)")
        let text = part.render(.text)
        #expect(
            text.hasPrefix("Storyboard Large — 4 of 76 scenes, from BookListViewController \"Books\" within 1 segue\n"))
        let dot = part.render(.dot)
        #expect(!dot.contains("AuthorListViewController"))
        // The segues leaving the part end at grey dashed nodes.
        #expect(
            dot.contains(
                #"label="UINavigationController ▸ ShareBookViewController \"Share Book\"", style="rounded,dashed", color=gray"#
            ))
        let whole = try StoryboardDiagram(
            document: document, from: try #require(document.initialViewControllerID), depth: nil)
        #expect(whole.drawn.count == document.scenes.count)
        #expect(throws: SceneQueryError.self) {
            try StoryboardDiagram(document: document, from: "NoSuchScene", depth: 1)
        }
        // "UINavigationController" is the class of twenty-five scenes: the error lists them.
        let ambiguous = #expect(throws: SceneQueryError.self) {
            try StoryboardDiagram(document: document, from: "UINavigationController", depth: 1)
        }
        #expect(ambiguous?.description.contains("names 25 scenes") == true, "\(String(describing: ambiguous))")
    }

    // MARK: Enums

    /// A stub class for each custom class, with the UIKit class its scene's element makes.
    static func stubs(for document: StoryboardDocument) -> String {
        var seen = Set<String>()
        var lines = ["import UIKit"]
        for scene in document.scenes {
            guard let name = scene.controller.customClass, seen.insert(name).inserted else { continue }
            let base =
                switch scene.controller.elementName {
                case "tableViewController": "UITableViewController"
                case "navigationController": "UINavigationController"
                case "tabBarController": "UITabBarController"
                case "splitViewController": "UISplitViewController"
                default: "UIViewController"
                }
            lines.append("class \(name): \(base) {}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: storyboards)
    func generatedEnumsCompileAndSpellEveryIdentifier(_ name: String) throws {
        let document = try Fixtures.document(name)
        let generator = SegueEnumGenerator(document: document)
        let enums = try generator.generate()
        // Each identifier is a raw value of its enum (checked by the compiler through init?(rawValue:)).
        var uses: [String] = []
        for group in generator.groups {
            let type = group.className.map { "\($0).SegueIdentifier" } ?? generator.storyboardEnumName
            for identifier in group.identifiers + (group.hasUnnamedSegues ? [""] : []) {
                uses.append("_ = \(type)(rawValue: \"\(SwiftLiteral.escaped(identifier))\")")
            }
        }
        let compilation = try CompiledKit.compile(
            Self.stubs(for: document) + enums + uses.joined(separator: "\n") + "\n",
            name: "Enums\(name)", typecheckOnly: true)
        #expect(compilation.status == 0, "\(name):\n\(compilation.diagnostics)\n\(enums)")
        #expect(compilation.diagnostics == "", "\(name)")
        // Every identifier of the storyboard is in one enum: none is dropped.
        let all = Set(document.scenes.flatMap(\.controller.segues).compactMap(SegueEnumGenerator.identifier(of:)))
        #expect(Set(generator.groups.flatMap(\.identifiers)) == all)
    }

    @Test func catalogEnumsUseSwiftGensNamesAndKeepEveryIdentifier() throws {
        let generated = try SegueEnumGenerator(document: try Fixtures.document("Catalog")).generate()
        #expect(
            generated.hasPrefix(
                """
                // Segue identifiers of Catalog.storyboard.
                // Generated by seguelab; regenerate when the storyboard changes.
                // Scenes without a custom class have no prepare(for:sender:) of yours: their identifiers are in CatalogSegueIdentifier.

                extension HomeViewController {
                    enum SegueIdentifier: String {
                        case urlChooser = "URLChooser"
                        case signIn = "sign in"
                        case showFilters = "show-filters"
                        case _2FASetup = "2FA-setup"
                        case embedBanner
                        case share
                        case `self`
                        case `default`
                        case openMenu
                        case openMenu_ = "OpenMenu"
                        case validatePassword = "validate_Password"
                        case unnamed_ = "unnamed"
                        case swipeMenu = "swipe menu"
                        /// Segues without an identifier: UIKit passes nil, so map nil to this case.
                        case unnamed = ""
                    }
                }

                """))
        #expect(
            generated.contains(
                """
                enum CatalogSegueIdentifier: String {
                    case showPrivacy
                    case notificationDetails = "notification-details"
                    case showAbout
                }
                """))
        // identifier="" is an unnamed segue, not a second empty case.
        #expect(
            generated.components(separatedBy: "= \"\"").count - 1 == generated.components(
                separatedBy: "case unnamed = \"\""
            ).count - 1)
    }

    @Test func caseNamesFollowSwiftGen() {
        let expected: [(String, String)] = [
            ("URLChooser", "urlChooser"), ("validate_Password", "validatePassword"), ("showProduct", "showProduct"),
            ("ShowProduct", "showProduct"), ("show-detail", "showDetail"), ("show detail", "showDetail"),
            ("_private", "private"), ("URL", "url"), ("2fa", "_2fa"), ("-", "identifier"),
            ("iOSSettings", "iosSettings")
        ]
        for (identifier, name) in expected {
            #expect(SegueEnumGenerator.caseName(for: identifier) == name, "\(identifier)")
        }
    }

    // MARK: Identifier audit

    @Test(arguments: storyboards)
    func theGeneratedEnumsPassTheAudit(_ name: String) throws {
        let document = try Fixtures.document(name)
        let audit = IdentifierAudit(
            swiftSource: try SegueEnumGenerator(document: document).generate(), document: document)
        #expect(audit.isClean, "\(name): unknown \(audit.unknownToCode), stale \(audit.staleInCode)")
    }

    @Test func identifiersOfScenesWithoutAClassAreAudited() throws {
        let document = try Fixtures.document("Catalog")
        var source = try SegueEnumGenerator(document: document).generate()
        #expect(IdentifierAudit(swiftSource: source, document: document).isClean)
        // Code that lacks one of them is told which, and where.
        source = source.replacingOccurrences(of: "    case showPrivacy\n", with: "")
        let missing = IdentifierAudit(swiftSource: source, document: document)
        #expect(missing.unknownToCode == ["showPrivacy"])
        #expect(missing.unknownSegues.first?.className == "UITableViewController \"Settings\" (no custom class)")
        #expect(missing.unknownSegues.first?.location.line ?? 0 > 1)
        // And a value the storyboard does not have is stale.
        let stale = IdentifierAudit(
            swiftSource: source + "enum Old: String { case showPrivacy, showAbout, showLegal }\n", document: document)
        #expect(stale.unknownToCode.isEmpty)
        #expect(stale.staleInCode == ["showLegal"])
    }

    // MARK: Parsing what the tools show

    @Test func triggersOptionsAndGestureSeguesAreRead() throws {
        let home = try #require(try Fixtures.document("Catalog").scene(forControllerID: "HmV-c0-001"))
        func segue(_ identifier: String) throws -> SegueDefinition {
            try #require(home.controller.segues.first { $0.identifier == identifier })
        }
        #expect(try segue("default").animates == false)
        #expect(try segue("openMenu").animates == true)
        #expect(try segue("sign in").modalTransitionStyle == "coverVertical")
        #expect(try segue("sign in").triggerLabel == "\"Sign in\"")
        #expect(try segue("self").triggerLabel == "bookmarks")
        #expect(try segue("2FA-setup").triggerLabel == "image lock.shield")
        #expect(try segue("openMenu").triggerLabel == nil)
        #expect(try segue("swipe menu").trigger == .other(element: "swipeGestureRecognizer", objectID: "gSw-ip-001"))
        #expect(try segue("swipe menu").triggerLabel == "\"Swipe to menu\"")
    }

    @Test func scenesThatLookAlikeAreToldApartByID() throws {
        let xml = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
                <scenes>
                    <scene sceneID="s1"><objects><viewController id="a" sceneMemberID="viewController">
                        <connections><segue destination="b" kind="show" id="x"/><segue destination="c" kind="show" id="y"/></connections>
                    </viewController></objects></scene>
                    <scene sceneID="s2"><objects><viewController id="b" sceneMemberID="viewController"/></objects></scene>
                    <scene sceneID="s3"><objects><viewController id="c" sceneMemberID="viewController"/></objects></scene>
                </scenes>
            </document>
            """
        let document = try StoryboardDocument.parse(Data(xml.utf8), path: "Twins.storyboard")
        let names = SceneNames(document: document)
        #expect(
            document.scenes.map(names.name(of:)) == [
                "UIViewController (a)", "UIViewController (b)", "UIViewController (c)"
            ])
    }

    @Test func unknownClassesAreNamedAsTheDeviceNamesThem() {
        #expect(
            ClassResolver.runtimeName(of: "DetailViewController", module: "App") == "_TtC3App20DetailViewController")
        #expect(ClassResolver.runtimeName(of: "DetailViewController", module: nil) == "DetailViewController")
    }
}
