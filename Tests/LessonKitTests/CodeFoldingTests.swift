import Foundation
import Localization
import Testing

@testable import LessonKit

@Suite("Code a step repeats from an earlier step is folded")
struct CodeFoldingTests {
    let thirty = (1...30).map { "line \($0)" }

    @Test func aChangeKeepsTwoLinesOfContextAndFoldsTheRest() throws {
        var changed = thirty
        changed[14] = "line 15, changed"
        let pieces = try #require(CodeFolding.fold(changed, against: thirty))
        #expect(pieces == [.folded(0..<12), .shown(12..<17), .folded(17..<30)])
        #expect(FoldedCode(pieces: pieces, sinceStep: 1).foldedCount == 25)
        #expect(FoldedCode(pieces: pieces, sinceStep: 1).height == 7)
    }

    @Test func removedLinesAreShownWhereTheyWere() throws {
        var shorter = thirty
        shorter.remove(at: 14)
        let pieces = try #require(CodeFolding.fold(shorter, against: thirty))
        // "line 16" now stands where "line 15" was: it is the change, with its context.
        #expect(pieces == [.folded(0..<12), .shown(12..<17), .folded(17..<29)])
    }

    @Test func insertedLinesAtTheEndKeepTheirContext() throws {
        let longer = thirty + ["added 1", "added 2"]
        let pieces = try #require(CodeFolding.fold(longer, against: thirty))
        #expect(pieces == [.folded(0..<28), .shown(28..<32)])
    }

    @Test func shortUnchangedRunsAreNotFolded() {
        var small = Array(thirty.prefix(8))
        small[3] = "changed"
        #expect(CodeFolding.fold(small, against: Array(thirty.prefix(8))) == nil)
        #expect(CodeFolding.fold(thirty, against: ["something else"]) == nil)
    }

    @Test func identicalCodeIsOneFold() throws {
        #expect(CodeFolding.fold(thirty, against: thirty) == [.folded(0..<30)])
    }

    @Test func aStepFoldsAgainstTheMostRecentEarlierStepWithCode() throws {
        let first = thirty.joined(separator: "\n")
        var second = thirty
        second[20] = "print(\"changed\")"
        let body = """

            ## One {#one}

            ```swift example
            \(first)
            ```

            ## Between {#between}

            Only words here.

            ## Two {#two}

            ```swift example
            \(second.joined(separator: "\n"))
            ```

            ## Other {#other}

            ```swift example
            print("nothing in common")
            ```

            """
        let dir = TemporaryDirectory()
        let pack = try #require(try PackBuilder(lesson: lessonFile(body)).load(in: dir).pack)
        let lesson = pack.lessons[0]
        let two = try #require(lesson.step(id: "two"))
        let folded = try #require(CodeFolding.fold(two.code(.example) ?? "", of: two, in: lesson))
        #expect(folded.sinceStep == 1)
        #expect(folded.pieces == [.folded(0..<18), .shown(18..<23), .folded(23..<30)])
        let other = try #require(lesson.step(id: "other"))
        #expect(CodeFolding.fold(other.code(.example) ?? "", of: other, in: lesson) == nil)
        let one = try #require(lesson.step(id: "one"))
        #expect(CodeFolding.fold(one.code(.example) ?? "", of: one, in: lesson) == nil)
    }
}

@Suite("pack check: steps taller than two screens")
struct StepHeightCheckTests {
    @Test func aTallStepIsWarnedAtItsHeadingUnlessItsRepeatedCodeFolds() throws {
        let program = (1...60).map { "let value\($0) = \($0)" }
        var changed = program
        changed[30] = "let value31 = 0"
        let body = """

            ## Tall {#tall}

            ```swift example
            \(program.joined(separator: "\n"))
            ```

            ## Again {#again}

            ```swift example
            \(changed.joined(separator: "\n"))
            ```

            """
        let dir = TemporaryDirectory()
        var files = PackBuilder(lesson: lessonFile(body)).files
        files["pack.yaml"] = PackBuilder().manifest
        let root = try dir.write(files, under: "p")
        let found = PackChecker.checkStatically(at: root).diagnostics.map(\.description)
        let tall = found.filter { $0.contains("lines tall") }
        #expect(
            tall == [
                "p/lessons/01-a.md:6:1: warning: step 'tall' is 62 lines tall on an 80×24 terminal, more than two "
                    + "screens (48 lines) even with repeated code folded: shorten it or split it"
            ])
        let lesson = try #require(PackChecker.checkStatically(at: root).pack?.lessons.first)
        // The lesson's last step: the lesson's end is shown under it.
        let end = StepHeightCheck.lessonEndHeight(of: lesson, pack: nil, catalog: .english)
        #expect(end == 4)
        #expect(StepHeightCheck.height(of: try #require(lesson.step(id: "again")), in: lesson) == 9 + end)
    }
}

@Suite("A step's fold setting folds the tools it names")
struct DeclarationFoldingTests {
    static let program = """
        import UIKit

        /// A helper the step uses.
        protocol Helper {
            func help()
        }

        extension Helper {
            func help() {
                print("helping")
            }
        }

        class Screen: UIViewController, Helper {
            override func viewDidLoad() {
                help()
            }
        }

        extension Screen {
            func extra() {}
        }

        let screen = Screen()
        screen.viewDidLoad()
        """

    func lesson(fold: String) throws -> (Lesson?, [String]) {
        let body = """

            ## Tools {#tools}

            ```step
            kind: example
            fold: \(fold)
            ```

            ```swift example
            \(Self.program)
            ```

            """
        let dir = TemporaryDirectory()
        var files = PackBuilder(lesson: lessonFile(body)).files
        files["pack.yaml"] = PackBuilder().manifest
        let root = try dir.write(files, under: "p")
        let checked = PackChecker.checkStatically(at: root)
        let errors = checked.diagnostics.filter { $0.severity == .error }.map(\.description)
        return (checked.pack?.lessons.first, errors)
    }

    /// The example of the lesson whose step says `fold: LIST`, folded.
    func folded(fold: String) throws -> FoldedCode {
        let (loaded, errors) = try lesson(fold: fold)
        #expect(errors.isEmpty, "\(errors)")
        let lesson = try #require(loaded)
        let step = try #require(lesson.step(id: "tools"))
        #expect(step.code(.example) == Self.program)
        return try #require(CodeFolding.fold(step.code(.example) ?? "", of: step, in: lesson))
    }

    @Test func eachRunOfNamedDeclarationsIsOneFoldWithItsCommentAndTheProgramStaysWhole() throws {
        let folded = try folded(fold: "[Helper]")
        // The program stays whole (`folded` checks it); the doc comment, the protocol, the blank
        // line and the extension, lines 3–12, are one fold.
        #expect(folded.pieces == [.shown(0..<2), .declared(2..<12, names: ["Helper"]), .shown(12..<25)])
        #expect(folded.foldedCount == 10)
        #expect(folded.height == 16)
    }

    @Test func aKeywordNamesOneKindAndRunsApartFoldApart() throws {
        let folded = try folded(fold: "[protocol Helper, extension Screen]")
        #expect(
            folded.pieces == [
                .shown(0..<2), .declared(2..<6, names: ["Helper"]), .shown(6..<19),
                .declared(19..<22, names: ["Screen"]), .shown(22..<25)
            ])
    }

    /// `Name: Adopted` folds the declaration adopting exactly that, so a learner's own extension
    /// of the same type (an enum pasted into the draft) stays on screen.
    @Test func whatADeclarationAdoptsNamesItAlone() throws {
        let folded = try folded(fold: "[\"Screen: UIViewController, Helper\"]")
        #expect(folded.pieces == [.shown(0..<13), .declared(13..<18, names: ["Screen"]), .shown(18..<25)])
    }

    @Test func aNameTheCodeDoesNotDeclareIsAnErrorWithTheNameMeant() throws {
        let (_, errors) = try lesson(fold: "[Helpr]")
        #expect(
            errors == [
                "p/lessons/01-a.md:10:1: error: 'fold' names 'Helpr', which the step's code does not declare at its "
                    + "top level (did you mean 'Helper'?)"
            ])
    }
}

/// The height `pack check` gives a step is the height the shell shows it at 80 columns, in colour:
/// each figure below was read off a real 80-column terminal (heading to prompt) for the built-in
/// course, and each row needs one of the corrections named beside it. (Read that way, every step
/// of the course but the recaps, both languages, measured the same as `pack check` counts it; a
/// recap is counted at its longest, nothing of its lesson done and one step skipped, a line more
/// than a fresh lesson shows at most.)
@Suite("pack check: a step's height as the shell shows it")
struct StepHeightAsShownTests {
    static let lessons = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Lessons")

    @Test(arguments: [
        // A ```seguelab block's output (the enums and the check's warnings), a wrapped heading.
        ("en", "segue-handler-limits", "generate", 46), ("fr", "segue-handler-limits", "generate", 47),
        // A storyboard drawn by a ```seguelab block.
        ("en", "stringly-typed", "bookshop-storyboard", 45), ("en", "capstone", "presents", 33),
        // A wrapped heading and the two lines under an exercise saying what to type.
        ("en", "segue-handler-limits", "subclass-runtime", 45), ("fr", "segue-handler-limits", "subclass-runtime", 45),
        ("en", "injection", "finder", 47), ("fr", "injection", "finder", 47),
        // A draft continued from the step before (`continues:`), folded against it.
        ("en", "enum-identifiers", "handle-reviews", 7), ("fr", "enum-identifiers", "handle-reviews", 9),
        // List items wrapped behind their hanging indent; emphasis without its marks.
        ("en", "segue-handler", "why-fatal", 27), ("fr", "stringly-typed", "primer", 35)
    ])
    func theHeightIsTheOneMeasuredOnAnEightyColumnTerminal(
        language: String, lesson id: String, step stepID: String, measured: Int
    ) throws {
        let pack = try #require(PackLoader.load(from: Self.lessons).pack)
        let lesson = try #require(pack.lesson(id: id, language: language))
        let step = try #require(lesson.step(id: stepID))
        #expect(StepHeightCheck.height(of: step, in: lesson, pack: pack) == measured)
    }

    @Test func aHeadingTooLongWithItsPlaceTakesTwoLines() throws {
        let short = try headingHeight(title: "Short")
        let long = try headingHeight(title: "A title long enough to push the step's place onto a line")
        #expect(short == 1)
        #expect(long == 2)
    }

    func headingHeight(title: String) throws -> Int {
        let body = """

            ## \(title) {#step}

            Text.

            """
        let dir = TemporaryDirectory()
        var files = PackBuilder(lesson: lessonFile(body)).files
        files["pack.yaml"] = PackBuilder().manifest
        let root = try dir.write(files, under: "p")
        let lesson = try #require(PackChecker.checkStatically(at: root).pack?.lessons.first)
        let step = try #require(lesson.step(id: "step"))
        return StepHeightCheck.headingHeight(of: step, in: lesson, catalog: .english)
    }

    @Test func aLessonsLastStepCountsTheLessonsEnd() throws {
        let pack = try #require(PackLoader.load(from: Self.lessons).pack)
        let lesson = try #require(pack.lesson(id: "capstone", language: "en"))
        // A blank line, "━━ End of “…” ━━", the steps left undone with nothing of the lesson
        // done (three lines at 80 columns, longer than "Every step of this lesson is done."),
        // and the last lesson's line naming the pack (two lines).
        #expect(StepHeightCheck.lessonEndHeight(of: lesson, pack: pack, catalog: .english) == 7)
    }

    /// The last step of a lesson is counted with nothing of the lesson done: every step that
    /// takes an answer is then listed under it.
    @Test func everyStepOfTheCourseFitsTwoScreensWithItsLessonUndoneInBothLanguages() throws {
        let pack = try #require(PackLoader.load(from: Self.lessons).pack)
        for language in ["en", "fr"] {
            let lessons = pack.lessons(in: language)
            #expect(lessons.count == 8)
            let tall = StepHeightCheck.warnings(in: lessons, pack: pack).map(\.description)
            #expect(tall.isEmpty, "\(language): \(tall.joined(separator: "\n"))")
        }
    }

    @Test func theStepsLeftUndoneAreNamedByTheirIdsTheSkippedOnesLast() {
        let ids: Set<String> = ["intro", "shelf"]
        #expect(
            LessonEnd.leftUndone(
                open: ["asks", "shelf"], skipped: ["fix"], lesson: "intro", lessonIDs: ids, catalog: .english)
                == "Left undone (`goto STEP`): asks, intro/shelf; skipped: fix.")
        #expect(
            LessonEnd.leftUndone(open: [], skipped: ["fix"], lesson: "intro", lessonIDs: ids, catalog: .english)
                == "Left undone (`goto STEP`): skipped: fix.")
    }

    @Test func theLinesUnderAStepAreWrappedInTheLessonsLanguage() {
        // `edit` opens the code in your editor (or paste a whole new version here);
        // `check` judges it; `run` runs it.
        #expect(StepHeightCheck.textHeight(Catalog.english.text("step.exercise")) == 2)
        #expect(StepHeightCheck.textHeight("one line") == 1)
    }

    @Test func codeAndFencedLinesBreakBetweenWordsBehindTheirContinuation() {
        let signature = "    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {"
        #expect(StepHeightCheck.codeRows(signature) == 2)
        #expect(StepHeightCheck.codeRows("let shelf = 1") == 1)
        let warning =
            "storyboards/BookshopRenamed.storyboard:58:25: warning: l'identifiant de segue 'showWriter' de "
            + "ShelfViewController n'est le cas d'aucun enum String du code"
        #expect(StepHeightCheck.fencedHeight([warning]) == 3)
        #expect(StepHeightCheck.fencedHeight(["$ seguelab storyboard Bookshop", "Storyboard Bookshop"]) == 2)
    }
}
