import Foundation
import LessonKit
import Rainbow

/// When to colour output.
public enum ColorChoice: Sendable, Equatable {
    case auto, never

    /// Colour only on a terminal, never when NO_COLOR is set (any value, per no-color.org).
    public func isEnabled(environment: [String: String] = ProcessInfo.processInfo.environment,
                          stdoutIsTerminal: Bool = Terminal.isTerminal(STDOUT_FILENO)) -> Bool {
        switch self {
        case .never: return false
        case .auto: return stdoutIsTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
    }
}

/// Text styles used by the shell; plain text when colour is off.
public struct Style: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) {
        // Rainbow also checks the terminal and NO_COLOR itself; `enabled` adds --no-color.
        self.enabled = enabled
    }

    public func heading(_ s: String) -> String { enabled ? s.bold : s }
    public func command(_ s: String) -> String { enabled ? s.cyan : s }
    public func dim(_ s: String) -> String { enabled ? s.dim : s }
    public func success(_ s: String) -> String { enabled ? s.green : s }
    public func failure(_ s: String) -> String { enabled ? s.red : s }
    public func warning(_ s: String) -> String { enabled ? s.yellow : s }
}

/// Where the shell writes: results to standard output, problems to standard error.
/// Writes go through `write` so tests can capture them.
///
/// Everything the shell prints passes here, and much of it comes from a pack or a program:
/// only colour (SGR) sequences reach the terminal; any other control character is shown in
/// caret notation (`^[`), so no text can set the clipboard, retitle the window or clear the screen.
public final class ShellOutput {
    public let style: Style
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void

    public init(style: Style,
                writeOut: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
                writeErr: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.style = style
        self.writeOut = { writeOut(ControlCharacters.neutralised($0)) }
        self.writeErr = { writeErr(ControlCharacters.neutralised($0)) }
    }

    /// Prints text followed by a newline.
    public func line(_ text: String = "") { writeOut(text + "\n") }

    /// `error: message`, prefixed by where it happened when known (`<stdin>:3: error: …`).
    public func error(_ message: String, at location: String? = nil) {
        let prefix = location.map { "\($0): " } ?? ""
        writeErr(prefix + style.failure("error:") + " " + message + "\n")
    }

    /// A progress line for long work (building SegueKit the first time), on standard error.
    public func progress(_ message: String) {
        writeErr(style.dim(message) + "\n")
    }

    public func warning(_ message: String) {
        writeErr(style.warning("warning:") + " " + message + "\n")
    }
}
