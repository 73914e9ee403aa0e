import Foundation
import LessonKit
import TestSupport
import Testing

/// An author's mistakes in the pack's own files are reported at the file and line of the
/// mistake, once, by the built binary with the real compiler.
@Suite(.serialized)
struct SourceErrorTests {
    static let manifest = """
        id: mail
        title: Mail
        version: 1.0.0
        format: 1
        support: [support/Mail.swift]
        storyboards: [storyboards]
        lessons: [01-a]

        """

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
    static let lesson = """
        ---
        id: a
        title: A
        ---

        ## One {#one}

        ```step
        kind: exercise
        checks:
          - output: 1
        hints: [Print one.]
        ```

        ```swift starter
        print(0)
        ```

        ```swift solution
        print(InboxViewController().count + 1)
        ```

        ## Two {#two}

        ```step
        kind: exercise
        checks:
          - output: 2
        hints: [Print two.]
        ```

        ```swift starter
        print(0)
        ```

        ```swift solution
        print(2)
        ```

        ## Look {#look}

        ```swift
        print(MessageViewController().subject ?? "none")
        ```

        """

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="a" customClass="InboxViewControler" sceneMemberID="viewController"/>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController id="b" customClass="MessageViewController" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
        </document>

        """

    @Test func aSupportFileThatDoesNotCompileIsReportedAtItsOwnLinesOnce() throws {
        let home = try SeguelabBinary.makeHome()
        let broken = Self.support.replacingOccurrences(of: "var count = 0", with: "var count: Int = \"zero\"")
        let root = try CommandLineTests.makePack(
            [
                "pack.yaml": Self.manifest, "support/Mail.swift": broken, "lessons/01-a.md": Self.lesson,
                "storyboards/Mail.storyboard": Self.storyboard.replacingOccurrences(
                    of: "InboxViewControler", with: "InboxViewController")
            ], in: home)
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
        let root = try CommandLineTests.makePack(
            [
                "pack.yaml": Self.manifest, "support/Mail.swift": Self.support, "lessons/01-a.md": Self.lesson,
                "storyboards/Mail.storyboard": Self.storyboard
            ], in: home)
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
        let root = try CommandLineTests.makePack(
            [
                "pack.yaml": Self.manifest, "support/Mail.swift": broken, "lessons/01-a.md": Self.lesson,
                "storyboards/Mail.storyboard": Self.storyboard.replacingOccurrences(
                    of: "InboxViewControler", with: "InboxViewController")
            ], in: home)
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
        let root = try CommandLineTests.makePack(
            [
                "pack.yaml": Self.manifest, "support/Mail.swift": Self.support, "lessons/01-a.md": lesson,
                "storyboards/Mail.storyboard": Self.storyboard.replacingOccurrences(
                    of: "InboxViewControler", with: "InboxViewController")
            ], in: home)
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
        let root = try CommandLineTests.makePack(
            [
                "pack.yaml": Self.manifest, "support/Mail.swift": Self.support, "lessons/01-a.md": Self.lesson,
                "storyboards/Mail.storyboard": Self.storyboard.replacingOccurrences(of: "</scenes>", with: "</scene>")
            ], in: home)
        let result = try CommandLineTests.run(["pack", "check", "--static-only", root.path], home: home)
        #expect(result.status == 1)
        let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("p/storyboards/Mail.storyboard:14:"), "\(result.stdout)")
    }
}
