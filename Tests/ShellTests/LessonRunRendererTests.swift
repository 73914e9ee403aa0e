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
}

/// A program's output and error output shown in the order they were written, each cut alike.
@Suite struct OutputExcerptTests {
    @Test func streamsAreShownInOrderWithErrorOutputMarkedAndLinesWhole() {
        let runs = [OutputRun(isError: false, text: "loading sh"), OutputRun(isError: true, text: "no cover\n"),
                    OutputRun(isError: false, text: "elf\nOn screen: Dune\n"), OutputRun(isError: true, text: "done\n")]
        #expect(OutputExcerpt(runs).lines(style: Style(enabled: false)) == [
            "loading shelf", "stderr│ no cover", "On screen: Dune", "stderr│ done",
        ])
    }

    /// A flood on one stream is cut to its beginning and end; the other stream is shown whole
    /// where it came.
    @Test func eachStreamKeepsItsOwnBeginningAndEnd() {
        var runs = [OutputRun(isError: true, text: "starting\n")]
        runs.append(OutputRun(isError: false, text: (1...500).map { "line \($0)\n" }.joined()))
        runs.append(OutputRun(isError: true, text: "finished\n"))
        let lines = OutputExcerpt(runs).lines(style: Style(enabled: false))
        #expect(lines.first == "stderr│ starting")
        #expect(lines[1...100] == ArraySlice((1...100).map { "line \($0)" }))
        #expect(lines[101] == "… 390 more lines not shown …")
        #expect(Array(lines[102...]) == (491...500).map { "line \($0)" } + ["stderr│ finished"])
    }
}
