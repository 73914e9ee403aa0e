import Foundation
import Localization
import Playground
import SegueKit
import SegueTools
import Testing

@testable import LessonKit

/// Why a program was stopped, in the learner's words: the limit named in units of the language.
@Suite struct StopWordingTests {
    @Test func limitsAreNamedInTheLearnersUnits() {
        let english = Catalog.english
        let french = Catalog(language: "fr")
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
        #expect(
            StopReason.folderSize(limit: 256 << 20).text(english)
                == "the program wrote more than 256 MB in its folder, its limit for all its files together")
        #expect(StopReason.folderSize(limit: 256 << 20).text(french).contains("256\u{00A0}Mo dans son dossier"))
    }
}

/// The storyboard tools' words: English from the catalog is the tools' own English, so the
/// command line and an English session draw the same diagram.
@Suite struct StoryboardWordingTests {
    static let storyboards = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Lessons/storyboards")

    /// The Playground's own words for a crash the runtime said nothing about are the learner's;
    /// the runtime's own messages are quoted as printed.
    @Test func aBareSignalIsNamedInTheLearnersLanguage() {
        let french = Catalog(language: "fr")
        #expect(
            CrashWording.message(CrashReport.terminatedMessage(signal: 9), catalog: Catalog.english)
                == "Terminated by signal 9")
        #expect(
            CrashWording.message(CrashReport.terminatedMessage(signal: 9), catalog: french) == "Arrêté par le signal 9")
        #expect(
            CrashWording.message(CrashReport.trappedMessage, catalog: french).hasPrefix("Arrêté par une vérification"))
        #expect(
            CrashWording.message("Terminated by signal of the app", catalog: french)
                == "Terminated by signal of the app")
        #expect(
            CrashWording.message("Fatal error: Terminated by signal 9", catalog: french)
                == "Fatal error: Terminated by signal 9")
    }

    @Test func theCatalogsEnglishIsTheToolsEnglish() throws {
        let fromCatalog = StoryboardWords(Catalog.english)
        for name in ["Bookshop", "BookshopCapstone", "BookshopInjectionSplit"] {
            let document = try StoryboardDocument.load(
                contentsOf: Self.storyboards.appendingPathComponent("\(name).storyboard"))
            for format in DiagramFormat.allCases {
                #expect(
                    StoryboardDiagram(document: document, words: fromCatalog).render(format)
                        == StoryboardDiagram(document: document).render(format))
            }
            let start = try #require(document.initialViewControllerID)
            #expect(
                try StoryboardDiagram(document: document, from: start, depth: 1, words: fromCatalog).render(.text)
                    == StoryboardDiagram(document: document, from: start, depth: 1).render(.text))
            let audit = IdentifierAudit(
                swiftSource: "enum E: String { case showBook, gone }", document: document, words: fromCatalog)
            #expect(
                audit.report(for: document, words: fromCatalog)
                    == IdentifierAudit(swiftSource: "enum E: String { case showBook, gone }", document: document)
                    .report(for: document))
        }
        let french = StoryboardWords(Catalog(language: "fr"))
        #expect(french.scenes(1) == "1 scène" && french.scenes(7) == "7 scènes")
        #expect(french.from(french.element(.barItem) + " \"Basket\"") == "déclenché par le bouton de barre \"Basket\"")
        #expect(french.element(.other("date picker")) == "date picker", "a rare element keeps Interface Builder's name")
    }
}
