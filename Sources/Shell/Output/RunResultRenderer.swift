import Foundation
import LessonKit
import Playground
import SegueKit
import SegueTools

/// Shows a Playground run: diagnostics with the learner's line and a caret, the program's
/// output, how it ended, the navigation trace and a picture of what is on screen.
struct RunResultRenderer {
    var style: Style
    var showTrace = true

    func render(diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { d in
            let text = d.rendered()
            guard style.enabled else { return text }
            return text
                .replacingOccurrences(of: ": error:", with: ": " + style.failure("error:"))
                .replacingOccurrences(of: ": warning:", with: ": " + style.warning("warning:"))
        }
    }

    /// `output` is what the program wrote on both streams, in order (stderr without the
    /// runtime's crash report, which `crash` summarises); `stopReason` says which limit
    /// stopped the program, if one did.
    func render(output: [OutputRun], traceLines: [String], crash: CrashReport?, stopReason: String?) -> [String] {
        var lines: [String] = []
        func add(_ text: String) {
            guard !text.isEmpty else { return }
            var split = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if split.last == "" { split.removeLast() }
            lines += split
        }
        // Both streams are cut the same way: a program can flood either.
        lines += OutputExcerpt(output).lines(style: style)
        if showTrace {
            let events = traceLines.compactMap { try? JSONDecoder().decode(TraceEvent.self, from: Data($0.utf8)) }
            let navigation = events.filter { $0.event != .snapshot }
            if !navigation.isEmpty {
                lines.append(style.dim("── navigation ──"))
                add(TraceRenderer.render(navigation))
            }
            if let snapshot = events.last(where: { $0.event == .snapshot })?.snapshot, snapshot.root != nil {
                lines.append(style.dim("── on screen ──"))
                add(HierarchyPicture.render(snapshot))
            }
        }
        if let crash { lines.append(style.failure(crash.summary)) }
        if let stopReason { lines.append(style.warning("Stopped: \(stopReason).")) }
        return lines
    }
}

/// What `seguelab run` writes for a run, in order: the program's output and the navigation on
/// standard output; diagnostics, the program's own stderr, the crash, timings and why a limit
/// stopped it on standard error. No colour: the output is for pipes as much as terminals.
public enum RunReport {
    public enum Stream: Sendable { case output, error }

    public static func pieces(of result: RunResult, trace: Bool, timings: Bool) -> [(Stream, String)] {
        var pieces: [(Stream, String)] = result.compile.diagnostics.map { (.error, $0.rendered() + "\n") }
        // The program's own bytes, in the order they were read: colour passes, other control
        // sequences are shown, not obeyed.
        pieces += result.programOutputInOrder.map { ($0.isError ? .error : .output, ControlCharacters.neutralised($0.text)) }
        if trace && !result.traceLines.isEmpty { pieces.append((.output, "── navigation ──\n" + navigation(result.traceLines))) }
        if let crash = result.crash { pieces.append((.error, crash.summary + "\n")) }
        if timings { pieces.append((.error, result.timings.summary + "\n")) }
        if let reason = result.stopReason { pieces.append((.error, "Stopped: \(reason).\n")) }
        return pieces
    }

    /// SegueTools' readable lines; a trace SegueKit did not write is shown field by field.
    public static func navigation(_ lines: [String]) -> String {
        if let events = try? TraceDecoding.decode(lines) { return TraceRenderer.render(events) }
        return TraceFormatter.plain(lines).map { $0 + "\n" }.joined()
    }
}

