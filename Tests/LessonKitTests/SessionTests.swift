import Foundation
import Playground
import TestSupport
import Testing

@testable import LessonKit

@Suite("Session state machine")
struct SessionTests {
    let pack: Pack
    let clock = TestClock()

    init() throws { pack = try Fixtures.loadSamplePack() }

    func newSession(language: String? = nil) -> Session {
        Session(
            pack: pack, progress: PackProgress(pack: pack, now: clock.now), language: language, clock: clock.function)
    }

    func ref(_ lesson: String, _ step: String) -> StepRef { StepRef(lesson: lesson, step: step) }

    @Test func resumeStartsAtTheFirstStepAndNextWalksIntoTheNextLesson() {
        var session = newSession()
        let start = session.resume()
        #expect(start.position == ref("identifiers", "intro"))
        #expect(session.stepNumber! == (1, 8))
        var positions: [StepRef?] = []
        for _ in 0..<8 { positions.append(session.next().position) }
        #expect(
            positions == [
                ref("identifiers", "run"), ref("identifiers", "asks"), ref("identifiers", "method"),
                ref("identifiers", "predict-top"), ref("identifiers", "typed"), ref("identifiers", "fix"),
                ref("identifiers", "compile-error"), ref("prepare", "pass")
            ])
        _ = session.next()
        _ = session.next()
        let end = session.next()
        #expect(end.kind == .finishedPack)
        #expect(end.position == ref("prepare", "quiz"))
    }

    @Test func nextIsAllowedOnUnansweredStepsButReportsThemUnfinished() async throws {
        var session = newSession()
        _ = session.resume()
        let fromProse = session.next()
        #expect(fromProse.leftUnfinished == nil)  // prose
        let fromExample = session.next()
        #expect(fromExample.leftUnfinished == nil)  // example
        #expect(session.currentStep?.id == "asks")
        let moved = session.next()
        #expect(moved.leftUnfinished == ref("identifiers", "asks"))
        #expect(moved.position == ref("identifiers", "method"))
        // Both the skipped-over choice and the text step now on screen await an answer.
        #expect(session.lessonsMenu[0].unfinishedSeenSteps == 2)
        // Once answered, leaving it is no longer "unfinished".
        _ = session.back()
        _ = try await session.submit(.choices([0, 1]), runner: ScriptedRunner(always: .ran()))
        let afterAnswer = session.next()
        #expect(afterAnswer.leftUnfinished == nil)
    }

    @Test func backRetracesWhatWasSeenIncludingJumpsAndResetsNothing() throws {
        var session = newSession()
        _ = session.resume()
        _ = session.next()
        _ = session.next()  // asks
        _ = session.hint()
        _ = try session.goto("prepare/quiz")
        #expect(session.position == ref("prepare", "quiz"))
        let backToJumpOrigin = session.back()
        #expect(backToJumpOrigin.position == ref("identifiers", "asks"))
        #expect(session.stepProgress(ref("identifiers", "asks")).hintsUsed == 1)
        let backToRun = session.back()
        #expect(backToRun.position == ref("identifiers", "run"))
        let backToIntro = session.back()
        #expect(backToIntro.position == ref("identifiers", "intro"))
        let pastTheStart = session.back()
        #expect(pastTheStart.kind == .atStart)
        #expect(session.position == ref("identifiers", "intro"))
    }

    @Test func gotoAcceptsLessonStepOrStepOfCurrentLesson() throws {
        var session = newSession()
        _ = session.resume()
        let toLesson = try session.goto("prepare")
        #expect(toLesson.position == ref("prepare", "pass"))
        let toStepHere = try session.goto("quiz")
        #expect(toStepHere.position == ref("prepare", "quiz"))
        let toLessonStep = try session.goto("identifiers/fix")
        #expect(toLessonStep.position == ref("identifiers", "fix"))
        #expect(throws: SessionError.unknownTarget("nowhere")) {
            var copy = session
            _ = try copy.goto("nowhere")
        }
        #expect(throws: SessionError.unknownStep("x", lesson: "prepare", known: ["pass", "print", "quiz"])) {
            var copy = session
            _ = try copy.goto("prepare/x")
        }
        #expect(throws: SessionError.self) {
            var copy = session
            _ = try copy.start(lesson: "missing")
        }
    }

    @Test func hintsAreProgressiveAndSolutionsRecorded() throws {
        var session = newSession()
        _ = try session.goto("identifiers/method")
        let firstHint = session.hint()
        let first = try #require(firstHint)
        #expect((first.number, first.total, first.text) == (1, 2, "It gets the destination ready."))
        let secondHint = session.hint()
        let second = try #require(secondHint)
        #expect(second.text == "prepare..." && second.isLast)
        let againHint = session.hint()
        #expect(againHint?.number == 2)  // stays on the last one
        #expect(session.stepProgress(ref("identifiers", "method")).hintsUsed == 2)
        #expect(!session.stepProgress(ref("identifiers", "method")).solutionShown)

        let revealed = session.revealSolution()
        let solution = try #require(revealed)
        #expect(solution.answer == "prepare(for:sender:)")
        #expect(solution.explanation == "prepare(for:sender:) runs before the transition.")
        #expect(session.stepProgress(ref("identifiers", "method")).solutionShown)

        _ = try session.goto("identifiers/intro")
        let proseHint = session.hint()
        #expect(proseHint == nil)
        let proseSolution = session.revealSolution()
        #expect(proseSolution == nil)
    }

    @Test func skipFillsInTheReferenceSoLaterStepsContinueFromIt() throws {
        var session = newSession()
        _ = try session.goto("prepare/pass")
        #expect(session.draft == pack.lessons[1].step(id: "pass")!.code(.starter))
        let move = session.skip()
        #expect(move.position == ref("prepare", "print"))
        #expect(move.leftUnfinished == nil)
        let skipped = session.stepProgress(ref("prepare", "pass"))
        #expect(skipped.status == .skipped)
        // The next step continues from the filled-in solution.
        #expect(session.draft == pack.lessons[1].step(id: "pass")!.code(.solution))
        #expect(session.lessonsMenu[1].skippedSteps == 1)
    }

    @Test func continuingStepStartsFromTheLearnersOwnPassingCode() async throws {
        var session = newSession()
        _ = try session.goto("prepare/pass")
        let mine = "import UIKit\nlet navigation = launchApp()\n// mine\n"
        _ = try await session.submit(.code(mine), runner: ScriptedRunner(always: .ran("CHECK PASS item\n")))
        #expect(session.stepProgress(ref("prepare", "pass")).status == .passed)
        _ = session.next()
        #expect(session.draft == mine)
        session.saveDraft(mine + "print(1)\n")
        #expect(session.draft == mine + "print(1)\n")
    }

    @Test func submitRecordsAttemptsAndRunnerErrorsAreNotCounted() async throws {
        var session = newSession()
        _ = try session.goto("identifiers/method")
        let runner = ScriptedRunner(always: .ran())
        let wrongAnswer = try await session.submit(.text("viewDidLoad"), runner: runner)
        #expect(!wrongAnswer.passed)
        #expect(session.stepProgress(ref("identifiers", "method")).status == .attempted)
        let rightAnswer = try await session.submit(.text("PREPARE(for:sender:)"), runner: runner)
        #expect(rightAnswer.passed)
        let record = session.stepProgress(ref("identifiers", "method"))
        #expect(record.attempts == 2 && record.status == .passed && record.lastAnswer == "PREPARE(for:sender:)")

        _ = try session.goto("identifiers/fix")
        struct Down: Error {}
        let verdict = try await session.submit(.code("x"), runner: ScriptedRunner { _ in throw Down() })
        #expect(verdict.status == .error)
        #expect(session.stepProgress(ref("identifiers", "fix")).attempts == 0)

        _ = try session.goto("identifiers/intro")
        await #expect(throws: SessionError.nothingToAnswer(.prose)) {
            var copy = session
            _ = try await copy.submit(.text("x"), runner: runner)
        }
    }

    @Test func predictionMustComeBeforeRunning() async throws {
        var session = newSession()
        _ = try session.goto("identifiers/predict-top")
        let runner = ScriptedRunner(always: .ran(endState: EndState(topOfStack: "DetailViewController")))
        await #expect(throws: SessionError.predictFirst) {
            let copy = session
            _ = try await copy.run(runner: runner)
        }
        let verdict = try await session.submit(.text("ListViewController"), runner: runner)
        #expect(!verdict.passed)
        // A made prediction completes the step: the learner has seen the truth.
        #expect(session.lessonsMenu[0].completedSteps == 1)
        let outcome = try await session.run(runner: runner)
        #expect(outcome.endState?.topOfStack == "DetailViewController")
    }

    @Test func runUsesTheExampleOrTheDraft() async throws {
        var session = newSession()
        let runner = ScriptedRunner(always: .ran("ok\n"))
        _ = try session.goto("identifiers/run")
        _ = try await session.run(runner: runner)
        #expect(runner.requests.last?.learnerCode.contains("print(\"pushed\")") == true)
        _ = try session.goto("identifiers/fix")
        session.saveDraft("print(\"draft\")")
        _ = try await session.run(runner: runner)
        #expect(runner.requests.last?.learnerCode == "print(\"draft\")")
        // Running (not checking) an exercise leaves its harness out.
        _ = try session.goto("prepare/pass")
        _ = try await session.run(runner: runner)
        #expect(runner.requests.last?.sources.filter(\.topLevel).map(\.name) == ["pass.swift"])
        _ = try session.goto("identifiers/asks")
        await #expect(throws: SessionError.nothingToRun(.choice)) {
            let copy = session
            _ = try await copy.run(runner: runner)
        }
    }

    @Test func restartKeepsABackupAndStartsOver() async throws {
        var session = newSession()
        _ = try session.goto("identifiers/method")
        _ = try await session.submit(.text("prepare"), runner: ScriptedRunner(always: .ran()))
        _ = try session.goto("prepare/quiz")
        _ = try await session.submit(.choices([0]), runner: ScriptedRunner(always: .ran()))

        let (lessonBackup, lessonMove) = try session.restart(lesson: "prepare")
        #expect(lessonMove.position == ref("prepare", "pass"))
        #expect(lessonBackup[ref("prepare", "quiz")]?.status == .passed)
        #expect(session.stepProgress(ref("prepare", "quiz")).status == .seen)
        #expect(session.stepProgress(ref("identifiers", "method")).status == .passed)  // other lesson kept

        let (backup, move) = try session.restart()
        #expect(backup[ref("identifiers", "method")]?.status == .passed)
        #expect(move.position == ref("identifiers", "intro"))
        #expect(session.progress.history.isEmpty)
        #expect(session.summary().completedSteps == 1)  // only the prose step just entered
    }

    @Test func timeSpentIsCountedPerStepAndCapped() throws {
        var session = newSession()
        _ = session.resume()
        clock.advance(40)
        _ = session.next()
        clock.advance(3 * 3600)  // walked away
        _ = session.next()
        #expect(session.stepProgress(ref("identifiers", "intro")).secondsSpent == 40)
        #expect(session.stepProgress(ref("identifiers", "run")).secondsSpent == Session.maximumVisitSeconds)
        clock.advance(5)
        session.finishVisit()
        #expect(session.summary().secondsSpent == 40 + Session.maximumVisitSeconds + 5)
    }

    @Test func menuAndSummaryReflectProgress() async throws {
        var session = newSession(language: "fr")
        _ = session.resume()
        #expect(session.currentLesson?.title == "Identifiants de segue")
        let menu = session.lessonsMenu
        #expect(menu.map(\.title) == ["Identifiants de segue", "Passing data"])
        #expect(menu.map(\.state) == [.inProgress, .notStarted])
        #expect(menu[0].isCurrent && !menu[1].isCurrent)
        _ = try session.goto("identifiers/asks")
        _ = session.hint()
        _ = session.revealSolution()
        let summary = session.summary()
        #expect(summary.totalSteps == 11)
        #expect(summary.hintsUsed == 1 && summary.solutionsShown == 1)
    }
}
