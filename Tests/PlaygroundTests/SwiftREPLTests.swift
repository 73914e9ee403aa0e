import Foundation
import Testing

@testable import Playground

@Suite("The swift prompt's REPL")
struct SwiftREPLTests {
    @Test func classifiesEntries() {
        #expect(SwiftREPL.classify("class A {}") == .declaration)
        #expect(SwiftREPL.classify("let x = 1") == .declaration)
        #expect(SwiftREPL.classify("x + 1") == .expression)
        #expect(SwiftREPL.classify("print(x)") == .expression)
        #expect(SwiftREPL.classify("x = 2") == .statement)
        #expect(SwiftREPL.classify("for i in 0..<3 { print(i) }") == .statement)
    }

    @Test func typeDeclarationsAreOnlyTypeChecked() async throws {
        #expect(SwiftREPL.hasNoRuntimeEffect("import UIKit\nclass A {}\nextension A { func f() {} }"))
        #expect(!SwiftREPL.hasNoRuntimeEffect("let a = A()"))
        #expect(!SwiftREPL.hasNoRuntimeEffect("print(1)"))
        let session = SwiftREPL(playground: try await Fixture.playground())
        let declared = try await session.submit("struct Point { var x: Int }")
        #expect(declared.accepted)
        #expect(declared.run.timings.run == 0)
        let broken = try await session.submit("struct Broken { var x: Missing }")
        #expect(!broken.accepted)
        #expect(broken.run.compile.diagnostics.first?.line == 1)
    }

    @Test func declarationsPersistAndOnlyNewOutputIsShown() async throws {
        let session = SwiftREPL(playground: try await Fixture.playground())
        let imported = try await session.submit("import UIKit")
        #expect(imported.accepted)
        let declared = try await session.submit("class CounterViewController: UIViewController {\n    var count = 1\n}")
        #expect(declared.accepted)
        #expect(declared.kind == .declaration)
        let made = try await session.submit("let counter = CounterViewController()\nprint(\"made\")")
        #expect(made.run.stdout == "made\n")
        let value = try await session.submit("counter.count + 2")
        #expect(value.kind == .expression)
        #expect(value.run.stdout == "$R0: Int = 3\n")  // "made" is not shown again
        let assigned = try await session.submit("counter.count = 41")
        #expect(assigned.accepted)
        #expect(assigned.run.stdout.isEmpty)
        let traced = try await session.submit("recordTrace(\"push\")")
        #expect(traced.run.stdout.isEmpty)  // a Void expression shows no value
        #expect(traced.run.traceLines == [#"{"event":"push"}"#])
        let later = try await session.submit("counter.count + 1")
        #expect(later.run.stdout == "$R1: Int = 42\n")
        #expect(later.run.traceLines.isEmpty)  // the earlier push is not replayed visibly
        #expect(await session.list().count == 7)
    }

    @Test func nonCompilingEntryIsRejectedWithItsDiagnosticAndNotKept() async throws {
        let session = SwiftREPL(playground: try await Fixture.playground())
        _ = try await session.submit("let greeting = \"hi\"")
        let bad = try await session.submit("greeting + 1")
        #expect(!bad.accepted)
        let error = try #require(bad.run.compile.diagnostics.first { $0.severity == .error })
        #expect(error.file == SwiftREPL.entryFileName)
        #expect(error.line == 1)
        #expect(error.sourceLine == "greeting + 1")
        #expect(error.column >= 1 && error.column <= 12)
        #expect(await session.list() == ["let greeting = \"hi\""])
        let crashing = try await session.submit("let n: Int? = nil\nprint(n!)")
        #expect(!crashing.accepted)
        #expect(crashing.run.crash?.kind == .forceUnwrapNil)
        #expect(await session.list() == ["let greeting = \"hi\""])
    }

    @Test func undoResetAndSave() async throws {
        let session = SwiftREPL(playground: try await Fixture.playground())
        _ = try await session.submit("var total = 1")
        _ = try await session.submit("total += 10")
        #expect(await session.undo() == "total += 10")
        let value = try await session.submit("total")
        #expect(value.run.stdout == "$R0: Int = 1\n")
        let file = try Fixture.temporaryDirectory("save").appendingPathComponent("session.swift")
        try await session.save(to: file)
        // UIKit, implied in the session, is written out: the file runs on its own.
        #expect(try String(contentsOf: file, encoding: .utf8) == "import UIKit\n\nvar total = 1\ntotal\n")
        await session.reset()
        #expect(await session.list().isEmpty)
        let gone = try await session.submit("total")
        #expect(!gone.accepted)
    }
}

@Suite("The swift prompt's REPL in Swift 6 mode")
struct SwiftREPLSwift6Tests {
    @Test func supportCodeCompilesInSwift6Mode() async throws {
        let session = SwiftREPL(playground: try await Fixture.playground(), swiftLanguageMode: .swift6)
        let value = try await session.submit("[1, 2, 3].count")
        #expect(value.accepted, "\(value.run.compile.diagnostics)")
        #expect(value.run.stdout == "$R0: Int = 3\n")
    }
}
