import Foundation
import SegueKit
import Testing

@testable import Playground

/// Against the real SegueKit of this checkout (compiled once into a temporary cache): a storyboard
/// found next to the learner's file, a segue with its trace, an unwind through the generated
/// action registration, and `@IBOutlet`/`@IBAction` members connected from a storyboard.
@Suite("Running against SegueKit")
struct SegueKitIntegrationTests {
    static let shared: Task<Playground, Error> = Task {
        let root = try Fixture.temporaryDirectory("real")
        let playground = try Playground(configuration: .init(cacheRoot: root))
        try await playground.prepare()
        return playground
    }

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <connections>
                                <segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController id="list" customClass="ListViewController" customModuleProvider="target" sceneMemberID="viewController">
                            <connections>
                                <segue destination="detail" kind="show" identifier="showDetail" id="g1"/>
                            </connections>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s3">
                    <objects>
                        <viewController id="detail" customClass="DetailViewController" customModuleProvider="target" sceneMemberID="viewController">
                            <connections>
                                <segue destination="exit" kind="unwind" identifier="back" unwindAction="unwindToList:" id="u1"/>
                            </connections>
                        </viewController>
                        <exit id="exit" userLabel="Exit" sceneMemberID="exit"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static let program = """
        import UIKit

        class ListViewController: UIViewController {
            override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                (segue.destination as? DetailViewController)?.item = "tea"
            }
            @IBAction func unwindToList(_ segue: UIStoryboardSegue) { print("back from", type(of: segue.source)) }
        }

        class DetailViewController: UIViewController {
            var item: String?
        }

        let window = UIWindow()
        window.rootViewController = UIStoryboard(name: "Shop", bundle: nil).instantiateInitialViewController()
        window.makeKeyAndVisible()
        let navigation = window.rootViewController as! UINavigationController
        navigation.topViewController!.performSegue(withIdentifier: "showDetail", sender: nil)
        let detail = navigation.topViewController as! DetailViewController
        print(detail.item ?? "nil")
        detail.performSegue(withIdentifier: "back", sender: nil)
        """

    @Test func storyboardNextToTheFileSeguesAndUnwinds() async throws {
        let directory = try Fixture.temporaryDirectory("shop")
        try Data(Self.storyboard.utf8).write(to: directory.appendingPathComponent("Shop.storyboard"))
        let playground = try await Self.shared.value
        let result = try await playground.run(
            RunRequest(
                sources: [SourceFile(name: "Shop.swift", text: Self.program)], storyboardDirectories: [directory]))
        #expect(result.compile.succeeded, "\(result.fullCompilerOutput)")
        #expect(result.termination == .exited(0), "\(result.stderr)")
        #expect(result.stdout == "tea\nback from DetailViewController\n")
        let events = try result.decodedTrace()
        #expect(events.contains { $0.event == .push && $0.destination == "DetailViewController" })
        #expect(events.contains { $0.event == .unwindAction && $0.action == "unwindToList:" })
    }

    /// The screens the connections storyboard names: outlets of every kind, and actions whose
    /// senders differ.
    static let connectedScreens = """
        import UIKit

        class DetailViewController: UIViewController {
            @IBOutlet private weak var titleLabel: UILabel!
            @IBOutlet var buttons: [UIButton]!
            @IBOutlet weak var notesTable: UITableView!

            override func viewDidLoad() {
                super.viewDidLoad()
                print("viewDidLoad:", titleLabel.text ?? "no text", buttons.map(\\.tag))
            }

            @IBAction func buy(_ sender: UIButton) { print("buy from button", sender.tag) }
            @IBAction private func refresh() { print("refresh") }
            @IBAction func share(from sender: UIBarButtonItem) { print("share") }
        }

        class NoteCell: UITableViewCell {
            @IBOutlet private(set) weak var noteLabel: UILabel!
        }
        """

    static let connections = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="detail">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController storyboardIdentifier="Detail" id="detail" customClass="DetailViewController" customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root">
                                <subviews>
                                    <label opaque="NO" text="Green tea" id="title-label"/>
                                    <button opaque="NO" tag="1" buttonType="system" id="buy-button">
                                        <state key="normal" title="Buy"/>
                                        <connections>
                                            <action selector="buy:" destination="detail" eventType="touchUpInside" id="a1"/>
                                        </connections>
                                    </button>
                                    <button opaque="NO" tag="2" buttonType="system" id="refresh-button">
                                        <state key="normal" title="Refresh"/>
                                        <connections>
                                            <action selector="refresh" destination="detail" eventType="touchUpInside" id="a2"/>
                                        </connections>
                                    </button>
                                    <tableView opaque="NO" id="notes-table">
                                        <prototypes>
                                            <tableViewCell reuseIdentifier="NoteCell" id="note-cell" customClass="NoteCell" customModuleProvider="target">
                                                <tableViewCellContentView key="contentView" id="note-content">
                                                    <subviews>
                                                        <label opaque="NO" text="First note" id="note-label"/>
                                                    </subviews>
                                                </tableViewCellContentView>
                                                <connections>
                                                    <outlet property="noteLabel" destination="note-label" id="o5"/>
                                                </connections>
                                            </tableViewCell>
                                        </prototypes>
                                    </tableView>
                                    <button opaque="NO" tag="3" buttonType="system" id="share-button">
                                        <state key="normal" title="Share"/>
                                        <connections>
                                            <action selector="shareFrom:" destination="detail" eventType="touchUpInside" id="a3"/>
                                        </connections>
                                    </button>
                                </subviews>
                            </view>
                            <connections>
                                <outlet property="titleLabel" destination="title-label" id="o1"/>
                                <outlet property="notesTable" destination="notes-table" id="o4"/>
                                <outletCollection property="buttons" destination="refresh-button" collectionClass="NSMutableArray" id="o2"/>
                                <outletCollection property="buttons" destination="buy-button" collectionClass="NSMutableArray" id="o3"/>
                                <segue destination="note" kind="presentation" identifier="showNote" destinationCreationSelector="makeNote:sender:" id="g1"/>
                            </connections>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController id="note" customClass="NoteViewController" customModuleProvider="target" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func outletsAndActionsAreConnectedFromTheStoryboard() async throws {
        let directory = try Fixture.temporaryDirectory("connections")
        try Data(Self.connections.utf8).write(to: directory.appendingPathComponent("Connections.storyboard"))
        let playground = try await Self.shared.value
        let result = try await playground.run(
            RunRequest(
                sources: [
                    SourceFile(
                        name: "Detail.swift",
                        text: Self.connectedScreens + """


                            let detail = UIStoryboard(name: "Connections", bundle: nil).instantiateViewController(withIdentifier: "Detail") as! DetailViewController
                            print("before loading:", detail.buttons == nil)
                            detail.loadViewIfNeeded()
                            for button in detail.buttons.reversed() { button.sendActions(for: .touchUpInside) }
                            // A sender of another type than the action declares is skipped, never a crash.
                            (detail.view.viewWithTag(3) as! UIButton).sendActions(for: .touchUpInside)
                            let cell = detail.notesTable.dequeueReusableCell(withIdentifier: "NoteCell") as! NoteCell
                            print("cell:", cell.noteLabel.text ?? "no text")
                            """)
                ], storyboardDirectories: [directory]))
        #expect(result.compile.succeeded, "\(result.fullCompilerOutput)")
        #expect(result.compile.diagnostics.isEmpty, "\(result.compile.diagnostics)")
        #expect(result.termination == .exited(0), "\(result.stderr)")
        #expect(
            result.stdout == """
                before loading: true
                viewDidLoad: Green tea [2, 1]
                buy from button 1
                refresh
                cell: First note

                """)
        let events = try result.decodedTrace()
        #expect(!events.contains { $0.event == .warning }, "\(events.filter { $0.event == .warning })")
    }

    /// The same connections when the classes are shared support code, compiled once into cached
    /// objects: their generated registrations are linked in and called, and the storyboard
    /// finds the classes in the program's module.
    @Test func outletsAndActionsOfSharedSupportAreConnected() async throws {
        let directory = try Fixture.temporaryDirectory("shared-connections")
        try Data(Self.connections.utf8).write(to: directory.appendingPathComponent("Connections.storyboard"))
        let playground = try await Self.shared.value
        let support = SourceFile(
            name: "Screens.swift",
            text: Self.connectedScreens + "\n", origin: .hidden, shared: true)
        let program = SourceFile(
            name: "Exercise.swift",
            text: """
                import UIKit

                let detail = UIStoryboard(name: "Connections", bundle: nil).instantiateViewController(withIdentifier: "Detail") as! DetailViewController
                detail.loadViewIfNeeded()
                for button in detail.buttons.reversed() { button.sendActions(for: .touchUpInside) }
                let cell = detail.notesTable.dequeueReusableCell(withIdentifier: "NoteCell") as! NoteCell
                print("cell:", cell.noteLabel.text ?? "no text", String(reflecting: type(of: detail)))
                """)
        let before = await playground.sharedObjectBuilds()
        for _ in 0..<2 {
            let result = try await playground.run(
                RunRequest(sources: [program, support], storyboardDirectories: [directory]))
            #expect(result.termination == .exited(0), "\(result.fullCompilerOutput)\(result.stderr)")
            #expect(
                result.stdout == """
                    viewDidLoad: Green tea [2, 1]
                    buy from button 1
                    refresh
                    cell: First note SegueLabApp.DetailViewController

                    """)
        }
        #expect(await playground.sharedObjectBuilds() == before + 1)
    }

    @Test func generatedRegistrationsCompileInSwift6Mode() async throws {
        let playground = try await Self.shared.value
        let outcome = try await playground.typecheck(
            [
                SourceFile(
                    name: "Detail.swift",
                    text: """
                        import UIKit

                        final class DetailViewController: UIViewController {
                            @IBOutlet private weak var titleLabel: UILabel!
                            @IBOutlet var buttons: [UIButton]!
                            @IBAction func buy(_ sender: Any) {}
                            @IBAction private func refresh() {}
                            @IBAction func unwindToDetail(_ segue: UIStoryboardSegue) {}
                            @IBSegueAction func makeNote(_ coder: NSCoder) -> UIViewController? { nil }
                        }

                        final class NoteCell: UITableViewCell {
                            @IBOutlet weak var noteLabel: UILabel!
                        }
                        """)
            ], swiftLanguageMode: .swift6)
        #expect(outcome.succeeded)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
    }

    @Test func segueActionsCreateTheDestination() async throws {
        let directory = try Fixture.temporaryDirectory("segue-actions")
        try Data(Self.connections.utf8).write(to: directory.appendingPathComponent("Connections.storyboard"))
        let playground = try await Self.shared.value
        let result = try await playground.run(
            RunRequest(
                sources: [
                    SourceFile(
                        name: "Note.swift",
                        text: """
                            import UIKit

                            class DetailViewController: UIViewController {
                                @IBSegueAction private func makeNote(_ coder: NSCoder, sender: Any?) -> NoteViewController? {
                                    NoteViewController(coder: coder, text: "made for \\(sender ?? "nobody")")
                                }
                            }

                            class NoteViewController: UIViewController {
                                let text: String
                                init?(coder: NSCoder, text: String) {
                                    self.text = text
                                    super.init(coder: coder)
                                }
                                required init?(coder: NSCoder) {
                                    text = "made by the storyboard"
                                    super.init(coder: coder)
                                }
                            }

                            let window = UIWindow()
                            window.rootViewController = UIStoryboard(name: "Connections", bundle: nil).instantiateInitialViewController()
                            window.makeKeyAndVisible()
                            window.rootViewController!.performSegue(withIdentifier: "showNote", sender: "tea")
                            print((window.rootViewController!.presentedViewController as! NoteViewController).text)
                            """)
                ], storyboardDirectories: [directory]))
        #expect(result.compile.succeeded, "\(result.fullCompilerOutput)")
        #expect(result.termination == .exited(0), "\(result.stderr)")
        #expect(result.stdout == "made for tea\n")
    }

    @Test func missingSegueIsAUIKitException() async throws {
        let playground = try await Self.shared.value
        let result = try await playground.run(
            RunRequest(sources: [
                SourceFile(
                    name: "Main.swift",
                    text: """
                        import UIKit
                        let controller = UIViewController()
                        controller.performSegue(withIdentifier: "nowhere", sender: nil)
                        """)
            ]))
        let crash = try #require(result.crash)
        #expect(crash.kind == .uikitException)
        #expect(crash.exceptionName != nil)
        #expect(result.termination == .signaled(SIGABRT))
    }

    /// On a device the main queue and main-actor tasks run after the current event; a program ends
    /// when nothing is left to run, even one that made no UIKit object.
    @Test func theMainRunLoopRunsWhatTheProgramScheduled() async throws {
        let playground = try await Self.shared.value
        let result = try await playground.run(
            RunRequest(sources: [
                SourceFile(
                    name: "Main.swift",
                    text: """
                        import UIKit
                        DispatchQueue.main.async { print("main queue") }
                        Task { @MainActor in print("main actor") }
                        print("end of the code")
                        """)
            ]))
        #expect(result.termination == .exited(0), "\(result.stderr)")
        #expect(result.stdout == "end of the code\nmain queue\nmain actor\n")
    }

    /// A repeating timer keeps the run loop (and the program) alive until the time limit; the
    /// program says why before it is stopped.
    @Test func aRepeatingTimerKeepsTheProgramRunningUntilTheTimeLimit() async throws {
        let playground = try await Self.shared.value
        let result = try await playground.run(
            RunRequest(
                sources: [
                    SourceFile(
                        name: "Main.swift",
                        text: """
                            import UIKit
                            Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in }
                            print("scheduled")
                            """)
                ], limits: Limits(timeout: 1.5)))
        #expect(result.stopReason == .timedOut(limit: 1.5))
        #expect(result.stdout == "scheduled\n")
        #expect(result.stderr.contains("a repeating Timer is still scheduled on the main run loop"), "\(result.stderr)")
    }

    /// Code from a real project: `@objc` actions named with `#selector` for `addTarget` and a bar
    /// button item's target-action, and `#selector` compared in `canPerformUnwindSegueAction`.
    static let selectorProgram = """
        import UIKit

        class ShelfViewController: UIViewController {
            let button = UIButton(type: .system)

            override func viewDidLoad() {
                super.viewDidLoad()
                button.addTarget(self, action: #selector(buy(_:)), for: .touchUpInside)
                navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Share", style: .plain, target: self,
                                                                    action: #selector(share(sender:)))
            }

            @objc func buy(_ sender: UIButton) { print("buy from", type(of: sender)) }
            @objc private func share(sender: UIBarButtonItem) { print("share", sender.title ?? "") }

            override func canPerformUnwindSegueAction(_ action: Selector, from: UIViewController, sender: Any?) -> Bool {
                action == #selector(unwindToShelf(_:))
            }

            @IBAction func unwindToShelf(_ segue: UIStoryboardSegue) {}
        }

        let shelf = ShelfViewController()
        shelf.loadViewIfNeeded()
        shelf.button.sendActions(for: .touchUpInside)
        shelf.navigationItem.rightBarButtonItem?.simulateTap()
        print(#selector(ShelfViewController.share(sender:)), shelf.canPerformUnwindSegueAction(
            Selector("unwindToShelf:"), from: UIViewController(), sender: nil))
        """

    @Test func selectorAndObjcCodeCompilesAndRuns() async throws {
        let playground = try await Self.shared.value
        let wrong = "let wrong: Int = #selector(shelf.buy(_:)); let alsoWrong: Int = \"text\""
        let result = try await playground.run(
            RunRequest(sources: [SourceFile(name: "Main.swift", text: Self.selectorProgram + "\n" + wrong)]))
        // The last line's two errors keep the columns the learner sees.
        let errors = result.compile.errors.map { "\($0.line):\($0.column)" }
        #expect(errors == ["29:18", "29:65"], "\(result.fullCompilerOutput)")
        let fixed = try await playground.run(
            RunRequest(sources: [SourceFile(name: "Main.swift", text: Self.selectorProgram)]))
        #expect(fixed.compile.succeeded, "\(fixed.fullCompilerOutput)")
        #expect(fixed.termination == .exited(0), "\(fixed.stderr)")
        #expect(fixed.stdout == "buy from UIButton\nshare Share\nshareWithSender: true\n")
    }
}
