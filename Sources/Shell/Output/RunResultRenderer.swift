import Foundation
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

    /// `errorOutput` is the program's own stderr (without the runtime's crash report, which
    /// `crash` summarises); `stopReason` says which limit stopped the program, if one did.
    func render(output: String, errorOutput: String, traceLines: [String], crash: CrashReport?,
                stopReason: String?) -> [String] {
        var lines: [String] = []
        func add(_ text: String) {
            guard !text.isEmpty else { return }
            var split = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if split.last == "" { split.removeLast() }
            lines += split
        }
        lines += OutputExcerpt(output).lines(style: style)
        add(errorOutput)
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
