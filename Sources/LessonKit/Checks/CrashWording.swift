import Foundation

/// How a crash reads in feedback: two voices kept apart. A plain sentence says what the crash
/// means (bare class names, no addresses, no module prefix); below it, the runtime's own words,
/// quoted exactly as Swift or UIKit print them, so the learner can match them with a real log.
public enum CrashWording {
    /// `the program crashed: a forced cast (as!) failed: … \n    Could not cast value …`
    static func crashed(kind: String, message: String) -> String {
        "the program crashed: " + explained(kind: kind, message: message)
    }

    /// The plain sentence, a colon, and the quoted runtime text on its own indented line.
    static func explained(kind: String, message: String) -> String {
        let quote = quoted(kind: kind, message: message)
        return meaning(kind: kind, message: message) + (quote.isEmpty ? "" : ":\n    " + quote)
    }

    /// What the crash means, in a sentence of our own.
    static func meaning(kind: String, message: String) -> String {
        if kind.hasPrefix("NS") || kind.hasPrefix("UI") {
            return "UIKit raised \(kind) and nothing caught it"
        }
        switch kind {
        case "failed cast":
            let types = classNames(inQuotes: message)
            if types.count >= 2 {
                return "a forced cast (as!) failed: the value is \(article(types[0])) \(types[0]), not \(article(types[1])) \(types[1])"
            }
            return "a forced cast (as!) failed"
        case "force-unwrap of nil": return "a force unwrap (!) found nil"
        case "assertion failure": return "an assertion failed (assert and assertionFailure stop debug builds only)"
        case "precondition failure": return "a precondition failed (precondition and preconditionFailure stop every build)"
        case "fatal error": return "it stopped on a fatal error (fatalError, assertionFailure or preconditionFailure was called, or a runtime check failed)"
        case "stack overflow": return "its stack overflowed, most often a function that calls itself without end"
        default: return "it was stopped (\(kind))"
        }
    }

    /// The runtime's line, as printed (without the file prefix the runtime puts before traps).
    static func quoted(kind: String, message: String) -> String {
        if kind.hasPrefix("NS") || kind.hasPrefix("UI") {
            return "*** Terminating app due to uncaught exception '\(kind)', reason: '\(message)'"
        }
        switch kind {
        case "assertion failure": return "Assertion failed" + (message.isEmpty ? "" : ": \(message)")
        case "precondition failure": return "Precondition failed" + (message.isEmpty ? "" : ": \(message)")
        case "fatal error", "force-unwrap of nil": return "Fatal error" + (message.isEmpty ? "" : ": \(message)")
        default: return message
        }
    }

    /// `'SegueLabApp.BookViewController' (0x…) to 'SegueLabApp.AuthorViewController'` → bare names.
    private static func classNames(inQuotes text: String) -> [String] {
        let parts = text.split(separator: "'", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { TextMatching.bareClassName(String(parts[$0])) }
    }

    /// "a" or "an" as the name is read aloud: a name opening with capitals (`UINavigationController`,
    /// `NSObject`) is read letter by letter, so "a UI…" but "an NS…"; other names by their vowel.
    public static func article(_ word: String) -> String {
        let letters = Array(word)
        guard let first = letters.first else { return "a" }
        if letters.count > 1, first.isUppercase, letters[1].isUppercase {
            return "AEFHILMNORSX".contains(first) ? "an" : "a"
        }
        return "aeiou".contains(first.lowercased()) ? "an" : "a"
    }
}
