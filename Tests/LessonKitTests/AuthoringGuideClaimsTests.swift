import Foundation
import Playground
import SegueKit
import SourceText
import TestSupport
import Testing

@testable import LessonKit

/// What docs/authoring.md tells authors, each claim as the code does it.
@Suite("the authoring guide's claims")
struct AuthoringGuideClaimsTests {
    @Test func predictionsCompareTheFirstLetterOfEachWordCaseBlindAndTheRestExactly() {
        // "Letter case counts, except the first letter of each word".
        #expect(AnswerEquivalence.predictionDifference(predicted: "on screen: dune", actual: "On screen: Dune") == nil)
        #expect(AnswerEquivalence.predictionDifference(predicted: "showbasket", actual: "showBasket") != nil)
        #expect(AnswerEquivalence.predictionDifference(predicted: "DUNE", actual: "Dune") != nil)
    }

    @Test func theLearnerIsToldOnlyTheFirstFailingChecksMessageInTheOrderWritten() {
        let here = SourceLocation(file: "l.md", line: 1)
        let checks = [
            CheckSpec(.outputContains("Pushed"), at: here), CheckSpec(.topOfStack("DetailViewController"), at: here)
        ]
        let run = RunResult.ran("nothing\n", endState: EndState(topOfStack: "ListViewController"))
        let verdict = CheckEvaluator.evaluate(checks, run: run)
        #expect(verdict.results.map(\.status) == [.fail, .fail])
        #expect(verdict.feedback == [verdict.results[0].message])
        let reversed = CheckEvaluator.evaluate(checks.reversed(), run: run)
        #expect(reversed.feedback == [reversed.results[0].message])
        #expect(reversed.feedback != verdict.feedback)
    }

    @Test func theImpliedChecksComeBeforeTheAuthorsAndAHarnessLast() throws {
        let body = """

            ## Go {#go}

            ```step
            kind: exercise
            checks:
              - output: hello
            hints: [Print it.]
            ```

            ```swift starter
            print("")
            ```

            ```swift solution
            print("hello")
            ```

            ```swift harness
            check("greeted", true)
            ```

            """
        let pack = try #require(try PackBuilder(lesson: lessonFile(body)).load(in: TemporaryDirectory()).pack)
        let step = try #require(pack.lessons.first?.steps.first)
        let order = CheckEvaluator.effectiveChecks(for: step).map(\.check)
        #expect(order == [.compiles, .exitStatus(0), .outputEquals("hello"), .harness(required: [])])
    }

    @Test func aTraceCheckSeesTheLaunchAndADestinationInsideANavigationControllerByClassDotProperty() {
        let here = SourceLocation(file: "l.md", line: 1)
        let launch = TraceEvent(event: .viewDidLoad, controller: "ListViewController")
        let prepared = TraceEvent(
            event: .prepare, identifier: "showNote", source: "ListViewController",
            destination: "UINavigationController", properties: ["NoteViewController.note": "Groceries"])
        let run = RunResult.ran(trace: [launch, prepared])
        let checks = [
            CheckSpec(.trace(TracePattern(kind: .viewDidLoad, source: "ListViewController")), at: here),
            CheckSpec(
                .trace(TracePattern(kind: .prepare, properties: ["NoteViewController.note": "Groceries"])), at: here)
        ]
        #expect(CheckEvaluator.evaluate(checks, run: run).passed)
        let bare = [CheckSpec(.trace(TracePattern(kind: .prepare, properties: ["note": "Groceries"])), at: here)]
        #expect(!CheckEvaluator.evaluate(bare, run: run).passed)
    }

    @Test func aFailedTraceCheckShowsTheNearestTransitionNeverALaunchEvent() {
        let here = SourceLocation(file: "l.md", line: 1)
        let run = RunResult.ran(trace: [
            TraceEvent(event: .instantiate, controller: "ListViewController"),
            TraceEvent(event: .viewDidLoad, controller: "ListViewController"),
            TraceEvent(event: .push, source: "ListViewController", destination: "AuthorViewController")
        ])
        let check = CheckSpec(.trace(TracePattern(kind: .push, destination: "DetailViewController")), at: here)
        let message = CheckEvaluator.evaluate([check], run: run).feedback.first ?? ""
        #expect(message.contains("AuthorViewController"), "\(message)")
        #expect(!message.contains("viewDidLoad") && !message.contains("instantiate"), "\(message)")
    }

    @Test func aLessonThatSaysTypeNextIsWarnedInItsLanguage() throws {
        let directory = TemporaryDirectory()
        var builder = PackBuilder(lesson: lessonFile("\n## A {#a}\n\nRead this. Type `next` to continue.\n"))
        builder.manifest = builder.manifest.replacingOccurrences(
            of: "lessons: [01-a]", with: "languages: [en, fr]\nlessons: [01-a]")
        builder.files["lessons/fr/01-a.md"] = lessonFile("\n## A {#a}\n\nTapez `next` pour continuer.\n")
        var files = builder.files
        files["pack.yaml"] = builder.manifest
        let root = try directory.write(files, under: "p")
        let found = PackChecker.checkStatically(at: root).diagnostics.map(\.description)
        #expect(
            found == [
                "p/lessons/01-a.md:8:12: warning: \"Type `next` to continue.\" is what the shell says after every "
                    + "step: learners would read it twice; leave it out",
                "p/lessons/fr/01-a.md:8:1: warning: \"Tapez `next` pour continuer.\" is what the shell says after "
                    + "every step: learners would read it twice; leave it out"
            ])
    }

    @Test func aChoiceHoldingAColonIsAnErrorThatShowsTheLineQuoted() throws {
        let body = """

            ## Who? {#who}

            ```step
            kind: choice
            choices:
              - text: Note: the destination already exists
                correct: true
              - text: Nobody
                feedback: Someone does.
            hints: [Think.]
            ```

            """
        let found = try PackBuilder(lesson: lessonFile(body)).diagnostics(in: TemporaryDirectory())
        #expect(found.count == 1, "\(found)")
        #expect(
            found.first?.hasPrefix("p/lessons/01-a.md:11:15: error: invalid YAML: mapping values are not allowed")
                == true, "\(found)")
        #expect(
            found.first?.hasSuffix("must be quoted:   - text: \"Note: the destination already exists\"") == true,
            "\(found)")
    }

    @Test func theStarterPackLeavesTypeNextToTheShell() throws {
        let folder = TemporaryDirectory().url.appendingPathComponent("course")
        let written = try PackTemplate.write(to: folder)
        for url in written where url.pathExtension == "md" {
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(!text.contains("Type `next`"), "\(url.lastPathComponent): the shell says it after every step")
        }
    }
}
