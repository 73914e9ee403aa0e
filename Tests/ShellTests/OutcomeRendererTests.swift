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
}
