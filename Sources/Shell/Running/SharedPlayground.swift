import CLibEdit
import Foundation
import LessonKit
import Localization
import Playground

/// One Playground for the whole shell, made on first use (it locates swiftc and SegueKit's
/// sources; a missing toolchain is reported when code is first run, not at start-up).
final class SharedPlayground: @unchecked Sendable {
    private let lock = NSLock()
    private var instance: Playground?
    private let style: Style
    /// What every program run from this shell may use (`--time-limit`, `--memory-limit`, `--output-limit`).
    let limits: Limits
    private let showsTimings: Bool

    /// Its catalog words SegueKit's build progress; set once the pack's language is known.
    private let output: ShellOutput

    init(output: ShellOutput, limits: Limits, showsTimings: Bool = false) {
        self.output = output
        self.style = output.style
        self.limits = limits
        self.showsTimings = showsTimings
    }

    /// After each program, with `--timings`: how long compiling and running took.
    func report(_ timings: Timings) {
        guard showsTimings else { return }
        fputs(style.dim(timings.summary) + "\n", seguelab_stderr())
    }

    func get() throws -> Playground {
        lock.lock()
        defer { lock.unlock() }
        if let instance { return instance }
        let made = try Playground(limits: limits, progress: Self.progressPrinter(style: style, catalog: output.catalog))
        instance = made
        return made
    }

    /// Shows a SegueKit build's progress on stderr in the learner's words: the announcement and
    /// the result as lines, the elapsed time updating one line on a terminal (left out of logs).
    /// On a terminal the lines are wrapped to its width, and the updating line kept within it.
    static func progressPrinter(style: Style, catalog: Catalog) -> @Sendable (BuildProgress) -> Void {
        let onTerminal = Terminal.isTerminal(STDERR_FILENO)
        return { event in
            let line = event.text(catalog)
            if case .elapsed = event {
                guard onTerminal else { return }
                fputs("\r\u{1B}[K" + style.dim(String(line.prefix(Terminal.width() - 1))), seguelab_stderr())
            } else {
                let lines = onTerminal ? WordWrap(width: Terminal.width()).fit(line) : [line]
                fputs(
                    (onTerminal ? "\r\u{1B}[K" : "") + lines.map(style.dim).joined(separator: "\n") + "\n",
                    seguelab_stderr())
            }
        }
    }
}

extension SharedPlayground: ProgramRunner {
    /// Runs a lesson's program (under the shell's limits unless the request sets its own), on
    /// the Playground made when the first program runs.
    func run(_ request: RunRequest) async throws -> RunResult {
        let result = try await get().run(request)
        report(result.timings)
        return result
    }
}
