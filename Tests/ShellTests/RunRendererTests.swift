import Localization
import Playground
import SegueKit
import SourceText
import TestSupport
import Testing

@testable import LessonKit
@testable import Shell

@Suite struct RunRendererTests {
    @Test func navigationCausedByTheChecksIsShownApartFromTheLearners() {
        let run = RunResult.ran(trace: [
            TraceEvent(event: .instantiate, destination: "ShelfViewController"),
            TraceEvent(event: .push, source: "ShelfViewController", destination: "BookViewController"),
            // The harness opens a fresh app of its own to probe the learner's classes.
            TraceEvent(event: .note, properties: ["seguelab": "checks"]),
            TraceEvent(event: .push, source: "ShelfViewController", destination: "AuthorViewController")
        ])
        let lines = RunRenderer(style: Style(enabled: false)).lines(run)
        #expect(
            lines == [
                "Navigation:", "  push ShelfViewController → BookViewController",
                "While checking:", "  push ShelfViewController → AuthorViewController"
            ])
    }

    /// A step's hidden prelude is the step's: what it did is under its own heading, and the
    /// learner's navigation starts after it, with the controller their segue made.
    @Test func whatAStepsSetUpDidIsShownAsTheSteps() {
        let run = RunResult.ran(trace: [
            TraceEvent(event: .instantiate, destination: "ShelfViewController"),
            TraceEvent(event: .push, source: "ShelfViewController", destination: "AuthorViewController"),
            TraceEvent(event: .note, properties: ["seguelab": "setup"]),
            TraceEvent(event: .instantiate, destination: "BookViewController"),
            TraceEvent(event: .push, source: "ShelfViewController", destination: "BookViewController")
        ])
        #expect(
            RunRenderer(style: Style(enabled: false)).lines(run) == [
                "Set up by the step:", "  push ShelfViewController → AuthorViewController",
                "Navigation:", "  instantiate → BookViewController", "  push ShelfViewController → BookViewController"
            ])
    }

    /// Checks that drive the learner's screens just as the program did would print the same
    /// navigation twice: it is said once.
    @Test func checksThatRepeatTheProgramAreNotShownAgain() {
        let push = TraceEvent(event: .push, source: "ShelfViewController", destination: "BookViewController")
        let run = RunResult.ran(trace: [push, TraceEvent(event: .note, properties: ["seguelab": "checks"]), push])
        #expect(
            RunRenderer(style: Style(enabled: false)).lines(run) == [
                "Navigation:", "  push ShelfViewController → BookViewController"
            ])
    }

    /// UIKit gives up on an unwind nobody handles without a word; the trace line says whom it
    /// asked. Other events' messages (a relationship's name) stay out of the line.
    @Test func anUnhandledUnwindSaysWhomUIKitAsked() {
        let outcome = RunResult.ran(trace: [
            TraceEvent(event: .present, source: "ShelfViewController", destination: "UINavigationController"),
            TraceEvent(
                event: .relationship, source: "UINavigationController", destination: "ReviewComposerViewController",
                message: "rootViewController"),
            TraceEvent(
                event: .unwind, identifier: "saveReview", source: "ReviewComposerViewController",
                action: "unwindToShelf:",
                properties: [TraceEvent.unwindAskedProperty: "UINavigationController"],
                message:
                    "no view controller handles unwindToShelf: (asked, above the source ReviewComposerViewController: UINavigationController)"
            )
        ])
        let lines = RunRenderer(style: Style(enabled: false)).lines(outcome)
        #expect(lines.contains("  relationship UINavigationController → ReviewComposerViewController"))
        #expect(
            lines.last
                == "  unwind 'saveReview' ReviewComposerViewController — no view controller handles unwindToShelf: "
                + "(asked, above the source ReviewComposerViewController: UINavigationController)")
        // In French, in French; the names stay.
        let french = RunRenderer(style: Style(enabled: false), catalog: Catalog(language: "fr")).lines(outcome)
        #expect(
            french.last
                == "  unwind 'saveReview' ReviewComposerViewController — aucun contrôleur de vue ne traite unwindToShelf: "
                + "(interrogés, au-dessus de la source ReviewComposerViewController\u{00A0}: UINavigationController)")
    }

    /// A handled unwind names its action as the storyboard stores it, the selector a lesson asks for.
    @Test func aHandledUnwindNamesItsActionsSelector() {
        let outcome = RunResult.ran(trace: [
            TraceEvent(
                event: .unwindAction, identifier: "saveReview", segueKind: .unwind,
                source: "ReviewComposerViewController", destination: "ShelfViewController", action: "unwindToShelf:"),
            TraceEvent(
                event: .unwind, identifier: "saveReview", segueKind: .unwind, source: "ReviewComposerViewController",
                destination: "ShelfViewController", action: "unwindToShelf:")
        ])
        for catalog in [Catalog.english, Catalog(language: "fr")] {
            let lines = RunRenderer(style: Style(enabled: false), catalog: catalog).lines(outcome)
            #expect(
                lines.suffix(2) == [
                    "  unwindAction 'saveReview' ReviewComposerViewController → ShelfViewController action unwindToShelf:",
                    "  unwind 'saveReview' ReviewComposerViewController → ShelfViewController action unwindToShelf:"
                ])
        }
    }

    /// A warning (UIKit's console line) and a program's own note say what they say, among the transitions.
    @Test func warningsAndNotesShowTheirText() {
        let outcome = RunResult.ran(trace: [
            TraceEvent(event: .warning, message: "Unknown class ModelViewController in Interface Builder file."),
            TraceEvent(event: .instantiate, destination: "UIViewController"),
            TraceEvent(
                event: .prepare, identifier: "showBook", source: "ShelfViewController", destination: "UIViewController"),
            TraceEvent(event: .note, message: "ShelfViewController.dispatchPrepare(segueID:destination:)"),
            // A pop's message repeats what its fields already say.
            TraceEvent(
                event: .pop, source: "BookViewController", destination: "ShelfViewController",
                message: "BookViewController")
        ])
        let lines = RunRenderer(style: Style(enabled: false)).lines(outcome)
        #expect(
            lines == [
                "Navigation:",
                "  warning Unknown class ModelViewController in Interface Builder file.",
                "  instantiate → UIViewController",
                "  prepare 'showBook' ShelfViewController → UIViewController",
                "  note ShelfViewController.dispatchPrepare(segueID:destination:)",
                "  pop BookViewController → ShelfViewController"
            ])
    }

    /// Two methods calling each other until the stack overflows leave one event per call; the
    /// navigation is cut like long output, keeping its beginning and its end.
    @Test func aRunawayTraceShowsItsBeginningAndEnd() {
        let outcome = RunResult.ran(trace: (1...5_000).map { TraceEvent(event: .note, message: "call \($0)") })
        let lines = RunRenderer(style: Style(enabled: false)).lines(outcome)
        #expect(lines.count < 150)
        #expect(lines.prefix(2) == ["Navigation:", "  note call 1"])
        #expect(lines.contains { $0.hasPrefix("… ") && $0.hasSuffix(" more lines not shown …") })
        #expect(lines.last == "  note call 5000")
    }

    /// Every event is named by SegueKit's own kind, with what it carries: a cancelled segue's
    /// answer, an exception's name, the values a push handed over.
    @Test func eventsSayWhatTheyCarry() {
        let events = [
            TraceEvent(
                seq: 7, event: .shouldPerform, identifier: "showProduct", segueKind: .show,
                source: "ListViewController", answer: false),
            TraceEvent(
                seq: 9, event: .prepare, identifier: "showProduct", segueKind: .show, source: "ListViewController",
                destination: "ProductViewController"),
            TraceEvent(
                seq: 11, event: .push, source: "ListViewController", destination: "ProductViewController",
                controller: "UINavigationController", properties: ["product": "Lamp", "count": "2"]),
            TraceEvent(
                seq: 20, event: .exception, message: "Pushing a navigation controller is not supported",
                exception: "NSInvalidArgumentException")
        ]
        #expect(
            RunRenderer(style: Style(enabled: false)).lines(RunResult.ran(trace: events)) == [
                "Navigation:",
                "  shouldPerform 'showProduct' ListViewController: no, cancelled",
                "  prepare 'showProduct' ListViewController → ProductViewController",
                "  push ListViewController → ProductViewController (count=2, product=Lamp)",
                "  exception NSInvalidArgumentException: Pushing a navigation controller is not supported"
            ])
        // A segue's answer is the shell's word; the event's kind and UIKit's message are not.
        #expect(
            RunRenderer(style: Style(enabled: false), catalog: Catalog(language: "fr")).lines(
                RunResult.ran(trace: events)
            ).prefix(2) == [
                "Navigation\u{00A0}:",
                "  shouldPerform 'showProduct' ListViewController\u{00A0}: non, annulé"
            ])
    }

    /// The final screen is the one the learner sees, not the container around it: a presented
    /// navigation controller is named as the frame of its top screen, with what it covers.
    @Test func theFinalScreenIsTheVisibleControllerNotItsContainer() {
        let shelf = ControllerNode(className: "SegueLabApp.ShelfViewController")
        let pushed = ControllerNode(
            className: "UINavigationController", container: .navigation,
            children: [shelf, ControllerNode(className: "SegueLabApp.BookViewController")])
        #expect(RunRenderer.finalScreen(HierarchySnapshot(root: pushed)) == "BookViewController")
        let editor = ControllerNode(
            className: "UINavigationController", container: .navigation,
            children: [ControllerNode(className: "EditorViewController")])
        let presenting = ControllerNode(
            className: "UINavigationController", container: .navigation, children: [shelf], presented: editor)
        #expect(
            RunRenderer.finalScreen(HierarchySnapshot(root: presenting))
                == "EditorViewController (in a UINavigationController presented over ShelfViewController)")
        let alert = ControllerNode(
            className: "UINavigationController", container: .navigation, children: [shelf],
            presented: ControllerNode(className: "UIAlertController"))
        #expect(
            RunRenderer.finalScreen(HierarchySnapshot(root: alert))
                == "UIAlertController (presented over ShelfViewController)")
        let tabs = ControllerNode(
            className: "UITabBarController", container: .tabBar,
            children: [
                ControllerNode(className: "FeedViewController"), ControllerNode(className: "ProfileViewController")
            ],
            selectedIndex: 1)
        #expect(RunRenderer.finalScreen(HierarchySnapshot(root: tabs)) == "ProfileViewController")
        #expect(RunRenderer.finalScreen(HierarchySnapshot(root: nil)) == nil)
    }

    /// A modal inside a navigation controller: a `destination` prediction and "Final screen:"
    /// give one answer, SegueKit's.
    @Test func aDestinationPredictionAndTheFinalScreenAgreeOnAModalInANavigationController() throws {
        let shelf = ControllerNode(className: "SegueLabApp.ShelfViewController")
        let editor = ControllerNode(
            className: "UINavigationController", container: .navigation,
            children: [ControllerNode(className: "SegueLabApp.EditorViewController")])
        let root = ControllerNode(
            className: "UINavigationController", container: .navigation, children: [shelf],
            presented: editor)
        let snapshot = TraceEvent(event: .snapshot, snapshot: HierarchySnapshot(root: root))
        let run = RunResult.ran(trace: [
            TraceEvent(
                event: .present, source: "SegueLabApp.ShelfViewController",
                destination: "UINavigationController"), snapshot
        ])
        let asked = Prediction(target: .destination)
        #expect(PredictKind.judge("EditorViewController", of: asked, run: run).passed)
        let wrong = PredictKind.judge("UINavigationController", of: asked, run: run)
        #expect(wrong.feedback == ["the navigation did not end on UINavigationController"])
        let lines = RunRenderer(style: Style(enabled: false)).lines(run, output: "")
        #expect(
            lines.last
                == "Final screen: EditorViewController (in a UINavigationController presented over ShelfViewController)"
        )
    }

    /// In French, the final screen's frame and a crash's kind are French; class names are not.
    @Test func theFinalScreenAndACrashsKindFollowTheLanguage() {
        let french = Catalog(language: "fr")
        let shelf = ControllerNode(className: "SegueLabApp.ShelfViewController")
        let editor = ControllerNode(
            className: "UINavigationController", container: .navigation,
            children: [ControllerNode(className: "EditorViewController")])
        let presenting = ControllerNode(
            className: "UINavigationController", container: .navigation, children: [shelf], presented: editor)
        #expect(
            RunRenderer.finalScreen(HierarchySnapshot(root: presenting), catalog: french)
                == "EditorViewController (dans un UINavigationController présenté par-dessus ShelfViewController)")
        let renderer = RunRenderer(style: Style(enabled: false), catalog: french)
        let fatal = CrashReport(kind: .fatalError, message: "boom")
        #expect(
            renderer.ending(crash: fatal, termination: .signaled(4), stopReason: nil) == [
                "Le programme a planté (erreur fatale)\u{00A0}: boom"
            ])
        let exception = CrashReport(
            kind: .uikitException, message: "no segue", exceptionName: "NSInvalidArgumentException")
        #expect(
            renderer.ending(crash: exception, termination: .signaled(6), stopReason: nil)
                == ["Le programme a planté (NSInvalidArgumentException)\u{00A0}: no segue"])
    }

    /// How a program ended is said once, in one sentence, with the learner's line when known.
    @Test func aCrashIsOneSentence() {
        let renderer = RunRenderer(style: Style(enabled: false))
        let trap = CrashReport(kind: .other, message: "Trapped")
        #expect(
            renderer.ending(crash: trap, termination: .signaled(5), stopReason: nil) == ["The program crashed: Trapped"]
        )
        let unwrap = CrashReport(
            kind: .forceUnwrapNil, message: "Unexpectedly found nil",
            location: SourceLocation(file: "main.swift", line: 4, column: 7))
        #expect(
            renderer.ending(crash: unwrap, termination: .signaled(4), stopReason: nil)
                == ["The program crashed (force-unwrap of nil): Unexpectedly found nil", "  at main.swift:4:7"])
        #expect(
            renderer.ending(crash: nil, termination: .exited(3), stopReason: nil) == [
                "The program exited with status 3."
            ])
    }

    /// A quoted source line wider than the terminal is broken like code, never respaced, and
    /// the caret stands under the column the compiler named, on the piece that holds it.
    @Test func aWideSourceLineKeepsItsCaretUnderTheColumn() {
        let source = "shelf.performSegue(withIdentifier: ShelfViewController.SegueIdentifier.showBasket, sender: nil)"
        let column = (source.range(of: "ShelfViewController.")!.lowerBound.utf16Offset(in: source)) + 1
        let diagnostic = Diagnostic(
            file: "prompt.swift", line: 1, column: column, severity: .error,
            message: "cannot convert value")
        let lines = RunRenderer(style: Style(enabled: false), width: 60).render(diagnostic, source: source)
        #expect(
            lines == [
                "prompt.swift:1:\(column): error: cannot convert value",
                "    shelf.performSegue(withIdentifier:",
                "  ↪     ShelfViewController.SegueIdentifier.showBasket,",
                "        ^",
                "  ↪     sender: nil)"
            ])
        // As wide as it is when it fits.
        let wide = RunRenderer(style: Style(enabled: false), width: 200).render(diagnostic, source: source)
        #expect(wide.last == "    " + String(repeating: " ", count: column - 1) + "^")
    }

    /// The compiler's column counts UTF-8 bytes: after `é` or `→` the caret still stands under
    /// the character it names, on a whole line and on a wrapped one.
    @Test func theCaretCountsCharactersNotBytes() throws {
        let source = "let titre = \"Étagère → Livre\" + 1"
        let column = source.utf8.count  // the `1`, as the compiler counts
        let diagnostic = Diagnostic(file: "prompt.swift", line: 1, column: column, severity: .error, message: "no")
        let lines = RunRenderer(style: Style(enabled: false), width: 200).render(diagnostic, source: source)
        #expect(lines.last == "    " + String(repeating: " ", count: source.count - 1) + "^")
        let long = "shelf.performSegue(withIdentifier: \"Étagère → Livre\", sender: \"é\" + ShelfViewController.title)"
        let inContinuation = long.utf8.count - "ShelfViewController.title)".utf8.count + 1
        let wrapped = RunRenderer(style: Style(enabled: false), width: 60)
            .render(
                Diagnostic(file: "prompt.swift", line: 1, column: inContinuation, severity: .error, message: "no"),
                source: long)
        let caret = try #require(wrapped.firstIndex { $0.hasSuffix("^") })
        let above = Array(wrapped[caret - 1])
        #expect(String(above[(wrapped[caret].count - 1)...]).hasPrefix("ShelfViewController"), "\(wrapped)")
    }

    /// On an indented line broken into several pieces, every column the compiler can name gets
    /// its caret under that very character, in the piece holding it, just below that piece.
    @Test func theCaretStandsUnderEveryColumnOfAWrappedLine() throws {
        let sources = [
            "        let screen = segue.destination as! BookViewController; screen.book = selectedBook; "
                + "print(screen.book.title, terminator: \"\")",
            String(repeating: " ", count: 28) + "navigation.pushViewController(BookViewController(), animated: false)  "
                + "// pushed   by hand",
            "print(\"" + String(repeating: "x", count: 70) + "\", separator: \"\")"
        ]
        for (source, width) in sources.flatMap({ source in [40, 57, 80].map { (source, $0) } }) {
            let characters = Array(source)
            for column in 1...characters.count where characters[column - 1] != " " {
                let lines = RunRenderer(style: Style(enabled: false), width: width)
                    .render(
                        Diagnostic(file: "a.swift", line: 1, column: column, severity: .error, message: "no"),
                        source: source)
                let carets = lines.indices.filter {
                    lines[$0].hasSuffix("^") && lines[$0].allSatisfy { $0 == " " || $0 == "^" }
                }
                try #require(carets.count == 1, "width \(width), column \(column): \(lines)")
                let piece = Array(lines[carets[0] - 1])
                let offset = lines[carets[0]].count - 1
                #expect(
                    offset < piece.count && piece[offset] == characters[column - 1],
                    "width \(width), column \(column): \(lines)")
                #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
            }
        }
    }

    /// present and dismiss name the presenting controller UIKit uses (the navigation controller
    /// that owns the presentation) and each container with the screen it shows first, so a
    /// navigation controller presented over another reads apart from it.
    @Test func presentAndDismissNameThePresenterAndTheContainersScreens() {
        let events = [
            TraceEvent(event: .instantiate, destination: "UINavigationController"),
            TraceEvent(event: .instantiate, destination: "App.ShelfViewController"),
            TraceEvent(event: .relationship, source: "UINavigationController", destination: "App.ShelfViewController"),
            TraceEvent(event: .setRoot, destination: "UINavigationController"),
            TraceEvent(event: .prepare, identifier: "write", source: "App.ShelfViewController", destination: "x"),
            TraceEvent(event: .instantiate, destination: "UINavigationController"),
            TraceEvent(event: .instantiate, destination: "App.ComposerViewController"),
            TraceEvent(
                event: .relationship, source: "UINavigationController", destination: "App.ComposerViewController"),
            TraceEvent(
                event: .present, source: "App.ShelfViewController", destination: "UINavigationController",
                controller: "UINavigationController"),
            TraceEvent(
                event: .present, source: "App.ShelfViewController", destination: "App.BasketViewController",
                controller: "UINavigationController"),
            TraceEvent(
                event: .dismiss, source: "App.BasketViewController", destination: "UINavigationController",
                controller: "UINavigationController")
        ].enumerated().map { index, event in
            var event = event
            event.seq = index + 1
            return event
        }
        let lines = RunRenderer(style: Style(enabled: false)).picture(of: events)
        #expect(
            lines.filter { $0.hasPrefix("  present") || $0.hasPrefix("  dismiss") } == [
                "  present UINavigationController[ShelfViewController] → UINavigationController[ComposerViewController]",
                "  present UINavigationController[ComposerViewController] → BasketViewController",
                "  dismiss BasketViewController → UINavigationController[ShelfViewController]"
            ], "\(lines)")
    }

    /// A trace that starts at `performSegue` (no shouldPerform) shows the destination being made.
    @Test func aTraceStartingAtPerformSegueShowsItsDestinationMade() {
        let events = [
            TraceEvent(event: .instantiate, destination: "ShelfViewController"),
            TraceEvent(event: .viewDidLoad, controller: "ShelfViewController"),
            TraceEvent(event: .instantiate, destination: "AuthorViewController"),
            TraceEvent(event: .prepare, identifier: "showAuthor", source: "ShelfViewController", destination: "A"),
            TraceEvent(event: .push, source: "ShelfViewController", destination: "AuthorViewController")
        ]
        let lines = RunRenderer(style: Style(enabled: false)).picture(of: events)
        #expect(lines.dropFirst().first == "  instantiate → AuthorViewController", "\(lines)")
        #expect(!lines.contains("  instantiate → ShelfViewController"))
    }

    /// A lesson's run marks the program's stderr as `run FILE` does.
    @Test func aLessonsRunMarksStandardError() {
        var run = RunResult.ran("out\n")
        run.stderr = "oops\n"
        let lines = RunRenderer(style: Style(enabled: false)).lines(run, output: "out\n")
        #expect(lines == ["out", OutputExcerpt.errorMark + "oops"], "\(lines)")
    }

    /// A screen inside a navigation controller inside a presented split view names both.
    @Test func theFinalScreenNamesASplitViewAroundIt() {
        let basket = ControllerNode(
            className: "UINavigationController", container: .navigation,
            children: [ControllerNode(className: "App.BasketViewController")])
        let split = ControllerNode(
            className: "UISplitViewController", container: .split,
            children: [ControllerNode(className: "App.BooksViewController"), basket])
        let root = ControllerNode(
            className: "UINavigationController", container: .navigation,
            children: [ControllerNode(className: "App.ShelfViewController")], presented: split)
        let screen = RunRenderer.finalScreen(HierarchySnapshot(root: root))
        #expect(
            screen
                == "BasketViewController (in a UINavigationController in a UISplitViewController presented over "
                + "ShelfViewController)")
    }
}
