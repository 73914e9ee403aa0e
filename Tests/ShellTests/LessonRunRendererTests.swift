import SegueKit
import Playground
import LessonKit
import Testing
import TestSupport
@testable import Shell

@Suite struct LessonRunRendererTests {
    @Test func navigationCausedByTheChecksIsShownApartFromTheLearners() {
        let run = RunResult.ran(trace: [
            TraceEvent(event: .instantiate, destination: "ShelfViewController"),
            TraceEvent(event: .push, source: "ShelfViewController", destination: "BookViewController"),
            // The harness opens a fresh app of its own to probe the learner's classes.
            TraceEvent(event: .note, properties: ["seguelab": "checks"]),
            TraceEvent(event: .push, source: "ShelfViewController", destination: "AuthorViewController"),
        ])
        let lines = LessonRunRenderer(style: Style(enabled: false)).render(run, learnerCode: nil)
        #expect(lines == [
            "Navigation:", "  push ShelfViewController → BookViewController",
            "While checking:", "  push ShelfViewController → AuthorViewController",
        ])
    }

    /// UIKit gives up on an unwind nobody handles without a word; the trace line says whom it
    /// asked. Other events' messages (a relationship's name) stay out of the line.
    @Test func anUnhandledUnwindSaysWhomUIKitAsked() {
        let outcome = RunResult.ran(trace: [
            TraceEvent(event: .present, source: "ShelfViewController", destination: "UINavigationController"),
            TraceEvent(event: .relationship, source: "UINavigationController", destination: "ReviewComposerViewController",
                       message: "rootViewController"),
            TraceEvent(event: .unwind, identifier: "saveReview", source: "ReviewComposerViewController", action: "unwindToShelf:",
                       message: "no view controller handles unwindToShelf: (asked, above the source ReviewComposerViewController: UINavigationController)"),
        ])
        let lines = LessonRunRenderer(style: Style(enabled: false)).render(outcome, learnerCode: nil)
        #expect(lines.contains("  relationship UINavigationController → ReviewComposerViewController"))
        #expect(lines.last == "  unwind 'saveReview' ReviewComposerViewController — no view controller handles unwindToShelf: "
            + "(asked, above the source ReviewComposerViewController: UINavigationController)")
    }
}
