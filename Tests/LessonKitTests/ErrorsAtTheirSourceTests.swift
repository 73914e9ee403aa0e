import Foundation
import Playground
import SourceText
import TestSupport
import Testing

@testable import LessonKit

/// Each author mistake is reported once, where it is; what it causes is summarised after it.
@Suite("pack check: errors at their source")
struct ErrorsAtTheirSourceTests {
    @Test func threeYAMLErrorsInOneBlockAreThreeErrorsInOneRun() throws {
        let dir = TemporaryDirectory()
        let body = """

            ## Pick {#pick}

            ```step
            kind: text
            question: Which: method?
            accept: [prepare]
            feedback: Not: that
            hints: [One.]
            note: a: b
            ```

            """
        let diagnostics = try PackBuilder(lesson: lessonFile(body)).diagnostics(in: dir)
        let yaml = diagnostics.filter { $0.contains("invalid YAML") }
        #expect(yaml.count == 3, "\(diagnostics)")
        #expect(
            yaml.map { $0.split(separator: ":").prefix(3).joined(separator: ":") } == [
                "p/lessons/01-a.md:10:16", "p/lessons/01-a.md:12:14", "p/lessons/01-a.md:14:8"
            ])
        #expect(yaml[0].contains("must be quoted: question: \"Which: method?\""), "\(yaml[0])")
    }

    @Test func aSupportFileErrorComesFirstAtItsLineAndNoCodeStepIsRun() async throws {
        let pack = try Fixtures.loadSamplePack()
        let runner = ScriptedRunner { request in
            if request.learnerCode.isEmpty && request.typecheckOnly {
                return .rejected([
                    Diagnostic(
                        file: "Screens.swift", line: 3, column: 7, severity: .error,
                        message: "expected '{' in class", inHiddenCode: true)
                ])
            }
            return .ran()
        }
        let diagnostics = await PackChecker.checkDynamically(pack, runner: runner).map(\.description)
        #expect(diagnostics.first == "sample-pack/support/Screens.swift:3:7: error: compiler: expected '{' in class")
        #expect(diagnostics.dropFirst().first?.hasPrefix("sample-pack/support/Screens.swift:3:7: note: and ") == true)
        // Only the support code was compiled: every code step would have failed by its error.
        #expect(runner.requests.count == 1)
        #expect(!diagnostics.contains { $0.contains("/lessons/") && $0.contains("error:") }, "\(diagnostics)")
    }

    @Test func aSolutionThatDoesNotCompileIsOneErrorAndASummary() async throws {
        let dir = TemporaryDirectory()
        let body = """

            ## Type it {#typed}

            ```step
            kind: exercise
            checks:
              - output: 1
            hints: [h]
            right-answers:
              - replace: print(x)
                with: print(x )
            ```

            ```swift starter
            print(0)
            ```

            ```swift solution
            print(x)
            ```

            """
        let pack = try #require(try PackBuilder(lesson: lessonFile(body)).load(in: dir).pack)
        let runner = ScriptedRunner { request in
            request.learnerCode.contains("x")
                ? .rejected("cannot find 'x' in scope", file: "typed.swift", line: 1, column: 7) : .ran("0\n")
        }
        let diagnostics = await PackChecker.checkDynamically(pack, runner: runner).map(\.description)
        #expect(
            diagnostics == [
                "p/lessons/01-a.md:23:7: error: compiler: cannot find 'x' in scope (in the solution of 'typed')",
                "p/lessons/01-a.md:23:7: note: and 2 more caused by the error above"
            ])
    }
}

@Suite("pack check: a hint holding `: `")
struct HintQuotingTests {
    func diagnostics(_ hints: String) throws -> [String] {
        let body = """

            ## Name it {#name}

            ```step
            kind: text
            question: Which method?
            accept: [prepare]
            \(hints)
            ```

            """
        return try PackBuilder(lesson: lessonFile(body)).diagnostics(in: TemporaryDirectory()).filter {
            $0.contains("error:")
        }
    }

    @Test func aHintListItemHoldingAColonSaysToQuoteTheHint() throws {
        let found = try diagnostics("hints:\n  - Look at the source: it prepares")
        #expect(
            found == [
                "p/lessons/01-a.md:13:5: error: each item of 'hints' must be a single value; it holds `: `, which YAML "
                    + "reads as a key and a value: quote the hint: \"Look at the source: it prepares\""
            ])
    }

    @Test func aSingleHintHoldingAColonSaysToQuoteTheHint() throws {
        let found = try diagnostics("hints: Look at the source: it prepares")
        #expect(found.count == 1)
        #expect(
            found.first?.hasSuffix(
                "a value holding `: ` must be quoted (quote the hint): hints: \"Look at the source: it prepares\"")
                == true, "\(found)")
    }
}

/// A misspelt UIKit class in a storyboard is found by `--static-only`, at the storyboard's own
/// line and column, against the classes SegueKit provides (read from SegueKit's sources).
@Suite("pack check: UIKit class names in storyboards")
struct StoryboardUIKitClassTests {
    static let storyboard = OneLessonPack.storyboard(
        initial: "n",
        scenes: [
            """
            <navigationController id="n" customClass="UINavigationControler" sceneMemberID="viewController">
                <connections>
                    <segue destination="a" kind="relationship" relationship="rootViewController" id="r"/>
                </connections>
            </navigationController>
            """,
            """
            <viewController id="a" customClass="UIViewControler" sceneMemberID="viewController"/>
            <placeholder placeholderIdentifier="IBFirstResponder" id="f" customClass="UIResponder"/>
            """,
            #"<tableViewController id="t" customClass="UITableViewControler" sceneMemberID="viewController"/>"#,
            #"<navigationControler id="m" sceneMemberID="viewController"/>"#,
            #"<viewController id="p" customClass="UIPageViewController" sceneMemberID="viewController"/>"#,
            #"<tableViewController id="l" customClass="ListViewController" sceneMemberID="viewController"/>"#
        ])

    func diagnostics(_ storyboard: String) throws -> [String] {
        var builder = PackBuilder(lesson: lessonFile("\n## A {#a}\n\nRead this.\n"))
        builder.manifest = builder.manifest.replacingOccurrences(
            of: "lessons: [01-a]", with: "support: [support/Screens.swift]\nlessons: [01-a]")
        builder.files["support/Screens.swift"] = "import UIKit\nclass ListViewController: UITableViewController {}\n"
        builder.files["storyboards/Main.storyboard"] = storyboard
        var files = builder.files
        files["pack.yaml"] = builder.manifest
        let directory = TemporaryDirectory()
        let root = try directory.write(files, under: "p")
        return PackChecker.checkStatically(at: root).diagnostics.map(\.description)
    }

    @Test func misspeltUIKitClassesAndControllerElementsAreErrorsAtTheStoryboardsLines() throws {
        let unknown = { (name: String) in
            "the scene would load as its plain UIKit class (\"Unknown class \(name) in Interface Builder file.\")"
        }
        let found = try diagnostics(Self.storyboard)
        #expect(
            found == [
                "p/storyboards/Main.storyboard:6:59: error: customClass 'UINavigationControler' is not a UIKit class "
                    + "SegueKit provides: \(unknown("UINavigationControler")); did you mean 'UINavigationController'?",
                "p/storyboards/Main.storyboard:15:53: error: customClass 'UIViewControler' is not a UIKit class "
                    + "SegueKit provides: \(unknown("UIViewControler")); did you mean 'UIViewController'?",
                "p/storyboards/Main.storyboard:21:58: error: customClass 'UITableViewControler' is not a UIKit class "
                    + "SegueKit provides: \(unknown("UITableViewControler")); did you mean 'UITableViewController'?",
                "p/storyboards/Main.storyboard:26:17: error: <navigationControler> is not a view controller element: "
                    + "the scene would load as a plain UIViewController; did you mean <navigationController> "
                    + "(UINavigationController)?",
                "p/storyboards/Main.storyboard:31:53: warning: customClass 'UIPageViewController' is not a UIKit class "
                    + "SegueKit provides: \(unknown("UIPageViewController"))"
            ], "\(found)")
    }

    @Test func uikitClassesSegueKitProvidesAndThePacksOwnPass() throws {
        let right = Self.storyboard.replacingOccurrences(of: "Controler\"", with: "Controller\"")
            .replacingOccurrences(of: "<navigationControler ", with: "<navigationController ")
            .replacingOccurrences(of: "UIPageViewController", with: "UISplitViewController")
        let found = try diagnostics(right)
        #expect(found == [], "\(found)")
    }

    @Test func theClassesSegueKitProvidesAreReadFromItsSources() {
        // The names come from SegueKit's sources, as learner programs are compiled against them.
        let names = SegueKitClasses.names
        for name in ["UIViewController", "UINavigationController", "UITableViewController", "UIStoryboardSegue"] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(!names.contains("StoryboardCoder"), "an internal class is not offered")
    }
}
