import Foundation
import TestSupport
import Testing

/// A learner's session on a small pack, driven through piped stdin: moving, answering every
/// kind of step, hints, solutions, skipping, drafts, and progress that survives a restart.
@Suite(.serialized) struct LessonSessionTests {
    static let pack = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LessonKitTests/Fixtures/sample-pack").path

    func session(_ script: String, home: URL, arguments: [String] = []) throws -> SeguelabBinary.Result {
        try SeguelabBinary.runPiped(script, arguments: ["--pack", Self.pack] + arguments, home: home)
    }

    @Test func aNewLearnerSeesTheMenuAndMovesThroughSteps() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("next\nnext\nback\ngoto identifiers/method\nstep\n", home: home)
        #expect(
            result.stdout.hasPrefix(
                "Segue basics\n  identifiers  Segue identifiers  0/8  not started\n  prepare      Passing data       0/3  not started\n"
            ))
        #expect(result.stdout.contains("── Step 1/8: What an identifier is  [prose · identifiers/intro]"))
        #expect(result.stdout.contains("── Step 2/8: Run it  [example · identifiers/run]"))
        // back returns to step 1; goto jumps; step repeats the current step.
        let steps = result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("── Step") }
        #expect(
            steps == [
                "── Step 1/8: What an identifier is  [prose · identifiers/intro]",
                "── Step 2/8: Run it  [example · identifiers/run]",
                "── Step 1/8: What an identifier is  [prose · identifiers/intro]",
                "── Step 4/8: Name the method  [text · identifiers/method]",
                "── Step 4/8: Name the method  [text · identifiers/method]"
            ])
        #expect(result.stderr == "")
    }

    @Test func choicesTextAndHintsAreJudged() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session(
            """
            goto identifiers/asks
            c
            hint
            hint
            B, a
            next
              PREPARE(for:sender:)
            z
            """, home: home)
        // A wrong choice gets its own feedback, once.
        #expect(
            result.stdout.contains(
                "✘ Not yet: c) Setting a property starts nothing.\nTry again, or type `hint` (1 left)."))
        #expect(result.stdout.contains("Hint 1/1: Two of them do."))
        // After the last hint, `hint` repeats it and points to `solution` (docs/authoring.md).
        #expect(result.stdout.components(separatedBy: "Hint 1/1: Two of them do.").count == 3, "\(result.stdout)")
        #expect(result.stdout.contains("Two of them do.\nThat was the last hint; `solution` shows the answer.\n"))
        // Letters in any order and case; text with other case and spacing.
        #expect(result.stdout.components(separatedBy: "✔ Correct.").count == 3)
        // A text step takes any text: `z` is a (wrong) answer, not an unknown command; the step,
        // passed already, stays passed.
        #expect(
            result.stdout.hasSuffix(
                "✘ This answer is wrong: \"z\" is not the answer\nThe step stays passed: your earlier answer was right. Type `next` to continue.\n"
            ))
        #expect(!result.stderr.contains("unknown command"))
    }

    /// A step once passed stays passed: a later wrong answer is told what it got wrong and that
    /// the step is still done, never asked to try again.
    @Test func aWrongAnswerOnAPassedStepLeavesItPassed() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session(
            "goto identifiers/asks\nb, a\nc\nnext\nPREPARE(for:sender:)\nsegue\nlessons\n", home: home)
        #expect(
            result.stdout.contains(
                """
                ✘ This answer is wrong: c) Setting a property starts nothing.
                The step stays passed: your earlier answer was right. Type `next` to continue.
                """))
        #expect(
            result.stdout.contains(
                """
                ✘ This answer is wrong: "segue" is not the answer
                The step stays passed: your earlier answer was right. Type `next` to continue.
                """))
        #expect(!result.stdout.contains("Try again"))
        #expect(!result.stdout.contains("Not yet"))
        // Both steps still count as done.
        #expect(result.stdout.contains("2/8"), "\(result.stdout)")
    }

    @Test func aChoiceOutOfRangeIsAnError() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("goto identifiers/asks\nf\n", home: home)
        #expect(result.stderr == "<stdin>:2: error: answer with a letter from a to c (several: `a, c`)\n")
        #expect(result.status == 1)
    }

    @Test func codeStepsRunForRealAndDraftsSurviveARestart() throws {
        let home = try SeguelabBinary.makeHome()
        let first = try session(
            """
            goto identifiers/typed
            list.performSegue(withIdentifier: "nope", sender: nil)
            list.performSegue(
              withIdentifier: "showDetail",
              sender: nil)
            next
            edit
            import UIKit
            let nav = launchApp()
            print("draft in progress")
            .
            quit
            """, home: home)
        // The wrong line crashes with UIKit's own exception; the right one, written over
        // three lines, passes on what it does.
        #expect(first.stdout.contains("has no segue with identifier 'nope'"))
        #expect(first.stdout.contains("perform 'showDetail' ListViewController → DetailViewController"))
        #expect(first.stdout.contains("✔ Correct."))
        #expect(first.stdout.contains("Draft saved (3 lines)."))

        // A new shell resumes on the same step with the learner's draft, and judges it.
        let second = try session("check\n", home: home)
        #expect(
            second.stdout.contains(
                "Welcome back: you were here.\n── Step 7/8: Fix the identifier  [exercise · identifiers/fix]\n  1 import UIKit\n  2 let nav = launchApp()\n  3 print(\"draft in progress\")\n"
            ))
        #expect(second.stdout.contains("draft in progress\n"))
        #expect(second.stdout.contains("✘ Not yet"))
    }

    @Test func scriptErrorsNameTheirLineEvenAfterInlineCode() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("goto identifiers/fix\nedit\nimport UIKit\nprint(1)\n.\nstart nosuch\n", home: home)
        #expect(result.stderr.hasPrefix("<stdin>:6: error: no lesson 'nosuch'"))
    }

    @Test func aMistypedCommandOnACodeStepIsNotCompiled() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("goto identifiers/fix\nhlep\nprogress\n", home: home)
        #expect(
            result.stderr
                == "<stdin>:2: error: unknown command 'hlep' (did you mean 'help'?); type 'help' for the list\n")
        #expect(result.stdout.contains("Attempts: 0,"))
    }

    @Test func solutionAsksFirstAndSkipFillsInTheReference() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session(
            """
            goto identifiers/fix
            solution
            no
            solution
            yes
            no
            skip
            goto identifiers/fix
            progress
            """, home: home)
        #expect(result.stdout.contains("Your draft is unchanged."))
        #expect(result.stdout.contains("Not shown.\n"))
        #expect(result.stdout.contains("Solution:\n    import UIKit\n"))
        // What skip filled in is shown.
        #expect(
            result.stdout.contains(
                "Skipped; the reference code was filled in so later steps build on working code:\n    import UIKit\n    let navigation = launchApp()\n"
            ))
        // Back on the skipped step, the draft is the reference solution.
        #expect(
            result.stdout.contains(
                "  3 navigation.topViewController?.performSegue(withIdentifier: \"showDetail\", sender: nil)\n"))
        #expect(result.stdout.contains("solutions shown: 1"))
    }

    @Test func solutionCanBePutInTheDraftSoCheckPasses() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("goto identifiers/fix\nsolution yes\ny\ncheck\n", home: home)
        #expect(result.stdout.contains("Your draft is now the solution."))
        #expect(result.stdout.contains("✔ Correct."), "\(result.stdout)\n\(result.stderr)")
    }

    @Test func restartKeepsABackup() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("goto identifiers/method\nprepare(for:sender:)\nrestart yes\nlessons\n", home: home)
        #expect(result.stdout.contains("Previous progress backed up to "))
        #expect(result.stdout.contains("  identifiers  Segue identifiers  0/8  not started"))
        let backups = try FileManager.default.contentsOfDirectory(
            atPath: home.appendingPathComponent("state/seguelab/progress").path)
        #expect(backups.contains { $0.contains("backup") })
    }

    @Test func startAtALessonAndStepFromTheCommandLine() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("", home: home, arguments: ["--lesson", "prepare", "--step", "quiz"])
        #expect(result.stdout.contains("── Step 3/3: Quiz  [choice · prepare/quiz]"))
    }

    @Test func startingElsewhereSaysTheSavedPlaceMoved() throws {
        let home = try SeguelabBinary.makeHome()
        _ = try session("goto identifiers/method\n", home: home)
        let moved = try session("", home: home, arguments: ["--lesson", "prepare", "--step", "quiz"])
        #expect(
            moved.stdout.contains(
                "Your saved place moved here from identifiers/method; `goto identifiers/method` goes back."))
        let same = try session("", home: home, arguments: ["--lesson", "prepare", "--step", "quiz"])
        #expect(!same.stdout.contains("saved place moved"))
    }

    @Test func theLastStepOfALessonEndsItWithWhatIsLeftAndWhatIsNext() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session(
            "goto identifiers/method\nprepare(for:sender:)\nnext\nskip\ngoto identifiers/compile-error\n", home: home)
        #expect(result.stdout.contains("━━ End of “Segue identifiers” ━━\n"))
        #expect(
            result.stdout.contains(
                "Left undone (`goto STEP`): asks, typed, fix, compile-error; skipped: predict-top.\n"
            ))
        #expect(result.stdout.contains("Next lesson: “Passing data”: type `next` to start it.\n"))
    }

    @Test func aMistypedCommandOnAChoiceStepIsNotTakenAsAnAnswer() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("goto identifiers/asks\nnxt\nprogress\n", home: home)
        #expect(result.stderr.contains("unknown command 'nxt' (did you mean 'next'?)"))
        #expect(!result.stdout.contains("✘ Not yet"))
        #expect(result.stdout.contains("Attempts: 0,"))
    }

    @Test func progressInTheShellShowsEveryLesson() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("goto identifiers/method\nprepare(for:sender:)\nprogress\n", home: home)
        #expect(result.stdout.contains("Done: 1 of 11 steps (9%)\n"))
        #expect(result.stdout.contains("> identifiers  Segue identifiers  1/8  in progress"), "\(result.stdout)")
        #expect(result.stdout.contains("  prepare      Passing data       0/3  not started"))
    }

    @Test func aBrokenLessonIsMarkedAndTheOthersStillOpen() throws {
        let home = try SeguelabBinary.makeHome()
        let pack = home.appendingPathComponent("pack")
        try FileManager.default.copyItem(atPath: Self.pack, toPath: pack.path)
        let lesson = pack.appendingPathComponent("lessons/02-prepare.md")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        try text.replacingOccurrences(of: "kind: exercise", with: "kind: exercize").write(
            to: lesson, atomically: true, encoding: .utf8)
        let result = try SeguelabBinary.runPiped("next\n", arguments: ["--pack", pack.path], home: home)
        #expect(result.status == 0)
        #expect(
            result.stderr.contains(
                "warning: lesson 'prepare' (en) is left out: it has 2 errors, first pack/lessons/02-prepare.md:9:7: error: unknown step kind 'exercize'"
            ))
        #expect(result.stdout.contains("✗ prepare  unavailable: the lesson file has errors"))
        #expect(result.stdout.contains("── Step 1/8: What an identifier is  [prose · identifiers/intro]"))
    }

    /// The second start on unchanged files parses no step until a lesson opens; an edit since
    /// the last start is checked in full again, so a lesson broken in between is reported as
    /// on a first start.
    @Test func aLessonBrokenBetweenTwoStartsIsReportedAtTheSecond() throws {
        let home = try SeguelabBinary.makeHome()
        let pack = home.appendingPathComponent("pack")
        try FileManager.default.copyItem(atPath: Self.pack, toPath: pack.path)
        for _ in 1...2 {
            let clean = try SeguelabBinary.runPiped("next\nnext\n", arguments: ["--pack", pack.path], home: home)
            #expect(clean.status == 0 && clean.stderr.isEmpty, "\(clean.stderr)")
            #expect(clean.stdout.contains("── Step 2/8: "), "\(clean.stdout)")
        }
        let lesson = pack.appendingPathComponent("lessons/02-prepare.md")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        try text.replacingOccurrences(of: "kind: exercise", with: "kind: exercize").write(
            to: lesson, atomically: false, encoding: .utf8)
        let result = try SeguelabBinary.runPiped("lessons\n", arguments: ["--pack", pack.path], home: home)
        #expect(
            result.stderr.contains(
                "warning: lesson 'prepare' (en) is left out: it has 2 errors, first pack/lessons/02-prepare.md:9:7: error: unknown step kind 'exercize'"
            ),
            "\(result.stderr)")
        #expect(result.stdout.contains("✗ prepare  unavailable: the lesson file has errors"))
    }

    /// The harness helpers' own words (`lessonCheckEqual` with no message of the author's) are
    /// the learner's language, as a real run prints them.
    @Test func theCheckHelpersSpeakTheLessonsLanguage() throws {
        let home = try SeguelabBinary.makeHome()
        let pack = home.appendingPathComponent("pack")
        try FileManager.default.copyItem(atPath: Self.pack, toPath: pack.path)
        let english = try String(contentsOf: pack.appendingPathComponent("lessons/02-prepare.md"), encoding: .utf8)
        try english.replacingOccurrences(of: "title: Passing data", with: "title: Passer des données")
            .write(to: pack.appendingPathComponent("lessons/fr/02-prepare.md"), atomically: true, encoding: .utf8)
        let french = try SeguelabBinary.runPiped(
            "goto prepare/pass\ncheck\n", arguments: ["--pack", pack.path, "--lang", "fr"], home: home)
        #expect(french.stdout.contains("item\u{00A0}: attendu Books, obtenu Segues"), "\(french.stdout)")
        let again = try SeguelabBinary.runPiped(
            "goto prepare/pass\ncheck\n", arguments: ["--pack", pack.path, "--lang", "en"],
            home: try SeguelabBinary.makeHome())
        #expect(again.stdout.contains("item: expected Books, got Segues"), "\(again.stdout)")
    }

    @Test func translatedLessonsFollowLang() throws {
        let home = try SeguelabBinary.makeHome()
        let english = try session("next\n", home: home)
        let french = try session("next\n", home: try SeguelabBinary.makeHome(), arguments: ["--lang", "fr"])
        #expect(english.stdout.contains("What an identifier is"))
        #expect(!french.stdout.contains("What an identifier is"))
        #expect(french.status == 0)
    }
}

/// When progress cannot be written (a full disk, a folder in the way), the shell says so and
/// the learner's draft is never lost: it stays in memory, saving is retried, and at the end it
/// is printed.
@Suite struct UnsavableDraftTests {
    @Test func aDraftThatCannotBeSavedIsSaidSoKeptAndPrintedAtTheEnd() throws {
        let home = try SeguelabBinary.makeHome()
        // The state folder's `seguelab` is a file: nothing can be saved under it.
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("state"), withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: home.appendingPathComponent("state/seguelab"))
        let result = try SeguelabBinary.runPiped(
            "edit\nprint(\"my precious draft\")\n.\nstep\nquit\n",
            arguments: ["--pack", LessonSessionTests.pack, "--lesson", "identifiers", "--step", "fix"], home: home)
        #expect(!result.stdout.contains("Draft saved"), "\(result.stdout)")
        #expect(result.stderr.contains("your draft is kept in memory but could not be saved"), "\(result.stderr)")
        // Still the learner's draft for the rest of the session…
        #expect(result.stdout.contains("my precious draft"))
        // …and printed at the end, since it could never be saved.
        #expect(result.stderr.contains("your drafts could not be saved"), "\(result.stderr)")
        #expect(result.stdout.hasSuffix("print(\"my precious draft\")\n"), "\(result.stdout.suffix(300))")
    }
}
