import Foundation
import Playground
import Testing

@testable import LessonKit

/// The quick checks a pack's text goes through first must agree with the precise searches that
/// name what is wrong and where: a file they pass is exactly a file with nothing to report.
@Suite("Pack text")
struct PackTextTests {
    /// What the precise searches say about `bytes`: clean or not.
    static func preciselyClean(_ bytes: [UInt8]) -> Bool {
        guard PackText.firstInvalidByte(bytes) == nil else { return false }
        return PackText.firstControlCharacter(String(decoding: bytes, as: UTF8.self)) == nil
    }

    @Test func everyByteAloneIsJudgedAsThePreciseSearchJudgesIt() {
        for byte in UInt8.min...UInt8.max {
            let bytes = Array("line one\nab".utf8) + [byte] + Array("cd\n".utf8)
            #expect(
                (PackText.cleanText(bytes) != nil) == Self.preciselyClean(bytes), "byte 0x\(String(byte, radix: 16))")
        }
    }

    @Test func everyScalarUpToU0800IsJudgedAsThePreciseSearchJudgesIt() {
        for value in UInt32(0)..<0x800 {
            let scalar = Unicode.Scalar(value)!
            let bytes = Array("« texte »\u{A0}:\n".utf8) + Array(String(Character(scalar)).utf8) + Array("é\n".utf8)
            #expect((PackText.cleanText(bytes) != nil) == Self.preciselyClean(bytes), "U+\(String(value, radix: 16))")
        }
    }

    @Test func cleanTextIsTheTextItself() {
        let text = "---\nid: x\n---\n## Étape « un » {#one}\n😀 \u{A0}\t\r\n"
        #expect(PackText.cleanText(Array(text.utf8)) == text)
        #expect(PackText.cleanText([]) == "")
    }

    @Test func aC1ControlAtTheEndOrASplitSequenceIsStillFound() {
        // C2 as the last byte is invalid UTF-8; C2 85 (NEL) is a C1 control.
        for bytes: [UInt8] in [[0x61, 0xC2], [0x61, 0xC2, 0x85], [0xC2, 0x9F, 0x61], [0xC2, 0xA0, 0xC2, 0x80]] {
            #expect(PackText.cleanText(bytes) == nil)
            #expect(!Self.preciselyClean(bytes))
        }
    }

    @Test func decodeStillPointsAtTheFirstBadByteOrControl() {
        let sink = DiagnosticSink()
        #expect(PackText.decode(Data("ab\ncd\u{1B}[2J".utf8), file: "l.md", sink: sink) == nil)
        #expect(sink.diagnostics.map(\.description).first?.hasPrefix("l.md:2:3: error: control character ^[") == true)
        let invalid = DiagnosticSink()
        #expect(PackText.decode(Data([0x61, 0x0A, 0xC3, 0xA9, 0xFF]), file: "l.md", sink: invalid) == nil)
        #expect(
            invalid.diagnostics.map(\.description).first?.hasPrefix(
                "l.md:2:2: error: file is not valid UTF-8 text (byte 0xFF here)") == true)
    }

    @Test func linesEndAtLineFeedsAndDropTheCarriageReturnBeforeOne() {
        #expect(LessonParser.lines("a\r\nb\nc") == ["a", "b", "c"])
        #expect(LessonParser.lines("a\n\n") == ["a", "", ""])
        #expect(LessonParser.lines("a\rb\r") == ["a\rb\r"])
        #expect(LessonParser.lines("\r\n") == ["", ""])
        #expect(LessonParser.lines("é « x »\r\n😀") == ["é « x »", "😀"])
        #expect(LessonParser.lines("") == [""])
    }

    @Test func trimmedRemovesWhatTrimmingWhitespaceRemoves() {
        for line in ["", " ", "---", " --- ", "\t## A {#a}\t", "\u{A0}x\u{A0}", "x\u{2003}", "« a »", "a b", "é"] {
            #expect(LessonParser.trimmed(line) == line.trimmingCharacters(in: .whitespaces), "\(line.debugDescription)")
        }
    }

    @Test func yamlFlagsAreReadAsBeforeAndQuotedOnesAreText() {
        let sink = DiagnosticSink()
        let yaml = EmbeddedYAML(text: "a: yes\nb: \"true\"\nc: off\nd: \"7\"\ne: 12\nf: ~", file: "f.md", firstLine: 1)
        let map = yaml.composeMapping(into: sink, what: "test")
        #expect(map?.bool("a") == true)
        #expect(map?.node("b")?.bool == nil)
        #expect(map?.bool("c") == false)
        #expect(map?.int("d") == 7)
        #expect(map?.int("e") == 12)
        #expect(map?.string("f") == "~")
        #expect(sink.diagnostics.isEmpty)
    }
}
