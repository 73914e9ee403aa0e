import Foundation
import Playground
import TestSupport
import Testing

@testable import LessonKit

/// ```seguelab blocks: the learner sees the command's real output in their place, and
/// `pack check` reports a block that cannot run.
@Suite("shown commands")
struct ShownCommandTests {
    static let renamedStoryboard = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Lessons/storyboards/BookshopRenamed.storyboard")

    static let body = """

        ## Generate {#generate}

        The enums:

        ```seguelab
        storyboard BookshopRenamed --enums
        ```

        ## Code {#code}

        ```swift example
        enum SegueIdentifier: String {
            case showBook, showAuthor, showBasket, showReviews
            case unnamed = ""
        }
        ```

        ## Compare {#compare}

        ```seguelab
        storyboard BookshopRenamed --check-source code
        ```

        """

    func pack(_ body: String = Self.body, in directory: TemporaryDirectory) throws -> (Pack, Lesson) {
        var builder = PackBuilder(lesson: lessonFile(body))
        builder.files["storyboards/BookshopRenamed.storyboard"] = try String(
            contentsOf: Self.renamedStoryboard, encoding: .utf8)
        let result = try builder.load(in: directory)
        let pack = try #require(result.pack, "\(result.diagnostics)")
        return (pack, try #require(pack.lessons.first))
    }

    @Test func theProseShowsTheGeneratedEnums() throws {
        let directory = TemporaryDirectory()
        let (pack, lesson) = try pack(in: directory)
        let prose = try #require(lesson.step(id: "generate")).prose(in: pack, lesson: lesson)
        #expect(prose.contains("$ seguelab storyboard storyboards/BookshopRenamed.storyboard --enums"))
        #expect(prose.contains("case showWriter"))
        #expect(prose.contains("case unnamed = \"\""))
        #expect(!prose.contains("```seguelab"))
        #expect(!prose.contains("case showAuthor"))
    }

    @Test func theProseShowsTheStoryboardDrawn() throws {
        let directory = TemporaryDirectory()
        let body = Self.body.replacingOccurrences(
            of: "storyboard BookshopRenamed --enums", with: "storyboard BookshopRenamed")
        let (pack, lesson) = try pack(body, in: directory)
        let prose = try #require(lesson.step(id: "generate")).prose(in: pack, lesson: lesson)
        #expect(prose.contains("$ seguelab storyboard storyboards/BookshopRenamed.storyboard\n"))
        #expect(prose.contains("──show 'showWriter'──▶ AuthorViewController"))
        #expect(!prose.contains("enum SegueIdentifier"))
    }

    @Test func theProseShowsTheAuditOfAStepsCode() throws {
        let directory = TemporaryDirectory()
        let (pack, lesson) = try pack(in: directory)
        let prose = try #require(lesson.step(id: "compare")).prose(in: pack, lesson: lesson)
        #expect(
            prose.contains("$ seguelab storyboard storyboards/BookshopRenamed.storyboard --check-source code.swift"))
        #expect(
            prose.contains(
                "storyboards/BookshopRenamed.storyboard: warning: enum value 'showAuthor' is not a segue identifier in this storyboard"
            ))
        #expect(
            prose.contains(
                "warning: segue identifier 'showWriter' of ShelfViewController is not a case of any String enum in the code"
            ))
        #expect(!prose.contains(directory.url.path), "paths are shown relative to the pack")
    }

    @Test func theBlockRunsTheStoryboardCommandWithItsOtherOptions() throws {
        let directory = TemporaryDirectory()
        let body = Self.body.replacingOccurrences(
            of: "storyboard BookshopRenamed --enums",
            with: "storyboard --format mermaid BookshopRenamed.storyboard")
        let (pack, lesson) = try pack(body, in: directory)
        let prose = try #require(lesson.step(id: "generate")).prose(in: pack, lesson: lesson)
        let shown = "$ seguelab storyboard storyboards/BookshopRenamed.storyboard --format mermaid\nflowchart LR"
        #expect(prose.contains(shown), "\(prose)")
    }

    @Test func packCheckReportsABlockThatCannotRun() async throws {
        let directory = TemporaryDirectory()
        let body = Self.body.replacingOccurrences(of: "BookshopRenamed --enums", with: "Missing --enums")
            .replacingOccurrences(of: "--check-source code", with: "--check-source nowhere")
        let (pack, _) = try pack(body, in: directory)
        let diagnostics = await PackChecker.checkDynamically(pack, runner: ScriptedRunner(always: .ran()))
            .map(\.description)
        #expect(
            diagnostics.contains(
                "p/lessons/01-a.md:11:1: error: this ```seguelab block cannot run: storyboard 'Missing' not found: no Missing.storyboard in the pack's storyboard folders"
            ))
        #expect(
            diagnostics.contains(
                "p/lessons/01-a.md:26:1: error: this ```seguelab block cannot run: '--check-source nowhere' must name a step of this lesson with example or solution code"
            ))
    }

    @Test func aMalformedBlockIsAnErrorWhereItIsWritten() throws {
        let directory = TemporaryDirectory()
        let builder = PackBuilder(lesson: lessonFile("\n## A {#a}\n\n```seguelab\nstoryboard Bookshop --dot\n```\n"))
        let diagnostics = try builder.diagnostics(in: directory)
        #expect(diagnostics.contains("p/lessons/01-a.md:9:1: error: " + ShownCommand.usage))
    }
}
