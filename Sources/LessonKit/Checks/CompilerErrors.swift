import Foundation
import Playground
import SourceText

/// Which compiler error a compiler step is about, and what kind of error it is.
///
/// A step is judged on one error, not on "any error matching": a typo's follow-on errors or a
/// change to the wrong line can produce a matching message somewhere, and must not pass.
enum CompilerErrors {
    /// The error the learner's code is judged by: the first in the learner's own code (by
    /// position), else the first anywhere.
    static func judged(in outcome: RunResult) -> Diagnostic? {
        let errors = outcome.compile.errors
        let own = errors.filter { !$0.inHiddenCode }.min { ($0.line, $0.column) < ($1.line, $1.column) }
        return own ?? errors.first
    }

    /// The notes the compiler attached to an error: those printed right after it.
    static func notes(of error: Diagnostic, in outcome: RunResult) -> [Diagnostic] {
        let all = outcome.compile.diagnostics
        guard let index = all.firstIndex(of: error) else { return [] }
        return Array(all[(index + 1)...].prefix { $0.severity == .note })
    }

    /// Syntax errors: the parser's, reported before any type is looked at. A step that wants a
    /// type error never passes on one of these.
    static func isSyntaxError(_ message: String) -> Bool {
        let text = message.lowercased()
        return syntaxPrefixes.contains { text.hasPrefix($0) } || syntaxPhrases.contains { text.contains($0) }
    }

    private static let syntaxPrefixes = [
        "expected ", "unexpected ", "extraneous ", "unterminated ", "unbalanced ", "invalid character"
    ]
    private static let syntaxPhrases = [
        "consecutive statements on a line", "consecutive declarations on a line",
        "must be separated by ';'", "is not a valid digit", "editor placeholder in source file"
    ]

    /// A compiler message as the learner reads it in feedback: position, severity and text,
    /// exactly as Swift prints them.
    static func quoted(_ diagnostic: Diagnostic) -> String {
        let place =
            diagnostic.inHiddenCode
            ? "(the lesson's hidden code)" : "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column)"
        return "\(place): \(diagnostic.severity.rawValue): \(diagnostic.message)"
    }
}
