import Foundation
import Localization
import Playground
import SegueKit
import SourceText
import TestSupport
import Testing

@testable import LessonKit

@Suite("Checks")
struct CheckEvaluatorTests {
    func result(_ check: Check, _ outcome: RunResult) -> CheckResult {
        CheckEvaluator.evaluate(check, run: outcome)
    }

    @Test func outputEqualsIgnoresTrailingSpacesAndNewlines() {
        let outcome = RunResult.ran("Hello,   world  \nDone\n\n\n")
        #expect(result(.outputEquals("Hello, world\nDone"), outcome).status == .pass)
        let wrong = result(.outputEquals("Hello, world\nFinished"), outcome)
        #expect(wrong.status == .fail)
        #expect(wrong.message == "output line 2: expected \"Finished\", got \"Done\"")
    }

    @Test func outputContainsAndMatches() {
        let outcome = RunResult.ran("Pushed  DetailViewController\ncount: 3\n")
        #expect(result(.outputContains("Pushed DetailViewController"), outcome).status == .pass)
        #expect(result(.outputContains("Presented"), outcome).status == .fail)
        #expect(result(.outputMatches("^count: \\d+$"), outcome).status == .pass)
        #expect(result(.outputMatches("^count: [a-z]+$"), outcome).status == .fail)
        #expect(result(.outputMatches("(bad"), outcome).status == .error)
    }

    /// A check says why it failed as data (what was expected, what was seen); the wording
    /// layer says it in the learner's language, from the same reason.
    @Test func failuresAreTypedReasonsWordedAbove() {
        let event = TraceEvent(event: .push, identifier: "showDetail", properties: ["item": "Books"])
        let outcome = RunResult.ran("Done\n", status: 2, trace: [event])
        #expect(CheckEvaluator.judge(.exitStatus(0), run: outcome).failure == .exitStatus(actual: 2, expected: 0))
        #expect(
            CheckEvaluator.judge(.outputEquals("Finished"), run: outcome).failure
                == .outputLine(line: 1, expected: "Finished", actual: "Done"))
        let pattern = TracePattern(kind: .push, properties: ["item": "Films"])
        let miss = CheckEvaluator.judge(.trace(pattern), run: outcome)
        #expect(miss.status == .fail)
        #expect(
            miss.failure
                == .traceMissing(
                    expected: pattern,
                    instead: .differs(event, [PropertyMismatch(key: "item", expected: "Films", actual: "Books")])))
        #expect(CheckEvaluator.judge(.outputMatches("(bad"), run: outcome).status == .error)
        #expect(CheckEvaluator.judge(.exitStatus(2), run: outcome) == CheckEvaluator.Judgement.pass)
        let reason = CheckFailure.exitStatus(actual: 2, expected: 0)
        #expect(result(.exitStatus(0), outcome).reason == reason)
        #expect(result(.exitStatus(0), outcome).message == reason.text(.english))
        #expect(reason.text(Catalog(language: "fr")) != reason.text(.english))
    }

    /// A source check's failure is a typed reason too: the rule broken at the learner's line, or
    /// what the rule asks for missing; the wording quotes the line in either language.
    @Test func sourceFailuresAreTypedReasonsWordedAbove() throws {
        let outcome = RunResult.ran("")
        let code = "func f(segue: UIStoryboardSegue) {\n    if segue.identifier == \"showBook\" {}\n}"
        let broken = CheckEvaluator.judge(.source(.noStringIdentifier), run: outcome, source: code)
        guard case .sourceStringIdentifier(let finding)? = broken.failure else {
            Issue.record(
                "expected a string identifier at the learner's line, got \(String(describing: broken.failure))")
            return
        }
        #expect(broken.status == .fail && finding.line == 2)
        let english = try #require(broken.failure?.text(.english))
        #expect(english.hasPrefix("line 2 still compares a string with the segue's identifier: `"))
        #expect(try #require(broken.failure?.text(Catalog(language: "fr"))).hasPrefix("la ligne 2 compare encore"))
        #expect(CheckEvaluator.judge(.source(.noStringSwitch), run: outcome, source: code) == .pass)
        #expect(
            CheckEvaluator.judge(.source(.conforms("SegueHandler")), run: outcome, source: code).failure
                == .sourceConformanceMissing("SegueHandler"))
        #expect(CheckEvaluator.judge(.source(.noStringSwitch), run: outcome).status == .error)
        #expect(
            CheckEvaluator.evaluate(.source(.conforms("SegueHandler")), run: outcome, source: code).message
                == "no type in your code adopts SegueHandler, which this step is about")
        #expect(CheckFailure.wrongDestination(answer: "Shelf").text(.english) == "the navigation did not end on Shelf")
    }

    @Test func harnessLinesAreHiddenFromOutputChecks() {
        let outcome = RunResult.ran("Books\nCHECK PASS item\n")
        #expect(result(.outputEquals("Books"), outcome).status == .pass)
        #expect(outcome.learnerStdout == "Books\n")
    }

    @Test func traceMatchesKindIdentifierClassesAndProperties() {
        let event = TraceEvent(
            event: .push, identifier: "showDetail", source: "App.ListViewController",
            destination: "App.DetailViewController", properties: ["item": "Books"])
        let outcome = RunResult.ran(trace: [TraceEvent(event: .prepare, identifier: "showDetail"), event])
        #expect(result(.trace(TracePattern(kind: .push, destination: "DetailViewController")), outcome).status == .pass)
        #expect(
            result(
                .trace(
                    TracePattern(
                        kind: .push, identifier: "showDetail", source: "ListViewController",
                        properties: ["item": "Books"])), outcome
            ).status == .pass)
        let wrongValue = result(.trace(TracePattern(kind: .push, properties: ["item": "Films"])), outcome)
        #expect(wrongValue.status == .fail)
        #expect(
            wrongValue.message
                == "expected push item=Films, but in the push 'showDetail' from ListViewController to DetailViewController (item=Books) item was 'Books' (expected 'Films')"
        )
        let wrongKind = result(.trace(TracePattern(kind: .present)), outcome)
        #expect(wrongKind.message.contains("the navigation was: prepare 'showDetail'; push 'showDetail'"))
        #expect(
            result(.trace(TracePattern(kind: .push)), .ran()).message
                == "expected push, but the program caused no navigation")
        #expect(result(.noTrace(TracePattern(kind: .present)), outcome).status == .pass)
        #expect(result(.noTrace(TracePattern(kind: .push)), outcome).status == .fail)
    }

    @Test func traceOrderNeedsEachEventAfterThePrevious() {
        let unwind = [
            TraceEvent(event: .prepare, identifier: "saveReview", source: "App.ReviewComposerViewController"),
            TraceEvent(event: .unwindAction, identifier: "saveReview", destination: "App.ShelfViewController"),
            TraceEvent(event: .unwind, identifier: "saveReview"),
            TraceEvent(event: .dismiss, source: "UINavigationController")
        ]
        let outcome = RunResult.ran(trace: unwind)
        let inOrder = Check.traceOrder([
            TracePattern(kind: .prepare, source: "ReviewComposerViewController"),
            TracePattern(kind: .unwindAction, destination: "ShelfViewController"),
            TracePattern(kind: .dismiss)
        ])
        #expect(result(inOrder, outcome).status == .pass)
        let reversed = result(.traceOrder([TracePattern(kind: .dismiss), TracePattern(kind: .unwindAction)]), outcome)
        #expect(reversed.status == .fail)
        #expect(
            reversed.message
                == "the program did unwindAction 'saveReview' to ShelfViewController before dismiss, not after it")
        let silent = RunResult.ran(trace: [unwind[0], TraceEvent(event: .unwind, identifier: "saveReview")])
        let missing = result(inOrder, silent)
        #expect(missing.status == .fail)
        #expect(
            missing.message.hasPrefix(
                "expected unwindAction to ShelfViewController after prepare from ReviewComposerViewController, but"))
        // Another segue's event of the same kind is named rather than the whole trace.
        let cancelled = RunResult.ran(trace: [
            TraceEvent(event: .prepare, identifier: "writeReview", source: "ShelfViewController"),
            TraceEvent(event: .prepare, identifier: "cancelReview", source: "ReviewComposerViewController")
        ])
        #expect(
            result(.trace(TracePattern(kind: .prepare, identifier: "saveReview")), cancelled).message
                == "expected prepare 'saveReview', but the program did prepare 'cancelReview' from ReviewComposerViewController"
        )
        #expect(
            result(inOrder, .ran()).message
                == "expected prepare from ReviewComposerViewController, but the program caused no navigation")
        #expect(
            inOrder.summary
                == "navigation does, in order: prepare from ReviewComposerViewController, then unwindAction to ShelfViewController, then dismiss"
        )
    }

    @Test func endStateChecks() {
        let outcome = RunResult.ran(
            endState: EndState(topOfStack: "App.DetailViewController", presented: ["LoginViewController"]))
        #expect(result(.topOfStack("DetailViewController"), outcome).status == .pass)
        let wrongTop = result(.topOfStack("ListViewController"), outcome)
        #expect(wrongTop.message == "DetailViewController is on top of the navigation stack, not ListViewController")
        #expect(result(.presented("LoginViewController"), outcome).status == .pass)
        #expect(result(.presented("AlertViewController"), outcome).status == .fail)
        #expect(result(.topOfStack("X"), .ran()).status == .error)
    }

    @Test func compilerVerdicts() {
        let rejected = RunResult.rejected(
            "value of optional type 'String?' must be unwrapped to a value of type 'String'", file: "fix.swift",
            line: 2, column: 20)
        #expect(result(.compiles, rejected).status == .fail)
        #expect(
            result(.compiles, rejected).message
                == "the code did not compile: fix.swift:2:20: value of optional type 'String?' must be unwrapped to a value of type 'String'"
        )
        #expect(result(.failsToCompile(diagnosticPattern: "must be unwrapped"), rejected).status == .pass)
        #expect(result(.failsToCompile(diagnosticPattern: "cannot find"), rejected).status == .fail)
        #expect(result(.failsToCompile(diagnosticPattern: "x"), .ran()).message.hasPrefix("the code compiled"))
        #expect(result(.outputContains("x"), rejected).message.hasPrefix("not run: the code did not compile"))
    }

    @Test func exitStatusAndCrashes() {
        let crashed = RunResult.crashed(
            "NSInvalidArgumentException",
            "Receiver (<App.ListViewController: 0x1>) has no segue with identifier 'detail'")
        #expect(result(.exitStatus(0), .ran()).status == .pass)
        #expect(result(.exitStatus(0), .ran(status: 2)).message == "the program exited with status 2, expected 0")
        #expect(
            result(.exitStatus(0), crashed).message.hasPrefix(
                "the program crashed: UIKit raised NSInvalidArgumentException"))
        #expect(
            result(
                .crash(kind: "NSInvalidArgumentException", messagePattern: "has no segue with identifier 'detail'"),
                crashed
            ).status == .pass)
        #expect(result(.crash(kind: "NSInternalInconsistencyException", messagePattern: nil), crashed).status == .fail)
        #expect(result(.crash(kind: nil, messagePattern: "Pushing a navigation"), crashed).status == .fail)
        #expect(result(.crash(kind: nil, messagePattern: nil), .ran()).message == "the program did not crash")
        #expect(
            result(
                .outputContains(""),
                RunResult(compile: .succeeded(warnings: []), termination: .timedOut, limits: Limits(timeout: 10))
            ).message == "the program ran longer than its time limit of 10 s (a loop that never ends?)")
    }

    @Test func harnessProtocol() {
        #expect(CheckLine.parse(line: "CHECK PASS item shown") == CheckResult(summary: "item shown", status: .pass))
        #expect(
            CheckLine.parse(line: "  CHECK FAIL item: expected Books, got nil ")
                == CheckResult(summary: "item", status: .fail, message: "expected Books, got nil"))
        #expect(CheckLine.parse(line: "CHECK MAYBE x") == nil)
        #expect(CheckLine.parse(line: "print CHECK PASS x") == nil)

        let pass = RunResult.ran("CHECK PASS a\nCHECK PASS b\n")
        #expect(result(.harness(required: ["a", "b"]), pass).status == .pass)
        #expect(result(.harness(required: ["a", "c"]), pass).message == "check 'c' did not run")
        let fail = RunResult.ran("CHECK PASS a\nCHECK FAIL b: expected 2, got 1\n")
        #expect(result(.harness(required: []), fail).message == "b: expected 2, got 1")
        #expect(result(.harness(required: []), .ran("CHECK ERROR b: no window\n")).status == .error)
        let silent = result(.harness(required: []), RunResult.crashed("fatal error", "nil"))
        #expect(silent.status == .fail)
        #expect(
            silent.message
                == "the lesson's checks did not run because the program crashed: it stopped on a fatal error (fatalError, assertionFailure or preconditionFailure was called, or a runtime check failed):\n    Fatal error: nil"
        )
        #expect(result(.harness(required: []), .ran("hello\n")).message == "the lesson's checks did not run")
        // A named check that never ran because of a crash names the crash.
        let crashedEarly = RunResult.crashed("fatal error", "unexpected segue", stdout: "CHECK PASS a\n")
        #expect(
            result(.harness(required: ["a", "b"]), crashedEarly).message
                == "check 'b' did not run because the program crashed: it stopped on a fatal error (fatalError, assertionFailure or preconditionFailure was called, or a runtime check failed):\n    Fatal error: unexpected segue"
        )
    }

    @Test func implicitChecksAndCombination() throws {
        var step = Step(
            id: "s", title: "S", prose: "", body: .exercise, location: SourceLocation(file: "f", line: 1, column: 1))
        step.checks = [CheckSpec(.outputContains("Books"), at: SourceLocation(file: "f", line: 9, column: 5))]
        let checks = CheckEvaluator.effectiveChecks(for: step).map(\.check)
        #expect(checks == [.compiles, .exitStatus(0), .outputContains("Books")])

        let verdict = CheckEvaluator.evaluate(CheckEvaluator.effectiveChecks(for: step), run: .ran("Films\n"))
        #expect(verdict.status == .fail)
        #expect(verdict.results.map(\.status) == [.pass, .pass, .fail])
        #expect(verdict.firstFailure?.location == SourceLocation(file: "f", line: 9, column: 5))
        #expect(CheckEvaluator.evaluate(CheckEvaluator.effectiveChecks(for: step), run: .ran("Books\n")).passed)

        step.checks.append(CheckSpec(.crash(kind: nil, messagePattern: nil), at: step.location))
        #expect(!CheckEvaluator.effectiveChecks(for: step).map(\.check).contains(.exitStatus(0)))
        #expect(Verdict(results: []).status == .error)
    }
}
