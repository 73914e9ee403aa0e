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

    /// UIKit gives up on an unwind nobody handles without a word; the trace line says whom it asked.
    @Test func anUnhandledUnwindSaysWhomUIKitAsked() {
        var outcome = ProgramOutcome(compiled: true, termination: .exited(0))
        outcome.trace = [
            NavigationEvent(kind: "present", source: "ShelfViewController", destination: "UINavigationController"),
            NavigationEvent(kind: "unwind", segueIdentifier: "saveReview", source: "ReviewComposerViewController",
                            message: "no view controller handles unwindToShelf: (asked, above the source ReviewComposerViewController: UINavigationController)"),
        ]
        let lines = OutcomeRenderer(style: Style(enabled: false)).render(outcome, learnerCode: nil)
        #expect(lines.last == "  unwind 'saveReview' ReviewComposerViewController — no view controller handles unwindToShelf: "
            + "(asked, above the source ReviewComposerViewController: UINavigationController)")
    }
}
