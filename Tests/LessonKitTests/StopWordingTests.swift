import Localization
import Playground
import Testing
@testable import LessonKit

/// Why a program was stopped, in the learner's words: the limit named in units of the language.
@Suite struct StopWordingTests {
    @Test func limitsAreNamedInTheLearnersUnits() {
        let english = Catalog.english, french = Catalog(language: "fr")
        #expect(StopReason.size(64 << 20, english) == "64 MB")
        #expect(StopReason.size(64 << 20, french) == "64\u{00A0}Mo")
        #expect(StopReason.size(1536, english) == "1.5 KB")
        #expect(StopReason.size(3 << 30, french) == "3\u{00A0}Go")
        #expect(StopReason.size(900, french) == "900\u{00A0}octets")
        // The English words are the ones the Playground's own description uses.
        for bytes in [900, 1536, 64 << 20, 3 << 30] {
            #expect(StopReason.size(bytes, english) == Limits.describe(bytes: bytes))
        }
        #expect(StopReason.memory(limit: 512 << 20).text(french).contains("512\u{00A0}Mo"))
    }
}
