import Foundation
@_spi(SegueLab) import SegueKit
import SourceText
import Testing

@testable import Playground

@Suite("Reading compiler and runtime output")
struct ParsingTests {
    /// A trace line that is not SegueKit's says which line, as its own error (not a toolchain's).
    @Test func aForeignTraceLineIsATraceDecodingError() {
        #expect(throws: TraceDecodingError("trace line 1 is not a SegueKit trace event: not json")) {
            try TraceDecoding.decode(["not json", "{}"])
        }
    }

    @Test func rendersDiagnosticWithCaretUnderTheColumn() {
        let diagnostic = Diagnostic(
            file: "Exercise.swift", line: 3, column: 5, severity: .error,
            message: "cannot find 'x' in scope", sourceLine: "let y = x")
        #expect(diagnostic.rendered() == "Exercise.swift:3:5: error: cannot find 'x' in scope\nlet y = x\n    ^")
    }

    @Test func parsesLLVMStyleOutputAndHidesHiddenFiles() {
        let learner = SourceFile(name: "Exercise.swift", text: "let a = 1\nlet b: Int = \"s\"\n")
        let hidden = SourceFile(name: "Harness.swift", text: "check()\n", origin: .hidden)
        let parser = DiagnosticParser { ["Exercise.swift": learner, "Harness.swift": hidden][$0] }
        let output = """
            Exercise.swift:2:14: error: cannot convert value of type 'String' to specified type 'Int'
            let b: Int = "s"
                         ^~~
            Harness.swift:1:1: error: cannot find 'check' in scope
            check()
            ^~~~~
            <unknown>:0: error: link failed
            """
        let diagnostics = parser.parse(output)
        #expect(diagnostics.count == 3)
        #expect(diagnostics[0].file == "Exercise.swift" && diagnostics[0].line == 2 && diagnostics[0].column == 14)
        #expect(diagnostics[0].sourceLine == "let b: Int = \"s\"")
        #expect(diagnostics[1].inHiddenCode && diagnostics[1].location == nil)
        #expect(
            diagnostics[1].description == "error: cannot find 'check' in scope (in lesson support code Harness.swift:1)"
        )
        #expect(diagnostics[2].message == "link failed")
    }

    @Test func recognisesUIKitExceptions() throws {
        let stderr =
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Receiver (<App.ListViewController: 0x1>) has no segue with identifier 'x''\n"
        let crash = try #require(CrashParser.parse(stderr: stderr, termination: .signaled(SIGABRT), knownFiles: []))
        #expect(crash.kind == .uikitException)
        #expect(crash.exceptionName == "NSInvalidArgumentException")
        #expect(crash.message == "Receiver (<App.ListViewController: 0x1>) has no segue with identifier 'x'")
    }

    /// A failed cast names SegueKit's classes as iOS names UIKit's, without a module.
    @Test func failedCastsNameUIKitClassesWithoutAModule() throws {
        let stderr =
            "Could not cast value of type 'SegueKit.UINavigationController' (0x55d1) to 'SegueLabApp.BasketViewController' (0x55d2).\n"
        let crash = try #require(CrashParser.parse(stderr: stderr, termination: .signaled(SIGABRT), knownFiles: []))
        #expect(crash.kind == .failedCast)
        #expect(
            crash.message
                == "Could not cast value of type 'UINavigationController' (0x55d1) to 'SegueLabApp.BasketViewController' (0x55d2)."
        )
        let generic =
            "Could not cast value of type 'Swift.Array<SegueKit.UIViewController>' (0x1) to 'MySegueKit.Shelf' (0x2)."
        #expect(
            CrashParser.iOSTypeNames(generic)
                == "Could not cast value of type 'Swift.Array<UIViewController>' (0x1) to 'MySegueKit.Shelf' (0x2).")
    }

    @Test func mapsRuntimeLocationsToLearnerFilesOnly() {
        let files: Set = ["Exercise.swift"]
        #expect(
            CrashParser.location(in: "SegueLabApp/Exercise.swift:12: ", knownFiles: files)
                == SourceLocation(file: "Exercise.swift", line: 12))
        #expect(CrashParser.location(in: "Swift/ContiguousArrayBuffer.swift:600: ", knownFiles: files) == nil)
    }

    @Test func findsUnwindActions() {
        let analysis = SourceAnalysis(
            text: """
                class Outer { class ListViewController: UIViewController {
                    @IBAction func unwindToList(_ segue: UIStoryboardSegue) {}
                    @IBAction func tapped(_ sender: Any) {}
                } }
                struct NotAController { @IBAction func unwind(_ segue: UIStoryboardSegue) {} }
                print("top level")
                """)
        #expect(analysis.hasTopLevelCode)
        #expect(
            analysis.unwindActions == [
                .init(typeName: "Outer.ListViewController", methodName: "unwindToList", label: nil)
            ])
        #expect(analysis.unwindActions.first?.selector == "unwindToList:")
        #expect(
            analysis.controlActions == [
                .init(
                    typeName: "Outer.ListViewController", methodName: "tapped",
                    sender: .init(label: nil, type: "Any"))
            ])
    }

    /// The selectors the Playground registers come from SegueKit's one rule, the one `#selector`
    /// (compiled as `__sel__`) forms at run time, so the two always meet.
    @Test func selectorsFollowSwiftsObjectiveCNaming() {
        #expect(ObjCSelectorName.name(method: "buy", labels: [nil]) == "buy:")
        #expect(ObjCSelectorName.name(method: "buy", labels: ["sender"]) == "buyWithSender:")
        #expect(ObjCSelectorName.name(method: "tap", labels: ["with"]) == "tapWith:")
        #expect(ObjCSelectorName.name(method: "unwindTo", labels: ["list"]) == "unwindToList:")
        #expect(ObjCSelectorName.name(method: "refresh", labels: []) == "refresh")
        #expect(ObjCSelectorName.name(method: "buy", labels: [nil, "forEvent"]) == "buy:forEvent:")
        let analysis = SourceAnalysis(
            text: """
                class ShelfViewController: UIViewController {
                    @IBAction func buy(sender: UIButton) {}
                    @IBAction func share(from sender: Any) {}
                    @objc func refresh() {}
                    @IBAction func unwindToShelf(_ segue: UIStoryboardSegue) {}
                }
                """)
        #expect(
            analysis.controlActions.map(\.selector)
                == ["buy(sender:)", "share(from:)", "refresh"].map { __sel__($0).name })
        #expect(analysis.controlActions.map(\.selector) == ["buyWithSender:", "shareFrom:", "refresh"])
        #expect(analysis.unwindActions.map(\.selector) == [__sel__("unwindToShelf(_:)").name])
    }

    @Test func findsOutletsAndTheirDeclaredTypes() {
        let analysis = SourceAnalysis(
            text: """
                class DetailViewController: UIViewController {
                    @IBOutlet weak var titleLabel: UILabel!
                    @IBOutlet private var first, second: UIButton?
                    @IBOutlet var buttons: [UIButton]!
                    @IBOutlet var views: Array<UIView>
                    var plain: UILabel!
                }
                extension DetailViewController { @IBAction func refresh() {} }
                """)
        #expect(
            analysis.outlets == [
                .init(
                    typeName: "DetailViewController", property: "titleLabel", type: "UILabel", isOptional: true,
                    elementType: nil),
                .init(
                    typeName: "DetailViewController", property: "first", type: "UIButton", isOptional: true,
                    elementType: nil),
                .init(
                    typeName: "DetailViewController", property: "second", type: "UIButton", isOptional: true,
                    elementType: nil),
                .init(
                    typeName: "DetailViewController", property: "buttons", type: "[UIButton]", isOptional: true,
                    elementType: "UIButton"),
                .init(
                    typeName: "DetailViewController", property: "views", type: "Array<UIView>", isOptional: false,
                    elementType: "UIView")
            ])
        #expect(analysis.controlActions.map(\.selector) == ["refresh"])
        #expect(analysis.interfaceBuilderAttributes.count == 5)
        #expect(analysis.interfaceBuilderAttributes.last?.extendedType == "DetailViewController")
    }

    @Test func blankingReplacesOnlyTheAttributeWithSpaces() {
        let text = "class A {\n    @IBOutlet weak var label: UILabel! // \"@IBOutlet\"\n}\n"
        let analysis = SourceAnalysis(text: text)
        let blanked = SourceAnalysis.blanking(analysis.interfaceBuilderAttributes, in: text)
        #expect(blanked == "class A {\n              weak var label: UILabel! // \"@IBOutlet\"\n}\n")
        #expect(blanked.utf8.count == text.utf8.count)
    }
}
