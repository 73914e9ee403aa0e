import Foundation
import Playground
import SegueKit
import SourceText

/// A pattern a navigation event must match; nil fields match anything.
package struct TracePattern: Sendable, Hashable {
    /// The event's kind, exactly (checked when the pack is read).
    package var kind: TraceEvent.Kind?
    package var identifier: String?
    package var source: String?
    package var destination: String?
    /// Property values the event must carry (e.g. the destination's `product` after `prepare`).
    package var properties: [String: String]

    package init(
        kind: TraceEvent.Kind? = nil, identifier: String? = nil, source: String? = nil,
        destination: String? = nil, properties: [String: String] = [:]
    ) {
        self.kind = kind
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.properties = properties
    }
}

/// One check an author attaches to a step. All of a step's checks must pass.
package enum Check: Sendable, Hashable {
    /// Standard output equals the text (whitespace at line ends and trailing newlines ignored).
    case outputEquals(String)
    /// Standard output contains the text (runs of spaces ignored).
    case outputContains(String)
    /// Standard output matches the regular expression.
    case outputMatches(String)
    /// The navigation trace contains an event matching the pattern.
    case trace(TracePattern)
    /// The navigation trace contains no event matching the pattern.
    case noTrace(TracePattern)
    /// The navigation trace contains events matching the patterns in this order (others may
    /// come between them).
    case traceOrder([TracePattern])
    /// At the end, the top of the navigation stack is an instance of the class.
    case topOfStack(String)
    /// At the end, a view controller of the class is presented.
    case presented(String)
    /// The program compiles without errors.
    case compiles
    /// The compiler rejects the program with an error matching the pattern.
    case failsToCompile(diagnosticPattern: String)
    /// The program exits with this status.
    case exitStatus(Int32)
    /// The program crashes; kind (e.g. `NSInvalidArgumentException`) and message pattern optional.
    case crash(kind: String?, messagePattern: String?)
    /// The harness's `CHECK` lines all pass; listed names must each be reported.
    case harness(required: [String])
    /// The same program built with optimisation (`-O`, as shipped) crashes, or runs to the end:
    /// what tells `assertionFailure` (gone from -O builds) from `preconditionFailure` (kept).
    case releaseBuild(crashes: Bool)
    /// The learner's code is written as the rule says (judged on the source, not the run).
    case source(SourceRule)

    /// How the check reads in a report.
    package var summary: String {
        switch self {
        case .outputEquals(let text): "output is \(Self.quoted(text))"
        case .outputContains(let text): "output contains \(Self.quoted(text))"
        case .outputMatches(let pattern): "output matches /\(pattern)/"
        case .trace(let pattern): "navigation includes \(pattern.summary)"
        case .noTrace(let pattern): "navigation never does \(pattern.summary)"
        case .traceOrder(let patterns):
            "navigation does, in order: " + patterns.map(\.summary).joined(separator: ", then ")
        case .topOfStack(let name): "\(name) is on top of the navigation stack"
        case .presented(let name): "\(name) is presented"
        case .compiles: "the code compiles"
        case .failsToCompile(let pattern): "the compiler reports an error matching /\(pattern)/"
        case .exitStatus(let status): "the program exits with status \(status)"
        case .crash(let kind, let message):
            "the program crashes" + (kind.map { " with \($0)" } ?? "") + (message.map { " /\($0)/" } ?? "")
        case .harness(let names):
            names.isEmpty ? "the lesson's checks pass" : "checks \(names.joined(separator: ", ")) pass"
        case .releaseBuild(let crashes):
            crashes ? "an optimised (-O) build crashes" : "an optimised (-O) build runs to the end"
        case .source(let rule): "the code \(rule.summary)"
        }
    }

    /// True for checks that look at a finished run (as opposed to the compiler's verdict).
    var needsRun: Bool {
        switch self {
        case .compiles, .failsToCompile, .source: false
        default: true
        }
    }

    private static func quoted(_ text: String) -> String {
        let oneLine = text.replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(oneLine.count > 60 ? String(oneLine.prefix(57)) + "..." : oneLine)\""
    }
}

/// A check with the place the author wrote it (for `pack check` diagnostics).
package struct CheckSpec: Sendable, Hashable {
    package var check: Check
    package var location: SourceLocation

    package init(_ check: Check, at location: SourceLocation) {
        self.check = check
        self.location = location
    }
}

extension SourceRule {
    /// How the rule reads in a report.
    package var summary: String {
        switch self {
        case .noStringIdentifier: "compares no string literal with a segue's identifier"
        case .noStringSwitch: "switches over no String"
        case .calls(let name, let inFunction):
            "calls \(name)" + (inFunction.map { " in \($0)" } ?? "")
        case .conforms(let name): "declares a type that adopts \(name)"
        case .noForceCast(let name): "force-casts (as!) " + (name ?? "nothing")
        case .assigns(let name): "assigns \(name)"
        case .uses(let name): "uses \(name)"
        case .declares(let name): "declares \(name)"
        }
    }
}
