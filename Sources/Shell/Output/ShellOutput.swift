import Foundation
import LessonKit
import Localization
import Rainbow

/// When to colour output.
package enum ColorChoice: Sendable, Equatable {
    case auto, never

    /// Colour only on a terminal, never when NO_COLOR is set (any value, per no-color.org).
    package func isEnabled(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        stdoutIsTerminal: Bool = Terminal.isTerminal(STDOUT_FILENO)
    ) -> Bool {
        switch self {
        case .never: return false
        case .auto: return stdoutIsTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
    }
}

/// Text styles used by the shell; plain text when colour is off.
package struct Style: Sendable {
    package let enabled: Bool

    package init(enabled: Bool) {
        // Rainbow also checks the terminal and NO_COLOR itself; `enabled` adds --no-color.
        self.enabled = enabled
    }

    package func heading(_ s: String) -> String { enabled ? s.bold : s }
    /// Markdown's *emphasis*: italic, or the bare words without colour (never the asterisks).
    package func emphasis(_ s: String) -> String { enabled ? s.italic : s }
    package func command(_ s: String) -> String { enabled ? s.cyan : s }
    package func dim(_ s: String) -> String { enabled ? s.dim : s }
    package func success(_ s: String) -> String { enabled ? s.green : s }
    package func failure(_ s: String) -> String { enabled ? s.red : s }
    package func warning(_ s: String) -> String { enabled ? s.yellow : s }
}

/// Where the shell writes: results to standard output, problems to standard error.
/// Writes go through `write` so tests can capture them.
///
/// Everything the shell prints passes here, and much of it comes from a pack or a program:
/// only colour (SGR) sequences reach the terminal; any other control character is shown in
/// caret notation (`^[`), so no text can set the clipboard, retitle the window or clear the screen.
package final class ShellOutput {
    package let style: Style
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void
    /// The shell's own words, in the language of the session (English until a pack is loaded).
    package var catalog: Catalog = .english

    /// The terminal's width when output goes to one (asked at every line, so a resized window
    /// is followed); nil leaves lines as they are (pipes and files).
    private let width: () -> Int?

    /// True when Ctrl-C came: a very long line being wrapped stops there (`WordWrap`).
    package var isInterrupted: () -> Bool = { false }

    /// The terminal's width now, or nil when output is not a terminal.
    package var columns: Int? { width() }

    package init(
        style: Style, width: @escaping () -> Int? = { nil },
        writeOut: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
        writeErr: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.style = style
        self.width = width
        self.writeOut = { writeOut(ControlCharacters.neutralised($0)) }
        self.writeErr = { writeErr(ControlCharacters.neutralised($0)) }
    }

    /// Prints text followed by a newline, each line wrapped at word boundaries to the terminal.
    package func line(_ text: String = "") {
        if collected != nil {
            collected!.append(fitted(text))
            return
        }
        writeOut(fitted(text) + "\n")
    }

    /// A line of code behind its gutter (a line number, or an indent). Code is never respaced;
    /// wider than the terminal, it is broken between words and each continuation is marked `↪`
    /// in the gutter and indented further, so it cannot be read as a line of its own.
    package func code(_ code: String, gutter: String) {
        guard let width = width() else { return line(gutter + style.command(code)) }
        let gutterWidth = WordWrap.visibleWidth(gutter)
        let indent = code.prefix { $0 == " " }.count + 4
        let continuation =
            style.dim(String(repeating: " ", count: max(0, gutterWidth - 2)) + "↪ ")
            + String(repeating: " ", count: min(indent, max(0, width / 2 - gutterWidth)))
        let lines = WordWrap(width: width, isInterrupted: isInterrupted)
            .fitCode(gutter + style.command(code), continuation: continuation)
        if collected != nil {
            collected! += lines
            return
        }
        writeOut(lines.joined(separator: "\n") + "\n")
    }

    /// Lines held back by `paging` instead of written.
    private var collected: [String]?
    /// Lines `paging` shows again under a stop, so a verdict never stays above the part not read.
    private var kept: [String] = []

    /// A line that says how it ended (a verdict, a crash, the final screen): printed like any
    /// other, and printed again when the learner stops the pager before reaching it.
    package func verdict(_ text: String) {
        if collected != nil { kept.append(fitted(text)) }
        line(text)
    }

    /// What `body` prints, a screenful at a time when it is taller than the terminal: after each
    /// screenful `more` is asked whether to go on (false stops, and the rest is not shown); the
    /// last line or two never get a page of their own.
    /// Inside another `paging`, `body`'s lines join the outer one's pages.
    /// Returns false when the learner stopped early; the lines given to `verdict` are then
    /// shown under `stopped` (when given).
    @discardableResult
    func paging(rows: Int?, more: (String) -> Bool, stopped: String? = nil, _ body: () -> Void) -> Bool {
        guard collected == nil else {
            body()
            return true
        }
        guard let rows, rows > 4, width() != nil else {
            body()
            return true
        }
        collected = []
        kept = []
        body()
        let lines = (collected ?? []).joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        let verdicts = kept
        collected = nil
        kept = []
        // A page break for the last line or two would cost more than scrolling them.
        let slack = 2
        // Everything and the prompt fit, or nearly: no question.
        guard lines.count >= rows + slack else {
            lines.forEach { writeOut($0 + "\n") }
            return true
        }
        // The command's line and the question stay on screen with the first screenful; the
        // question is erased before the next, which takes its row.
        var screenful = rows - 2
        var start = 0
        while start < lines.count {
            var end = min(start + screenful, lines.count)
            screenful = rows - 1
            if lines.count - end <= slack { end = lines.count }
            lines[start..<end].forEach { writeOut($0 + "\n") }
            start = end
            let left = lines.count - start
            if start < lines.count
                && !more(style.dim(catalog.text(left == 1 ? "paging.more.one" : "paging.more.other", ["count": left])))
            {
                if let stopped { writeOut(fitted(style.dim(stopped)) + "\n") }
                verdicts.forEach { writeOut($0 + "\n") }
                return false
            }
        }
        return true
    }

    /// Text with every line no wider than the terminal, broken between words.
    func fitted(_ text: String) -> String {
        guard let width = width() else { return text }
        let wrap = WordWrap(width: width, isInterrupted: isInterrupted)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { wrap.fit(String($0)) }.joined(separator: "\n")
    }

    /// `error: message`, prefixed by where it happened when known (`<stdin>:3: error: …`).
    package func error(_ message: String, at location: String? = nil) {
        let prefix = location.map { "\($0): " } ?? ""
        writeErr(fitted(prefix + style.failure(catalog.text("label.error")) + " " + message) + "\n")
    }

    /// A progress line for long work (building SegueKit the first time), on standard error.
    package func progress(_ message: String) {
        writeErr(fitted(style.dim(message)) + "\n")
    }

    package func warning(_ message: String) {
        writeErr(fitted(style.warning(catalog.text("label.warning")) + " " + message) + "\n")
    }
}
