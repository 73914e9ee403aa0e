import Foundation
import Playground
import SourceText

/// The pack's `pack.yaml`.
package struct Manifest: Sendable, Hashable {
    /// The pack format this LessonKit reads.
    package static let supportedFormat = 1
    package static let fileName = "pack.yaml"

    /// Stable id (used to key progress); letters, digits, `-`, `_`, `.`.
    package var id: String
    package var title: String
    /// The title in other languages (`titles: {fr: …}`); a language without one shows `title`.
    package var titles: [String: String] = [:]
    /// The pack's own version; a change is reported to returning learners.
    package var version: String
    package var formatVersion: Int
    package var authors: [String]
    package var description: String?
    /// Languages lessons are written in; `defaultLanguage` is always among them.
    package var languages: [String]
    package var defaultLanguage: String
    /// Lesson file names (without `.md`) under `lessons/`, in teaching order.
    package var lessonOrder: [String]
    /// Oldest seguelab that can run the pack.
    package var minimumSeguelabVersion: String?
    /// Swift files shared by all the pack's programs (hidden from learners), relative to the pack.
    package var supportFiles: [String]
    /// Folders holding `.storyboard` files, relative to the pack.
    package var storyboardDirectories: [String]
    /// Swift language mode for the pack's code.
    package var swiftLanguageMode: SwiftLanguageMode
    /// Where each manifest entry was written, to point diagnostics about it (key, or `lessons.N`).
    var locations: [String: SourceLocation] = [:]

    static let keys = [
        "id", "title", "titles", "version", "format", "authors", "description", "languages",
        "default-language", "lessons", "minimum-seguelab", "support", "storyboards",
        "swift-version"
    ]

    /// Parses a manifest, reporting every problem found.
    static func parse(_ text: String, file: String, sink: DiagnosticSink) -> Manifest? {
        let yaml = EmbeddedYAML(text: text, file: file, firstLine: 1)
        guard let map = yaml.composeMapping(into: sink, what: "pack.yaml") else { return nil }
        map.rejectUnknownKeys(keys, in: "pack.yaml")

        let what = "pack.yaml"
        let id = map.string("id", required: what)
        if let id, !Identifier.isValid(id) {
            sink.error(
                "pack id '\(id)' may only contain letters, digits, '-', '_' and '.'",
                at: map.location(of: map.node("id")!))
        } else if let id, id.hasPrefix(".") {
            // The id names the installed pack's folder: `..` or `.x` would escape it or hide it.
            sink.error(
                "pack id '\(id)' must not start with '.' (it names the folder the pack is installed in)",
                at: map.location(of: map.node("id")!))
        }
        let title = map.string("title", required: what)
        let version = map.string("version", required: what)
        let format = map.int("format", required: what)
        if let format, format > supportedFormat {
            sink.error(
                "pack format \(format) is newer than this seguelab understands (\(supportedFormat)); update seguelab",
                at: map.location(of: map.node("format")!))
        } else if let format, format < 1 {
            sink.error("pack format must be 1 or more", at: map.location(of: map.node("format")!))
        }
        let defaultLanguage = map.string("default-language") ?? "en"
        var languages = map.strings("languages") ?? [defaultLanguage]
        if !languages.contains(defaultLanguage) {
            sink.error(
                "default-language '\(defaultLanguage)' is not listed in 'languages'",
                at: map.keyLocation(map.node("default-language") == nil ? "languages" : "default-language"))
            languages.insert(defaultLanguage, at: 0)
        }
        let lessons = map.strings("lessons", required: what) ?? []
        if map.node("lessons") != nil, lessons.isEmpty {
            sink.error("'lessons' lists no lesson", at: map.keyLocation("lessons"))
        }
        if let nodes = map.sequence("lessons") {
            var seen: Set<String> = []
            for (name, node) in zip(lessons, nodes) where !seen.insert(name).inserted {
                sink.error("lesson '\(name)' is listed twice", at: map.location(of: node))
            }
        }
        let swiftMode = SwiftLanguageMode(rawValue: String(map.int("swift-version") ?? 5))
        if swiftMode == nil {
            sink.error("swift-version must be 5 or 6", at: map.keyLocation("swift-version"))
        }
        let minimum = map.string("minimum-seguelab")
        if let minimum, SemanticVersion(minimum) == nil {
            sink.error(
                "minimum-seguelab '\(minimum)' is not a version like 1.2.0", at: map.keyLocation("minimum-seguelab"))
        }

        var titles: [String: String] = [:]
        if let node = map.node("titles"), let translated = map.map(node, what: "'titles'") {
            for language in translated.keys {
                guard let text = translated.string(language) else { continue }
                if languages.contains(language) {
                    titles[language] = text
                } else {
                    sink.error(
                        "'titles' names '\(language)', which is not one of the pack's languages (\(languages.joined(separator: ", ")))",
                        at: translated.keyLocation(language))
                }
            }
        }

        var locations: [String: SourceLocation] = [:]
        for key in map.keys { locations[key] = map.keyLocation(key) }
        for (listKey, nodes) in [
            ("lessons", map.sequence("lessons")), ("support", map.sequence("support")),
            ("storyboards", map.sequence("storyboards"))
        ] {
            for (index, node) in (nodes ?? []).enumerated() {
                locations["\(listKey).\(index)"] = map.location(of: node)
            }
        }

        guard let id, let title, let version, let format else { return nil }
        return Manifest(
            id: id, title: title, titles: titles, version: version, formatVersion: format,
            authors: map.strings("authors") ?? [], description: map.string("description"),
            languages: languages, defaultLanguage: defaultLanguage, lessonOrder: lessons,
            minimumSeguelabVersion: minimum,
            supportFiles: map.strings("support") ?? [],
            storyboardDirectories: map.strings("storyboards") ?? ["storyboards"],
            swiftLanguageMode: swiftMode ?? .swift5, locations: locations)
    }
}

extension Manifest {
    /// The title a learner of `language` reads.
    package func title(in language: String) -> String { titles[language] ?? title }
}

/// Ids authors give packs, lessons and steps.
enum Identifier {
    static func isValid(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "-_.".unicodeScalars.contains($0)
            }
    }
}

/// `major.minor.patch` (missing parts are 0), compared numerically.
struct SemanticVersion: Comparable {
    var parts: [Int]

    init?(_ text: String) {
        let pieces = text.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(pieces.count) else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard let number = Int(piece), number >= 0 else { return nil }
            parts.append(number)
        }
        while parts.count < 3 { parts.append(0) }
        self.parts = parts
    }

    static func < (a: SemanticVersion, b: SemanticVersion) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
}
