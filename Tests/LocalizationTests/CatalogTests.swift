import Foundation
import Testing

@testable import Localization

/// The message files against the code: English has every key the code asks for and no other,
/// French translates only keys English has, with the same placeholders and French typography.
struct CatalogTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every `"key"` written inside a `catalog.text(…)` call in the sources, in a list
    /// named `catalogKeys` (keys chosen at run time), or as a step kind's `enterWaitsKey:` trait.
    static func keysUsedInCode() throws -> Set<String> {
        let call = try Regex(#"catalog\.text\(([^\[\)]*)|catalogKeys[^=]*= \[[^\]]*|enterWaitsKey: "[^"]*""#)
        let literal = try Regex(#""([a-z_.]+)""#)
        var keys: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: call) {
                let arguments = String(text[match.range]).drop { $0 != "(" && $0 != "[" && $0 != "\"" }
                for key in arguments.matches(of: literal) { keys.insert(String(key.output[1].substring ?? "")) }
            }
        }
        return keys
    }

    static func entries(_ language: String) throws -> [Catalog.Entry] {
        let url = sources.appendingPathComponent("Localization/Resources/\(language).yaml")
        return try Catalog.entries(yaml: String(contentsOf: url, encoding: .utf8))
    }

    @Test func englishHasEveryKeyTheCodeUsesAndNoOther() throws {
        let used = try Self.keysUsedInCode()
        let english = Set(try Self.entries("en").map(\.key))
        #expect(used.count > 50, "the scan finds the shell's messages")
        #expect(used.subtracting(english).sorted() == [], "keys used in code but missing from en.yaml")
        #expect(english.subtracting(used).sorted() == [], "keys in en.yaml that no code uses")
    }

    @Test func frenchTranslatesOnlyEnglishKeysWithTheSamePlaceholders() throws {
        let french = try Self.entries("fr")
        #expect(french.count == Set(french.map(\.key)).count, "no key twice")
        #expect(Catalog.problems(in: french).map(\.message) == [])
        // Every message is translated: a learner in French reads no English.
        #expect(Set(try Self.entries("en").map(\.key)).subtracting(french.map(\.key)).sorted() == [])
        // Commands' help, whose English is in their declarations, is in French too (the shell's
        // FrenchShellTests proves every command's is).
        #expect(french.contains { Catalog.isCodeMessage($0.key) })
    }

    /// U+00A0 before `:` and inside « », U+202F before `; ? !`; code spans left alone.
    @Test func frenchMessagesFollowFrenchTypography() throws {
        for entry in try Self.entries("fr") {
            let prose = entry.template.split(separator: "`", omittingEmptySubsequences: false)
                .enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined(separator: " ")
            let characters = Array(prose)
            for (index, mark) in characters.enumerated() where [":", ";", "?", "!"].contains(mark) {
                guard index > 0, index + 1 == characters.count || characters[index + 1] == " " else { continue }
                let wanted: Character = mark == ":" ? "\u{00A0}" : "\u{202F}"
                #expect(
                    characters[index - 1] == wanted, "\(entry.key) (fr.yaml:\(entry.line)): the space before '\(mark)'")
            }
            if prose.contains("«") {
                #expect(prose.contains("«\u{00A0}") && prose.contains("\u{00A0}»"), "\(entry.key): « »")
            }
        }
    }

    @Test func placeholdersAreFilledByName() {
        let catalog = Catalog(language: "en")
        #expect(catalog.text("step.heading", ["index": 2, "count": 12, "title": "Enums"]) == "── Step 2/12: Enums")
        #expect(Catalog.placeholders(in: "Hint {number}/{total}: `{}` {not a name}") == ["number", "total"])
    }

    /// A pack's messages override seguelab's for its language; a message it leaves out is
    /// seguelab's in that language, else English: one message at a time.
    @Test func overridesFallBackPerMessage() {
        let german = Catalog(language: "de", overrides: ["verdict.correct": "✔ Richtig."])
        #expect(german.text("verdict.correct") == "✔ Richtig.")
        #expect(german.text("verdict.not_yet") == "✘ Not yet")
        let french = Catalog(language: "fr", overrides: ["verdict.correct": "✔ Exact."])
        #expect(french.text("verdict.correct") == "✔ Exact.")
        #expect(french.text("verdict.not_yet") == "✘ Pas encore")
    }

    @Test func problemsSayWhereAndHowBad() throws {
        let entries = try Catalog.entries(
            yaml: """
                verdict.correct: "✔ Richtig."
                verdict.nope: "✘ Nein"
                hint.label: "Tipp {number}: "
                """)
        let problems = Catalog.problems(in: entries)
        #expect(problems.map(\.line) == [2, 3])
        #expect(problems.map(\.column) == [1, 1])
        #expect(problems.map(\.isError) == [false, true])
        #expect(problems[0].message.contains("unknown message key 'verdict.nope'"))
        #expect(
            problems[1].message
                == "message 'hint.label' has placeholders {number}; the English message has {number}, {total}")
        #expect(throws: Catalog.MessageFileError.self) { try Catalog.entries(yaml: "- a list\n") }
    }
}
