import Foundation
import Playground
import SegueKit
import SourceText
import TestSupport
import Testing

@testable import LessonKit

/// Every check proves itself: the starter or a listed wrong answer fails it, or `pack check`
/// warns by name at the check's line. Every choice keeps its identity across languages.
@Suite("pack check: checks that prove themselves")
struct CheckProofTests {
    static let exercise = """

        ## Offers {#offers}

        ```step
        kind: exercise
        checks:
          - output-contains: Offers
          - trace: { kind: perform, identifier: showOffers }
        hints: [Perform it.]
        wrong-answers:
          - replace: print("Offers")
            with: print("Offer")
        ```

        ```swift starter
        performSegue("showOffers")
        ```

        ```swift solution
        performSegue("showOffers")
        print("Offers")
        ```

        """

    /// Performs the segue when the code names it; prints what the code prints.
    static let runner = ScriptedRunner { request in
        let code = request.learnerCode
        let trace =
            code.contains("showOffers")
            ? [TraceEvent(event: .perform, identifier: "showOffers", source: "A", destination: "B")] : []
        return .ran(code.contains("print(\"Offers\")") ? "Offers\n" : "Offer\n", trace: trace)
    }

    @Test func aCheckNothingFailsIsWarnedByNameAtItsLine() async throws {
        let dir = TemporaryDirectory()
        let pack = try #require(try PackBuilder(lesson: lessonFile(Self.exercise)).load(in: dir).pack)
        let diagnostics = await PackChecker.checkDynamically(pack, runner: Self.runner).map(\.description)
        // The starter and the wrong answer both perform the segue: the trace check never fails.
        #expect(
            diagnostics == [
                "p/lessons/01-a.md:12:5: warning: check \"navigation includes perform 'showOffers'\" never fails on the "
                    + "starter or any listed wrong answer: it cannot tell a learner anything (add a wrong answer it "
                    + "rejects, or remove it)"
            ])
    }

    @Test func aWrongAnswerThatFailsTheCheckProvesIt() async throws {
        let dir = TemporaryDirectory()
        let proven = Self.exercise.replacingOccurrences(
            of: "```\n\n```swift starter",
            with: "  - replace: performSegue(\"showOffers\")\n    with: performSegue(\"showOffer\")\n"
                + "```\n\n```swift starter")
        let pack = try #require(try PackBuilder(lesson: lessonFile(proven)).load(in: dir).pack)
        let diagnostics = await PackChecker.checkDynamically(pack, runner: Self.runner).map(\.description)
        #expect(diagnostics == [])
    }

    // MARK: - Choices across languages

    static let choices = """

        ## Who? {#who}

        ```step
        kind: choice
        choices:
          - text: The source, in `prepare(for:sender:)`
            correct: true
          - text: The destination, in `viewDidLoad()`
            feedback: Too late.
          - text: Nobody
        hints: [Think.]
        ```

        """

    func translationDiagnostics(_ french: String) throws -> [String] {
        let directory = TemporaryDirectory()
        var builder = PackBuilder(lesson: lessonFile(Self.choices))
        builder.manifest = builder.manifest.replacingOccurrences(
            of: "lessons: [01-a]", with: "languages: [en, fr]\nlessons: [01-a]")
        builder.files["lessons/fr/01-a.md"] = lessonFile(french)
        return try builder.diagnostics(in: directory).filter { $0.contains("error:") }
    }

    @Test func aTranslationInOtherWordsKeepsEachChoice() throws {
        let french = Self.choices.replacingOccurrences(of: "The source, in", with: "La source, dans")
            .replacingOccurrences(of: "Too late.", with: "Trop tard.")
        #expect(try translationDiagnostics(french) == [])
    }

    @Test func swappedWrongChoicesAreRefused() throws {
        // The two wrong choices swapped: the same correct one, but not the same choices.
        let swapped = Self.choices.replacingOccurrences(
            of: """
                  - text: The destination, in `viewDidLoad()`
                    feedback: Too late.
                  - text: Nobody
                """,
            with: """
                  - text: Nobody
                  - text: The destination, in `viewDidLoad()`
                    feedback: Too late.
                """)
        let errors = try translationDiagnostics(swapped)
        #expect(
            errors == [
                "p/lessons/fr/01-a.md:6:1: error: choice b of step 'who' is not the same choice as in "
                    + "p/lessons/01-a.md (a translation keeps each choice in its place, in other words): it has "
                    + "feedback there only; it names no code here but `viewDidLoad()` there"
            ])
    }

    @Test func choiceIDsMustMatchWhenGiven() throws {
        var english = Self.choices
        english = english.replacingOccurrences(of: "  - text: Nobody", with: "  - text: Nobody\n    id: nobody")
        let directory = TemporaryDirectory()
        var builder = PackBuilder(lesson: lessonFile(english))
        builder.manifest = builder.manifest.replacingOccurrences(
            of: "lessons: [01-a]", with: "languages: [en, fr]\nlessons: [01-a]")
        builder.files["lessons/fr/01-a.md"] = lessonFile(
            english.replacingOccurrences(of: "id: nobody", with: "id: personne"))
        let errors = try builder.diagnostics(in: directory).filter { $0.contains("error:") }
        #expect(errors.count == 1)
        #expect(errors.first?.hasSuffix("its id is 'personne' here but 'nobody' there") == true, "\(errors)")
    }
}
