import Foundation
import Playground
import SegueKit
import Testing

@Suite("What a run left on screen")
struct EndStateTests {
    @Test func endStateFollowsTheVisibleStackAndPresentations() {
        let nav = ControllerNode(
            className: "UINavigationController", container: .navigation,
            children: [
                ControllerNode(className: "ListViewController"), ControllerNode(className: "DetailViewController")
            ])
        #expect(
            EndState(HierarchySnapshot(root: nav))
                == EndState(topOfStack: "DetailViewController", presented: [], root: "UINavigationController"))

        // A navigation controller presented modally over a tab bar: its stack is the front one.
        let modalNav = ControllerNode(
            className: "UINavigationController", container: .navigation,
            children: [ControllerNode(className: "LoginViewController")])
        let tabs = ControllerNode(
            className: "UITabBarController", container: .tabBar,
            children: [ControllerNode(className: "A"), nav], selectedIndex: 1, presented: modalNav)
        let state = EndState(HierarchySnapshot(root: tabs))
        #expect(state.topOfStack == "LoginViewController")
        #expect(state.presented == ["UINavigationController"])
        // The screen seen is the presented stack's top, framed by the container it was presented in.
        #expect(state.visible == "LoginViewController")
        #expect(state.frame == "UINavigationController")
        #expect(state.covered == "DetailViewController")

        // A plain controller presenting another, from inside a stack.
        let presenter = ControllerNode(
            className: "DetailViewController", presented: ControllerNode(className: "ShareViewController"))
        let stack = ControllerNode(className: "UINavigationController", container: .navigation, children: [presenter])
        #expect(EndState(HierarchySnapshot(root: stack)).presented == ["ShareViewController"])
        #expect(EndState(HierarchySnapshot(root: nil)) == EndState())
    }

    @Test func resultTakesEventsAndTheLastSnapshot() throws {
        let early = HierarchySnapshot(root: ControllerNode(className: "ListViewController"))
        let final = HierarchySnapshot(
            root: ControllerNode(
                className: "UINavigationController", container: .navigation,
                children: [ControllerNode(className: "DetailViewController")]))
        let events = [
            TraceEvent(event: .snapshot, snapshot: early),
            TraceEvent(event: .perform, identifier: "showDetail"),
            TraceEvent(event: .push, destination: "DetailViewController"),
            TraceEvent(event: .snapshot, snapshot: final)
        ]
        let lines = try events.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let result = RunResult(compile: .succeeded(warnings: []), termination: .exited(0), traceLines: lines)
        #expect(result.navigation.map(\.event) == [.perform, .push])
        #expect(result.endState?.topOfStack == "DetailViewController")
        #expect(RunResult(compile: .succeeded(warnings: []), termination: .exited(0)).endState == nil)
    }

    @Test func eventsAboutOneControllerNameItAsTheirSubject() {
        #expect(TraceEvent(event: .push, source: "List", controller: "Nav").subject == "List")
        #expect(TraceEvent(event: .viewDidLoad, controller: "Detail").subject == "Detail")
    }
}
