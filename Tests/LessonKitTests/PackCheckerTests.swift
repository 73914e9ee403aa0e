import Foundation
import Playground
import SegueKit
import SourceText
import TestSupport
import Testing

@testable import LessonKit

/// A runner that behaves like the sample pack's programs would: it recognises the sample's
/// solutions and produces the outcome the real code would, and fails everything else the
/// way the real starter code does.
func sampleAppRunner() -> ScriptedRunner {
    ScriptedRunner { program in
        let code = program.learnerCode
        if program.typecheckOnly {
            return code.contains("return segue.identifier\n")
                ? .rejected("value of optional type 'String?' must be unwrapped to a value of type 'String'")
                : .ran()
        }
        let pushed = code.contains("\"showDetail\"")
        let item = code.contains("\"Books\"") ? "Books" : "Segues"
        var stdout = ""
        if code.contains("print(\"pushed\")") { stdout += "pushed\n" }
        if code.contains("Top is") { stdout += "Top is \(pushed ? "DetailViewController" : "ListViewController")\n" }
        if code.contains(".item!)") { stdout += item + "\n" }
        if program.sources.contains(where: { $0.name == "LessonCheck.swift" }) {
            stdout += item == "Books" ? "CHECK PASS item\n" : "CHECK FAIL item: expected Books, got \(item)\n"
        }
        // As SegueKit records it: the identifier on `perform`, the transition as `push`.
        let trace =
            pushed
            ? [
                TraceEvent(
                    event: .perform, identifier: "showDetail", source: "ListViewController",
                    destination: "DetailViewController"),
                TraceEvent(event: .push, destination: "DetailViewController")
            ] : []
        return .ran(
            stdout, trace: trace, endState: EndState(topOfStack: pushed ? "DetailViewController" : "ListViewController")
        )
    }
}

@Suite("pack check")
struct PackCheckerTests {
    @Test func samplePackPassesTheDynamicCheck() async throws {
        let pack = try Fixtures.loadSamplePack()
        let runner = sampleAppRunner()
        let diagnostics = await PackChecker.checkDynamically(pack, runner: runner)
        #expect(diagnostics.map(\.description) == [])
        // Both languages were proven: 1 example, 1 prediction, and starter plus solution of
        // 3 code steps in lesson 1 (8 runs, twice: English and French), 2 exercises in lesson 2,
        // after the support code compiled once on its own.
        #expect(runner.requests.count == 21)
    }

    @Test func catchesAStarterThatAlreadyPassesAndASolutionThatFails() async throws {
        let pack = try Fixtures.loadSamplePack()
        // A runner where every program succeeds and prints the expected line: starters pass.
        let lenient = ScriptedRunner(
            always: .ran(
                "Top is DetailViewController\nBooks\nCHECK PASS item\n",
                trace: [TraceEvent(event: .perform, identifier: "showDetail", destination: "DetailViewController")],
                endState: EndState(topOfStack: "DetailViewController")))
        let lenientDiagnostics = await PackChecker.checkDynamically(pack, runner: lenient).map(\.description)
        #expect(
            lenientDiagnostics.contains(
                "sample-pack/lessons/01-identifiers.md:100:1: error: the starter code already passes: the exercise 'fix' cannot fail"
            ))
        #expect(
            lenientDiagnostics.contains(
                "sample-pack/lessons/02-prepare.md:14:1: error: the starter code already passes: the exercise 'pass' cannot fail"
            ))
        #expect(
            lenientDiagnostics.contains(
                "sample-pack/lessons/01-identifiers.md:66:1: error: an empty answer already passes: the prompt 'typed' cannot fail"
            ))

        // A runner where nothing navigates: solutions fail, with the failing check's place.
        let stuck = ScriptedRunner(
            always: .ran("Top is ListViewController\n", endState: EndState(topOfStack: "ListViewController")))
        let stuckDiagnostics = await PackChecker.checkDynamically(pack, runner: stuck).map(\.description)
        #expect(
            stuckDiagnostics.contains(
                "sample-pack/lessons/01-identifiers.md:90:5: error: the solution of 'fix' does not pass: output contains \"Top is DetailViewController\": the output does not contain \"Top is DetailViewController\"; it was: Top is ListViewController"
            ))
        #expect(
            stuckDiagnostics.contains(
                "sample-pack/lessons/01-identifiers.md:71:5: error: the solution of 'typed' does not pass: DetailViewController is on top of the navigation stack: ListViewController is on top of the navigation stack, not DetailViewController"
            ))
        #expect(
            stuckDiagnostics.contains(
                "sample-pack/lessons/01-identifiers.md:51:1: error: the expected answer 'DetailViewController' is wrong: the predicted destination: the navigation did not end on DetailViewController (the run ended on ListViewController)"
            ))
        #expect(
            stuckDiagnostics.contains(
                "sample-pack/lessons/02-prepare.md:29:1: error: the solution of 'pass' does not pass: the lesson's checks pass: the lesson's checks did not run"
            ))
    }

    @Test func catchesWrongChoicesJudgedRightAndBrokenExamples() async throws {
        let dir = TemporaryDirectory()
        let body = """

            ## Run {#run}

            ```swift example
            print("hi")
            ```

            ## Pick {#pick}

            ```step
            kind: text
            pattern: ".*"
            hints: [h]
            ```

            """
        let pack = try #require(try PackBuilder(lesson: lessonFile(body)).load(in: dir).pack)
        let crashing = ScriptedRunner(always: .crashed("fatal error", "boom"))
        let diagnostics = await PackChecker.checkDynamically(pack, runner: crashing).map(\.description)
        #expect(
            diagnostics == [
                "p/lessons/01-a.md:9:1: error: example 'run' does not behave as written: the program exits with status 0: the program crashed: it stopped on a fatal error (fatalError, assertionFailure or preconditionFailure was called, or a runtime check failed): Fatal error: boom",
                "p/lessons/01-a.md:12:1: error: an empty answer is accepted; the pattern matches anything"
            ])

        // A well-formed choice step raises nothing: each wrong choice alone is judged wrong.
        var step = pack.lessons[0].steps[0]
        step.body = .choice(
            ChoiceQuestion(
                choices: [
                    Choice(text: "a", correct: true, feedback: nil, location: step.location),
                    Choice(
                        text: "b", correct: false, feedback: nil,
                        location: SourceLocation(file: "f", line: 3, column: 5))
                ], multipleAnswers: false))
        let judge = AnswerJudge(pack: pack, runner: crashing)
        #expect(await PackChecker.check(step, in: pack.lessons[0], judge: judge).isEmpty)
    }

    @Test func templatePassesTheStaticCheck() throws {
        let dir = TemporaryDirectory()
        let folder = dir.url.appendingPathComponent("my-course")
        let written = try PackTemplate.write(to: folder, title: "My \"course\"")
        #expect(written.count == 4)
        let result = PackChecker.checkStatically(at: folder)
        #expect(result.diagnostics.map(\.description) == [])
        let pack = try #require(result.pack)
        #expect(pack.id == "my-course")
        #expect(pack.manifest.title == "My \"course\"")
        // One step of each kind.
        #expect(Set(pack.lessons.flatMap(\.steps).map(\.kind)) == Set(StepKind.allCases))
        #expect(throws: PackTemplate.Failure.self) { try PackTemplate.write(to: folder) }
    }
}

@Suite("pack check: compiler errors in author code")
struct PackCheckerCompilerErrorTests {
    @Test func errorsInHiddenPreludeAndSolutionPointIntoTheLessonFile() async throws {
        let dir = TemporaryDirectory()
        let body = """

            ## Type it {#typed}

            ```step
            kind: prompt
            checks: [top: DetailViewController]
            hints: [h]
            ```

            ```swift prelude
            import UIKit
            let nav = launchAp()
            ```

            ```swift solution
            nav.performSegue(withIdentifier: "showDetail", sender: nil)
            ```

            """
        let pack = try #require(try PackBuilder(lesson: lessonFile(body)).load(in: dir).pack)
        // The compiler reports the prelude's typo at its line 2, column 11 and an error at the
        // start of the solution.
        let runner = ScriptedRunner { program in
            .rejected([
                Diagnostic(
                    file: "prelude", line: 2, column: 11, severity: .error, message: "cannot find 'launchAp' in scope",
                    inHiddenCode: true),
                Diagnostic(
                    file: "typed.swift", line: 1, column: 1, severity: .error, message: "cannot find 'nav' in scope")
            ])
        }
        let diagnostics = await PackChecker.checkDynamically(pack, runner: runner).map(\.description)
        #expect(
            diagnostics.contains(
                "p/lessons/01-a.md:16:11: error: compiler: cannot find 'launchAp' in scope (in the prelude of 'typed')")
        )
        #expect(
            diagnostics.contains(
                "p/lessons/01-a.md:20:1: error: compiler: cannot find 'nav' in scope (in the solution of 'typed')"))
        // What the errors cause is said once, after them: not "the code compiles: the code did not compile".
        #expect(diagnostics.last == "p/lessons/01-a.md:20:1: note: and 1 more caused by the error above")
        #expect(!diagnostics.contains { $0.contains("does not pass") }, "\(diagnostics)")
    }
}
