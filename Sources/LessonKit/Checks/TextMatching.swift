import Foundation

/// Output and answer normalisation: correct answers must not fail on spacing or case.
enum TextMatching {
    /// Lines with runs of whitespace collapsed and trimmed; blank lines at the end dropped.
    static func normalizedLines(_ text: String) -> [String] {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { collapse(String($0)) }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines
    }

    /// Whitespace runs replaced by one space, ends trimmed.
    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// A short answer as compared: case folded, whitespace collapsed, trailing period dropped,
    /// typography made plain.
    /// Forms a tutor accepts as the name itself: in backticks (`` `unwindToShelf:` ``), or one
    /// name after an article ("an NSInvalidArgumentException", "une NSInvalidArgumentException"),
    /// with the kind of name it is before or after it ("the selector unwindToShelf:", "the
    /// ShelfViewController class", "la classe ShelfViewController").
    static func normalizedAnswer(_ text: String) -> String {
        var result = collapse(plainTypography(text)).lowercased()
        while result.hasSuffix(".") { result.removeLast() }
        result = unquoted(result)
        var words = result.split(separator: " ").map(String.init)
        if words.count > 1, articles.contains(words[0]) { words.removeFirst() }
        if words.count == 2, kindWords.contains(words[0]) {
            words.removeFirst()
        } else if words.count == 2, kindWords.contains(words[1]) {
            words.removeLast()
        }
        if words.count == 1 { result = unquoted(words[0]) }
        return result
    }

    private static let articles: Set<String> = ["a", "an", "the", "un", "une", "le", "la", "l'"]
    /// Words saying what kind of name an answer is, in English and French.
    private static let kindWords: Set<String> = [
        "selector", "method", "action", "class", "exception", "initializer", "function", "type",
        "sélecteur", "méthode", "classe", "initialiseur", "fonction", "l'action", "l'exception", "l'initialiseur"
    ]

    private static func unquoted(_ text: String) -> String {
        text.count > 2 && text.hasPrefix("`") && text.hasSuffix("`") ? String(text.dropFirst().dropLast()) : text
    }

    /// A list's items as compared (`normalizedAnswer`), whichever way it is written:
    /// `a, b, c`, `a,b`, `a; b`, `a, b and c`, `a et b`. Nil when the text names fewer than two.
    static func listItems(_ text: String) -> [String]? {
        let words = plainTypography(text).replacingOccurrences(of: ",", with: " , ")
            .replacingOccurrences(of: ";", with: " ; ").split(whereSeparator: \.isWhitespace)
        var items: [String] = []
        var item: [Substring] = []
        for word in words + [","] {
            guard [",", ";", "and", "et", "&"].contains(word.lowercased()) else {
                item.append(word)
                continue
            }
            let normalized = normalizedAnswer(item.joined(separator: " "))
            if !normalized.isEmpty { items.append(normalized) }
            item = []
        }
        return items.count > 1 ? items : nil
    }

    /// French typography as an ordinary keyboard types it: a typographic apostrophe is a
    /// straight one, and the space before `:` `;` `?` `!` (non-breaking in print, plain or
    /// absent when typed) is dropped, so `l'écran:` and `l’écran\u{A0}:` compare equal.
    static func plainTypography(_ text: String) -> String {
        text.replacingOccurrences(of: "’", with: "'")
            .replacingOccurrences(of: "[ \t\u{A0}\u{202F}]+([:;?!])", with: "$1", options: .regularExpression)
    }

    /// `Module.ClassName` and `ClassName` name the same class.
    static func sameClass(_ a: String?, _ b: String) -> Bool {
        guard let a else { return false }
        return bareClassName(a) == bareClassName(b)
    }

    static func bareClassName(_ name: String) -> String {
        var text = name.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("<"), let colon = text.firstIndex(of: ":") {
            text = String(text[text.index(after: text.startIndex)..<colon])
        }
        return text.split(separator: ".").last.map(String.init) ?? text
    }

    /// Searches with a regular expression; `^`/`$` match at line boundaries.
    static func matches(_ pattern: String, in text: String, caseInsensitive: Bool = false) throws -> Bool {
        var options: NSRegularExpression.Options = [.anchorsMatchLines]
        if caseInsensitive { options.insert(.caseInsensitive) }
        let regex = try NSRegularExpression(pattern: pattern, options: options)
        let range = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, options: [], range: range) != nil
    }

    /// Whether a pattern matches both no text and an arbitrary line (`.*`, `^`, `(?s).*`, `x*`):
    /// a check with it passes on any output, so it says nothing.
    static func matchesAnything(_ pattern: String) -> Bool {
        let arbitrary = "Zq7 ~ an arbitrary line, 0042 #!"
        return (try? matches(pattern, in: "")) == true && (try? matches(pattern, in: arbitrary)) == true
    }

    /// An error message for a bad pattern, or nil when it compiles.
    static func patternProblem(_ pattern: String) -> String? {
        do {
            _ = try NSRegularExpression(pattern: pattern, options: [])
            return nil
        } catch {
            return "invalid regular expression /\(pattern)/"
        }
    }
}
