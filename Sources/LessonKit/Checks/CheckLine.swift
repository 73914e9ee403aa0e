import Foundation
import Playground
import SegueKit
import SegueTools
import SourceText

/// The lines a lesson's harness prints on standard output to report its checks:
///
///     CHECK PASS <name>
///     CHECK FAIL <name>: <message>
///     CHECK ERROR <name>: <message>
///
/// A name runs up to the first `:` (or the line's end). These lines are removed from the
/// output the learner sees and from output checks.
package enum CheckLine {
    static let prefix = "CHECK "

    /// Parses one line into the check's result (its name as the summary); nil when it is not a check line.
    package static func parse(line: Substring) -> CheckResult? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix(prefix) else { return nil }
        let rest = trimmed.dropFirst(prefix.count)
        for status in [CheckResult.Status.pass, .fail, .error] where rest.hasPrefix(status.rawValue.uppercased() + " ")
        {
            let body = rest.dropFirst(status.rawValue.count + 1)
            let name: Substring
            let message: Substring
            if let colon = body.firstIndex(of: ":") {
                name = body[..<colon]
                message = body[body.index(after: colon)...]
            } else {
                name = body
                message = ""
            }
            let cleanName = name.trimmingCharacters(in: .whitespaces)
            guard !cleanName.isEmpty else { return nil }
            return CheckResult(
                summary: cleanName, status: status, message: message.trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// All check lines in a program's output, in order.
    package static func results(in output: String) -> [CheckResult] {
        output.split(separator: "\n", omittingEmptySubsequences: false).compactMap(parse(line:))
    }

    /// The output without check lines.
    package static func removed(from output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.filter { parse(line: $0) == nil }.joined(separator: "\n")
    }
}

/// The hidden Swift a step with a harness gets: helpers that print check lines, and the call
/// that marks in the trace where the learner's program ends and the checks begin.
package enum HarnessSupport {
    /// Lets authors write `lessonCheck("pushed detail", nav.topViewController is DetailViewController)`.
    /// The helpers' own words (a false condition without a message; two values that differ,
    /// with `\u{E000}expected` and `\u{E000}actual` where the values go) are the learner's
    /// language (`helperSource(catalog:)`), written into the source as literals.
    package static func helperSource(conditionFalse: String, notEqual: String) -> String {
        let conditionFalse = swiftLiteral(conditionFalse)
        // Placeholders become interpolations: the values are only known when the check runs.
        let notEqual = swiftLiteral(notEqual)
            .replacingOccurrences(of: "\u{E000}expected", with: "\\(expected)")
            .replacingOccurrences(of: "\u{E000}actual", with: "\\(actual)")
        return """
            import SegueKit

            // Marks where the learner's program ends and the checks begin, so the navigation the
            // checks cause (a probe app they open, the taps they make) is shown apart from the learner's.
            func \(beginFunction)() { SegueTrace.note("lesson checks begin", ["\(markerKey)": "checks"]) }
            // Marks where the step's hidden set-up ends and the learner's code begins.
            func \(setupEndFunction)() { SegueTrace.note("lesson setup ends", ["\(markerKey)": "setup"]) }

            // Verdict helpers for lesson checks: each call prints one CHECK line.
            func lessonCheck(_ name: String, _ condition: @autoclosure () -> Bool,
                             _ message: @autoclosure () -> String = "") {
                if condition() {
                    print("CHECK PASS \\(name)")
                } else {
                    let text = message()
                    let oneLine = text.split(separator: "\\n").joined(separator: " ")
                    print("CHECK FAIL \\(name): \\(oneLine.isEmpty ? \(conditionFalse) : oneLine)")
                }
            }

            func lessonCheckEqual<T: Equatable>(_ name: String, _ actual: T, _ expected: T) {
                lessonCheck(name, actual == expected, \(notEqual))
            }

            """
    }

    /// `text` as a Swift string literal.
    static func swiftLiteral(_ text: String) -> String { "\"" + SwiftLiteral.escaped(text) + "\"" }

    static let helperFileName = "LessonCheck.swift"
    static let beginFunction = "__lessonChecksBegin"
    static let markerKey = "seguelab"

    static let setupEndFunction = "__lessonSetupEnds"

    /// True for the trace note a harness records before its checks run.
    package static func isChecksMarker(_ event: TraceEvent) -> Bool {
        event.event == .note && event.properties?[markerKey] == "checks"
    }

    /// True for the trace note recorded where a step's hidden prelude ends.
    package static func isSetupMarker(_ event: TraceEvent) -> Bool {
        event.event == .note && event.properties?[markerKey] == "setup"
    }

    /// True for either of the notes that divide a step's trace by who caused it.
    package static func isMarker(_ event: TraceEvent) -> Bool { isChecksMarker(event) || isSetupMarker(event) }
}

extension RunResult {
    /// Standard output as the learner should see it: the harness's check lines removed.
    package var learnerStdout: String { CheckLine.removed(from: stdout) }
}
