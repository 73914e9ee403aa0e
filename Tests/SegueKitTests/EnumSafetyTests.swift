import Foundation
import SegueTools
import SourceText
import Testing

@testable import SegueKit

/// `storyboard --enums` writes code from a storyboard, which may come from anyone: its text
/// never becomes code, and every case it writes compiles, whatever the identifiers hold.
@Suite("Generated enums are safe", .serialized)
struct EnumSafetyTests {
    /// Every scalar as a character reference: the attribute holds exactly `text`.
    static func attribute(_ text: String) -> String {
        text.unicodeScalars.map { "&#x\(String($0.value, radix: 16));" }.joined()
    }

    static func storyboard(customClass: String, identifiers: [String]) -> String {
        let segues = identifiers.enumerated().map { index, identifier in
            "<segue destination=\"b\" kind=\"show\" identifier=\"\(attribute(identifier))\" id=\"g\(index)\"/>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
            <scenes>
            <scene sceneID="s1"><objects>
            <viewController id="a" customClass="\(attribute(customClass))" sceneMemberID="viewController">
            <connections>
            \(segues.joined(separator: "\n"))
            </connections>
            </viewController>
            </objects></scene>
            <scene sceneID="s2"><objects><viewController id="b" sceneMemberID="viewController"/></objects></scene>
            </scenes>
            </document>

            """
    }

    static func document(customClass: String, identifiers: [String]) throws -> StoryboardDocument {
        try StoryboardDocument.parse(
            Data(storyboard(customClass: customClass, identifiers: identifiers).utf8), path: "Board.storyboard")
    }

    /// A customClass holding an encoded newline put the author's Swift on a line of its own.
    @Test func aCustomClassThatIsNotASwiftTypeNameIsRefused() throws {
        for customClass in [
            "Screen {}\nlet pwned = 1\nextension Screen", "Screen;print(1)", "Two Words", "class", "1st", "A..B",
            "Screen\u{202E}", "Scre\u{200B}en"
        ] {
            let document = try Self.document(customClass: customClass, identifiers: ["next"])
            #expect(throws: SegueEnumGenerator.Refused.self, "\(customClass.debugDescription)") {
                try SegueEnumGenerator(document: document).generate()
            }
        }
        let refused = try #require(throws: SegueEnumGenerator.Refused.self) {
            try SegueEnumGenerator(document: try Self.document(customClass: "A\nlet x = 1", identifiers: ["next"]))
                .generate()
        }
        #expect(
            refused.description
                == "Board.storyboard:5:1: error: customClass 'A\\nlet x = 1' is not a Swift type name, so no enum can extend it"
        )
        for customClass in ["Screen", "Écran", "MyModule.Screen", "画面"] {
            let generated = try SegueEnumGenerator(
                document: try Self.document(customClass: customClass, identifiers: ["next"])
            ).generate()
            #expect(generated.contains("extension \(customClass) {"))
        }
    }

    /// A deterministic generator (SplitMix64), so a failing seed can be replayed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    /// Scalars from everywhere an identifier's text may reach: ASCII, accents and combining
    /// marks, other scripts, digits of other scripts, emoji, quotes, backslashes, line breaks,
    /// zero-width and bidirectional controls, private use, the astral planes.
    static let pools: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x20...0x7E, 0x0A...0x0D, 0xA0...0x24F, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x590...0x6FF,
        0x660...0x669, 0x900...0x97F, 0x1100...0x11FF, 0x1DC0...0x1DFF, 0x2000...0x206F, 0x20D0...0x20FF,
        0x2100...0x218F,
        0x2460...0x24FF, 0x3000...0x30FF, 0x4E00...0x4FFF, 0xAC00...0xAD00, 0xE000...0xE0FF, 0xFB00...0xFFFD,
        0x1D400...0x1D7FF, 0x1F300...0x1F6FF, 0x20000...0x200FF, 0xE0000...0xE007F
    ]

    static func identifier(_ random: inout Random) -> String {
        var scalars = String.UnicodeScalarView()
        let length = 1 + random.below(12)
        while scalars.count < length {
            let pool = pools[random.below(pools.count)]
            let value = pool.lowerBound + UInt32(random.below(Int(pool.upperBound - pool.lowerBound) + 1))
            // XML 1.0 can hold every character but C0 controls other than tab, LF and CR.
            guard value >= 0x20 || [0x09, 0x0A, 0x0D].contains(value), let scalar = Unicode.Scalar(value) else {
                continue
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// 300 random identifiers in one storyboard: the enum compiles, holds one case per
    /// identifier, and each case's raw value is its identifier exactly.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyCaseWrittenForRandomUnicodeIdentifiersCompiles(_ seed: UInt64) throws {
        var random = Random(state: seed)
        var identifiers: [String] = []
        var seen = Set<String>()
        while identifiers.count < 300 {
            let identifier = Self.identifier(&random)
            // The storyboard reader trims nothing, but XML turns a lone CR into LF; keep each once.
            if seen.insert(identifier).inserted { identifiers.append(identifier) }
        }
        let document = try Self.document(customClass: "Screen", identifiers: identifiers)
        let kept = SegueEnumGenerator(document: document).groups.first?.identifiers ?? []
        let enums = try SegueEnumGenerator(document: document).generate()
        // No line but the generator's own: comments, the extension, cases, braces.
        // (Compared in bytes: a case name starting with a mark would join the space before it.)
        for line in enums.split(separator: "\n") {
            let trimmed = String(decoding: line.utf8.drop { $0 == 0x20 }, as: UTF8.self)
            let starts = { (prefix: String) in trimmed.utf8.starts(with: prefix.utf8) }
            #expect(
                starts("//") || starts("case ") || trimmed == "}" || trimmed == "extension Screen {"
                    || trimmed == "enum SegueIdentifier: String {", "seed \(seed): \(line)")
            if starts("case ") {
                #expect(
                    trimmed.unicodeScalars.dropFirst(5).first.map { $0.properties.generalCategory != .nonspacingMark }
                        == true,
                    "seed \(seed): \(line)")
            }
        }
        let checks = kept.map { "check(\"\(SwiftLiteral.escaped($0))\")" }.joined(separator: "\n")
        let program = """
            import UIKit
            class Screen: UIViewController {}
            \(enums)
            var found = 0
            func check(_ identifier: String) {
                if let value = Screen.SegueIdentifier(rawValue: identifier), value.rawValue == identifier { found += 1 }
            }
            \(checks)
            print(found)
            """
        let compilation = try CompiledKit.compile(program, name: "RandomEnums\(seed)")
        #expect(compilation.status == 0, "seed \(seed):\n\(compilation.diagnostics.prefix(3000))")
        guard compilation.status == 0 else { return }
        let run = try CompiledKit.run(compilation.binary)
        #expect(run.stdout == "\(kept.count)\n", "seed \(seed): \(run.stdout) \(run.stderr.prefix(500))")
        #expect(kept.count == identifiers.count)
    }
}
