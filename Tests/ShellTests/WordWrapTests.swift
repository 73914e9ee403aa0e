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
}
