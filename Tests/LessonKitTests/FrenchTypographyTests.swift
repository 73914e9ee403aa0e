import Foundation
import Testing

@testable import LessonKit

/// `pack check` warns where a French lesson's prose lacks French spacing, at the mark itself.
@Suite("French typography")
struct FrenchTypographyTests {
    @Test func slipsInFrenchProseAreWarnedAtTheirColumn() throws {
        let directory = TemporaryDirectory()
        var builder = PackBuilder(lesson: lessonFile("\n## A {#a}\n\nWhy?\n"))
        builder.manifest = builder.manifest.replacingOccurrences(
            of: "lessons: [01-a]", with: "languages: [en, fr]\nlessons: [01-a]")
        builder.files["lessons/fr/01-a.md"] = lessonFile(
            """

            ## Pourquoi ce cast ? {#a}

            Lancez-le: vous verrez.
            Un « cas » et un \u{00AB}\u{00A0}autre\u{00A0}\u{00BB} ; bien\u{202F}!
            Le code `a ?? b: c` et <https://example.com/a:b> restent tels quels\u{202F}?

            """)
        let diagnostics = try builder.diagnostics(in: directory)
        #expect(
            diagnostics.contains { $0.hasPrefix("p/lessons/fr/01-a.md:6:20: warning: an ordinary space before '?'") })
        #expect(diagnostics.contains { $0.hasPrefix("p/lessons/fr/01-a.md:8:10: warning: no space before ':'") })
        #expect(
            diagnostics.contains {
                $0.hasPrefix("p/lessons/fr/01-a.md:9:4: warning: French wants U+00A0 (no-break space) after «")
            })
        #expect(!diagnostics.contains { $0.hasPrefix("p/lessons/01-a.md") }, "English is not checked: \(diagnostics)")
    }

    @Test func correctFrenchSpacingPasses() {
        #expect(
            FrenchTypography.problem(in: "Un \u{00AB}\u{00A0}cas\u{00A0}\u{00BB}\u{202F}; enfin\u{00A0}: oui\u{202F}!")
                == nil)
        #expect(FrenchTypography.problem(in: "le `switch` : ") != nil)
        #expect(
            FrenchTypography.problem(in: "l'article \u{00AB}\u{00A0}Segues: How to Use Them\u{00A0}\u{00BB}") == nil,
            "a quoted English title keeps its colon")
    }
}
