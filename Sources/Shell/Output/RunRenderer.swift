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
                // UIKit's warnings about what the step's set-up or the checks did are shown with
                // their navigation, under its heading, not as the learner's output.
                lines += OutputExcerpt([OutputRun(isError: true, text: run.learnerErrorOutput)]).lines(style: style)
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
        // Hidden code is the lesson's: its file and line are the judge's, never the learner's.
        let place = d.inHiddenCode ? catalog.text("run.hidden_code") : "\(d.file):\(d.line):\(d.column)"
        var lines = ["\(place): \(label) \(d.message)"]
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

    /// `Set up by the step:` (what a step's hidden prelude did), `Navigation:` (the program's
    /// own), `While checking:` (what a lesson's checks did afterwards) and `Final screen:`.
    func picture(of trace: [TraceEvent]) -> [String] {
        guard showsNavigation else { return [] }
        var lines: [String] = []
        let navigation = trace.filter { $0.event != .snapshot }
        let marker = navigation.firstIndex(where: HarnessSupport.isChecksMarker) ?? navigation.endIndex
        let setupEnd = navigation[..<marker].firstIndex(where: HarnessSupport.isSetupMarker)
        let setUp = setupEnd.map { $0 > navigation.startIndex } ?? false
        let learnerStart = setupEnd.map { $0 + 1 } ?? navigation.startIndex
        var said: [String] = []
        let names = Self.presentationNames(navigation)
        for (heading, part, launched) in [
            (catalog.text("run.step_setup"), navigation[..<(setupEnd ?? navigation.startIndex)], true),
            (catalog.text("run.navigation"), navigation[learnerStart..<marker], !setUp),
            (catalog.text("run.while_checking"), navigation[marker...].dropFirst(), true)
        ] {
            // After a set-up that launched the app, a segue's making is the learner's code's.
            let start = launched ? Self.firstTransition(in: part) : Self.firstTransition(afterLaunch: part)
            let shown = part[start...].indices.map {
                "  " + Self.describe(navigation[$0], named: names[$0], catalog: catalog)
            }
            // Checks that drive the learner's screens the way the program did repeat it: said once.
            guard !shown.isEmpty, shown != said else { continue }
            // The set-up's navigation is the step's: the learner's may repeat it and is still shown.
            said = heading == catalog.text("run.step_setup") ? [] : shown
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

    /// Where the trace shown starts in a part that begins after the app was launched (the
    /// learner's code after a step's set-up): at the first transition, with the controllers
    /// instantiated for it just before.
    static func firstTransition(afterLaunch trace: ArraySlice<TraceEvent>) -> Int {
        guard let first = trace.firstIndex(where: \.isTransition) else { return trace.endIndex }
        var start = first
        while start > trace.startIndex && [.instantiate, .relationship].contains(trace[start - 1].event) { start -= 1 }
        return start
    }

    /// Where the trace shown starts in `trace` (its end when nothing moved): at the first
    /// transition, since launching the app (instantiating the initial controller, loading its
    /// view) is the same in every program and hides the point. A transition's own making comes
    /// with it: the controllers instantiated (and related) just before a `performSegue` that
    /// starts the trace are the segue's destination.
    static func firstTransition(in trace: ArraySlice<TraceEvent>) -> Int {
        guard let first = trace.firstIndex(where: \.isTransition) else { return trace.endIndex }
        var start = first
        while start > trace.startIndex && [.instantiate, .relationship].contains(trace[start - 1].event) { start -= 1 }
        // Reaching the start, they were the app's launch.
        return start == trace.startIndex ? first : start
    }

    /// `present` and `dismiss` named as UIKit names them: the presenting controller is the one
    /// that owns the presentation (the navigation controller around the shelf, not the shelf),
    /// and a container is named with the screen it shows first
    /// (`UINavigationController[ReviewComposerViewController]`), so two navigation controllers
    /// read apart. Keyed by the event's index in `trace`: the subject's and the destination's names.
    static func presentationNames(_ trace: [TraceEvent]) -> [Int: (subject: String, destination: String)] {
        var firstChild: [String: String] = [:]
        var root: (base: String, name: String)?
        var presented: [(base: String, name: String)] = []
        var names: [Int: (subject: String, destination: String)] = [:]
        func named(_ controller: String) -> String {
            firstChild[controller].map { "\(bare(controller))[\(bare($0))]" } ?? bare(controller)
        }
        func shown(_ controller: String) -> String {
            presented.last { $0.base == controller }?.name ?? (root?.base == controller ? root?.name : nil)
                ?? named(controller)
        }
        for (index, event) in trace.enumerated() {
            switch event.event {
            case .instantiate:
                if let controller = event.destination { firstChild[controller] = nil }
            case .relationship:
                if let container = event.source, firstChild[container] == nil {
                    firstChild[container] = event.destination
                }
            case .setRoot:
                if let controller = event.destination { root = (controller, named(controller)) }
            case .present:
                guard let controller = event.destination, let presenter = event.controller ?? event.source else {
                    break
                }
                let name = named(controller)
                names[index] = (shown(presenter), name)
                presented.append((controller, name))
            case .dismiss:
                guard let top = event.source, let presenter = event.destination else { break }
                let topName = shown(top)
                if let dismissed = event.controller, let index = presented.lastIndex(where: { $0.base == dismissed }) {
                    presented.removeSubrange(index...)
                }
                names[index] = (topName, shown(presenter))
            default:
                break
            }
        }
        return names
    }

    /// One line per event, named by SegueKit's own kind: `push ShelfViewController → BookViewController (book=Dune)`.
    /// `named` replaces the subject's and destination's class names (`presentationNames`).
    static func describe(
        _ event: TraceEvent, named: (subject: String, destination: String)? = nil, catalog: Catalog = .english
    ) -> String {
        var text = event.event.rawValue
        if let identifier = event.identifier { text += " '\(identifier)'" }
        switch (event.subject, event.destination) {
        case (_?, _?) where named != nil: text += " \(named!.subject) → \(named!.destination)"
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
        // An unwind names its action as the storyboard stores it, a selector: `action unwindToShelf:`.
        if [.unwind, .unwindAction].contains(event.event), let action = event.action, !action.isEmpty {
            text += " " + catalog.text("run.unwind.action", ["action": action])
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
        var within = catalog.text("run.final.presented_over", ["screen": bare(covered)])
        // Every container around it, the outermost first: a navigation controller in a split view.
        let frames = presentedFrames(snapshot).map(bare)
        guard !frames.isEmpty else { return text + " (\(within))" }
        for frame in frames {
            let an = CrashWording.article(frame) == "an"
            within =
                an
                ? catalog.text("run.final.in.an", ["container": frame, "over": within])
                : catalog.text("run.final.in.a", ["container": frame, "over": within])
        }
        return text + " (\(within))"
    }

    /// The containers between the last presented controller and the screen shown, the
    /// outermost first (the way `HierarchySnapshot.screen` walks to it).
    static func presentedFrames(_ snapshot: HierarchySnapshot) -> [String] {
        guard var current = snapshot.root else { return [] }
        while true {
            var path = [current]
            while let child = HierarchySnapshot.visibleChild(of: path.last!) { path.append(child) }
            if let presented = path.first(where: { $0.presented != nil })?.presented {
                current = presented
                continue
            }
            return path.dropLast().map(\.className)
        }
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
