import Foundation
import Localization

/// ArgumentParser words its errors in English. A session in another language gets them in its
/// own words when the message has one of ArgumentParser's usual forms — the English templates
/// of the `argument.*` keys describe those forms — and as ArgumentParser wrote it otherwise.
enum ArgumentErrorWording {
    /// Most specific first: an unknown option with a suggestion before one without.
    static let catalogKeys = [
        "argument.unknown_option.suggestion", "argument.unknown_option", "argument.missing_value",
        "argument.unexpected.many", "argument.unexpected", "argument.missing", "argument.invalid_value",
    ]

    static func text(_ message: String, catalog: Catalog) -> String {
        guard catalog.language != Catalog.english.language else { return message }
        for key in catalogKeys {
            if let values = values(in: message, template: Catalog.english.text(key)) { return catalog.text(key, values) }
        }
        return message
    }

    /// The placeholders' values when `message` reads as `template` does, else nil.
    static func values(in message: String, template: String) -> [String: any CustomStringConvertible]? {
        var pattern = "^", names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + "(.*?)"
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]),
              let match = expression.firstMatch(in: message, range: NSRange(message.startIndex..., in: message)) else { return nil }
        var values: [String: any CustomStringConvertible] = [:]
        for (index, name) in names.enumerated() {
            guard let range = Range(match.range(at: index + 1), in: message) else { return nil }
            values[name] = String(message[range])
        }
        return values
    }
}
