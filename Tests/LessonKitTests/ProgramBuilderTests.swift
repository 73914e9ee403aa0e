import Foundation
import Testing
@testable import LessonKit

@Suite("Program composition")
struct ProgramBuilderTests {
    let pack: Pack
    init() throws { pack = try Fixtures.loadSamplePack() }

    @Test func preludeLearnerCodeAndHarnessAreComposedInOrderWithSegments() throws {
        var step = try #require(pack.lessons[1].step(id: "pass"))
        step.code[.prelude] = CodeBlock(role: .prelude, code: "import UIKit\nlet ready = true", location: step.location)
        let program = ProgramBuilder.program(for: step, code: "print(1)\nprint(2)\n", in: pack)
        let main = try #require(program.sources.first)
        #expect(main.name == "main.swift" && !main.hidden)
        // The harness opens by marking where the checks begin in the trace.
        #expect(main.text.hasPrefix("import UIKit\nlet ready = true\nprint(1)\nprint(2)\n__lessonChecksBegin()\nlet detail = "))
        #expect(program.segments.map { [$0.name, "\($0.firstLine)", "\($0.lineCount)"] } == [
            ["prelude", "1", "2"], ["pass.swift", "3", "2"], ["harness", "5", "3"],
        ])
        #expect(program.locate(mainLine: 4)?.segment.name == "pass.swift")
        #expect(program.locate(mainLine: 4)?.line == 2)
        #expect(program.locate(mainLine: 99) == nil)
        #expect(program.swiftLanguageMode == 5 && program.optimization == .debug && !program.typecheckOnly)
    }

    @Test func diagnosticsAreMappedToTheLearnersFileOrMarkedHidden() throws {
        var step = try #require(pack.lessons[1].step(id: "pass"))
        step.code[.prelude] = CodeBlock(role: .prelude, code: "import UIKit\nlet ready = true", location: step.location)
        let program = ProgramBuilder.program(for: step, code: "print(1)\nprint(x)\n", in: pack)
        let outcome = ProgramOutcome(compiled: false, diagnostics: [
            CompilerDiagnostic(file: "/tmp/work/main.swift", line: 4, column: 7, severity: .error, message: "cannot find 'x' in scope"),
            CompilerDiagnostic(file: "/tmp/work/main.swift", line: 2, column: 5, severity: .warning, message: "never used"),
            CompilerDiagnostic(file: "/tmp/work/Screens.swift", line: 3, column: 1, severity: .note, message: "declared here"),
        ])
        let mapped = ProgramBuilder.remap(outcome, for: program).diagnostics
        #expect(mapped.map(\.description) == [
            "pass.swift:2:7: error: cannot find 'x' in scope",
            "prelude:2:5: warning: never used",
            "/tmp/work/Screens.swift:3:1: note: declared here",
        ])
        #expect(mapped.map(\.inHiddenCode) == [false, true, true])
    }

    @Test func plainRunLeavesTheHarnessOut() throws {
        let step = try #require(pack.lessons[1].step(id: "pass"))
        let judged = ProgramBuilder.program(for: step, code: "print(1)", in: pack)
        let plain = ProgramBuilder.program(for: step, code: "print(1)", in: pack, judging: false)
        #expect(judged.segments.map(\.name) == ["pass.swift", "harness"])
        #expect(plain.segments.map(\.name) == ["pass.swift"])
        #expect(!plain.sources.contains { $0.name == "LessonCheck.swift" })
    }

    @Test func compilerExercisesOnlyTypeCheckAndStepSettingsApply() throws {
        var step = try #require(pack.lessons[0].step(id: "compile-error"))
        step.swiftLanguageMode = 6
        step.optimization = .release
        let program = ProgramBuilder.program(for: step, code: "let x = 1", in: pack)
        #expect(program.typecheckOnly && program.swiftLanguageMode == 6 && program.optimization == .release)
        #expect(program.segments.map(\.name) == ["compile-error.swift"])
        let example = try #require(pack.lessons[0].step(id: "run"))
        #expect(ProgramBuilder.program(for: example, code: "", in: pack).segments.map(\.name) == ["example.swift"])
    }
}
