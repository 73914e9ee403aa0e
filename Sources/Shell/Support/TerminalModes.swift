import Foundation

/// The terminal's modes and window size as they were before a learner's program ran, put back
/// after it whatever it did. A program never gets the terminal (its standard streams are
/// /dev/null and pipes, in a session of its own), but where no sandbox hides the learner's
/// terminal device from it, it can open that device by name and turn echo off or set another
/// window size: the shell would be left typing blind, or laid out for a window it is not in.
struct TerminalModes {
    private var modes: termios?
    private var size: winsize?
    private let descriptor: Int32

    /// The terminal on standard input (or output), or nothing to restore when neither is one.
    static func save() -> TerminalModes {
        let descriptor = isatty(STDIN_FILENO) == 1 ? STDIN_FILENO : STDOUT_FILENO
        var saved = TerminalModes(modes: nil, size: nil, descriptor: descriptor)
        guard isatty(descriptor) == 1 else { return saved }
        var modes = termios()
        if tcgetattr(descriptor, &modes) == 0 { saved.modes = modes }
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { saved.size = size }
        return saved
    }

    /// Puts back what changed.
    func restore() {
        if var modes {
            var now = termios()
            if tcgetattr(descriptor, &now) != 0 || !Self.same(now, modes) {
                _ = tcsetattr(descriptor, TCSANOW, &modes)
            }
        }
        if var size {
            var now = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &now) == 0, now.ws_col != size.ws_col || now.ws_row != size.ws_row {
                _ = ioctl(descriptor, UInt(TIOCSWINSZ), &size)
            }
        }
    }

    private static func same(_ a: termios, _ b: termios) -> Bool {
        var a = a
        var b = b
        return memcmp(&a, &b, MemoryLayout<termios>.size) == 0
    }
}
