import Foundation
import Playground
import SegueKit
import TestSupport
import Testing

@testable import LessonKit

/// A verdict blames only what the learner wrote: a step's hidden set-up and the checks' own
/// actions are told apart from the learner's code by the notes the program records.
@Suite struct TraceOriginsTests {
    static let setupEnds = TraceEvent(event: .note, properties: ["seguelab": "setup"])
    static let checksBegin = TraceEvent(event: .note, properties: ["seguelab": "checks"])
    static let alreadyPresenting =
        "Attempt to present <UINavigationController: 0x2> on <UINavigationController: 0x1> "
        + "(from <ShelfViewController: 0x3>) which is already presenting <UINavigationController: 0x4>."
    /// The prelude opens the composer; the checks tap Write a review again on a shelf already presenting.
    static let setup = [
        TraceEvent(event: .prepare, identifier: "writeReview", source: "ShelfViewController"),
        TraceEvent(event: .present, source: "ShelfViewController", destination: "UINavigationController")
    ]
    static let checks = [
        TraceEvent(event: .prepare, identifier: "writeReview", source: "ShelfViewController"),
        TraceEvent(
            event: .warning, source: "ShelfViewController", destination: "UINavigationController",
            message: alreadyPresenting)
    ]

    func verdict(_ trace: [TraceEvent]) -> String {
        let check = Check.trace(TracePattern(kind: .prepare, identifier: "saveReview"))
        return CheckEvaluator.evaluate(check, run: .ran(trace: trace)).message
    }

    @Test func theTraceIsDividedByWhoCausedEachEvent() {
        let learner = TraceEvent(event: .prepare, identifier: "cancelReview", source: "ReviewComposerViewController")
        let origins = TraceOrigins(Self.setup + [Self.setupEnds, learner, Self.checksBegin] + Self.checks)
        #expect(origins.setup == Self.setup)
        #expect(origins.learner == [learner])
        #expect(origins.checks == Self.checks)
        // Without a prelude, everything before the checks is the learner's.
        #expect(TraceOrigins(Self.setup + [Self.checksBegin]).learner == Self.setup)
    }

    @Test func theStepsSetUpIsNeverWhatTheProgramDid() {
        // Before, this said "the program did prepare 'writeReview'": the prelude's segue.
        #expect(
            verdict(Self.setup + [Self.setupEnds])
                == "expected prepare 'saveReview', but the program caused no navigation")
        let cancelled = TraceEvent(event: .prepare, identifier: "cancelReview", source: "ReviewComposerViewController")
        #expect(
            verdict(Self.setup + [Self.setupEnds, cancelled, Self.checksBegin] + Self.checks)
                == "expected prepare 'saveReview', but the program did prepare 'cancelReview' "
                + "from ReviewComposerViewController")
    }

    @Test func whatTheChecksDidIsSaidToBeTheirsAndTheirWarningsAreLeftOut() {
        #expect(
            verdict(Self.setup + [Self.setupEnds, Self.checksBegin] + Self.checks)
                == "expected prepare 'saveReview', but while checking, the program did prepare 'writeReview' "
                + "from ShelfViewController")
        // Only the warning the checks' tap caused: not named at all.
        #expect(
            verdict(Self.setup + [Self.setupEnds, Self.checksBegin, Self.checks[1]])
                == "expected prepare 'saveReview', but the program caused no navigation")
        let probe = TraceEvent(event: .push, source: "ShelfViewController", destination: "BookViewController")
        #expect(
            verdict([Self.checksBegin, probe])
                == "expected prepare 'saveReview', but your code caused no navigation; while checking, "
                + "the navigation was: push from ShelfViewController to BookViewController")
    }

    @Test func uikitsWarningsAboutTheSetUpAndTheChecksAreNotTheLearnersOutput() {
        let learnersOwn =
            "Attempt to present <BookViewController: 0x9> on <ShelfViewController: 0x3> "
            + "whose view is not in the window hierarchy."
        let setupWarning = TraceEvent(event: .warning, message: Self.alreadyPresenting)
        let trace =
            [setupWarning, Self.setupEnds, TraceEvent(event: .warning, message: learnersOwn), Self.checksBegin]
            + Self.checks
        var run = RunResult.ran(trace: trace)
        run.stderr = [Self.alreadyPresenting, learnersOwn, "the learner's own line", Self.alreadyPresenting, ""]
            .joined(separator: "\n")
        #expect(run.learnerErrorOutput == [learnersOwn, "the learner's own line", ""].joined(separator: "\n"))
        // A run without notes keeps every line.
        var plain = RunResult.ran(trace: Self.checks)
        plain.stderr = Self.alreadyPresenting + "\n"
        #expect(plain.learnerErrorOutput == plain.stderr)
    }
}
