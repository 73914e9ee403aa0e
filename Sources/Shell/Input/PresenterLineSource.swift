import CLibEdit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plays an instructor's demo script (`seguelab --present demo.txt`) as if typed: before each
/// step it waits for a key, shows the script's `# ` comments as narration, then types the
/// command after the prompt at a readable pace, and the shell runs it.
///
/// Lines the shell asks for within a step (the rest of a multi-line entry, `edit`'s code up to
/// `.`, the answer to a question) are typed at once, without waiting. Keys come from the
/// terminal on standard input (`q` or Ctrl-D ends the demo); without a terminal nothing waits,
/// and without one on standard output nothing is slowed: a piped run is a transcript.
package final class PresenterLineSource: LineSource {
    package var isInteractive: Bool { false }
    package var showsPrompts: Bool { true }
    package let name: String

    /// Per typed character: about 25 characters a second, read easily at the back of a room.
    static let typingDelay: useconds_t = 40_000

    private var lines: [String]
    private var next = 0
    private let narrate: (String) -> Void
    private let types: Bool
    private let waitsForKeys: Bool
    private var startingEntry = true
    /// True once a key was pressed for the step about to be typed.
    private var keyPressed = false
    private var savedTerminal: termios?

    /// `narrate` shows a comment's text (wrapped and styled by the shell's output).
    package init(
        script: String, name: String, narrate: @escaping (String) -> Void,
        typing: Bool = isatty(STDOUT_FILENO) == 1, keys: Bool = isatty(STDIN_FILENO) == 1
    ) {
        var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
        self.name = name
        self.narrate = narrate
        self.types = typing
        self.waitsForKeys = keys
        if keys { quietTerminal() }
    }

    package func beginEntry() { startingEntry = true }

    package func readLine(prompt: String) -> LineEvent {
        guard next < lines.count else { return .endOfInput }
        let line = lines[next]
        guard startingEntry else {
            next += 1
            type(prompt, line)
            return .line(line)
        }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            next += 1
            return .line(line)
        }
        // One key per step: before its narration, or before the command when it has none.
        if !keyPressed {
            if !waitForKey() { return .endOfInput }
            keyPressed = true
            // A blank line sets each step apart from what came before it.
            narrate("")
        }
        next += 1
        if let narration = Self.narration(trimmed) {
            narrate(narration)
            return .line(line)  // a comment to the shell: it does nothing
        }
        startingEntry = false
        keyPressed = false
        type(prompt, line)
        return .line(line)
    }

    /// `# text` (or a lone `#`) is narration; `#if` and the like are Swift and stay code.
    static func narration(_ trimmed: String) -> String? {
        guard trimmed == "#" || trimmed.hasPrefix("# ") else { return nil }
        return String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces)
    }

    package func remember(_ entry: String) {}

    package func close() {
        if var saved = savedTerminal { tcsetattr(STDIN_FILENO, TCSADRAIN, &saved) }
        savedTerminal = nil
    }

    /// The prompt, then the line a character at a time, then Enter.
    private func type(_ prompt: String, _ line: String) {
        write(prompt)
        if types {
            for character in line {
                write(String(character))
                usleep(Self.typingDelay)
            }
            write("\n")
        } else {
            write(line + "\n")
        }
    }

    private func write(_ text: String) {
        fflush(seguelab_stdout())
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Waits for one key on the terminal; false when it says to stop (`q`, Ctrl-D, end of input).
    private func waitForKey() -> Bool {
        guard waitsForKeys else { return true }
        fflush(seguelab_stdout())
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte != UInt8(ascii: "q") && byte != 4 }
            if count < 0 && errno == EINTR { continue }
            return false
        }
    }

    /// Keys are read one at a time and not echoed (a key pressed while a step runs must not
    /// appear on the projected screen); Ctrl-C still stops a running program.
    private func quietTerminal() {
        var attributes = termios()
        guard tcgetattr(STDIN_FILENO, &attributes) == 0 else { return }
        savedTerminal = attributes
        attributes.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &attributes.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSADRAIN, &attributes)
    }
}
