import Foundation
import SegueKit
import Testing

/// iOS code using each technique the course teaches compiles unchanged against `import UIKit`
/// (SegueKit re-exported) in Swift 5 mode with no diagnostics at all, and behaves as on iOS.
@Suite("Technique samples")
struct TechniqueSampleTests {
    func sample(_ name: String) throws -> String {
        try String(
            contentsOf: CompiledKit.packageRoot
                .appendingPathComponent("Tests/SegueKitTests/Fixtures/Samples/\(name).swift"), encoding: .utf8)
    }

    /// Compiles with zero warnings, runs, exits normally; returns stdout and the trace.
    func compileAndRun(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (
        String, [TraceEvent]
    ) {
        let compilation = try CompiledKit.compile(try sample(name), name: name)
        #expect(compilation.status == 0, sourceLocation: sourceLocation)
        #expect(
            compilation.diagnostics == "", "diagnostics:\n\(compilation.diagnostics)", sourceLocation: sourceLocation)
        let run = try CompiledKit.run(compilation.binary)
        #expect(run.status == 0 && !run.killedBySignal, "stderr:\n\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr == "", sourceLocation: sourceLocation)
        return (run.stdout, try TraceEvent.decodeLines(run.trace))
    }

    @Test func naiveStrings() throws {
        let (output, trace) = try compileAndRun("NaiveStrings")
        #expect(
            output == """
                showing Lamp
                top: Preferences
                no preparation for showFeatured
                showing nothing
                stack: 3

                """)
        let push = try #require(trace.first { $0.event == .push })
        #expect(push.properties?["product"] == "Product(name: \"Lamp\")")
    }

    @Test func stringBackedEnums() throws {
        let (output, _) = try compileAndRun("Enums")
        #expect(output == "featured: Lamp\nadding a product\npresented: UINavigationController\n")
    }

    @Test func segueHandlerProtocolExtension() throws {
        let (output, trace) = try compileAndRun("SegueHandler")
        #expect(
            output == """
                asked about ''
                a segue without identifier
                asked about 'buy'
                buying Kettle
                presented: CheckoutViewController

                """)
        #expect(trace.filter { $0.event == .shouldPerform }.map(\.identifier) == [nil, "buy"])
    }

    @Test func dependencyInjectionThroughContainers() throws {
        let (output, trace) = try compileAndRun("ModelInjection")
        // The storyboard's own detail column loads first, when the window shows it.
        #expect(output == "note: none\nnote: Ideas\nnote: Inherited\ndetail column: Ideas\n")
        let detail = try #require(trace.first { $0.event == .showDetail })
        #expect(detail.properties?["NoteViewController.model"] == "Note(text: \"Ideas\")")
    }

    @Test func genericControllersWithDoubleDispatch() throws {
        let (output, _) = try compileAndRun("GenericControllers")
        #expect(output == "prepared pushNote: NoteList -> NoteDetail\nnote model: Groceries\n")
    }

    @Test func unwindActionsRegisteredThroughTheExportedSymbol() throws {
        let (output, trace) = try compileAndRun("ExportedUnwindActions")
        #expect(output == "back from CheckoutViewController\nstack: 1, presented: none\n")
        #expect(trace.last?.event == .snapshot)
        #expect(trace.last?.snapshot?.root?.children.map(\.className) == ["ProductListViewController"])
    }

    @Test func isolationMatchesUIKitInBothLanguageModes() throws {
        let source = try sample("Isolation")
        let swift5 = try CompiledKit.compile(source, name: "Isolation5", typecheckOnly: true)
        #expect(swift5.status == 0)
        #expect(swift5.diagnostics == "")
        let swift6 = try CompiledKit.compile(
            source, name: "Isolation6", swiftVersion: "6",
            extraFlags: ["-Werror", "ActorIsolatedCall"], typecheckOnly: true)
        #expect(swift6.status != 0)
        let errors = swift6.diagnostics.split(separator: "\n").filter {
            $0.contains("main.swift:")
                && $0.contains(
                    ": error: call to main actor-isolated instance method 'performSegue(withIdentifier:sender:)' in a synchronous nonisolated context"
                )
        }
        #expect(errors.count == 2, "diagnostics:\n\(swift6.diagnostics)")
    }
}

@Suite("README example")
struct ReadmeExampleTests {
    /// The README's example, with its storyboard name pointed at the Shop fixture.
    @Test func readmeExampleRunsAsDocumented() throws {
        let readme = try String(
            contentsOf: CompiledKit.packageRoot.appendingPathComponent("Sources/SegueKit/README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```swift\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let code = String(readme[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "UIStoryboard(name: \"Main\"", with: "UIStoryboard(name: \"Shop\"")
        let compilation = try CompiledKit.compile(code, name: "ReadmeExample")
        #expect(compilation.status == 0)
        #expect(compilation.diagnostics == "")
        let run = try CompiledKit.run(compilation.binary)
        #expect(run.stdout == "Lamp\n")
        #expect(run.status == 0)
    }
}
