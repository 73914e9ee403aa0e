import Foundation

/// A learner's answer to a step.
package enum Answer: Sendable, Hashable {
    /// Choice indices (0-based) for a choice step.
    case choices([Int])
    /// A typed answer: text steps, and predictions.
    case text(String)
    /// Swift code: a prompt line, an exercise or a compiler exercise.
    case code(String)

    /// How the answer reads in progress records.
    package var recorded: String {
        switch self {
        case .choices(let indices): indices.sorted().map { Choice.label(for: $0) }.joined(separator: ", ")
        case .text(let text): text
        case .code(let code): code
        }
    }

    /// Parses choice letters or numbers as typed at the prompt: `b`, `a, c`, `1 3`, `a,b`,
    /// `a, b and c`, `a et c`, `(a)`.
    package static func parseChoices(_ input: String, count: Int) -> [Int]? {
        let tokens = input.lowercased().split(whereSeparator: { $0 == "," || $0 == ";" || $0.isWhitespace })
            .filter { !["and", "et", "&"].contains($0) }
        var indices: [Int] = []
        // `A)` and `b.` are written as the choices are shown; `(a)` as a list labels them.
        for token in tokens.map({ ($0.hasSuffix(")") || $0.hasSuffix(".") ? $0.dropLast() : $0).drop { $0 == "(" } }) {
            if let number = Int(token), (1...count).contains(number) {
                indices.append(number - 1)
            } else if token.count == 1, let index = (0..<count).first(where: { Choice.label(for: $0) == String(token) })
            {
                indices.append(index)
            } else {
                return nil
            }
        }
        return indices.isEmpty ? nil : indices
    }
}
