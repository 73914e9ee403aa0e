import Foundation
import Playground
import TestSupport
import Testing

@testable import LessonKit

@Suite("Answers by step kind")
struct AnswerJudgeTests {
    let pack: Pack
    let lesson: Lesson

    init() throws {
        pack = try Fixtures.loadSamplePack()
        lesson = pack.lessons[0]
    }

    func step(_ id: String) -> Step { lesson.step(id: id)! }

    @Test func choiceNeedsExactlyTheCorrectSetAndGivesFeedbackPerWrongChoice() {
        let asks = step("asks")
        #expect(ChoiceKind.judge([1, 0], of: asks.choiceQuestion!).passed)
        let partial = ChoiceKind.judge([0], of: asks.choiceQuestion!)
        #expect(!partial.passed)
        #expect(partial.feedback == ["Not all the right choices: 1 more is correct."])
        let wrong = ChoiceKind.judge([0, 2], of: asks.choiceQuestion!)
        #expect(wrong.feedback == ["c) Setting a property starts nothing."])

        let quiz = pack.lessons[1].step(id: "quiz")!
        #expect(ChoiceKind.judge([0], of: quiz.choiceQuestion!).passed)
        #expect(ChoiceKind.judge([0, 1], of: quiz.choiceQuestion!).feedback == ["pick one choice only"])
        #expect(ChoiceKind.judge([5], of: quiz.choiceQuestion!).feedback == ["there is no choice 6"])
    }

    @Test func choicesParseFromLettersAndNumbers() {
        #expect(Answer.parseChoices("b", count: 3) == [1])
        #expect(Answer.parseChoices("a, C", count: 3) == [0, 2])
        #expect(Answer.parseChoices("1 3", count: 3) == [0, 2])
        #expect(Answer.parseChoices("d", count: 3) == nil)
        #expect(Answer.parseChoices("", count: 3) == nil)
        // Written the way the choices are shown.
        #expect(Answer.parseChoices("A)", count: 3) == [0])
        #expect(Answer.parseChoices("b) c.", count: 3) == [1, 2])
        // Lists as a learner writes them, in English or French.
        #expect(Answer.parseChoices("a,c", count: 3) == [0, 2])
        #expect(Answer.parseChoices("a, b and c", count: 3) == [0, 1, 2])
        #expect(Answer.parseChoices("a et c", count: 3) == [0, 2])
        #expect(Answer.parseChoices("a; c", count: 3) == [0, 2])
        #expect(Answer.parseChoices("a and", count: 3) == [0])
        #expect(Answer.parseChoices("and", count: 3) == nil)
        #expect(Answer.parseChoices("a or c", count: 3) == nil)
        #expect(Answer.parseChoices("(a)", count: 3) == [0])
        #expect(Answer.parseChoices("(b), (c)", count: 3) == [1, 2])
        #expect(Answer.parseChoices("d)", count: 3) == nil)
    }

    @Test func textAnswersIgnoreCaseSpacingAndMatchPatterns() {
        let method = step("method")
        #expect(TextKind.judge("prepare(for:sender:)", of: method.textQuestion!).passed)
        #expect(TextKind.judge("  Prepare(For:Sender:).  ", of: method.textQuestion!).passed)
        #expect(TextKind.judge("prepare", of: method.textQuestion!).passed)  // via the pattern
        // Lenient forms: in backticks, after an article.
        #expect(TextKind.judge("`prepare(for:sender:)`", of: method.textQuestion!).passed)
        #expect(TextKind.judge("the prepare(for:sender:)", of: method.textQuestion!).passed)
        let wrong = TextKind.judge("viewDidLoad", of: method.textQuestion!)
        #expect(!wrong.passed)
        #expect(wrong.feedback == ["\"viewDidLoad\" is not the answer"])
        #expect(!TextKind.judge("please prepare", of: method.textQuestion!).passed)  // pattern is anchored
    }

    @Test func predictionComparesWithTheRealRunAndShowsIt() async {
        let predict = step("predict-top")
        let runner = ScriptedRunner(always: .ran(endState: EndState(topOfStack: "SampleApp.DetailViewController")))
        let judge = AnswerJudge(pack: pack, runner: runner)
        #expect(await judge.judge(.text("detailviewcontroller"), for: predict).passed)
        let wrong = await judge.judge(.text("ListViewController"), for: predict)
        // Never the answer: the learner is told only that their prediction is not where it ended.
        #expect(wrong.feedback == ["the navigation did not end on ListViewController"])
        #expect(!wrong.feedback.joined().contains("DetailViewController"))
        // Forms a tutor accepts: backticks, an article, "plain", a module prefix, a period.
        for form in ["`DetailViewController`", "a DetailViewController", "the plain SampleApp.DetailViewController."] {
            #expect(await judge.judge(.text(form), for: predict).passed, "\(form)")
        }
        #expect(wrong.run?.endState?.topOfStack == "SampleApp.DetailViewController")
        // The example ran, not the learner's text.
        #expect(runner.requests.last?.learnerCode.contains("performSegue") == true)
    }

    @Test func predictedOutputIgnoresSpacing() {
        let predict = Prediction(target: .output)
        let outcome = RunResult.ran("Top:  Detail\nDone\n")
        #expect(PredictKind.judge("Top: Detail\\nDone", of: predict, run: outcome).passed)
        #expect(PredictKind.judge("Top: Detail Done", of: predict, run: outcome).passed)
        #expect(!PredictKind.judge("Top: List", of: predict, run: outcome).passed)
    }

    /// A French program prints `l’écran\u{A0}:`; a learner types `l'écran:` or `l'écran :`.
    @Test func predictedOutputIgnoresFrenchTypographyAKeyboardDoesNotType() {
        let predict = Prediction(target: .output)
        let outcome = RunResult.ran("À l’écran\u{A0}: aucun livre\nFin\u{A0}!\n")
        for typed in [
            "À l'écran: aucun livre\\nFin!", "à l'écran : aucun livre Fin !",
            "À l’écran\u{A0}: aucun livre\\nFin\u{A0}!"
        ] {
            #expect(PredictKind.judge(typed, of: predict, run: outcome).passed, "\(typed)")
        }
        #expect(!PredictKind.judge("À l'écran: Dune\\nFin!", of: predict, run: outcome).passed)
        #expect(
            !PredictKind.judge("A l'ecran: aucun livre\\nFin!", of: predict, run: outcome).passed,
            "accents are spelling")
    }

    /// A name may come with the kind of name it is, as a tutor would write it; a sentence may not.
    @Test func textAnswersMayNameTheKindOfName() {
        let selector = TextQuestion(accepted: ["unwindToShelf:"])
        for typed in ["the selector unwindToShelf:", "selector `unwindToShelf:`", "le sélecteur unwindToShelf:"] {
            #expect(TextKind.judge(typed, of: selector).passed, "\(typed)")
        }
        let shelf = TextQuestion(accepted: ["ShelfViewController"])
        for typed in ["the ShelfViewController class", "la classe ShelfViewController", "class ShelfViewController"] {
            #expect(TextKind.judge(typed, of: shelf).passed, "\(typed)")
        }
        for typed in [
            "the BookViewController class", "the shelf ShelfViewController", "class ShelfViewController prepare"
        ] {
            #expect(!TextKind.judge(typed, of: shelf).passed, "\(typed)")
        }
    }

    @Test func textAnswersIgnoreFrenchTypographyAKeyboardDoesNotType() {
        let method = TextQuestion(accepted: ["l’écran\u{A0}?"])
        #expect(TextKind.judge("l'écran?", of: method).passed)
        #expect(TextKind.judge("L'écran ?", of: method).passed)
    }

    /// A prediction of several lines may be written as a list; a comma or a conjunction
    /// stands for a line break only where the output has one, and a wrong list is still wrong.
    @Test func predictedLinesMayBeWrittenAsAList() {
        let predict = Prediction(target: .output)
        let outcome = RunResult.ran("showBasket\ntrue\ntrue\n")
        for typed in [
            "showBasket, true, true", "showBasket,true,true", "showBasket, true and true", "showBasket, true, and true",
            "showBasket; true; true", "showBasket, true et true", "\"showBasket\", true, true.", "showBasket true, true"
        ] {
            #expect(PredictKind.judge(typed, of: predict, run: outcome).passed, "\(typed)")
        }
        for typed in [
            "showBasket, true, false", "showBasket, true", "showBasket, true and true, true", "show, Basket true true"
        ] {
            #expect(!PredictKind.judge(typed, of: predict, run: outcome).passed, "\(typed)")
        }
        // The miss names the wrong item, not the comma.
        #expect(
            PredictKind.judge("showBasket, true and false", of: predict, run: outcome).firstFailure?.message
                == "your prediction departs from the output at \"false\", after \"showBasket true\"")
        // A comma where a line goes on is not a line break, and a line's own "and" is a word.
        let sentence = RunResult.ran("Dune and Emma\nDone\n")
        #expect(PredictKind.judge("Dune and Emma, Done", of: predict, run: sentence).passed)
        #expect(!PredictKind.judge("Dune, Emma, Done", of: predict, run: sentence).passed)
        #expect(!PredictKind.judge("Dune and, Emma Done", of: predict, run: sentence).passed)
    }

    /// A text step whose answer is a list accepts it written with commas, semicolons or a
    /// conjunction, in English or French, its items in order; a wrong list is refused.
    @Test func textListsAreAcceptedWrittenWithCommasOrConjunctions() {
        let list = TextQuestion(accepted: ["prepare, unwindAction, dismiss"])
        for typed in [
            "prepare, unwindAction, dismiss", "prepare,unwindAction,dismiss", "prepare, unwindAction and dismiss",
            "prepare, unwindAction, and dismiss", "prepare; unwindAction; dismiss", "prepare, unwindAction et dismiss",
            "`prepare`, `unwindAction` & `dismiss`.", "prepare unwindAction dismiss"
        ] {
            #expect(TextKind.judge(typed, of: list).passed, "\(typed)")
        }
        for typed in [
            "prepare, dismiss, unwindAction", "prepare, unwindAction", "prepare and unwindAction and", "prepare"
        ] {
            #expect(!TextKind.judge(typed, of: list).passed, "\(typed)")
        }
    }

    @Test func aWrongPredictionIsToldWhereItDiffersNotTheOutput() {
        let predict = Prediction(target: .output)
        let outcome = RunResult.ran("Top:  Detail\nDone\n")
        func message(_ prediction: String) -> String {
            PredictKind.judge(prediction, of: predict, run: outcome).firstFailure?.message ?? ""
        }
        #expect(message("Top: List") == "your prediction departs from the output at \"List\", after \"Top:\"")
        #expect(message("Top: detail Done") == "")  // a word's first letter may differ in case
        #expect(
            message("Top: DEtail Done")
                == "only letter case differs: you wrote \"DEtail\", the program printed \"Detail\". Case counts: a program prints exact text."
        )
        #expect(
            message("Top: Detail")
                == "your prediction is right as far as it goes, after \"Top: Detail\", but the output goes on")
        #expect(
            message("Top: Detail Done Again")
                == "the output ends, after \"Top: Detail Done\"; your prediction goes on with \"Again\"")
        #expect(message("Bottom") == "your prediction departs from the output at \"Bottom\"")
        for wrong in ["Top: List", "Top: Detail", "Bottom"] {
            #expect(
                !message(wrong).contains("Detail\nDone") && !message(wrong).contains("Done"),
                "the output is not given away")
        }
    }

    @Test func promptLineIsJudgedByItsEffectNotItsText() async {
        let typed = step("typed")
        // Scripted app: whatever line triggers "showDetail" ends on the detail screen.
        let runner = ScriptedRunner { program in
            let code = program.learnerCode
            let top = code.contains("\"showDetail\"") ? "DetailViewController" : "ListViewController"
            return .ran(endState: EndState(topOfStack: top))
        }
        let judge = AnswerJudge(pack: pack, runner: runner)
        #expect(
            await judge.judge(.code("list.performSegue(withIdentifier: \"showDetail\", sender: nil)"), for: typed)
                .passed)
        #expect(
            await judge.judge(
                .code("let id = \"showDetail\"; list.performSegue(withIdentifier: id, sender: list)"), for: typed
            ).passed)
        let wrong = await judge.judge(.code("print(list)"), for: typed)
        #expect(wrong.feedback == ["ListViewController is on top of the navigation stack, not DetailViewController"])

        // The program puts the hidden prelude first (with the note that it ended) and the
        // learner's line after it, as top-level code; the pack's support file and the helpers
        // that write the note are hidden beside them.
        let program = runner.requests[0]
        let names = ["prelude", "setup-ends", "typed.swift", "Screens.swift", "LessonCheck.swift"]
        #expect(program.sources.map(\.name) == names)
        #expect(program.sources.map(\.origin) == [.hidden, .hidden, .learner, .hidden, .hidden])
        #expect(program.sources.map(\.topLevel) == [true, true, true, false, false])
        #expect(program.storyboardDirectories.map(\.lastPathComponent) == ["storyboards"])
    }

    @Test func exerciseReportsTheLearnersPositions() async throws {
        let fix = pack.lessons[1].step(id: "pass")!
        // The Playground names the learner's file (see BuildLayoutTests for how).
        let runner = ScriptedRunner { program in
            .rejected("cannot find 'lst' in scope", file: "pass.swift", line: 2, column: 5)
        }
        let verdict = await AnswerJudge(pack: pack, runner: runner).judge(.code("import UIKit\nlst.x = 1\n"), for: fix)
        #expect(!verdict.passed)
        #expect(verdict.firstFailure?.message == "the code did not compile: pass.swift:2:5: cannot find 'lst' in scope")
        #expect(verdict.run?.compile.diagnostics.first?.file == "pass.swift")

        // A harness is appended hidden, after the call that marks where the checks begin, with the CHECK helper.
        let program = try #require(runner.requests.first)
        #expect(program.sources.filter(\.topLevel).map(\.name) == ["pass.swift", "checks-begin", "harness"])
        #expect(program.sources.filter(\.topLevel).map(\.origin) == [.learner, .hidden, .hidden])
        #expect(program.sources.contains { $0.name == "LessonCheck.swift" && $0.origin == .hidden && !$0.topLevel })
    }

    @Test func exerciseWithHarnessPassesOnlyWhenItsChecksPass() async {
        let pass = pack.lessons[1].step(id: "pass")!
        let runner = ScriptedRunner { program in
            program.learnerCode.contains("\"Books\"")
                ? .ran("CHECK PASS item\n") : .ran("CHECK FAIL item: expected Books, got Segues\n")
        }
        let judge = AnswerJudge(pack: pack, runner: runner)
        #expect(await judge.judge(.code(pass.code(.solution)!), for: pass).passed)
        let starter = await judge.judge(.code(pass.code(.starter)!), for: pass)
        #expect(starter.firstFailure?.message == "item: expected Books, got Segues")
    }

    @Test func compilerExerciseAcceptsOnlyTheExpectedRejection() async {
        let compile = step("compile-error")
        let runner = ScriptedRunner { program in
            #expect(program.typecheckOnly)
            if program.learnerCode.contains("?? \"\"") { return .ran() }
            if program.learnerCode.contains("return segue.identifier") {
                return .rejected("value of optional type 'String?' must be unwrapped to a value of type 'String'")
            }
            return .rejected("cannot find 'segu' in scope")
        }
        let judge = AnswerJudge(pack: pack, runner: runner)
        #expect(await judge.judge(.code(compile.code(.solution)!), for: compile).passed)
        let compiles = await judge.judge(.code(compile.code(.starter)!), for: compile)
        #expect(compiles.firstFailure?.message == "the code compiled, but this step wants the compiler to reject it")
        let typo = await judge.judge(.code("return segu"), for: compile)
        #expect(
            typo.firstFailure?.message.hasPrefix(
                "the compiler rejects the code, but its first error is not the one this step is about:\n    ") == true)
        #expect(typo.firstFailure?.message.hasSuffix(": error: cannot find 'segu' in scope") == true)
    }

    @Test func runnerFailureIsAnErrorNotAWrongAnswer() async {
        struct Broken: Error, CustomStringConvertible { var description: String { "swiftc not found" } }
        let runner = ScriptedRunner { _ in throw Broken() }
        let verdict = await AnswerJudge(pack: pack, runner: runner).judge(.code("x"), for: step("fix"))
        #expect(verdict.status == .error)
        #expect(verdict.feedback == ["could not run the code: swiftc not found"])
    }
}
