import Foundation
import LessonKit
import Localization
import Playground
import SegueKit
import SourceText

/// The one picture of what a program did, wherever it ran (a lesson step, `run FILE`, a
/// `swift` entry, `seguelab run`): compiler errors under the learner's lines, the program's
/// output, the navigation it caused, the screen it ended on, and how it ended. Built from the
/// `RunResult` and SegueKit's own `TraceEvent`s.
struct RunRenderer {
    var style: Style
    /// False for `--no-trace`: neither the navigation nor the final screen.
    var showsNavigation = true
    /// The terminal's width, when output goes to one: a quoted source line wider than it is
    /// broken like code (`ShellOutput.code`) with the caret under the right piece.
    var width: Int? = nil
    /// The words around the program's own (`Navigation:`, `The program crashed`).
    var catalog: Catalog = .english

    /// A lesson's or a file's run. `source` gives the text of a learner file by name, for the
    /// line under a diagnostic; `output` replaces stdout (a lesson's, without the harness's lines).
    /// `showsEnding` false leaves out how it ended, for a verdict that says it already.
    func lines(
        _ run: RunResult, output: String? = nil, source: (String) -> String? = { _ in nil },
        showOutput: Bool = true, showsEnding: Bool = true
    ) -> [String] {
        var lines = diagnostics(run.compile.diagnostics, compiled: run.compile.succeeded, source: source)
        guard run.compile.succeeded else { return lines }
        if showOutput {
            // Both streams are cut the same way: a program can flood either. A file's run shows
            // them in the order written; a lesson's stdout is what is left once the harness's
            // lines are taken out, so its stderr follows it.
            if let output {
                lines += OutputExcerpt(output).lines(style: style)
                lines += OutputExcerpt(run.programErrorOutput).lines(style: style)
            } else {
                lines += OutputExcerpt(run.programOutputInOrder).lines(style: style)
            }
        }
        lines += picture(of: run.trace)
        if showsEnding { lines += ending(crash: run.crash, termination: run.termination, stopReason: run.stopReason) }
        return lines
    }

    /// How many of `lines(run)`'s last lines say how the run ended (the final screen, a crash,
    /// a limit): the pager shows them again when the learner stops before them.
    func closingCount(_ run: RunResult, showsEnding: Bool = true) -> Int {
        guard run.compile.succeeded else { return 0 }
        let screen =
            showsNavigation
            && run.trace.last(where: { $0.event == .snapshot })?.snapshot.flatMap {
                Self.finalScreen($0, catalog: catalog)
            } != nil
        let ending =
            showsEnding ? ending(crash: run.crash, termination: run.termination, stopReason: run.stopReason).count : 0
        return (screen ? 1 : 0) + ending
    }

    /// A `swift` entry: what is new since the entries before it.
    func lines(_ entry: SwiftREPL.Response) -> [String] {
        let run = entry.run
        var lines = diagnostics(run.compile.diagnostics, compiled: run.compile.succeeded, source: { _ in nil })
        lines += OutputExcerpt(run.programOutputInOrder).lines(style: style)
        lines += picture(of: run.trace)
        lines += ending(crash: run.crash, termination: run.termination, stopReason: run.stopReason)
        return lines
    }

    // MARK: - The parts

    /// `file:line:col: error: message`, then the learner's line and a caret under the column.
    /// Notes are left out once the program compiled (they explain warnings at length).
    func diagnostics(_ diagnostics: [Diagnostic], compiled: Bool, source: (String) -> String?) -> [String] {
        diagnostics.filter { $0.severity != .note || !compiled }.flatMap {
            render($0, source: $0.inHiddenCode ? nil : source($0.file))
        }
    }

    func render(_ d: Diagnostic, source: String?) -> [String] {
        let label: String =
            switch d.severity {
            case .error: style.failure("error:")
            case .warning: style.warning("warning:")
            case .note, .remark: style.dim("note:")
            }
        var lines = ["\(d.file):\(d.line):\(d.column): \(label) \(d.message)"]
        guard let source else { return lines }
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard d.line >= 1, d.line <= sourceLines.count else { return lines }
        let text = String(sourceLines[d.line - 1])
        // The compiler counts columns in UTF-8 bytes; the caret goes under characters (`é` is one).
        let column = String(decoding: text.utf8.prefix(max(d.column - 1, 0)), as: UTF8.self).count
        guard let width, WordWrap.visibleWidth("    " + text) > width else {
            let caretIndent = String(text.prefix(column).map { $0 == "\t" ? "\t" : " " })
            return lines + ["    " + text, "    " + caretIndent + style.success("^")]
        }
        // Too wide: broken between words, the caret goes under the piece holding its column.
        let indent = text.prefix { $0 == " " }.count + 4
        let continuation = "  ↪ " + String(repeating: " ", count: min(indent, max(0, width / 2 - 4)))
        let pieces = WordWrap(width: width).fitCode("    " + text, continuation: continuation)
        var start = 0
        let characters = Array(text)
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

    /// `Navigation:` (the program's own), `While checking:` (what a lesson's checks did
    /// afterwards) and `Final screen:`.
    func picture(of trace: [TraceEvent]) -> [String] {
        guard showsNavigation else { return [] }
        var lines: [String] = []
        let navigation = trace.filter { $0.event != .snapshot }
        let marker = navigation.firstIndex(where: HarnessSupport.isChecksMarker) ?? navigation.endIndex
        var said: [String] = []
        for (heading, part) in [
            (catalog.text("run.navigation"), navigation[..<marker]),
            (catalog.text("run.while_checking"), navigation[marker...].dropFirst())
        ] {
            let shown = Self.fromFirstTransition(Array(part)).map { "  " + Self.describe($0, catalog: catalog) }
            // Checks that drive the learner's screens the way the program did repeat it: said once.
            guard !shown.isEmpty, shown != said else { continue }
            said = shown
            lines.append(style.dim(heading))
            // Unbounded recursion can leave tens of thousands of events: their beginning and end tell the story.
            lines += OutputExcerpt(shown.joined(separator: "\n")).lines(style: style)
        }
        if let snapshot = trace.last(where: { $0.event == .snapshot })?.snapshot,
            let screen = Self.finalScreen(snapshot, catalog: catalog)
        {
            // Not "On screen:", which programs print themselves (`On screen: Dune`).
            lines.append(style.dim(catalog.text("run.final_screen")) + screen)
        }
        return lines
    }

    /// How the program ended, when not by finishing: the crash (and the learner's line it
    /// happened on), the limit that stopped it, or its exit status. A crash of no known kind is named by its message alone ("crashed: Trapped").
    func ending(crash: CrashReport?, termination: Termination, stopReason: StopReason?) -> [String] {
        if let crash {
            let kind = crash.exceptionName ?? CrashWording.kindName(crash.kind, catalog: catalog)
            let named = crash.exceptionName == nil && crash.kind == .other && !crash.message.isEmpty ? "" : " (\(kind))"
            // Where, on a line of its own: the sentence stays the one checks and lessons quote.
            let message = CrashWording.message(crash.message, catalog: catalog)
            return [
                style.failure(catalog.text("run.crashed") + named)
                    + (message.isEmpty ? "" : catalog.text("run.crash_message", ["message": message]))
            ]
                + (crash.location.map { ["  " + catalog.text("run.crash_location", ["location": $0])] } ?? [])
        }
        if case .signaled(let signal) = termination {
            return [style.failure(catalog.text("run.crashed.signal", ["signal": signal]))]
        }
        if let stopReason { return [style.warning(catalog.text("run.stopped", ["reason": stopReason.text(catalog)]))] }
        if case .exited(let code) = termination, code != 0 {
            return [style.warning(catalog.text("run.exited", ["code": code]))]
        }
        return []
    }

    // MARK: - Trace events

    /// The trace from the first transition on: launching the app (instantiating the initial
    /// controller, loading its view) is the same in every program and hides the point.
    static func fromFirstTransition(_ trace: [TraceEvent]) -> [TraceEvent] {
        guard let first = trace.firstIndex(where: \.isTransition) else { return [] }
        return Array(trace[first...])
    }

    /// One line per event, named by SegueKit's own kind: `push ShelfViewController → BookViewController (book=Dune)`.
    static func describe(_ event: TraceEvent, catalog: Catalog = .english) -> String {
        var text = event.event.rawValue
        if let identifier = event.identifier { text += " '\(identifier)'" }
        switch (event.subject, event.destination) {
        case (let source?, let destination?): text += " \(bare(source)) → \(bare(destination))"
        case (let source?, nil): text += " \(bare(source))"
        case (nil, let destination?): text += " → \(bare(destination))"
        default: break
        }
        if let answer = event.answer { text += catalog.text(answer ? "run.answer.yes" : "run.answer.no") }
        if let exception = event.exception { text += " " + exception + (event.message.map { ": " + $0 } ?? "") }
        // A warning (UIKit's console line), a program's note, a stack or a tab say what their
        // message says; other events' messages repeat their fields.
        if [.warning, .note, .setStack, .selectTab].contains(event.event), let message = event.message, !message.isEmpty
        {
            text += " " + message
        }
        // An unwind nobody handled says whom UIKit asked; other events' messages are details.
        if event.event == .unwind, let asked = event.properties?[TraceEvent.unwindAskedProperty],
            let action = event.action
        {
            let unhandled =
                asked.isEmpty
                ? catalog.text(
                    "run.unwind.unhandled.nobody", ["action": action, "source": event.subject.map(bare) ?? "?"])
                : catalog.text(
                    "run.unwind.unhandled", ["action": action, "source": event.subject.map(bare) ?? "?", "asked": asked]
                )
            return text + " — " + unhandled
        }
        let values = (event.properties ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if !values.isEmpty { text += " (" + values.joined(separator: ", ") + ")" }
        if event.event == .unwind, let message = event.message { text += " — " + message }
        return text
    }

    /// The screen the learner sees: the front-most controller that is not a container. When it
    /// was presented, say over which screen, and in what when a container was presented:
    /// `EditorViewController (in a UINavigationController presented over ShelfViewController)`.
    static func finalScreen(_ snapshot: HierarchySnapshot, catalog: Catalog = .english) -> String? {
        let screen = snapshot.screen
        guard let visible = screen.visible else { return nil }
        let text = bare(visible)
        guard let covered = screen.covered else { return text }
        let over = catalog.text("run.final.presented_over", ["screen": bare(covered)])
        guard let frame = screen.frame.map(bare) else { return text + " (\(over))" }
        let an = CrashWording.article(frame) == "an"
        let within =
            an
            ? catalog.text("run.final.in.an", ["container": frame, "over": over])
            : catalog.text("run.final.in.a", ["container": frame, "over": over])
        return text + " (\(within))"
    }

    /// `Module.ClassName` → `ClassName`.
    static func bare(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }
}

/// What `seguelab run` writes for a run, in order: the program's output and its picture (the
/// navigation and the final screen) on standard output; diagnostics, the program's own stderr,
/// how it ended, and timings on standard error. No colour: the output is for pipes as much as
/// terminals.
package enum RunReport {
    package enum Stream: Sendable { case output, error }

    package static func pieces(of result: RunResult, sources: [SourceFile], trace: Bool, timings: Bool) -> [(
        Stream, String
    )] {
        let renderer = RunRenderer(style: Style(enabled: false), showsNavigation: trace)
        let text = { (lines: [String]) in lines.map { $0 + "\n" }.joined() }
        var pieces: [(Stream, String)] = [
            (
                .error,
                text(
                    renderer.diagnostics(
                        result.compile.diagnostics, compiled: result.compile.succeeded,
                        source: { name in sources.first { $0.name == name }?.text }))
            )
        ]
        // The program's own bytes, in the order they were read: colour passes, other control
        // sequences are shown, not obeyed.
        pieces += result.programOutputInOrder.map {
            ($0.isError ? .error : .output, ControlCharacters.neutralised($0.text))
        }
        pieces.append((.output, text(renderer.picture(of: result.trace))))
        pieces.append(
            (.error, text(renderer.ending(crash: result.crash, termination: result.termination, stopReason: nil))))
        if timings { pieces.append((.error, result.timings.summary + "\n")) }
        if let reason = result.stopReason {
            pieces.append(
                (.error, renderer.catalog.text("run.stopped", ["reason": reason.text(renderer.catalog)]) + "\n"))
        }
        return pieces.filter { !$0.1.isEmpty }
    }

    /// A `swift` entry of `seguelab run --as-session`: its picture and how it ended.
    package static func lines(of entry: SwiftREPL.Response, trace: Bool) -> [String] {
        let renderer = RunRenderer(style: Style(enabled: false), showsNavigation: trace)
        return renderer.picture(of: entry.run.trace)
            + renderer.ending(
                crash: entry.run.crash, termination: entry.run.termination,
                stopReason: entry.run.stopReason)
    }
}
