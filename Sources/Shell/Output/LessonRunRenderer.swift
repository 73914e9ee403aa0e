import LessonKit
import Playground
import SegueKit

/// Shows what a lesson program did: compiler errors on the learner's lines, its output, how it
/// ended, and the navigation it caused.
struct LessonRunRenderer {
    var style: Style
    /// The terminal's width, when output goes to one: a quoted source line wider than it is
    /// broken like code (`ShellOutput.code`) with the caret under the right piece.
    var width: Int? = nil

    func render(_ run: RunResult, learnerCode: String?, showOutput: Bool = true) -> [String] {
        var lines: [String] = []
        let compiled = run.compile.succeeded
        for diagnostic in run.compile.diagnostics where diagnostic.severity != .note || !compiled {
            lines += render(diagnostic, learnerCode: learnerCode)
        }
        guard compiled else { return lines }
        let output = run.learnerStdout
        if showOutput { lines += OutputExcerpt(output).lines(style: style) }
        // The learner's program first; then what happened while the lesson's checks drove it
        // (a probe app they open, the taps they make), under its own heading.
        let trace = run.navigation
        let marker = trace.firstIndex(where: HarnessSupport.isChecksMarker) ?? trace.endIndex
        for (heading, part) in [("Navigation:", trace[..<marker]), ("While checking:", trace[marker...].dropFirst())] {
            let navigation = Self.fromFirstTransition(Array(part))
            guard !navigation.isEmpty else { continue }
            lines.append(style.dim(heading))
            // Unbounded recursion can leave tens of thousands of events: their beginning and end tell the story.
            lines += OutputExcerpt(navigation.map { "  " + Self.describe($0) }.joined(separator: "\n")).lines(style: style)
        }
        if let state = run.endState, let visible = state.visible {
            // Not "On screen:", which programs print themselves (`On screen: Dune`).
            lines.append(style.dim("Final screen: ") + visible + Self.describeStack(state))
        }
        if case let (kind, message)? = run.crashName {
            // A crash of no known kind ("crash") is named by its message alone: "crashed: Trapped (…)".
            let named = kind == CrashReport.Kind.other.readableName && !message.isEmpty ? "" : " (\(kind))"
            lines.append(style.failure("The program crashed\(named)") + (message.isEmpty ? "" : ": \(message)"))
        } else if let reason = run.stopReason {
            lines.append(style.warning("Stopped: \(reason)."))
        } else if case .exited(let code) = run.termination, code != 0 {
            lines.append(style.warning("The program exited with status \(code)."))
        }
        return lines
    }

    func render(_ d: Diagnostic, learnerCode: String?) -> [String] {
        let label: String = switch d.severity {
        case .error: style.failure("error:")
        case .warning: style.warning("warning:")
        case .note, .remark: style.dim("note:")
        }
        var lines = ["\(d.file):\(d.line):\(d.column): \(label) \(d.message)"]
        guard !d.inHiddenCode, let learnerCode else { return lines }
        let sourceLines = learnerCode.split(separator: "\n", omittingEmptySubsequences: false)
        guard d.line >= 1, d.line <= sourceLines.count else { return lines }
        let source = String(sourceLines[d.line - 1])
        let column = max(d.column - 1, 0)
        guard let width, WordWrap.visibleWidth("    " + source) > width else {
            let caretIndent = String(source.prefix(column).map { $0 == "\t" ? "\t" : " " })
            return lines + ["    " + source, "    " + caretIndent + style.success("^")]
        }
        // Too wide: broken between words, the caret goes under the piece holding its column.
        let indent = source.prefix { $0 == " " }.count + 4
        let continuation = "  ↪ " + String(repeating: " ", count: min(indent, max(0, width / 2 - 4)))
        let pieces = WordWrap(width: width).fitCode("    " + source, continuation: continuation)
        var start = 0
        let characters = Array(source)
        for (index, piece) in pieces.enumerated() {
            let prefix = index == 0 ? 4 : continuation.count
            let length = piece.count - prefix
            lines.append(index == 0 ? piece : style.dim(String(piece.prefix(4))) + piece.dropFirst(4))
            var next = start + length
            while next < characters.count && characters[next] == " " { next += 1 }
            if column >= start && (column < next || index == pieces.count - 1) {
                lines.append(String(repeating: " ", count: prefix + min(column - start, length)) + style.success("^"))
            }
            start = next
        }
        return lines
    }

    /// The trace from the first transition on: launching the app (instantiating the initial
    /// controller, loading its view) is the same in every lesson program and hides the point.
    static func fromFirstTransition(_ trace: [TraceEvent]) -> [TraceEvent] {
        guard let first = trace.firstIndex(where: \.isTransition) else { return [] }
        return Array(trace[first...])
    }

    static func describe(_ event: TraceEvent) -> String {
        var text = event.event.rawValue
        if let identifier = event.identifier { text += " '\(identifier)'" }
        switch (event.subject, event.destination) {
        case let (source?, destination?): text += " \(bare(source)) → \(bare(destination))"
        case let (source?, nil): text += " \(bare(source))"
        case let (nil, destination?): text += " → \(bare(destination))"
        default: break
        }
        // A warning (UIKit's console line) or a program's note is its text; other events' messages repeat their fields.
        if [.warning, .note].contains(event.event), let message = event.message, !message.isEmpty { text += " " + message }
        let values = (event.properties ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if !values.isEmpty { text += " (" + values.joined(separator: ", ") + ")" }
        // An unwind nobody handled says whom UIKit asked; other events' messages are details.
        if event.event == .unwind, let message = event.message { text += " — " + message }
        return text
    }

    static func describeStack(_ state: EndState) -> String {
        var parts: [String] = []
        if let top = state.topOfStack, state.presented.last != nil { parts.append("top of the navigation stack: \(bare(top))") }
        if !state.presented.isEmpty { parts.append("presented: " + state.presented.map(bare).joined(separator: " › ")) }
        return parts.isEmpty ? "" : "  (" + parts.joined(separator: "; ") + ")"
    }

    /// `Module.ClassName` → `ClassName`.
    static func bare(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }
}
