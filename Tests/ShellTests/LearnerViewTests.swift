import Foundation
import Localization
import Playground
import SourceText
import TestSupport
import Testing

@testable import LessonKit
@testable import Shell

/// `pack check` refuses a listed answer when anything the learner is shown for it, as the
/// shell renders it (diagnostics, output, trace, verdict, feedback), holds the judge's internals.
@Suite struct LearnerViewTests {
    static let lesson = """
        ---
        id: a
        title: Printing
        ---

        ## Print {#print}

        ```step
        kind: exercise
        checks:
          - output-contains: book
        wrong-answers:
          - replace: 'print("book")'
            with: 'print("boo")'
          - replace: 'print("book")'
            with: 'print(book)'
        hints: [h]
        ```

        ```swift starter
        print("start")
        ```

        ```swift solution
        print("book")
        ```

        """

    /// The learner's mistake, as a compiler run on the lesson's hidden code reports it.
    static let runner = ScriptedRunner { program in
        let code = program.learnerCode
        if code.contains("print(book)") {
            return .rejected([
                Diagnostic(
                    file: "harness", line: 6, column: 60, severity: .error,
                    message: "cannot convert value of type 'Int' to expected argument type 'String'",
                    inHiddenCode: true)
            ])
        }
        var run = RunResult.ran(code.contains("\"book\"") ? "book\n" : code.contains("boo") ? "boo\n" : "start\n")
        if code.contains("boo\"") {
            // A warning in hidden code, which only the rendered diagnostics show.
            run.compile = .succeeded(warnings: [
                Diagnostic(
                    file: "harness", line: 6, column: 60, severity: .warning,
                    message: "initialization of '__seguelabProbe0' was never used", inHiddenCode: true)
            ])
        }
        return run
    }

    func pack() throws -> Pack {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("learner-view-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("lessons"), withIntermediateDirectories: true)
        try "id: p\ntitle: P\nversion: 1.0.0\nformat: 1\nlessons: [01-a]\n".write(
            to: root.appendingPathComponent("pack.yaml"), atomically: true, encoding: .utf8)
        try Self.lesson.write(to: root.appendingPathComponent("lessons/01-a.md"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: root) }
        let loaded = PackChecker.checkStatically(at: root)
        return try #require(loaded.pack, "\(loaded.diagnostics.map(\.description))")
    }

    @Test func theGuardReadsTheRenderedDiagnosticsNotOnlyTheVerdict() async throws {
        let pack = try pack()
        // The verdict's own words hold no internal name: only the rendering shows the warning.
        let ownWords = await PackChecker.checkDynamically(pack, runner: Self.runner).map(\.description)
        #expect(!ownWords.contains { $0.contains("internals") }, "\(ownWords)")
        let rendered = await PackChecker.checkDynamically(
            pack, runner: Self.runner, learnerView: VerdictPage.learnerView
        ).map(\.description)
        let leaks = rendered.filter { $0.contains("internals") }
        #expect(leaks.count == 1, "\(rendered)")
        #expect(
            leaks.first?.hasSuffix(
                "error: wrong answer 'print(\"book\") → print(\"boo\")': the learner would be shown the judge's "
                    + "internals (`__seguelab`): the lesson's hidden code: warning: initialization of "
                    + "'__seguelabProbe0' was never used") == true, "\(leaks)")
    }

    /// A compile error in hidden code is rendered without the hidden file's name and place, so the
    /// wrong answer that causes one passes the guard; `harness:6:60` on screen would be refused.
    @Test func aHiddenCompileErrorShowsNoHiddenFileOrPlace() throws {
        let run = RunResult.rejected([
            Diagnostic(
                file: "harness", line: 6, column: 60, severity: .error,
                message: "cannot convert value of type 'Int' to expected argument type 'String'", inHiddenCode: true)
        ])
        let verdict = Verdict(
            results: [CheckResult(summary: "compiles", status: .fail, message: "the code did not compile")], run: run)
        let lines = VerdictPage.learnerView(verdict, nil, "print(book)")
        #expect(
            lines.first
                == "the lesson's hidden code: error: cannot convert value of type 'Int' to expected argument type 'String'"
        )
        #expect(Verdict.internalNames(in: lines).isEmpty, "\(lines)")
        let french = RunRenderer(style: Style(enabled: false), catalog: Catalog(language: "fr")).lines(run)
        #expect(french.first?.hasPrefix("code caché de la leçon: error:") == true, "\(french)")
    }
}
