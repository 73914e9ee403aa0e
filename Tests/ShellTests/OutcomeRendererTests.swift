import SegueKit
import Playground
import LessonKit
import Testing
import TestSupport
@testable import Shell

@Suite struct OutcomeRendererTests {
    @Test func navigationCausedByTheChecksIsShownApartFromTheLearners() {
        let outcome = RunResult.ran(trace: [
            TraceEvent(event: .instantiate, destination: "ShelfViewController"),
            TraceEvent(event: .push, source: "ShelfViewController", destination: "BookViewController"),
            // The harness opens a fresh app of its own to probe the learner's classes.
            TraceEvent(event: .note, properties: ["seguelab": "checks"]),
            TraceEvent(event: .push, source: "ShelfViewController", destination: "AuthorViewController"),
        ])
        let lines = OutcomeRenderer(style: Style(enabled: false)).render(outcome, learnerCode: nil)
        #expect(lines == [
            "Navigation:", "  push ShelfViewController → BookViewController",
            "While checking:", "  push ShelfViewController → AuthorViewController",
        ])
    }
}
