import Foundation
import Localization
import Playground
import SegueKit
import SourceText
import TestSupport
import Testing

@testable import LessonKit

/// `source` checks judge how the learner's code is written, where the run cannot tell the
/// technique from the mistake; wrong answers' `feedback` reaches the learner who makes them.
@Suite("Source checks and wrong answers' feedback")
struct SourceCheckTests {
    static let enumPrepare = """
        class Shelf: UIViewController, SegueHandler {
            override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                switch segueIdentifier(for: segue) {
                case .showBook: print("book")
                case .showAuthor: break
                }
                super.prepare(for: segue, sender: sender)
            }
        }
        """

    // MARK: - The rules

    @Test func aStringComparedWithTheIdentifierIsFoundAtTheLearnersLine() {
        let code = """
            class Shelf: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    if segue.identifier == "showBook" {
                        print("book")
                    }
                }
            }
            """
        #expect(
            SourceRule.noStringIdentifier.judge(code)
                == .broken(SourceRuleFinding(line: 3, column: 12, text: "if segue.identifier == \"showBook\" {")))
        #expect(SourceRule.noStringIdentifier.judge(Self.enumPrepare) == .holds)
    }

    @Test func everyFormOfStringComparisonIsFound() {
        let forms = [
            "if \"showBook\" == segue.identifier { }",
            "if segue.identifier! != \"showBook\" { }",
            "switch segue.identifier {\ncase \"showBook\": break\ndefault: break\n}",
            "if let id = segue.identifier, id == \"showBook\" { }",
            "guard let name = segue.identifier else { return }\nswitch name {\ncase \"a\": break\ndefault: break\n}",
            "if case \"showBook\" = segue.identifier { }",
            "let same = (segue.identifier ?? \"\") == \"showBook\"",
            "performSegue(withIdentifier: \"showBook\", sender: nil)"
        ]
        for form in forms {
            let code = "func f(segue: UIStoryboardSegue) {\n\(form)\n}"
            guard case .broken = SourceRule.noStringIdentifier.judge(code) else {
                Issue.record("not found: \(form)")
                continue
            }
        }
        // A string compared with something else is not the segue's identifier.
        #expect(SourceRule.noStringIdentifier.judge("if title == \"showBook\" { }") == .holds)
    }

    @Test func aSwitchOverAStringIsFoundAndOneOverTheEnumIsNot() {
        let code = "switch name {\ncase .a: break\ncase \"b\": break\ndefault: break\n}"
        #expect(
            SourceRule.noStringSwitch.judge(code)
                == .broken(SourceRuleFinding(line: 3, column: 6, text: "case \"b\": break")))
        #expect(SourceRule.noStringSwitch.judge(Self.enumPrepare) == .holds)
    }

    @Test func callsAreFoundByNameLabelsAndEnclosingFunction() throws {
        let superPrepare = try #require(FunctionName("super.prepare(for:sender:)"))
        let mapping = try #require(FunctionName("segueIdentifier(for:)"))
        let prepare = try #require(FunctionName("prepare(for:sender:)"))
        #expect(SourceRule.calls(superPrepare, inFunction: nil).judge(Self.enumPrepare) == .holds)
        #expect(SourceRule.calls(mapping, inFunction: prepare).judge(Self.enumPrepare) == .holds)
        let withoutSuper = Self.enumPrepare.replacingOccurrences(
            of: "super.prepare(for: segue, sender: sender)", with: "")
        #expect(SourceRule.calls(superPrepare, inFunction: nil).judge(withoutSuper) == .missing)
        // A call outside the named function does not count, nor one with other labels.
        let elsewhere = "func other(segue: UIStoryboardSegue) { _ = segueIdentifier(for: segue) }"
        #expect(SourceRule.calls(mapping, inFunction: prepare).judge(elsewhere) == .missing)
        #expect(SourceRule.calls(mapping, inFunction: nil).judge("_ = segueIdentifier(of: segue)") == .missing)
        #expect(FunctionName("prepare(for sender:)") == nil)
        #expect(FunctionName("1prepare") == nil)
    }

    @Test func conformanceAndForceCastsAreFound() {
        #expect(SourceRule.conforms("SegueHandler").judge(Self.enumPrepare) == .holds)
        #expect(SourceRule.conforms("SegueHandler").judge("class Shelf: UIViewController {}") == .missing)
        #expect(SourceRule.conforms("SegueHandler").judge("extension Shelf: SegueHandler {}") == .holds)
        let cast = "let screen = segue.destination as! BookViewController\nlet other = x as? Author"
        #expect(
            SourceRule.noForceCast("BookViewController").judge(cast)
                == .broken(
                    SourceRuleFinding(
                        line: 1, column: 32, text: "let screen = segue.destination as! BookViewController")))
        #expect(SourceRule.noForceCast("AuthorViewController").judge(cast) == .holds)
        if case .broken = SourceRule.noForceCast(nil).judge(cast) {} else { Issue.record("any force cast not found") }
        #expect(SourceRule.noForceCast(nil).judge("let a = x as? Book") == .holds)
        #expect(SourceRule.assigns("books").judge("if let target { target.books = basket }") == .holds)
        #expect(SourceRule.assigns("books").judge("if let target { // target.books = basket\n}") == .missing)
        #expect(SourceRule.assigns("target.books").judge("other.books = basket") == .missing)
        #expect(SourceRule.uses("segue.identifier").judge("return \"Segue \" + (segue.identifier ?? \"?\")") == .holds)
        #expect(SourceRule.uses("segue.identifier").judge("return \"Segue \" // segue.identifier") == .missing)
        #expect(SourceRule.declares("showWriter").judge("enum S: String { case showBook, showWriter }") == .holds)
        #expect(SourceRule.declares("showWriter").judge("enum S: String { case showBook, showWritter }") == .missing)
    }

    // MARK: - In a pack

    static let stepWithSourceChecks = """

        ## Switch {#switch}

        ```step
        kind: exercise
        checks:
          - output-contains: book
          - source: no-string-identifier
          - source: {calls: "super.prepare(for:sender:)", in: "prepare(for:sender:)"}
          - source: {calls: "segueIdentifier(for:)"}
        wrong-answers:
          - replace: "switch segueIdentifier(for: segue) {"
            with: "switch segue.identifier {"
            feedback: "The switch is over the String again."
          - replace: "super.prepare(for: segue, sender: sender)"
            with: ""
            feedback: "The other segues lose what the base class gives them."
          - replace: "switch segueIdentifier(for: segue) {"
            with: 'if segue.identifier == "showBook" {}; switch segueIdentifier(for: segue) {'
        hints: [h]
        ```

        ```swift starter
        print("start")
        ```

        ```swift solution
        \(Self.enumPrepare)
        ```

        """

    @Test func aLearnersStringComparisonFailsWithTheirOwnLineQuoted() async throws {
        let pack = try PackBuilder.loaded(Self.stepWithSourceChecks)
        let step = try #require(pack.lessons.first?.steps.first)
        let judge = AnswerJudge(pack: pack, runner: ScriptedRunner { _ in .ran("book\n") })
        let solution = try #require(step.code(.solution))
        #expect(await judge.judge(.code(solution), for: step).passed)
        let stringly = solution.replacingOccurrences(
            of: "switch segueIdentifier(for: segue) {", with: "switch segue.identifier {"
        ).replacingOccurrences(of: "case .showBook:", with: "case \"showBook\":")
        let verdict = await judge.judge(.code(stringly), for: step)
        #expect(verdict.status == .fail)
        #expect(
            verdict.firstFailure?.message
                == "line 4 still compares a string with the segue's identifier: `case \"showBook\": print(\"book\")`; this step is about not spelling identifiers as strings"
        )
        // The listed mistake's own feedback follows the judge's reason.
        #expect(verdict.feedback.contains("The switch is over the String again."))
        let french = AnswerJudge(
            pack: pack, runner: ScriptedRunner { _ in .ran("book\n") }, catalog: Catalog(language: "fr"))
        #expect(
            await french.judge(.code(stringly), for: step).firstFailure?.message.hasPrefix(
                "la ligne 4 compare encore une chaîne") == true)
        let noSuper = solution.replacingOccurrences(of: "super.prepare(for: segue, sender: sender)", with: "")
        let forgot = await judge.judge(.code(noSuper), for: step)
        #expect(
            forgot.firstFailure?.message
                == "your `prepare(for:sender:)` never calls `super.prepare(for:sender:)`, which this step is about")
        #expect(forgot.feedback.contains("The other segues lose what the base class gives them."))
        #expect(!forgot.feedback.contains("The switch is over the String again."))
        // Code that never had the deleted line (the starter) does not make that mistake.
        let starter = await judge.judge(.code(try #require(step.code(.starter))), for: step)
        #expect(starter.status == .fail)
        #expect(!starter.feedback.contains("The other segues lose what the base class gives them."))
    }

    @Test func packCheckProvesSourceChecksAndThatFeedbackIsSeen() async throws {
        let pack = try PackBuilder.loaded(Self.stepWithSourceChecks)
        let runner = ScriptedRunner { program in
            .ran(program.learnerCode.contains("case .showBook: print(\"book\")") ? "book\n" : "")
        }
        let proven = await PackChecker.checkDynamically(pack, runner: runner).map(\.description)
        #expect(proven == [])
        // A refused wrong answer whose feedback the judge would not show (its replaced text is
        // still in the code, written a second time) is an error at its line.
        let unseen = try PackBuilder.loaded(
            Self.stepWithSourceChecks.replacingOccurrences(
                of: "        super.prepare(for: segue, sender: sender)\n    }\n}\n",
                with: "        super.prepare(for: segue, sender: sender)\n    }\n}\n// print(\"book\") says it\n"
            ).replacingOccurrences(
                of: "  - replace: \"switch segueIdentifier(for: segue) {\"\n    with: \"switch segue.identifier {\"",
                with: "  - replace: 'print(\"book\")'\n    with: 'print(\"look\")'"))
        let unseenDiagnostics = await PackChecker.checkDynamically(unseen, runner: runner).map(\.description)
        #expect(
            unseenDiagnostics == [
                "p/lessons/01-a.md:16:5: error: wrong answer 'print(\"book\") → print(\"look\")' is refused, but its feedback is not shown: the answer does not make the listed mistake as the judge reads it (see `feedback` in docs/authoring.md)"
            ])
    }

    @Test func feedbackOnATypedWrongAnswerIsShownForTheSameAnswerOnly() async throws {
        let pack = try PackBuilder.loaded(
            """

            ## Name {#name}

            ```step
            kind: text
            accept: ["BookViewController"]
            wrong-answers:
              - answer: UIViewController
                feedback: "That is the class the storyboard names, not the one it makes."
              - AuthorViewController
            hints: [h]
            ```

            """)
        let step = try #require(pack.lessons.first?.steps.first)
        let judge = AnswerJudge(pack: pack, runner: ScriptedRunner { _ in .ran() })
        let note = "That is the class the storyboard names, not the one it makes."
        #expect(await judge.judge(.text("  uiviewcontroller "), for: step).feedback.contains(note))
        #expect(await !judge.judge(.text("AuthorViewController"), for: step).feedback.contains(note))
        #expect(await !judge.judge(.text("BookViewController"), for: step).feedback.contains(note))
        #expect(await PackChecker.checkDynamically(pack, runner: ScriptedRunner { _ in .ran() }).isEmpty)
    }

    @Test func packCheckRefusesAWrongAnswerWhoseVerdictShowsInternalNames() async throws {
        let pack = try PackBuilder.loaded(Self.stepWithSourceChecks)
        // A wrong answer the compiler rejects in the hidden registry, as a leaking judge would say it.
        let runner = ScriptedRunner { program in
            if program.learnerCode.contains("segue.identifier {") {
                return .rejected("cannot find '__seguelabRegister0_0' in scope", file: "harness", line: 6, column: 60)
            }
            return .ran(program.learnerCode.contains("case .showBook: print(\"book\")") ? "book\n" : "")
        }
        let diagnostics = await PackChecker.checkDynamically(pack, runner: runner).map(\.description)
        #expect(
            diagnostics.contains {
                $0.hasPrefix(
                    "p/lessons/01-a.md:16:5: error: wrong answer 'switch segueIdentifier(for: segue) { → switch segue.ident...': "
                        + "the learner would be shown the judge's internals (`__seguelab`, `harness:`)")
            }, "\(diagnostics)")
    }

    @Test func aRightAnswerIsFollowedByWhyItIsRight() throws {
        let pack = try PackBuilder.loaded(
            """

            ## Name {#name}

            ```step
            kind: text
            accept: ["unwindToShelf:"]
            why: "Interface Builder stores the action as a selector."
            hints: [h]
            ```

            ## Told {#told}

            ```step
            kind: text
            accept: ["prepare(for:sender:)"]
            explanation: "UIKit calls `prepare(for:sender:)` once per segue. It runs before the transition."
            hints: [h]
            ```

            ## Bare {#bare}

            ```step
            kind: text
            accept: ["x"]
            hints: [h]
            ```

            """)
        let steps = try #require(pack.lessons.first?.steps)
        #expect(steps[0].whyLine == "Interface Builder stores the action as a selector.")
        // Without `why`, the first sentence of the explanation.
        #expect(steps[1].whyLine == "UIKit calls `prepare(for:sender:)` once per segue.")
        #expect(steps[2].whyLine == nil)
    }

    // MARK: - Read when the pack is read

    @Test func unknownRulesAndBadNamesAreErrorsAtTheirPlace() throws {
        let diagnostics = try PackBuilder(
            lesson: lessonFile(
                PackBuilder.codeStep(
                    """
                    kind: exercise
                    checks:
                      - source: no-string-identifer
                      - source: {calls: "prepare(for sender:)"}
                      - source: {conforms: SegueHandler, in: "prepare(for:sender:)"}
                      - source: calls
                    wrong-answers:
                      - replace: x
                        with: y
                        feedback: ""
                    hints: [h]

                    """))
        ).diagnostics(in: TemporaryDirectory())
        #expect(
            diagnostics.contains(
                "p/lessons/01-a.md:11:13: error: unknown source rule 'no-string-identifer' (did you mean 'no-string-identifier'?); expected one of: no-string-identifier, no-string-switch, calls, conforms, no-force-cast, assigns, uses, declares"
            ), "\(diagnostics)")
        #expect(
            diagnostics.contains {
                $0.hasPrefix("p/lessons/01-a.md:12:21: error: 'prepare(for sender:)' is not a function name")
            }, "\(diagnostics)")
        #expect(
            diagnostics.contains {
                $0.hasPrefix(
                    "p/lessons/01-a.md:13:13: error: a source check names one rule; only `calls` also takes `in`")
            }, "\(diagnostics)")
        #expect(
            diagnostics.contains {
                $0.hasPrefix("p/lessons/01-a.md:14:13: error: source rule 'calls' needs what it names")
            }, "\(diagnostics)")
        #expect(
            diagnostics.contains { $0.hasPrefix("p/lessons/01-a.md:18:5: error: this feedback is empty") },
            "\(diagnostics)")
    }

    @Test func aCompilerStepTakesSourceChecksOnly() throws {
        let diagnostics = try PackBuilder(
            lesson: lessonFile(
                PackBuilder.codeStep(
                    """
                    kind: compiler
                    expect: compiles
                    checks:
                      - source: {no-force-cast: BookViewController}
                      - output-contains: x
                    hints: [h]

                    """))
        ).diagnostics(in: TemporaryDirectory())
        #expect(
            diagnostics.contains(
                "p/lessons/01-a.md:13:5: error: a compiler step is judged by `expect`; its checks may only be `source` checks (how the code is written)"
            ), "\(diagnostics)")
        #expect(diagnostics.count == 1, "\(diagnostics)")
    }
}
