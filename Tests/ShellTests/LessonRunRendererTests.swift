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

    /// A warning (UIKit's console line) and a program's own note say what they say, among the transitions.
    @Test func warningsAndNotesShowTheirText() {
        let outcome = RunResult.ran(trace: [
            TraceEvent(event: .warning, message: "Unknown class ModelViewController in Interface Builder file."),
            TraceEvent(event: .instantiate, destination: "UIViewController"),
            TraceEvent(event: .prepare, identifier: "showBook", source: "ShelfViewController", destination: "UIViewController"),
            TraceEvent(event: .note, message: "ShelfViewController.dispatchPrepare(segueID:destination:)"),
            // A pop's message repeats what its fields already say.
            TraceEvent(event: .pop, source: "BookViewController", destination: "ShelfViewController", message: "BookViewController"),
        ])
        let lines = LessonRunRenderer(style: Style(enabled: false)).render(outcome, learnerCode: nil)
        #expect(lines == [
            "Navigation:",
            "  warning Unknown class ModelViewController in Interface Builder file.",
            "  instantiate → UIViewController",
            "  prepare 'showBook' ShelfViewController → UIViewController",
            "  note ShelfViewController.dispatchPrepare(segueID:destination:)",
            "  pop BookViewController → ShelfViewController",
        ])
    }

    /// Two methods calling each other until the stack overflows leave one event per call; the
    /// navigation is cut like long output, keeping its beginning and its end.
    @Test func aRunawayTraceShowsItsBeginningAndEnd() {
        let outcome = RunResult.ran(trace: (1...5_000).map { TraceEvent(event: .note, message: "call \($0)") })
        let lines = LessonRunRenderer(style: Style(enabled: false)).render(outcome, learnerCode: nil)
        #expect(lines.count < 150)
        #expect(lines.prefix(2) == ["Navigation:", "  note call 1"])
        #expect(lines.contains { $0.hasPrefix("… ") && $0.hasSuffix(" more lines not shown …") })
        #expect(lines.last == "  note call 5000")
    }

    /// A quoted source line wider than the terminal is broken like code, never respaced, and
    /// the caret stands under the column the compiler named, on the piece that holds it.
    @Test func aWideSourceLineKeepsItsCaretUnderTheColumn() {
        let source = "shelf.performSegue(withIdentifier: ShelfViewController.SegueIdentifier.showBasket, sender: nil)"
        let column = (source.range(of: "ShelfViewController.")!.lowerBound.utf16Offset(in: source)) + 1
        let diagnostic = Diagnostic(file: "prompt.swift", line: 1, column: column, severity: .error,
                                    message: "cannot convert value")
        let lines = LessonRunRenderer(style: Style(enabled: false), width: 60).render(diagnostic, learnerCode: source)
        #expect(lines == [
            "prompt.swift:1:\(column): error: cannot convert value",
            "    shelf.performSegue(withIdentifier:",
            "  ↪     ShelfViewController.SegueIdentifier.showBasket,",
            "        ^",
            "  ↪     sender: nil)",
        ])
        // As wide as it is when it fits.
        let wide = LessonRunRenderer(style: Style(enabled: false), width: 200).render(diagnostic, learnerCode: source)
        #expect(wide.last == "    " + String(repeating: " ", count: column - 1) + "^")
    }
}
