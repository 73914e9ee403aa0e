import LessonKit
import Testing
@testable import Shell

@Suite struct OutcomeRendererTests {
    @Test func navigationCausedByTheChecksIsShownApartFromTheLearners() {
        var outcome = ProgramOutcome(compiled: true, termination: .exited(0))
        outcome.trace = [
            NavigationEvent(kind: "instantiate", destination: "ShelfViewController"),
            NavigationEvent(kind: "push", source: "ShelfViewController", destination: "BookViewController"),
            // The harness opens a fresh app of its own to probe the learner's classes.
            NavigationEvent(kind: "note", properties: ["seguelab": "checks"]),
            NavigationEvent(kind: "push", source: "ShelfViewController", destination: "AuthorViewController"),
        ]
        let lines = OutcomeRenderer(style: Style(enabled: false)).render(outcome, learnerCode: nil)
        #expect(lines == [
            "Navigation:", "  push ShelfViewController → BookViewController",
            "While checking:", "  push ShelfViewController → AuthorViewController",
        ])
    }

    /// A warning (UIKit's console line) and a program's own note say what they say, among the transitions.
    @Test func warningsAndNotesShowTheirText() {
        var outcome = ProgramOutcome(compiled: true, termination: .exited(0))
        outcome.trace = [
            NavigationEvent(kind: "warning", message: "Unknown class ModelViewController in Interface Builder file."),
            NavigationEvent(kind: "instantiate", destination: "UIViewController"),
            NavigationEvent(kind: "prepare", segueIdentifier: "showBook", source: "ShelfViewController", destination: "UIViewController"),
            NavigationEvent(kind: "note", message: "ShelfViewController.dispatchPrepare(segueID:destination:)"),
        ]
        let lines = OutcomeRenderer(style: Style(enabled: false)).render(outcome, learnerCode: nil)
        #expect(lines == [
            "Navigation:",
            "  warning Unknown class ModelViewController in Interface Builder file.",
            "  instantiate → UIViewController",
            "  prepare 'showBook' ShelfViewController → UIViewController",
            "  note ShelfViewController.dispatchPrepare(segueID:destination:)",
        ])
    }

    /// Two methods calling each other until the stack overflows leave one event per call; the
    /// navigation is cut like long output, keeping its beginning and its end.
    @Test func aRunawayTraceShowsItsBeginningAndEnd() {
        var outcome = ProgramOutcome(compiled: true, termination: .crashed(kind: "stack overflow", message: "Segmentation fault"))
        outcome.trace = (1...5_000).map { NavigationEvent(kind: "note", message: "call \($0)") }
        let lines = OutcomeRenderer(style: Style(enabled: false)).render(outcome, learnerCode: nil)
        #expect(lines.count < 150)
        #expect(lines.prefix(2) == ["Navigation:", "  note call 1"])
        #expect(lines.contains { $0.hasPrefix("… ") && $0.hasSuffix(" more lines not shown …") })
        #expect(lines.suffix(2) == ["  note call 5000", "The program crashed (stack overflow): Segmentation fault"])
    }
}
