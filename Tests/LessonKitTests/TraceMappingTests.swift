import Foundation
import SegueKit
import Testing
@testable import LessonKit

@Suite("SegueKit trace to checks")
struct TraceMappingTests {
    @Test func eventsKeepKindIdentifierClassesAndProperties() {
        let event = TraceEvent(seq: 3, event: .push, identifier: "showDetail", segueKind: .show, source: "ListViewController",
                               destination: "DetailViewController", properties: ["item": "Books"])
        let mapped = NavigationEvent(event)
        #expect(mapped == NavigationEvent(kind: "push", segueIdentifier: "showDetail", source: "ListViewController",
                                          destination: "DetailViewController", properties: ["item": "Books"]))
        #expect(NavigationEvent(TraceEvent(event: .showDetail)).kind == "showDetail")
    }

    @Test func warningsAndNotesKeepTheirText() {
        let warning = TraceEvent(event: .warning, message: "Unknown class ModelViewController in Interface Builder file.")
        #expect(NavigationEvent(warning).message == "Unknown class ModelViewController in Interface Builder file.")
        #expect(NavigationEvent(TraceEvent(event: .note, message: "dispatch")).message == "dispatch")
        // Other events' messages are details their own fields already render.
        #expect(NavigationEvent(TraceEvent(event: .pop, source: "B", destination: "A", message: "B")).message == nil)
    }

    @Test func endStateFollowsTheVisibleStackAndPresentations() {
        let nav = ControllerNode(className: "UINavigationController", container: .navigation,
                                 children: [ControllerNode(className: "ListViewController"), ControllerNode(className: "DetailViewController")])
        #expect(EndState(HierarchySnapshot(root: nav)) == EndState(topOfStack: "DetailViewController", presented: [], root: "UINavigationController"))

        // A navigation controller presented modally over a tab bar: its stack is the front one.
        let modalNav = ControllerNode(className: "UINavigationController", container: .navigation,
                                      children: [ControllerNode(className: "LoginViewController")])
        let tabs = ControllerNode(className: "UITabBarController", container: .tabBar,
                                  children: [ControllerNode(className: "A"), nav], selectedIndex: 1, presented: modalNav)
        let state = EndState(HierarchySnapshot(root: tabs))
        #expect(state.topOfStack == "LoginViewController")
        #expect(state.presented == ["UINavigationController"])
        #expect(state.visible == "UINavigationController")

        // A plain controller presenting another, from inside a stack.
        let presenter = ControllerNode(className: "DetailViewController", presented: ControllerNode(className: "ShareViewController"))
        let stack = ControllerNode(className: "UINavigationController", container: .navigation, children: [presenter])
        #expect(EndState(HierarchySnapshot(root: stack)).presented == ["ShareViewController"])
        #expect(EndState(HierarchySnapshot(root: nil)) == EndState())
    }

    @Test func outcomeTakesEventsAndTheLastSnapshot() {
        let early = HierarchySnapshot(root: ControllerNode(className: "ListViewController"))
        let final = HierarchySnapshot(root: ControllerNode(className: "UINavigationController", container: .navigation,
                                                           children: [ControllerNode(className: "DetailViewController")]))
        var outcome = ProgramOutcome.ran()
        outcome.setNavigation(from: [
            TraceEvent(event: .snapshot, snapshot: early),
            TraceEvent(event: .perform, identifier: "showDetail"),
            TraceEvent(event: .push, destination: "DetailViewController"),
            TraceEvent(event: .snapshot, snapshot: final),
        ])
        #expect(outcome.trace.map(\.kind) == ["perform", "push"])
        #expect(outcome.endState?.topOfStack == "DetailViewController")
        #expect(CheckEvaluator.evaluate(.topOfStack("DetailViewController"), outcome: outcome).status == .pass)
    }
}
