#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibEdit
import CShellSignals

/// Facts about the terminal the shell runs in.
public enum Terminal {
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Columns of the terminal on standard output, or 80 when it cannot be told.
    public static func width() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// Rows of the terminal on standard output, or nil when it cannot be told.
    public static func height() -> Int? {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        return nil
    }

    /// libedit decodes multibyte input through the C locale: make it UTF-8 even when the
    /// environment names none (a bare `LANG=C` terminal still sends UTF-8 for é and emoji).
    public static func enableUTF8Locale() {
        setlocale(LC_CTYPE, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" { return }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
            return
        }
    }
}

/// Ctrl-C while the shell is waiting for input or running a program. The handler (in C, so it
/// is async-signal-safe) only records the signal; the shell decides what it means: clear the
/// line at the prompt, stop the program while one runs.
public enum InterruptFlag {
    public static func install() { seguelab_install_signal_handlers() }
    /// True if Ctrl-C came since the last call.
    public static func take() -> Bool { seguelab_take_sigint() != 0 }
}

/// Lays words out in columns, like a shell listing completions.
enum Columns {
    static func layout(_ words: [String], width: Int) -> String {
        let cell = (words.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / max(cell, 1))
        var lines: [String] = []
        var index = 0
        while index < words.count {
            let row = words[index..<min(index + perRow, words.count)]
            lines.append(row.map { $0.padding(toLength: cell, withPad: " ", startingAt: 0) }.joined())
            index += perRow
        }
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }
}
