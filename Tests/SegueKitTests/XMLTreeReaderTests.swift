import Foundation
import Testing

@testable import SegueKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// XMLParser on Linux recovers from XML errors and reports each one; the reader must stop at the
/// first, both to refuse a broken file and because Foundation leaks memory per report.
@Suite("Storyboard XML reading")
struct XMLTreeReaderTests {
    static let header = #"<?xml version="1.0" encoding="UTF-8"?>"#

    func loadError(_ xml: String) -> String? {
        do {
            let document = try StoryboardDocument.parse(Data(xml.utf8), path: "X.storyboard")
            return "loaded with \(document.scenes.count) scenes"
        } catch let error as StoryboardError {
            return "\(error.location): \(error.message)"
        } catch {
            return "unexpected error \(error)"
        }
    }

    /// An entity defined outside the file used to become an empty segue identifier, silently.
    @Test func aDocumentTypeDeclaringEntitiesIsRefusedWhereItStarts() {
        let xml =
            Self.header
            + "\n<!DOCTYPE document [<!ENTITY id SYSTEM \"file:///etc/hostname\">]>\n<document type=\"x\" version=\"3.0\"><scenes/></document>\n"
        #expect(
            loadError(xml)
                == "X.storyboard:2:1: a document type declaration (<!DOCTYPE …>) is not allowed in a storyboard: its entities could stand for other files' contents or for nothing"
        )
    }

    @Test func anEndTagThatMatchesNothingIsRefused() {
        // libxml2 recovers by skipping the stray end tags; the file used to load with no scenes.
        let xml = Self.header + "\n<document type=\"x\" version=\"3.0\">\n    </scene>\n    </scenes>\n</document>\n"
        #expect(
            loadError(xml) == "X.storyboard:3:13: malformed XML: an end tag does not match the open element <document>")
    }

    @Test func contentAfterTheRootElementIsRefused() {
        let xml = Self.header + "\n<document type=\"x\" version=\"3.0\"/>\n<scenes/>\n"
        #expect(loadError(xml) == "X.storyboard:3:1: malformed XML: something follows the end of the root element")
    }

    @Test func aRepeatedAttributeIsRefused() {
        let xml = Self.header + "\n<document type=\"x\" type=\"y\" version=\"3.0\"/>\n"
        #expect(loadError(xml)?.hasPrefix("X.storyboard:2:") == true)
        #expect(loadError(xml)?.hasSuffix("malformed XML: an attribute appears twice in one element") == true)
    }

    /// Columns count Characters, as an editor shows them: an ASCII line is read byte by byte,
    /// any other as Characters (é and a family emoji are one each, not 2 and 18 bytes).
    @Test func anElementsColumnCountsCharacters() {
        func xml(_ text: String) -> String {
            Self.header
                + "\n<document type=\"x\" version=\"3.0\"><scenes><label text=\"\(text)\"/><scene/></scenes></document>\n"
        }
        #expect(loadError(xml("e")) == "X.storyboard:2:59: <scene> has no sceneID attribute")
        #expect(loadError(xml("é👩‍👩‍👧")) == "X.storyboard:2:60: <scene> has no sceneID attribute")
    }

    /// A file saved with CR LF line ends (a Windows editor, a checkout with autocrlf): lines
    /// are counted at each LF, as XMLParser counts them, and a column still points at the `<`.
    @Test func aFileWithCRLFLineEndsHasTheSameLinesAndColumns() {
        let lines = [
            Self.header, "<document type=\"x\" version=\"3.0\">", "    <scenes>", "        <label text=\"é\"/><scene/>",
            "    </scenes>", "</document>", ""
        ]
        #expect(loadError(lines.joined(separator: "\n")) == "X.storyboard:4:26: <scene> has no sceneID attribute")
        #expect(loadError(lines.joined(separator: "\r\n")) == "X.storyboard:4:26: <scene> has no sceneID attribute")
        let doctype = [Self.header, "<!-- é -->", "  <!DOCTYPE document>", "<document/>", ""]
        #expect(
            loadError(doctype.joined(separator: "\r\n"))?.hasPrefix("X.storyboard:3:3: a document type declaration")
                == true)
    }

    /// Every error XMLParser reports leaks Foundation's error-domain string, so a file with many
    /// errors must not be read past the first: the parser's position stays on that line.
    @Test func readingStopsAtTheFirstError() throws {
        let brokenLines = String(repeating: "    <scene sceneID=\"s\" sceneID=\"t\"></scenes>\n", count: 300)
        let xml = Self.header + "\n<document type=\"x\" version=\"3.0\">\n" + brokenLines + "</document>\n"
        let reader = XMLTreeReader(file: "X.storyboard", bytes: Array(xml.utf8))
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        _ = parser.parse()
        #expect(parser.lineNumber == 3)
        #expect(loadError(xml)?.hasPrefix("X.storyboard:3:") == true)
    }

    /// libxml2 reads `00 00 00 3C` as the start of UCS-4 text and fails to decode the rest; the
    /// parse must not be stopped inside that error report (libxml2 crashed when it was).
    @Test func textThatCannotBeDecodedIsRefusedWithoutACrash() {
        let data = Data([0x00, 0x00, 0x00, 0x3C, 0x54, 0x22, 0x00, 0x3C])
        do {
            _ = try StoryboardDocument.parse(data, path: "X.storyboard")
            Issue.record("undecodable text was accepted")
        } catch let error as StoryboardError {
            #expect(
                "\(error.location): \(error.message)"
                    == "X.storyboard:1:1: malformed XML: the text cannot be decoded in the encoding its start declares or suggests (storyboards are UTF-8)"
            )
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func aWellFormedStoryboardStillLoads() throws {
        let xml =
            Self.header + """

                <document type="x" version="3.0" initialViewController="a">
                    <scenes>
                        <scene sceneID="s">
                            <objects>
                                <viewController id="a" sceneMemberID="viewController"/>
                            </objects>
                        </scene>
                    </scenes>
                </document>
                """
        #expect(loadError(xml) == "loaded with 1 scenes")
    }

    /// Elements point at their parent weakly: dropping the root frees the whole tree.
    @Test func theElementTreeIsFreedWithItsRoot() throws {
        weak var deepest: IBElement?
        do {
            let root = try XMLTreeReader.read(try Data(contentsOf: Fixtures.url("Shop")), file: "Shop.storyboard")
            var element = root
            while let child = element.children.first { element = child }
            deepest = element
            #expect(deepest != nil)
        }
        #expect(deepest == nil)
    }
}
