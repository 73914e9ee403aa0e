import Foundation
import LessonKit
import TestSupport
import Testing

/// An author's mistakes in the pack's own files are reported at the file and line of the
/// mistake, once, by the built binary with the real compiler.
@Suite(.serialized)
struct SourceErrorTests {
    static let manifest = OneLessonPack.manifest(
        id: "mail", title: "Mail", extra: "support: [support/Mail.swift]\nstoryboards: [storyboards]\n")

    static let support = """
        import UIKit

        class InboxViewController: UIViewController {
            var count = 0
        }

        class MessageViewController: UIViewController {
            var subject: String?
        }

        """

    /// Two code steps, each compiled with the support code, and prose.
    static let lesson = OneLessonPack.lesson(
        OneLessonPack.exercise(
            "one", "One", output: "1", hint: "Print one.", starter: "print(0)",
            solution: "print(InboxViewController().count + 1)"),
        OneLessonPack.exercise(
            "two", "Two", output: "2", hint: "Print two.", starter: "print(0)", solution: "print(2)"),
        "## Look {#look}\n\n```swift\nprint(MessageViewController().subject ?? \"none\")\n```\n")

    /// Its first scene's class misspelt (`InboxViewControler`, line 6).
    static let storyboard = OneLessonPack.storyboard(
        initial: "a",
        scenes: [
            #"<viewController id="a" customClass="InboxViewControler" sceneMemberID="viewController"/>"#,
            #"<viewController id="b" customClass="MessageViewController" sceneMemberID="viewController"/>"#
        ])

    /// The storyboard with its classes spelt right.
    static let rightStoryboard = storyboard.replacingOccurrences(of: "InboxViewControler", with: "InboxViewController")

    /// The pack in `home`: the manifest, and `support`, `lesson` and `storyboard`, each as above
    /// unless given (the storyboard spelt right).
    static func makePack(
        support: String = support, lesson: String = lesson, storyboard: String = rightStoryboard, in home: URL
    ) throws -> URL {
        try CommandLineTests.makePack(
            OneLessonPack.files(
                manifest: manifest, lesson: lesson,
                ["support/Mail.swift": support, "storyboards/Mail.storyboard": storyboard]),
            in: home)
    }

    @Test func aSupportFileThatDoesNotCompileIsReportedAtItsOwnLinesOnce() throws {
        let home = try SeguelabBinary.makeHome()
        let broken = Self.support.replacingOccurrences(of: "var count = 0", with: "var count: Int = \"zero\"")
        let root = try Self.makePack(support: broken, in: home)
        let result = try CommandLineTests.run(["pack", "check", root.path], home: home)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("p/support/Mail.swift:4:22: error: compiler: cannot convert value of type 'String'")
                == true, "\(result.stdout)")
        #expect(
            lines.contains(
                "p/support/Mail.swift:4:22: note: and 2 code steps not run: each compiles with the support code, "
                    + "so each would fail by the error above"), "\(result.stdout)")
        #expect(!lines.contains { $0.hasPrefix("p/lessons/") }, "nothing at lesson lines: \(result.stdout)")
        #expect(lines.last == "pack check: 1 lesson, 3 steps: 1 error, 0 warnings", "\(result.stdout)")
    }

    @Test func aMisspeltCustomClassIsFoundWithoutRunningCodeAtTheStoryboardLine() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try Self.makePack(storyboard: Self.storyboard, in: home)
        let result = try CommandLineTests.run(["pack", "check", "--static-only", root.path], home: home)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "p/storyboards/Mail.storyboard:6:53: error: customClass 'InboxViewControler' is not a class the "
                + "pack's Swift declares: the scene would load as its plain UIKit class (\"Unknown class "
                + "InboxViewControler in Interface Builder file.\"); did you mean 'InboxViewController'?",
            "\(result.stdout)")
        #expect(lines.count == 2, "one error, then the summary: \(result.stdout)")
    }

    @Test func aMisspeltUIKitClassInSupportCodeIsTheCompilersErrorAtItsOwnLine() throws {
        let home = try SeguelabBinary.makeHome()
        let broken = Self.support.replacingOccurrences(
            of: "class InboxViewController: UIViewController", with: "class InboxViewController: UIViewControler")
        let root = try Self.makePack(support: broken, in: home)
        let result = try CommandLineTests.run(["pack", "check", root.path], home: home)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "p/support/Mail.swift:3:28: error: compiler: cannot find type 'UIViewControler' in scope",
            "\(result.stdout)")
        #expect(!lines.contains { $0.hasPrefix("p/lessons/") }, "nothing at lesson lines: \(result.stdout)")
    }

    @Test func aMisspeltUIKitClassInALessonsCodeIsTheCompilersErrorAtTheLessonLine() throws {
        let home = try SeguelabBinary.makeHome()
        let lesson = Self.lesson.replacingOccurrences(
            of: "print(InboxViewController().count + 1)",
            with: "print(InboxViewController().count + 1)\nlet stack = UINavigationControler()")
        let root = try Self.makePack(lesson: lesson, in: home)
        // The step alone: its starter and solution are compiled, nothing else.
        let result = try CommandLineTests.run(
            ["pack", "check", root.path, "--lesson", "a", "--step", "one"], home: home)
        #expect(result.status == 1)
        let errors = result.stdout.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
        #expect(
            errors == [
                "p/lessons/01-a.md:21:13: error: compiler: cannot find 'UINavigationControler' in scope "
                    + "(in the solution of 'one')"
            ], "\(result.stdout)")
    }

    @Test func aBrokenStoryboardIsFoundWithoutRunningCode() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try Self.makePack(
            storyboard: Self.storyboard.replacingOccurrences(of: "</scenes>", with: "</scene>"), in: home)
        let result = try CommandLineTests.run(["pack", "check", "--static-only", root.path], home: home)
        #expect(result.status == 1)
        let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("p/storyboards/Mail.storyboard:14:"), "\(result.stdout)")
    }
}
