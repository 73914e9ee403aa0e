import Foundation
import Testing

@testable import LessonKit

/// `pack check` warns where a line of a text block (a diagram) is wider than an 80-column
/// terminal shows beside the shell's 4-column indent, at the first column that does not fit.
@Suite("text block width")
struct TextBlockWidthTests {
    @Test func diagramLinesWiderThan76ColumnsAreWarned() throws {
        let directory = TemporaryDirectory()
        let wide = "Shelf ─ showBasket (presentation) ─→ " + String(repeating: "x", count: 40)  // 77 columns
        let fits = "Shelf ─ showBook (show) ─→ " + String(repeating: "y", count: 49)  // 76 columns
        let code = "let segue = " + String(repeating: "z", count: 70)
        let builder = PackBuilder(
            lesson: lessonFile(
                """

                ```text
                \(fits)
                \(wide)
                ```

                ```
                \(wide)
                ```

                ## A {#a}

                ```swift
                \(code)
                ```

                """))
        let diagnostics = try builder.diagnostics(in: directory)
        #expect(
            diagnostics.contains {
                $0.hasPrefix(
                    "p/lessons/01-a.md:8:77: warning: line is wider than an 80-column terminal shows: 81 columns")
            })
        #expect(
            diagnostics.contains {
                $0.hasPrefix("p/lessons/01-a.md:12:77: warning: line is wider than an 80-column terminal shows")
            })
        #expect(
            diagnostics.filter { $0.contains("80-column") }.count == 2,
            "a line of 76 columns and Swift code are not warned: \(diagnostics)")
    }
}
