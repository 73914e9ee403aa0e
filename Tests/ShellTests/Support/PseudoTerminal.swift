import CPseudoTerminal
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program in a real pseudo-terminal, the way a learner's terminal would: the program is
/// a session leader with the terminal as its controlling tty, so Ctrl-C raises SIGINT, libedit
/// sees a tty, and the window has a size.
final class PseudoTerminal {
    let pid: pid_t
    private let master: Int32
    private(set) var transcript = ""

    init(
        executable: String, arguments: [String] = [], environment: [String: String],
        columns: UInt16 = 100, rows: UInt16 = 30
    ) throws {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var masterSide: Int32 = -1
        let child = pt_spawn(executable, argv, envp, columns, rows, &masterSide)
        guard child > 0 else { throw PTYError("cannot start \(executable): \(String(cString: strerror(errno)))") }
        master = masterSide
        pid = child
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, WNOHANG)
        close(master)
    }

    /// Types text as keys (control characters included: "\u{03}" is Ctrl-C, "\t" is Tab).
    func type(_ keys: String) {
        typeBytes(Array(keys.utf8))
    }

    /// Sends raw bytes, valid UTF-8 or not. The terminal's input buffer is small (4 KB) and the
    /// program echoes what it reads: writing everything at once would block while the echo
    /// fills the other direction. So bytes go in chunks, without blocking, while the output is
    /// read.
    func typeBytes(_ bytes: [UInt8], timeout: TimeInterval = 60) {
        var sent = 0
        let deadline = Date().addingTimeInterval(timeout)
        while sent < bytes.count && Date() < deadline {
            let chunk = min(512, bytes.count - sent)
            let n = bytes[sent..<(sent + chunk)].withUnsafeBytes { write(master, $0.baseAddress, chunk) }
            if n > 0 { sent += n } else { pump(milliseconds: 20) }
            pump(milliseconds: 0)
        }
    }

    /// Pastes text the way a terminal in bracketed-paste mode does: wrapped in `ESC[200~` …
    /// `ESC[201~`, with line breaks sent as carriage returns.
    func paste(_ text: String) {
        type("\u{1B}[200~" + text.replacingOccurrences(of: "\n", with: "\r") + "\u{1B}[201~")
    }

    /// Changes the window size, as dragging the terminal's corner does: the program gets SIGWINCH.
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// The window size the terminal has now (whoever set it last).
    func windowSize() -> (columns: UInt16, rows: UInt16) {
        var size = winsize()
        _ = ioctl(master, UInt(TIOCGWINSZ), &size)
        return (size.ws_col, size.ws_row)
    }

    /// Waits until the screen text (escape sequences removed) contains `text` after `start`.
    /// The timeout only bounds how long a failing test takes: on a loaded two-core machine a
    /// shell can need more than 10 s to start, and a first `run` waits for SegueKit's build (a
    /// minute under load), so it is generous.
    @discardableResult
    func waitFor(_ text: String, after start: String.Index? = nil, timeout: TimeInterval = 240) throws -> String.Index {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let visible = PseudoTerminal.stripEscapes(transcript)
            let from = start.map { min($0, visible.endIndex) } ?? visible.startIndex
            if let range = visible.range(of: text, range: from..<visible.endIndex) { return range.upperBound }
            guard Date() < deadline else {
                throw PTYError("timed out waiting for \(text.debugDescription); screen so far:\n\(visible)")
            }
            pump(milliseconds: 50)
        }
    }

    /// Waits until `done` holds for the whole transcript (escape sequences left in) and the
    /// program has written nothing more for a moment: it is waiting for the keyboard.
    func waitUntilQuiet(timeout: TimeInterval = 600, _ done: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if done(transcript) {
                let before = raw.count
                pump(milliseconds: 300)
                if raw.count == before && done(transcript) { return }
                continue
            }
            guard Date() < deadline else {
                throw PTYError("timed out; screen so far:\n\(String(screen.suffix(3000)))")
            }
            pump(milliseconds: 50)
        }
    }

    /// Waits for the next prompt, then a moment more: libedit prints the prompt just before it
    /// switches the terminal to its editing mode, and keys sent in between would be echoed by
    /// the terminal itself instead of reaching the editor. A person never types that fast.
    @discardableResult
    func waitForPrompt(_ prompt: String = "seguelab> ", after start: String.Index? = nil) throws -> String.Index {
        let end = try waitFor(prompt, after: start)
        Thread.sleep(forTimeInterval: 0.2)
        return end
    }

    /// The visible text so far.
    var screen: String { PseudoTerminal.stripEscapes(transcript) }

    /// Waits for the program to end and returns its exit status (or 128 + signal).
    func waitForExit(timeout: TimeInterval = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            pump(milliseconds: 20)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                pump(milliseconds: 20)
                let signal = status & 0x7f
                return signal == 0 ? (status >> 8) & 0xff : 128 + signal
            }
        }
        throw PTYError("program did not exit; screen:\n\(screen)")
    }

    /// True while the program runs.
    var isRunning: Bool { kill(pid, 0) == 0 && !hasExited() }

    private func hasExited() -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid
    }

    private func pump(milliseconds: Int32) {
        var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&fds, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { return }
            raw += buffer[0..<n]
            transcript = String(decoding: raw, as: UTF8.self)
        }
    }
    /// Everything the program wrote; decoded as a whole so a character split across reads stays whole.
    private var raw: [UInt8] = []

    /// Removes ANSI escape sequences and carriage returns, keeping the text a person sees.
    static func stripEscapes(_ s: String) -> String {
        var out = ""
        var iterator = s.unicodeScalars.makeIterator()
        while let c = iterator.next() {
            if c == "\u{1B}" {
                guard let next = iterator.next() else { break }
                if next == "[" {
                    while let d = iterator.next(), !(("@"..."~").contains(d)) {}
                } else if next == "]" {
                    while let d = iterator.next(), d != "\u{07}" {}
                }
                continue
            }
            if c == "\r" || c == "\u{07}" { continue }
            out.unicodeScalars.append(c)
        }
        return out
    }
}

struct PTYError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
