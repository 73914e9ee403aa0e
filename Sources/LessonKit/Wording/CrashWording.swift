import Foundation
import Localization
import Playground

/// How a crash reads in feedback: two voices kept apart. A plain sentence says what the crash
/// means (bare class names, no addresses, no module prefix); below it, the runtime's own words,
/// quoted exactly as Swift or UIKit print them, so the learner can match them with a real log.
package enum CrashWording {
    /// `the program crashed: a forced cast (as!) failed: … \n    Could not cast value …`
    static func crashed(kind: CrashName, message: String, catalog: Catalog) -> String {
        catalog.text("crash.crashed", ["explained": explained(kind: kind, message: message, catalog: catalog)])
    }

    /// The plain sentence, a colon, and the quoted runtime text on its own indented line.
    static func explained(kind: CrashName, message: String, catalog: Catalog) -> String {
        let quote = quoted(kind: kind, message: Self.message(message, catalog: catalog))
        let meaning = meaning(kind: kind, message: message, catalog: catalog)
        return quote.isEmpty ? meaning : catalog.text("crash.quoted", ["meaning": meaning, "quote": quote])
    }

    /// What the crash means, in a sentence of our own.
    static func meaning(kind: CrashName, message: String, catalog: Catalog) -> String {
        switch kind {
        case .exception(let name): return catalog.text("crash.exception", ["kind": name])
        case .signal(let signal): return catalog.text("crash.other", ["kind": "signal \(signal)"])
        case .runtime(let runtime):
            switch runtime {
            case .failedCast:
                let types = classNames(inQuotes: message)
                if types.count >= 2 {
                    let named = { (name: String) in
                        article(name) == "an"
                            ? catalog.text("crash.type.an", ["name": name])
                            : catalog.text("crash.type.a", ["name": name])
                    }
                    return catalog.text("crash.cast.types", ["from": named(types[0]), "to": named(types[1])])
                }
                return catalog.text("crash.cast")
            case .forceUnwrapNil: return catalog.text("crash.unwrap")
            case .assertion: return catalog.text("crash.assertion")
            case .precondition: return catalog.text("crash.precondition")
            case .fatalError: return catalog.text("crash.fatal")
            case .stackOverflow: return catalog.text("crash.stack_overflow")
            case .uikitException, .other:
                return catalog.text("crash.other", ["kind": kindName(runtime, catalog: catalog)])
            }
        }
    }

    /// A crash's message in the learner's words when the Playground wrote it (a signal with no
    /// runtime message); the runtime's own messages stay as printed.
    package static func message(_ message: String, catalog: Catalog) -> String {
        switch message {
        case CrashReport.trappedMessage: catalog.text("crash.message.trapped")
        case CrashReport.segmentationFaultMessage: catalog.text("crash.message.segmentation_fault")
        case CrashReport.abortedMessage: catalog.text("crash.message.aborted")
        default:
            CrashReport.terminatingSignal(in: message).map { catalog.text("crash.message.signal", ["signal": $0]) }
                ?? message
        }
    }

    /// A crash kind in the learner's words (`fatal error`, `failed cast`).
    package static func kindName(_ kind: CrashReport.Kind, catalog: Catalog) -> String {
        switch kind {
        case .fatalError: catalog.text("crash.kind.fatal_error")
        case .precondition: catalog.text("crash.kind.precondition")
        case .assertion: catalog.text("crash.kind.assertion")
        case .forceUnwrapNil: catalog.text("crash.kind.force_unwrap")
        case .failedCast: catalog.text("crash.kind.failed_cast")
        case .uikitException: catalog.text("crash.kind.uikit_exception")
        case .stackOverflow: catalog.text("crash.kind.stack_overflow")
        case .other: catalog.text("crash.kind.other")
        }
    }

    /// The runtime's line, as printed (without the file prefix the runtime puts before traps).
    static func quoted(kind: CrashName, message: String) -> String {
        switch kind {
        case .exception(let name):
            return "*** Terminating app due to uncaught exception '\(name)', reason: '\(message)'"
        case .runtime(.assertion): return "Assertion failed" + (message.isEmpty ? "" : ": \(message)")
        case .runtime(.precondition): return "Precondition failed" + (message.isEmpty ? "" : ": \(message)")
        case .runtime(.fatalError), .runtime(.forceUnwrapNil):
            return "Fatal error" + (message.isEmpty ? "" : ": \(message)")
        case .runtime, .signal: return message
        }
    }

    /// `'SegueLabApp.BookViewController' (0x…) to 'SegueLabApp.AuthorViewController'` → bare names.
    private static func classNames(inQuotes text: String) -> [String] {
        let parts = text.split(separator: "'", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { TextMatching.bareClassName(String(parts[$0])) }
    }

    /// "a" or "an" as the name is read aloud: a name opening with capitals (`UINavigationController`,
    /// `NSObject`) is read letter by letter, so "a UI…" but "an NS…"; other names by their vowel.
    package static func article(_ word: String) -> String {
        let letters = Array(word)
        guard let first = letters.first else { return "a" }
        if letters.count > 1, first.isUppercase, letters[1].isUppercase {
            return "AEFHILMNORSX".contains(first) ? "an" : "a"
        }
        return "aeiou".contains(first.lowercased()) ? "an" : "a"
    }
}
