import Foundation
import TestSupport
import Testing

@testable import Shell

/// Very long lines (a pasted 800 KB line, a program's output without newlines): wrapped whole,
/// every piece within the width, nothing lost; an unknown command is echoed on one line.
/// (bench/wrap.sh measures the time, which grows linearly with the line.)
@Suite struct WordWrapTests {
    static let size = 800_000

    @Test func an800KBWordIsCutIntoLinesOfTheWidth() {
        let word = String((0..<Self.size).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        let lines = WordWrap(width: 80).fit(word)
        #expect(lines.count == Self.size / 80)
        #expect(lines.allSatisfy { $0.count == 80 })
        #expect(lines.joined() == word)
        let wrapped = WordWrap(width: 80).wrap(word, indent: "", hanging: "  ")
        #expect(wrapped.dropFirst().allSatisfy { $0.hasPrefix("  ") && $0.count <= 80 })
        #expect(wrapped.map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : $0 }.joined() == word)
    }

    @Test func an800KBLineOfWordsBreaksBetweenWords() {
        let words = (0..<(Self.size / 8)).map { "w\($0 % 100_000)" }
        let line = words.joined(separator: " ")
        let lines = WordWrap(width: 80).fit(line)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.count > line.count / 80)
        // Broken only at spaces: the words come back in order, none cut.
        #expect(lines.flatMap { $0.split(separator: " ").map(String.init) } == words)
    }

    @Test func anUnknownCommandIsEchoedOnOneLine() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let typed = String(repeating: "zq", count: 50_000)
        let result = try SeguelabBinary.runPiped(typed + "\n", home: home)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 1, "\(result.stderr.prefix(500))")
        #expect(
            errors.first?.contains("unknown command '\(typed.prefix(30))…'") == true, "\(result.stderr.prefix(500))")
        #expect(result.stderr.count < 200)
    }

    /// A verdict's or hint's continuation lines hang under its first word in French too, where
    /// a no-break space stands before the colon and labels have accents.
    @Test func frenchLabelsKeepTheirHangingIndent() {
        let reason = "l'écran du dessus est BookViewController et non AuthorViewController comme attendu par l'étape"
        for label in ["✘ Pas encore\u{A0}: ", "✘ Not yet: ", "Indice 1/3\u{A0}: ", "Réessayez\u{A0}: "] {
            let lines = WordWrap(width: 60).fit(label + reason)
            #expect(lines.count > 1)
            for line in lines.dropFirst() {
                #expect(line.hasPrefix(String(repeating: " ", count: label.count)), "\(lines)")
                #expect(!line.hasPrefix(String(repeating: " ", count: label.count + 1)), "\(lines)")
            }
        }
    }

    /// Code indented deeper than the line is wide never leaves a line of spaces alone: the
    /// first line holds the start of the code.
    @Test func deeplyIndentedCodeStartsOnItsFirstLine() {
        let code =
            String(repeating: " ", count: 30) + "navigation.pushViewController(BookViewController(), animated: false)"
        for width in [40, 60] {
            let lines = WordWrap(width: width).fitCode(code, continuation: "  ↪ ")
            #expect(lines[0].contains("n"), "\(lines)")
            #expect(lines.allSatisfy { WordWrap.visibleWidth($0) <= width }, "\(lines)")
            #expect(lines.map { $0.hasPrefix("  ↪ ") ? String($0.dropFirst(4)) : $0 }.joined() == code, "\(lines)")
        }
    }

    /// Ctrl-C stops the wrapping of a very long line: the lines so far are shown, the last
    /// ending in `…`, and the shell reads again at once.
    @Test func ctrlCStopsALongWrap() {
        let words = String(repeating: "segue ", count: Self.size / 6)
        let word = String(repeating: "x", count: Self.size)
        for line in [words, word] {
            var asked = 0
            var written = ""
            let output = ShellOutput(style: Style(enabled: false), width: { 80 }, writeOut: { written += $0 })
            output.isInterrupted = {
                asked += 1
                return asked == 2
            }
            output.line(line)
            let lines = written.split(separator: "\n")
            #expect(asked == 2, "asked until the interrupt, then no more")
            #expect(lines.count > 10 && lines.count < 1000, "\(lines.count) lines")
            #expect(lines.last == "…")
            #expect(lines.allSatisfy { $0.count <= 80 })
        }
    }
}
