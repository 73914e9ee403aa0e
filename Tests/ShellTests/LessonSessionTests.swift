import Foundation
import Testing
import TestSupport

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
        #expect(result.stdout.hasPrefix("Segue basics\n   identifiers  Segue identifiers  0/8\n   prepare      Passing data       0/3\n"))
        #expect(result.stdout.contains("── Step 1/8: What an identifier is  [prose]"))
        #expect(result.stdout.contains("── Step 2/8: Run it  [example]"))
        // back returns to step 1; goto jumps; step repeats the current step.
        let steps = result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("── Step") }
        #expect(steps == [
            "── Step 1/8: What an identifier is  [prose]",
            "── Step 2/8: Run it  [example]",
            "── Step 1/8: What an identifier is  [prose]",
            "── Step 4/8: Name the method  [text]",
            "── Step 4/8: Name the method  [text]",
        ])
        #expect(result.stderr == "")
    }

    @Test func choicesTextAndHintsAreJudged() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("""
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
        #expect(result.stdout.contains("✘ Not yet: c) Setting a property starts nothing.\nTry again, or type `hint` (1 left)."))
        #expect(result.stdout.contains("Hint 1/1: Two of them do."))
        // Letters in any order and case; text with other case and spacing.
        #expect(result.stdout.components(separatedBy: "✔ Correct.").count == 3)
        // A text step takes any text: `z` is a (wrong) answer, not an unknown command.
        #expect(result.stdout.hasSuffix("✘ Not yet: \"z\" is not the answer\nTry again, or type `hint` (2 left).\n"))
        #expect(!result.stderr.contains("unknown command"))
    }

    @Test func aChoiceOutOfRangeIsAnError() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("goto identifiers/asks\nf\n", home: home)
        #expect(result.stderr == "<stdin>:2: error: answer with a letter from a to c (several: `a, c`)\n")
        #expect(result.status == 1)
    }

    @Test func codeStepsRunForRealAndDraftsSurviveARestart() throws {
        let home = try SeguelabBinary.makeHome()
        let first = try session("""
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
        #expect(second.stdout.contains("Welcome back: you were here.\n── Step 7/8: Fix the identifier  [exercise]\n  1 import UIKit\n  2 let nav = launchApp()\n  3 print(\"draft in progress\")\n"))
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
        #expect(result.stderr == "<stdin>:2: error: unknown command 'hlep' (did you mean 'help'?); type 'help' for the list\n")
        #expect(result.stdout.contains("Attempts: 0,"))
    }

    @Test func solutionAsksFirstAndSkipFillsInTheReference() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("""
            goto identifiers/fix
            solution
            no
            solution
            yes
            skip
            goto identifiers/fix
            progress
            """, home: home)
        #expect(result.stdout.contains("Not shown.\n"))
        #expect(result.stdout.contains("Solution:\n    import UIKit\n"))
        #expect(result.stdout.contains("Skipped; the reference code was filled in"))
        // Back on the skipped step, the draft is the reference solution.
        #expect(result.stdout.contains("  3 navigation.topViewController?.performSegue(withIdentifier: \"showDetail\", sender: nil)\n"))
        #expect(result.stdout.contains("solutions shown: 1"))
    }

    @Test func restartKeepsABackup() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("goto identifiers/method\nprepare(for:sender:)\nrestart yes\nlessons\n", home: home)
        #expect(result.stdout.contains("Previous progress backed up to "))
        #expect(result.stdout.contains("   identifiers  Segue identifiers  0/8"))
        let backups = try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("state/seguelab/progress").path)
        #expect(backups.contains { $0.contains("backup") })
    }

    @Test func startAtALessonAndStepFromTheCommandLine() throws {
        let home = try SeguelabBinary.makeHome()
        let result = try session("", home: home, arguments: ["--lesson", "prepare", "--step", "quiz"])
        #expect(result.stdout.contains("── Step 3/3: Quiz  [choice]"))
    }

    @Test func aBrokenLessonIsMarkedAndTheOthersStillOpen() throws {
        let home = try SeguelabBinary.makeHome()
        let pack = home.appendingPathComponent("pack")
        try FileManager.default.copyItem(atPath: Self.pack, toPath: pack.path)
        let lesson = pack.appendingPathComponent("lessons/02-prepare.md")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        try text.replacingOccurrences(of: "kind: exercise", with: "kind: exercize").write(to: lesson, atomically: true, encoding: .utf8)
        let result = try SeguelabBinary.runPiped("next\n", arguments: ["--pack", pack.path], home: home)
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: lesson 'prepare' (en) is left out: it has 2 errors, first pack/lessons/02-prepare.md:9:7: error: unknown step kind 'exercize'"))
        #expect(result.stdout.contains(" ✗ prepare      unavailable: the lesson file has errors"))
        #expect(result.stdout.contains("── Step 1/8: What an identifier is  [prose]"))
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
