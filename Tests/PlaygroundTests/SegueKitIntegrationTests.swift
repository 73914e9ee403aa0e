import Foundation
import SegueKit
import Testing
@testable import Playground

/// Against the real SegueKit of this checkout (compiled once into a temporary cache): a storyboard
/// found next to the learner's file, a segue with its trace, and an unwind through the
/// generated action registration.
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
        let result = try await playground.run(RunRequest(
            sources: [SourceFile(name: "Shop.swift", text: Self.program)], storyboardDirectories: [directory]))
        #expect(result.compile.succeeded, "\(result.fullCompilerOutput)")
        #expect(result.termination == .exited(0), "\(result.stderr)")
        #expect(result.stdout == "tea\nback from DetailViewController\n")
        let events = try result.decodedTrace()
        #expect(events.contains { $0.event == .push && $0.destination == "DetailViewController" })
        #expect(events.contains { $0.event == .unwindAction && $0.action == "unwindToList:" })
    }

    @Test func missingSegueIsAUIKitException() async throws {
        let playground = try await Self.shared.value
        let result = try await playground.run(RunRequest(sources: [SourceFile(name: "Main.swift", text: """
        import UIKit
        let controller = UIViewController()
        controller.performSegue(withIdentifier: "nowhere", sender: nil)
        """)]))
        let crash = try #require(result.crash)
        #expect(crash.kind == .uikitException)
        #expect(crash.exceptionName != nil)
        #expect(result.termination == .signaled(SIGABRT))
    }
}
