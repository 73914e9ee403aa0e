import Foundation

/// The line protocol author-written Swift checks use to report verdicts on standard output:
///
///     CHECK PASS <name>
///     CHECK FAIL <name>: <message>
///     CHECK ERROR <name>: <message>
///
/// A name runs up to the first `:` (or the line's end). Verdict lines are removed from the
/// output the learner sees and from output checks.
public enum HarnessProtocol {
    public struct Verdict: Sendable, Hashable {
        public enum Status: String, Sendable { case pass = "PASS", fail = "FAIL", error = "ERROR" }
        public var status: Status
        public var name: String
        public var message: String
    }

    static let prefix = "CHECK "

    /// Parses one line; nil when it is not a verdict line.
    public static func parse(line: Substring) -> Verdict? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix(prefix) else { return nil }
        let rest = trimmed.dropFirst(prefix.count)
        for status in [Verdict.Status.pass, .fail, .error] where rest.hasPrefix(status.rawValue + " ") {
            let body = rest.dropFirst(status.rawValue.count + 1)
            let name: Substring, message: Substring
            if let colon = body.firstIndex(of: ":") {
                name = body[..<colon]
                message = body[body.index(after: colon)...]
            } else {
                name = body
                message = ""
            }
            let cleanName = name.trimmingCharacters(in: .whitespaces)
            guard !cleanName.isEmpty else { return nil }
            return Verdict(status: status, name: cleanName, message: message.trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// All verdict lines in a program's output, in order.
    public static func verdicts(in output: String) -> [Verdict] {
        output.split(separator: "\n", omittingEmptySubsequences: false).compactMap(parse(line:))
    }

    /// The output without verdict lines.
    public static func strippingVerdicts(from output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.filter { parse(line: $0) == nil }.joined(separator: "\n")
    }

    /// Hidden Swift source added to every program whose step has a harness, so authors can
    /// write `lessonCheck("pushed detail", nav.topViewController is DetailViewController)`.
    public static let helperSource = """
        import SegueKit

        // Marks where the learner's program ends and the checks begin, so the navigation the
        // checks cause (a probe app they open, the taps they make) is shown apart from the learner's.
        func \(beginFunction)() { SegueTrace.note("lesson checks begin", ["\(markerKey)": "checks"]) }

        // Verdict helpers for lesson checks: each call prints one CHECK line.
        func lessonCheck(_ name: String, _ condition: @autoclosure () -> Bool,
                         _ message: @autoclosure () -> String = "") {
            if condition() {
                print("CHECK PASS \\(name)")
            } else {
                let text = message()
                let oneLine = text.split(separator: "\\n").joined(separator: " ")
                print("CHECK FAIL \\(name): \\(oneLine.isEmpty ? "condition was false" : oneLine)")
            }
        }

        func lessonCheckEqual<T: Equatable>(_ name: String, _ actual: T, _ expected: T) {
            lessonCheck(name, actual == expected, "expected \\(expected), got \\(actual)")
        }

        """

    static let helperFileName = "LessonCheck.swift"
    static let beginFunction = "__lessonChecksBegin"
    static let markerKey = "seguelab"

    /// True for the trace note a harness records before its checks run.
    public static func isChecksMarker(_ event: NavigationEvent) -> Bool {
        event.kind == "note" && event.properties[markerKey] == "checks"
    }
}
