import LessonKit

/// Shows what a lesson program did: compiler errors on the learner's lines, its output, how it
/// ended, and the navigation it caused.
struct OutcomeRenderer {
    var style: Style

    func render(_ outcome: ProgramOutcome, learnerCode: String?, showOutput: Bool = true) -> [String] {
        var lines: [String] = []
        for diagnostic in outcome.diagnostics where diagnostic.severity != .note || !outcome.compiled {
            lines += render(diagnostic, learnerCode: learnerCode)
        }
        guard outcome.compiled else { return lines }
        let output = outcome.learnerStdout
        if showOutput { lines += OutputExcerpt(output).lines(style: style) }
        // The learner's program first; then what happened while the lesson's checks drove it
        // (a probe app they open, the taps they make), under its own heading.
        let marker = outcome.trace.firstIndex(where: HarnessProtocol.isChecksMarker) ?? outcome.trace.endIndex
        for (heading, part) in [("Navigation:", outcome.trace[..<marker]), ("While checking:", outcome.trace[marker...].dropFirst())] {
            let navigation = Self.fromFirstTransition(Array(part))
            guard !navigation.isEmpty else { continue }
            lines.append(style.dim(heading))
            lines += navigation.map { "  " + Self.describe($0) }
        }
        if let state = outcome.endState, let visible = state.visible {
            lines.append(style.dim("On screen: ") + visible + Self.describeStack(state))
        }
        switch outcome.termination {
        case .crashed(let kind, let message):
            lines.append(style.failure("The program crashed (\(kind))") + (message.isEmpty ? "" : ": \(message)"))
        case .stopped(let reason):
            lines.append(style.warning("Stopped: \(reason)."))
        case .exited(let code) where code != 0:
            lines.append(style.warning("The program exited with status \(code)."))
        default:
            break
        }
        return lines
    }

    func render(_ d: CompilerDiagnostic, learnerCode: String?) -> [String] {
        let label: String = switch d.severity {
        case .error: style.failure("error:")
        case .warning: style.warning("warning:")
        case .note: style.dim("note:")
        }
        var lines = ["\(d.file):\(d.line):\(d.column): \(label) \(d.message)"]
        guard !d.inHiddenCode, let learnerCode else { return lines }
        let sourceLines = learnerCode.split(separator: "\n", omittingEmptySubsequences: false)
        guard d.line >= 1, d.line <= sourceLines.count else { return lines }
        let source = String(sourceLines[d.line - 1])
        lines.append("    " + source)
        let caretIndent = String(source.prefix(max(d.column - 1, 0)).map { $0 == "\t" ? "\t" : " " })
        lines.append("    " + caretIndent + style.success("^"))
        return lines
    }

    /// The trace from the first transition on: launching the app (instantiating the initial
    /// controller, loading its view) is the same in every lesson program and hides the point.
    static func fromFirstTransition(_ trace: [NavigationEvent]) -> [NavigationEvent] {
        guard let first = trace.firstIndex(where: \.isTransition) else { return [] }
        return Array(trace[first...])
    }

    static func describe(_ event: NavigationEvent) -> String {
        var text = event.kind
        if let identifier = event.segueIdentifier { text += " '\(identifier)'" }
        switch (event.source, event.destination) {
        case let (source?, destination?): text += " \(bare(source)) → \(bare(destination))"
        case let (source?, nil): text += " \(bare(source))"
        case let (nil, destination?): text += " → \(bare(destination))"
        default: break
        }
        let values = event.properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if !values.isEmpty { text += " (" + values.joined(separator: ", ") + ")" }
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
