import Foundation
import Yams

/// The shell's own words in one language: message key → template with named placeholders
/// (`Step {number}: {title}`). English is the source of truth; a key missing in the chosen
/// language (or in a pack's `messages/LANG.yaml`) falls back to English, one message at a time.
package struct Catalog: Sendable {
    package let language: String
    private let templates: [String: String]

    /// English, as the code is written against it.
    package static let english = Catalog(language: "en")

    /// The bundled messages of `language` over English, then a pack's `overrides` over those.
    package init(language: String, overrides: [String: String] = [:]) {
        self.language = language
        var templates = Self.shipped("en") ?? [:]
        if language != "en", let own = Self.shipped(language) { templates.merge(own) { $1 } }
        templates.merge(overrides) { $1 }
        self.templates = templates
    }

    /// The message `key` with its `{placeholders}` filled in; the key itself when English lacks it
    /// (a test keeps every key used in code in en.yaml).
    package func text(_ key: String, _ values: [String: any CustomStringConvertible] = [:]) -> String {
        guard var text = templates[key] else { return key }
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value.description) }
        return text
    }

    /// A message whose English is written in code beside what it describes — a command's
    /// `command.NAME.summary` and `command.NAME.details`, declared once for the command line
    /// and the shell: this language's text when it has one, else `english`.
    package func text(_ key: String, english: String) -> String { templates[key] ?? english }

    /// Keys of messages whose English lives in code (see `text(_:english:)`).
    package static func isCodeMessage(_ key: String) -> Bool {
        let parts = key.split(separator: ".")
        return parts.count == 3 && parts[0] == "command" && ["summary", "details"].contains(parts[2])
    }

    // MARK: - Message files

    /// One message of a file, where it is written (1-based line and column).
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var template: String
        package var line: Int
        package var column: Int
    }

    /// The messages of a YAML file: a mapping of keys to strings.
    package static func entries(yaml: String) throws -> [Entry] {
        guard let node = try Yams.compose(yaml: yaml) else { return [] }
        guard let mapping = node.mapping else {
            throw MessageFileError(
                message: "a message file is a mapping of message keys to text", line: node.mark?.line ?? 1,
                column: node.mark?.column ?? 1)
        }
        return try mapping.map { key, value in
            let mark = key.mark
            guard let name = key.string, let template = value.string else {
                throw MessageFileError(
                    message: "each message is `key: text`", line: mark?.line ?? 1, column: mark?.column ?? 1)
            }
            return Entry(key: name, template: template, line: mark?.line ?? 1, column: mark?.column ?? 1)
        }
    }

    package struct MessageFileError: Error, Sendable {
        package var message: String
        package var line: Int
        package var column: Int
    }

    /// The `{names}` a template fills in.
    package static func placeholders(in template: String) -> Set<String> {
        var names: Set<String> = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                names.insert(String(name))
            }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// What is wrong with a file of messages for the shell, each with where it is: a key
    /// English does not have (never shown: a warning), or placeholders that differ from the
    /// English message's (a value lost or `{name}` printed as is: an error).
    package static func problems(in entries: [Entry]) -> [(message: String, line: Int, column: Int, isError: Bool)] {
        let english = shipped("en") ?? [:]
        return entries.compactMap { entry in
            if isCodeMessage(entry.key) { return nil }
            guard let original = english[entry.key] else {
                return (
                    "unknown message key '\(entry.key)': the shell has no such message, so it is never shown",
                    entry.line, entry.column, false
                )
            }
            let wanted = placeholders(in: original)
            let found = placeholders(in: entry.template)
            guard wanted == found else {
                let list = { (names: Set<String>) in
                    names.isEmpty ? "none" : names.sorted().map { "{\($0)}" }.joined(separator: ", ")
                }
                return (
                    "message '\(entry.key)' has placeholders \(list(found)); the English message has \(list(wanted))",
                    entry.line, entry.column, true
                )
            }
            return nil
        }
    }

    /// The first of `--lang`, `LC_ALL` and `LANG` that names one of `languages` (`fr_FR.UTF-8`
    /// names `fr`), or nil: how a pack's language and the plain shell's are chosen.
    package static func language(
        among languages: [String], preferred: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        let candidates = [preferred, environment["LC_ALL"], environment["LANG"]].compactMap { $0 }
        for candidate in candidates {
            let code = String(candidate.prefix { $0 != "_" && $0 != "." && $0 != "-" }).lowercased()
            if let match = languages.first(where: {
                $0.lowercased() == code || $0.lowercased() == candidate.lowercased()
            }) {
                return match
            }
        }
        return nil
    }

    /// The languages seguelab's own messages are shipped in (its `LANG.yaml` resources).
    package static var shippedLanguages: [String] {
        let names =
            Bundle.module.resourceURL.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.sorted()
    }

    /// seguelab's own messages in `language` (en.yaml, fr.yaml): key → template, or nil when it
    /// ships none. Each file is read the first time a session needs it, so an English session
    /// never parses the French one.
    package static func shipped(_ language: String) -> [String: String]? {
        shippedFiles.messages(in: language)
    }

    private static let shippedFiles = ShippedFiles()

    private final class ShippedFiles: @unchecked Sendable {
        private let lock = NSLock()
        private var read: [String: [String: String]?] = [:]

        func messages(in language: String) -> [String: String]? {
            lock.lock()
            defer { lock.unlock() }
            if let known = read[language] { return known }
            // A language code names a resource file: letters and '-' only, never a path.
            let url =
                language.allSatisfy({ $0.isLetter || $0 == "-" })
                ? Bundle.module.url(forResource: language, withExtension: "yaml") : nil
            let messages = url.flatMap { try? String(contentsOf: $0, encoding: .utf8) }
                .flatMap { try? Catalog.entries(yaml: $0) }
                .map { Dictionary($0.map { ($0.key, $0.template) }, uniquingKeysWith: { $1 }) }
            read[language] = messages
            return messages
        }
    }
}
