import Foundation
import TestSupport
import Testing

@testable import LessonKit
@testable import Shell

/// A right answer to a text, a prediction or a compiler step is followed, on the very next line,
/// by one line saying why it is right, in the learner's language, in a real terminal: all three
/// in French, the text step in English (piped, the walkthroughs of lessons 1 and 2 expect the
/// same lines under their ✔ in both languages, so English programs are not compiled twice).
@Suite(.serialized) struct WhyLineTests {
    static let pack: Pack? = PackLoader.load(from: URL(fileURLWithPath: TerminalLayoutTests.lessons)).pack

    @Test(arguments: ["en", "fr"]) func aRightAnswerIsFollowedByWhy(_ language: String) throws {
        let pack = try #require(Self.pack)
        let lessons = pack.lessons(in: language)
        func step(_ lesson: String, _ id: String) throws -> Step {
            try #require(lessons.first { $0.id == lesson }?.step(id: id), "\(lesson)/\(id)")
        }
        let name = try step("stringly-typed", "exception-name")
        let typo = try step("stringly-typed", "prepare-typo")
        let addCase = try step("enum-identifiers", "add-case")
        let starter = try #require(addCase.code(.starter))
        let rejected = starter.replacingOccurrences(
            of: "case showBasket\n", with: "case showBasket\n        case showReviews\n")
        #expect(rejected != starter)

        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path,
            arguments: [
                "--pack", TerminalLayoutTests.lessons, "--no-color", "--lang", language,
                "--lesson", "stringly-typed", "--step", "exception-name"
            ],
            environment: SeguelabBinary.environment(home: home), columns: 120, rows: 60)
        let correct = language == "fr" ? "✔ Bonne réponse." : "✔ Correct."

        /// The line under the verdict, once the prompt is back: the start of the step's why.
        func expectWhy(of step: Step, after start: String.Index) throws -> String.Index {
            let verdict = try terminal.waitFor(correct, after: start, timeout: 240)
            let prompt = try terminal.waitForPrompt("seguelab:\(step.id)> ", after: verdict)
            // What follows the verdict on the screen, its own line's end first.
            let after = String(terminal.screen[verdict..<prompt])
            let lines = after.split(separator: "\n", omittingEmptySubsequences: false).map {
                TextMatching.collapse(String($0))
            }
            let why = try #require(step.whyLine, "\(step.id) has a why")
            let said = TextMatching.collapse(MarkdownText(style: Style(enabled: false), width: 1000).render(why))
            #expect(lines.first == "", "the verdict line ends at the verdict: \(lines)")
            let next = lines.dropFirst().first ?? ""
            #expect(next.count > 20 && said.hasPrefix(next), "\(step.id): '\(next)' is not the start of '\(said)'")
            return prompt
        }

        var at = try terminal.waitForPrompt("seguelab:exception-name> ")
        terminal.type((name.textQuestion?.accepted.first ?? "") + "\r")
        at = try expectWhy(of: name, after: at)

        if language == "fr" {
            terminal.type("goto stringly-typed/prepare-typo\r")
            at = try terminal.waitForPrompt("seguelab:prepare-typo> ", after: at)
            terminal.type((typo.prediction?.expected ?? "") + "\r")
            at = try expectWhy(of: typo, after: at)

            terminal.type("goto enum-identifiers/add-case\r")
            at = try terminal.waitForPrompt("seguelab:add-case> ", after: at)
            terminal.paste(rejected)
            _ = try terminal.waitFor("case showReviews", after: at)
            terminal.type("\r")
            _ = try expectWhy(of: addCase, after: at)
        }
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }
}
