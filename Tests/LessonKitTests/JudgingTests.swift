import Foundation
import Playground
import SegueKit
import SourceText
import TestSupport
import Testing

@testable import LessonKit

/// Answers the lessons were never tuned to: each judged the right way round, with feedback
/// that speaks to the learner.
@Suite("Judging answers fairly")
struct JudgingTests {
    static let failedCast =
        "Could not cast value of type 'SegueLabApp.BookViewController' (0x5581a2c0) to 'SegueLabApp.AuthorViewController' (0x5581a3f0)."

    // MARK: - A learner's crash is the learner's

    @Test func aCrashInsidePrepareFailsTheCheckWithTheCrashNotTheLesson() async throws {
        let pack = try PackBuilder.loaded(
            """

            ## Basket {#basket}

            ```step
            kind: exercise
            checks:
              - presented: BasketViewController
              - trace: { kind: present, destination: BasketViewController }
            hints: [h]
            ```

            ```swift starter
            start()
            ```

            ```swift solution
            solve()
            ```

            """)
        // The force cast in prepare dies mid-segue: no final screen was ever recorded.
        var crashed = RunResult.ran(trace: [TraceEvent(event: .prepare, identifier: "showBasket")])
        crashed.termination = .signaled(4)
        crashed.crash = CrashReport(kind: .failedCast, message: Self.failedCast)
        var session = Session(pack: pack, progress: PackProgress(pack: pack, now: Date()))
        _ = try session.start(lesson: "a")
        let verdict = try await session.submit(.code("wrong()"), runner: ScriptedRunner(always: crashed))
        #expect(verdict.status == .fail)
        let message = try #require(verdict.firstFailure?.message)
        let lines = message.components(separatedBy: "\n")
        // The sentence says what it means, without addresses or the module name…
        #expect(
            lines[0]
                == "the program crashed: a forced cast (as!) failed: the value is a BookViewController, not an AuthorViewController:"
        )
        // …and the runtime's words follow exactly as printed.
        #expect(lines[1] == "    " + Self.failedCast)
        // Every check that needed the screen fails with the crash; none blames the lesson.
        #expect(verdict.results.allSatisfy { $0.status != .error })
        #expect(session.stepProgress(StepRef(lesson: "a", step: "basket")).attempts == 1)
    }

    @Test func aRunThatEndsNormallyWithoutAScreenIsStillTheLessonsProblem() {
        let result = CheckEvaluator.evaluate(.topOfStack("X"), run: .ran())
        #expect(result.status == .error)
    }

    @Test func crashesAreWordedInTwoVoices() {
        let exception = CrashWording.crashed(
            kind: .exception("NSInvalidArgumentException"),
            message: "Receiver (<SegueLabApp.ShelfViewController: 0x1>) has no segue with identifier 'showbook'",
            catalog: .english)
        #expect(
            exception == """
                the program crashed: UIKit raised NSInvalidArgumentException and nothing caught it:
                    *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Receiver (<SegueLabApp.ShelfViewController: 0x1>) has no segue with identifier 'showbook''
                """)
        #expect(
            CrashWording.crashed(kind: .runtime(.assertion), message: "no branch", catalog: .english).hasSuffix(
                ":\n    Assertion failed: no branch"))
        // Names are read aloud: "a UINavigationController", "an NSObject", "an AuthorViewController".
        #expect(
            CrashWording.crashed(
                kind: .runtime(.failedCast),
                message:
                    "Could not cast value of type 'UINavigationController' (0x1) to 'SegueLabApp.AuthorViewController' (0x2).",
                catalog: .english
            )
            .hasPrefix(
                "the program crashed: a forced cast (as!) failed: the value is a UINavigationController, not an AuthorViewController"
            ))
        #expect(CrashWording.article("NSObject") == "an" && CrashWording.article("BookViewController") == "a")
    }

    // MARK: - A compiler step judges the error it is about

    static let compilerLesson = """

        ## Add the case {#add-case}

        ```step
        kind: compiler
        file: Shelf.swift
        expect: rejects
        diagnostic: "switch must be exhaustive|cannot convert"
        hints: [h]
        ```

        ```swift starter
        enum Segue { case a }
        let x = 1
        switch Segue.a { case .a: break }
        ```

        ```swift solution
        enum Segue { case a; case showReviews }
        let x = 1
        switch Segue.a { case .a: break }
        ```

        """

    static let exhaustive = "switch must be exhaustive"

    /// The compiler as the lesson's code makes it speak: the switch on line 3 misses whatever
    /// case the learner added; `let x` typed wrongly is a conversion error on line 2.
    static func compiler(_ program: RunRequest) -> RunResult {
        let code = program.learnerCode
        var diagnostics: [Diagnostic] = []
        func error(_ line: Int, _ message: String) {
            diagnostics.append(
                Diagnostic(file: "Shelf.swift", line: line, column: 1, severity: .error, message: message))
        }
        if code.contains("case a;;") { error(1, "expected declaration") }
        if code.contains("let x: String = 1") {
            error(2, "cannot convert value of type 'Int' to specified type 'String'")
        }
        let switchLine =
            (code.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("switch") } ?? 2)
            + 1
        if let added = code.firstMatch(of: /case (show\w+)/)?.1 {
            error(switchLine, exhaustive)
            diagnostics.append(
                Diagnostic(
                    file: "Shelf.swift", line: switchLine, column: 1, severity: .note,
                    message: "add missing case: '.\(added)'"))
        }
        return diagnostics.isEmpty
            ? RunResult(compile: .succeeded(warnings: []), termination: .notRun) : .rejected(diagnostics)
    }

    @Test func aSyntaxErrorWhoseFollowOnErrorMatchesDoesNotPass() async throws {
        let pack = try PackBuilder.loaded(Self.compilerLesson)
        let step = pack.lessons[0].steps[0]
        let judge = AnswerJudge(pack: pack, runner: ScriptedRunner(Self.compiler))
        let verdict = await judge.judge(
            .code("enum Segue { case a;; case showReviews }\nlet x = 1\nswitch Segue.a { case .a: break }\n"), for: step
        )
        #expect(!verdict.passed)
        #expect(
            verdict.firstFailure?.message
                == "your code has a syntax error, which this step does not ask for; fix it first:\n    Shelf.swift:1:1: error: expected declaration"
        )
    }

    @Test func theFirstErrorIsJudgedNotAnyLaterOne() {
        let outcome = RunResult.rejected([
            Diagnostic(file: "f.swift", line: 7, column: 2, severity: .error, message: "switch must be exhaustive"),
            Diagnostic(file: "f.swift", line: 2, column: 5, severity: .error, message: "cannot find 'shelf' in scope")
        ])
        let result = CheckEvaluator.evaluate(.failsToCompile(diagnosticPattern: "must be exhaustive"), run: outcome)
        #expect(result.status == .fail)
        #expect(
            result.message
                == "the compiler rejects the code, but its first error is not the one this step is about:\n    f.swift:2:5: error: cannot find 'shelf' in scope"
        )
        // No regular expression is shown to the learner.
        #expect(!result.message.contains("/"))
    }

    @Test func aMatchingErrorFromChangingTheWrongLineDoesNotPass() async throws {
        let pack = try PackBuilder.loaded(Self.compilerLesson)
        let step = pack.lessons[0].steps[0]
        let judge = AnswerJudge(pack: pack, runner: ScriptedRunner(Self.compiler))
        let verdict = await judge.judge(
            .code("enum Segue { case a }\nlet x: String = 1\nswitch Segue.a { case .a: break }\n"), for: step)
        #expect(!verdict.passed)
        #expect(
            verdict.firstFailure?.message
                == "the compiler reports this error on a line the step's change should not affect:\n    Shelf.swift:2:1: error: cannot convert value of type 'Int' to specified type 'String'\n    let x: String = 1\nChange only what the step asks for."
        )
    }

    @Test func aMisspelledNewCaseIsCaughtByTheNoteThatEchoesIt() async throws {
        let pack = try PackBuilder.loaded(Self.compilerLesson)
        let step = pack.lessons[0].steps[0]
        let judge = AnswerJudge(pack: pack, runner: ScriptedRunner(Self.compiler))
        let misspelled = await judge.judge(
            .code("enum Segue { case a; case showReview }\nlet x = 1\nswitch Segue.a { case .a: break }\n"), for: step)
        #expect(!misspelled.passed)
        #expect(misspelled.firstFailure?.message.contains("note: add missing case: '.showReview'") == true)
        // Written differently from the solution, the switch moved a line down: the same error, right.
        let right = await judge.judge(
            .code("enum Segue {\n case a; case showReviews }\nlet x = 1\nswitch Segue.a { case .a: break }\n"),
            for: step)
        #expect(right.passed)
        let sameLines = await judge.judge(
            .code(
                "enum Segue { case a; case showReviews = \"showReviews\" }\nlet x = 1\nswitch Segue.a { case .a: break }\n"
            ), for: step)
        #expect(sameLines.passed)
    }

    // MARK: - Text answers

    @Test func aDeclarationWrittenInFullIsItsName() throws {
        let question = TextQuestion(accepted: ["init(rawValue:)"])
        #expect(TextKind.judge("init?(rawValue: String)", of: question).passed)
        #expect(TextKind.judge("public init?(rawValue value: String)", of: question).passed)
        #expect(!TextKind.judge("rawValue", of: question).passed)
        #expect(!TextKind.judge("init(value:)", of: question).passed)
        #expect(
            AnswerEquivalence.swiftName("override func prepare(for segue: UIStoryboardSegue, sender: Any?)")
                == "prepare(for:sender:)")
        #expect(AnswerEquivalence.swiftName("rawValue") == nil)
        #expect(AnswerEquivalence.swiftName("prepare(for:sender:)") == "prepare(for:sender:)")
        #expect(AnswerEquivalence.swiftName("prepare(for segue:sender:)") == "prepare(for:sender:)")
    }

    @Test func packCheckFindsAPatternWhosePartsAreAllOptional() async throws {
        let pack = try PackBuilder.loaded(
            """

            ## Name it {#name}

            ```step
            kind: text
            accept: ["init(rawValue:)"]
            pattern: '(init)?\\s*\\(?rawValue:?\\)?'
            hints: [h]
            ```

            """)
        let diagnostics = await PackChecker.checkDynamically(pack, runner: ScriptedRunner(always: .ran())).map(
            \.description)
        #expect(
            diagnostics == [
                "p/lessons/01-a.md:6:1: error: the pattern accepts 'rawValue' alone, a part of the accepted answer 'init(rawValue:)'; make the other parts required, or list 'rawValue' in right-answers if it is right"
            ])
    }

    // MARK: - Predictions

    @Test func predictionsIgnoreQuotesAndAFinalPeriodButNotCase() {
        let step = Prediction(target: .output)
        let outcome = RunResult.ran("showBasket\ntrue\ntrue\n")
        #expect(PredictKind.judge("\"showBasket\" true true.", of: step, run: outcome).passed)
        #expect(PredictKind.judge("showBasket\\ntrue\\ntrue", of: step, run: outcome).passed)
        let caseOnly = PredictKind.judge("showbasket true true", of: step, run: outcome)
        #expect(!caseOnly.passed)
        #expect(
            caseOnly.feedback == [
                "only letter case differs: you wrote \"showbasket\", the program printed \"showBasket\". Case counts: a program prints exact text."
            ])
        // The first letter of a word is prose: a capital there or not is the same prediction.
        #expect(PredictKind.judge("on screen: No book", of: step, run: .ran("On screen: no book\n")).passed)
        let wrong = PredictKind.judge("showBasket true false", of: step, run: outcome)
        #expect(wrong.feedback == ["your prediction departs from the output at \"false\", after \"showBasket true\""])
        let short = PredictKind.judge("showBasket", of: step, run: outcome)
        #expect(
            short.feedback == [
                "your prediction is right as far as it goes, after \"showBasket\", but the output goes on"
            ])
    }

    // MARK: - Release builds

    @Test func aReleaseBuildCheckRunsTheProgramOptimised() async throws {
        let pack = try PackBuilder.loaded(
            """

            ## Stop in debug only {#assert}

            ```step
            kind: exercise
            checks:
              - crash: true
              - release-build: runs
            hints: [h]
            ```

            ```swift starter
            print("nothing")
            ```

            ```swift solution
            assertionFailure("unknown")
            ```

            """)
        let step = pack.lessons[0].steps[0]
        let runner = ScriptedRunner { program in
            let code = program.learnerCode
            let trapsHere =
                code.contains("preconditionFailure")
                || (code.contains("assertionFailure") && program.optimization == .debug)
            guard trapsHere else { return .ran() }
            return RunResult(
                compile: .succeeded(warnings: []), termination: .signaled(4),
                crash: CrashReport(kind: .precondition, message: "unknown"))
        }
        let judge = AnswerJudge(pack: pack, runner: runner)
        #expect(await judge.judge(.code("assertionFailure(\"unknown\")"), for: step).passed)
        #expect(runner.requests.map(\.optimization) == [.debug, .release])
        let precondition = await judge.judge(.code("preconditionFailure(\"unknown\")"), for: step)
        #expect(!precondition.passed)
        #expect(
            precondition.firstFailure?.message.hasPrefix(
                "in an optimised (-O) build, as shipped, the program crashed: a precondition failed") == true)
    }

    @Test func releaseBuildTakesRunsOrCrashes() throws {
        let dir = TemporaryDirectory()
        let diagnostics = try PackBuilder(
            lesson: lessonFile(
                """

                ## E {#e}

                ```step
                kind: example
                checks:
                  - release-build: maybe
                ```

                ```swift example
                print(1)
                ```

                """)
        ).diagnostics(in: dir)
        #expect(
            diagnostics.contains(
                "p/lessons/01-a.md:11:20: error: 'release-build' takes `runs` (an -O build must not crash) or `crashes` (it must)"
            ))
    }

    // MARK: - Listed wrong and right answers

    @Test func packCheckProvesListedAnswersAtTheirLines() async throws {
        let pack = try PackBuilder.loaded(
            """

            ## Pick {#pick}

            ```step
            kind: choice
            choices:
              - text: one
                correct: true
              - text: two
                feedback: no
            wrong-answers: [b, "a, b", a]
            hints: [h]
            ```

            ## Name {#name}

            ```step
            kind: text
            accept: ["prepare(for:sender:)"]
            wrong-answers: [perform, "prepare(for:)"]
            right-answers: ["func prepare(for segue: UIStoryboardSegue, sender: Any?)", "viewDidLoad"]
            hints: [h]
            ```

            ## Fix {#fix}

            ```step
            kind: exercise
            checks:
              - output: fixed
            wrong-answers:
              - replace: fixed
                with: broken
              - replace: absent
                with: x
              - print("fixed")
            hints: [h]
            ```

            ```swift starter
            print("start")
            ```

            ```swift solution
            print("fixed")
            ```

            """)
        let runner = ScriptedRunner { program in
            .ran(program.learnerCode.contains("\"fixed\"") ? "fixed\n" : "other\n")
        }
        let diagnostics = await PackChecker.checkDynamically(pack, runner: runner).map(\.description)
        #expect(
            diagnostics == [
                "p/lessons/01-a.md:15:28: error: wrong answer 'a' is judged right",
                "p/lessons/01-a.md:25:77: error: right answer 'viewDidLoad' is judged wrong: \"viewDidLoad\" is not the answer",
                "p/lessons/01-a.md:38:5: error: wrong answer 'absent → x': the solution has no 'absent' to replace",
                "p/lessons/01-a.md:40:5: error: wrong answer 'print(\"fixed\")' is judged right"
            ])
    }
}

extension JudgingTests {
    @Test func aMissedEventNamesTheRelevantOneNotTheAppLaunch() {
        let launch: [TraceEvent.Kind] = [
            .instantiate, .relationship, .instantiate, .viewDidLoad, .setRoot, .viewDidLoad
        ]
        let trace =
            launch.map { TraceEvent(event: $0, controller: "ShelfViewController") }
            + [
                TraceEvent(event: .shouldPerform, identifier: "showBook"),
                TraceEvent(
                    event: .prepare, identifier: "showBasket", source: "ShelfViewController",
                    destination: "BasketViewController")
            ]
        let result = CheckEvaluator.evaluate(
            .trace(TracePattern(kind: .perform, identifier: "showBasket")), run: .ran(trace: trace))
        #expect(
            result.message
                == "expected perform 'showBasket', but the program did prepare 'showBasket' from ShelfViewController to BasketViewController"
        )
        let other = CheckEvaluator.evaluate(.trace(TracePattern(kind: .unwind)), run: .ran(trace: trace))
        #expect(
            other.message
                == "expected unwind, but the navigation was: shouldPerform 'showBook'; prepare 'showBasket' from ShelfViewController to BasketViewController"
        )
    }
}
