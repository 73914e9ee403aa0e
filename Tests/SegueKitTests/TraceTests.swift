import Foundation
import Testing

@testable import SegueKit

@Suite("Trace", .serialized)
@MainActor
struct TraceTests {
    @Test func eventsAreNumberedAndRoundTripThroughJSONLines() throws {
        SegueTrace.reset()
        SegueTrace.note("chosen product", ["name": "Lamp"])
        SegueTrace.record(TraceEvent(event: .push, source: "A", destination: "B", controller: "UINavigationController"))
        #expect(SegueTrace.events.map(\.seq) == [1, 2])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let lines = try SegueTrace.events.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        #expect(lines[0] == #"{"event":"note","message":"chosen product","properties":{"name":"Lamp"},"seq":1}"#)
        let decoded = try TraceEvent.decodeLines(lines.joined(separator: "\n") + "\n")
        #expect(decoded == SegueTrace.events)
    }

    @Test func queriesForChecks() {
        let events = [
            TraceEvent(seq: 1, event: .push, destination: "ProductViewController", properties: ["product": "nil"]),
            TraceEvent(seq: 2, event: .push, destination: "ProductViewController", properties: ["product": "Lamp"]),
            TraceEvent(seq: 3, event: .present, destination: "CheckoutViewController"),
            TraceEvent(seq: 4, event: .snapshot, snapshot: HierarchySnapshot(root: ControllerNode(className: "A")))
        ]
        let pushes = events.events(.push, destination: "ProductViewController")
        #expect(pushes.map(\.seq) == [1, 2])
        #expect(pushes.map { $0.hasValue(for: "product") } == [false, true])
        #expect(pushes.last?.property("product") == "Lamp")
        #expect(events.events(.push, destination: "Other").isEmpty)
        #expect(events.finalSnapshot?.root?.className == "A")
    }

    @Test func observersSeeNewEvents() {
        var seen: [TraceEvent.Kind] = []
        SegueTrace.addObserver { seen.append($0.event) }
        SegueTrace.note("hello")
        #expect(seen.last == .note)
    }

    @Test func propertiesRenderOptionalsAndSkipUIKitState() {
        final class Detail: UIViewController {
            var name: String? = "Lamp"
            var count = 3
            var missing: Int?
            lazy var computedOnce = "lazy"
        }
        let properties = PropertyCapture.ownProperties(of: Detail())
        #expect(properties == ["name": "Lamp", "count": "3", "missing": "nil", "computedOnce": "nil"])
        #expect(PropertyCapture.ownProperties(of: UIViewController()) == nil)
    }

    @Test func snapshotDescribesNavigationStackAndPresentation() throws {
        let root = UIViewController()
        root.title = "Root"
        let navigation = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        navigation.pushViewController(SettingsViewController(), animated: false)
        let modal = StartViewController()
        navigation.present(modal, animated: false)
        let snapshot = SegueTrace.snapshot()
        let top = try #require(snapshot.root)
        #expect(top.className == "UINavigationController")
        #expect(top.container == .navigation)
        #expect(top.children.map(\.className) == ["UIViewController", "SettingsViewController"])
        #expect(top.children.first?.title == "Root")
        #expect(top.presented?.className == "StartViewController")
        let encoded = try JSONEncoder().encode(snapshot)
        #expect(try JSONDecoder().decode(HierarchySnapshot.self, from: encoded) == snapshot)
    }

    @Test func traceFileSinkAppendsOneLinePerEvent() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "seguekit-trace-\(UUID().uuidString).jsonl"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = TraceFileSink(path: path)
        sink.write(TraceEvent(seq: 1, event: .viewDidLoad, controller: "A"))
        sink.write(TraceEvent(seq: 2, event: .push, destination: "B"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        #expect(try TraceEvent.decodeLines(text).map(\.event) == [.viewDidLoad, .push])
    }
}
