import Foundation
import Testing
@testable import Playground

@Suite("Reading compiler and runtime output")
struct ParsingTests {
    @Test func rendersDiagnosticWithCaretUnderTheColumn() {
        let diagnostic = Diagnostic(file: "Exercise.swift", line: 3, column: 5, severity: .error,
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
        #expect(diagnostics[1].file.isEmpty)
        #expect(diagnostics[1].message.contains("lesson support code"))
        #expect(diagnostics[2].message == "link failed")
    }

    @Test func recognisesUIKitExceptions() throws {
        let stderr = "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Receiver (<App.ListViewController: 0x1>) has no segue with identifier 'x''\n"
        let crash = try #require(CrashParser.parse(stderr: stderr, termination: .signaled(SIGABRT), knownFiles: []))
        #expect(crash.kind == .uikitException)
        #expect(crash.exceptionName == "NSInvalidArgumentException")
        #expect(crash.message == "Receiver (<App.ListViewController: 0x1>) has no segue with identifier 'x'")
    }

    @Test func mapsRuntimeLocationsToLearnerFilesOnly() {
        let files: Set = ["Exercise.swift"]
        #expect(CrashParser.location(in: "SegueLabApp/Exercise.swift:12: ", knownFiles: files) == SourceLocation(file: "Exercise.swift", line: 12))
        #expect(CrashParser.location(in: "Swift/ContiguousArrayBuffer.swift:600: ", knownFiles: files) == nil)
    }

    @Test func findsUnwindActions() {
        let analysis = SourceAnalysis(text: """
        class Outer { class ListViewController: UIViewController {
            @IBAction func unwindToList(_ segue: UIStoryboardSegue) {}
            @IBAction func tapped(_ sender: Any) {}
        } }
        struct NotAController { @IBAction func unwind(_ segue: UIStoryboardSegue) {} }
        print("top level")
        """)
        #expect(analysis.hasTopLevelCode)
        #expect(analysis.unwindActions == [.init(typeName: "Outer.ListViewController", methodName: "unwindToList", label: nil)])
        #expect(analysis.unwindActions.first?.selector == "unwindToList:")
    }
}
