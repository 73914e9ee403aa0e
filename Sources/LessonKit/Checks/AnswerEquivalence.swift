import Foundation

/// What counts as the same answer, and where a wrong one departs from the right one.
///
/// Typed answers and predictions are compared as words: spacing never matters. Text answers
/// also ignore case and a final period, and a Swift name may be written as its declaration
/// (`init?(rawValue: String)` is `init(rawValue:)`). Predictions ignore quotation marks around
/// words, a final period, and the case of a word's first letter (prose: `on screen` for
/// `On screen`); case inside a word is spelling and counts (`showbasket` is not `showBasket`).
/// Both ignore French typography a keyboard does not type (`l'écran:` for `l’écran :`).
enum AnswerEquivalence {
    // MARK: - Swift names

    private static let declarationWords: Set<String> = [
        "func", "public", "private", "fileprivate", "internal", "open", "override", "required",
        "convenience", "static", "class", "final", "mutating", "@objc", "@discardableResult"
    ]

    /// The name a function or initializer is referred to by: `prepare(for:sender:)` for
    /// `func prepare(for segue: UIStoryboardSegue, sender: Any?)`, `init(rawValue:)` for
    /// `init?(rawValue: String)`. Nil when the text is not a call-like name.
    static func swiftName(_ text: String) -> String? {
        var words = TextMatching.collapse(text).split(separator: " ").map(String.init)
        while let first = words.first, declarationWords.contains(first) { words.removeFirst() }
        let rest = words.joined(separator: " ")
        guard let open = rest.firstIndex(of: "("), let close = matchingParenthesis(in: rest, from: open) else {
            return nil
        }
        var name = rest[..<open].trimmingCharacters(in: .whitespaces)
        while name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        guard let head = name.first, head.isLetter || head == "_",
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        else { return nil }
        // After the parameters only effects and a return type may follow.
        let tail = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
        guard
            tail.isEmpty || tail.hasPrefix("->") || tail.hasPrefix("throws") || tail.hasPrefix("async")
                || tail.hasPrefix("rethrows")
        else { return nil }
        let inside = rest[rest.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        // A name as referred to, `prepare(for:sender:)`: labels each end in a colon.
        let parameters =
            inside.hasSuffix(":") && !inside.contains(",")
            ? inside.split(separator: ":").map { String($0) + ":" }
            : splitTopLevel(inside)
        var labels: [String] = []
        for parameter in parameters {
            let trimmed = parameter.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let beforeColon = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard let label = beforeColon.split(separator: " ").first,
                label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else { return nil }
            labels.append(label + ":")
        }
        return name + "(" + labels.joined() + ")"
    }

    private static func matchingParenthesis(in text: String, from open: String.Index) -> String.Index? {
        var depth = 0
        var index = open
        while index < text.endIndex {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Splits on commas outside brackets: `a: [String: Int], b: (Int, Int)` is two parameters.
    private static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    // MARK: - Predictions

    private static let quotationMarks = CharacterSet(charactersIn: "\"'“”‘’`«»„")

    /// A prediction or an output as compared: words, quotation marks around them dropped, a
    /// final period dropped, typography made plain. `\n` typed by the learner is a line break
    /// like any space.
    static func predictionWords(_ text: String) -> [String] {
        words(of: text.replacingOccurrences(of: "\\n", with: "\n"))
    }

    /// `text`'s words as compared, with `,` and `;` split off as words of their own when
    /// `listMarks` is set.
    private static func words(of text: String, listMarks: Bool = false) -> [String] {
        var plain = TextMatching.plainTypography(text)
        if listMarks {
            plain = plain.replacingOccurrences(of: ",", with: " , ").replacingOccurrences(of: ";", with: " ; ")
        }
        var words = TextMatching.collapse(plain)
            .split(separator: " ")
            .map { $0.trimmingCharacters(in: quotationMarks) }
            .filter { !$0.isEmpty }
        if var last = words.popLast() {
            while last.count > 1 && last.hasSuffix(".") { last.removeLast() }
            words.append(last)
        }
        return words
    }

    // MARK: - Lists

    /// Words that join the last two items of a list: `a, b and c`, `a et b`.
    private static let conjunctions: Set<String> = ["and", "et", "&"]

    /// Whether a prediction written as a list (`showBasket, true, true`, `a, b and c`,
    /// `a et b`, `a,b`) names the output's lines one after the other: a comma, a semicolon or
    /// a conjunction stands for a line break, and only where the output has one.
    static func listMatches(predicted: String, actual: String) -> Bool {
        let lines = TextMatching.normalizedLines(actual).filter { !$0.isEmpty }
        guard lines.count > 1 else { return false }
        var real: [(word: String, startsLine: Bool)] = []
        for (index, line) in lines.enumerated() {
            let lineWords = index == lines.count - 1 ? words(of: line) : words(of: line + " x").dropLast()
            real += lineWords.enumerated().map { ($0.element, $0.offset == 0) }
        }
        let mine = words(of: predicted.replacingOccurrences(of: "\\n", with: "\n"), listMarks: true)
        var next = 0
        for word in mine {
            let atLineStart = next > 0 && next < real.count && real[next].startsLine
            if word == "," || word == ";" {
                guard atLineStart else { return false }
            } else if next < real.count && sameWord(word, real[next].word) {
                next += 1
            } else if !(atLineStart && conjunctions.contains(word.lowercased())) {
                return false
            }
        }
        return next == real.count
    }

    /// A prediction's words with what makes it a list left out: commas and semicolons, and
    /// conjunctions the output does not hold.
    private static func withoutListMarks(_ predicted: String, actual: [String]) -> [String] {
        let held = Set(actual.map { $0.lowercased() })
        return words(of: predicted.replacingOccurrences(of: "\\n", with: "\n"), listMarks: true).filter {
            $0 != "," && $0 != ";" && !(conjunctions.contains($0.lowercased()) && !held.contains($0.lowercased()))
        }
    }

    private static func firstDifference(_ a: [String], _ b: [String]) -> Int? {
        (0..<min(a.count, b.count)).first { !sameWord(a[$0], b[$0]) }
    }

    /// Equal, or differing only in the case of the first letter, as prose does.
    static func sameWord(_ a: String, _ b: String) -> Bool {
        a == b || (a.dropFirst() == b.dropFirst() && a.prefix(1).lowercased() == b.prefix(1).lowercased())
    }

    /// Where a prediction departs from the output, without giving the rest of the output away
    /// (worded by `PredictionMiss.text`). Nil when they are equivalent.
    static func predictionMiss(predicted: String, actual: String) -> PredictionMiss? {
        let mine = predictionWords(predicted)
        let real = predictionWords(actual)
        if mine.count == real.count && zip(mine, real).allSatisfy(sameWord) { return nil }
        if mine.isEmpty { return .empty }
        if listMatches(predicted: predicted, actual: actual) { return nil }
        // A wrong list is told where its items depart, not that it has commas.
        let items = withoutListMarks(predicted, actual: real)
        if items != mine, !items.isEmpty, let miss = miss(items, real) { return miss }
        return miss(mine, real)
    }

    /// Where `mine` departs from `real`; nil when they are the same words.
    private static func miss(_ mine: [String], _ real: [String]) -> PredictionMiss? {
        if mine.count == real.count && zip(mine, real).allSatisfy(sameWord) { return nil }
        if mine.map({ $0.lowercased() }) == real.map({ $0.lowercased() }) {
            let index = firstDifference(mine, real) ?? 0
            return .caseOnly(yours: mine[index], printed: real[index])
        }
        let index = firstDifference(mine, real) ?? min(mine.count, real.count)
        let before = Array(mine[max(0, index - 3)..<index])
        if index == mine.count { return .short(after: before) }
        if index == real.count { return .long(after: before, extra: Array(mine[index..<min(mine.count, index + 3)])) }
        if mine[index].lowercased() == real[index].lowercased() { return .departsInCase(mine[index], after: before) }
        return .departs(mine[index], after: before)
    }
}

/// Where a prediction departs from what was printed, as data; `after` are the (at most three)
/// words of the prediction just before the difference, empty at the start.
package enum PredictionMiss: Sendable, Equatable {
    /// Nothing was predicted.
    case empty
    /// The same words, one of them in another case.
    case caseOnly(yours: String, printed: String)
    /// The prediction stops short.
    case short(after: [String])
    /// The prediction goes on with `extra` where the output ends.
    case long(after: [String], extra: [String])
    /// The word differs from the output's in its case only.
    case departsInCase(String, after: [String])
    /// The word is not the output's.
    case departs(String, after: [String])
}
