/// What reading one line of input produced.
package enum LineEvent: Equatable, Sendable {
    case line(String)
    /// A line holding a bracketed paste: it may span several lines (joined by "\n"), and the
    /// shell decides whether they are one entry or commands to run one by one.
    case pasted(String)
    /// Ctrl-C at the prompt: the line is discarded, the shell goes on.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
}

/// Where the shell's lines come from: libedit on a terminal, plain lines from a pipe.
package protocol LineSource: AnyObject {
    /// True when prompts, colour and editing make sense.
    var isInteractive: Bool { get }
    func readLine(prompt: String) -> LineEvent
    /// Records a finished entry (possibly several lines) in the history.
    func remember(_ entry: String)
    /// Flushes anything kept (history) before the shell exits.
    func close()
    /// What was wrong with the line just read, if anything (and forgets it).
    func takeProblem() -> LineProblem?
    var showsPrompts: Bool { get }
    var name: String { get }
    func beginEntry()
}

/// A source that reads single keys (a terminal): the pager's question is answered by one key.
package protocol PagerKeySource: LineSource {
    func readPagerKey(prompt: String) -> PagerKey
}

/// What a key pressed at the pager's question asks for.
package enum PagerKey: Equatable, Sendable {
    /// Enter or space: the next screenful.
    case more
    /// `q`, Ctrl-C or the end of input: no more of this text.
    case stop
    /// Any other key: no more of this text, and the key begins the next line at the prompt
    /// (the source keeps it for its next read).
    case typed(String)
    /// A whole line answered where keys cannot be read alone: no more of this text, and the
    /// line is run next as if typed at the prompt.
    case entered(String)

    /// What a key's text asks for.
    package init(key: String) {
        switch key {
        case "\r", "\n", "\r\n", " ", "": self = .more
        case "q", "Q": self = .stop
        default: self = .typed(key)
        }
    }
}

extension LineSource {
    package func takeProblem() -> LineProblem? { nil }
    /// True when prompts are shown (a terminal; a demo being presented).
    package var showsPrompts: Bool { isInteractive }
    /// How errors name the input: `<stdin>:LINE`, or a demo script's path.
    package var name: String { "<stdin>" }
    /// Told when the shell starts reading a new entry (rather than more of one, or an answer).
    package func beginEntry() {}
    /// The pager's question: one key where the source reads keys; else a line answers (empty
    /// goes on, `q` stops, anything else is typed).
    package func pagerKey(prompt: String) -> PagerKey {
        if let keys = self as? PagerKeySource { return keys.readPagerKey(prompt: prompt) }
        switch readLine(prompt: prompt) {
        case .line(let line), .pasted(let line):
            let reply = line.trimmingCharacters(in: .whitespaces)
            return reply.isEmpty ? .more : reply.lowercased() == "q" ? .stop : .entered(reply)
        case .interrupted, .endOfInput: return .stop
        }
    }
}

/// Input the shell cannot take as it came.
package enum LineProblem: Equatable, Sendable {
    /// The line was longer than the limit: it was skipped, unread (`bytes` counts all of it).
    case tooLong(bytes: Int, limit: Int)
    /// A byte that is not UTF-8 at this 1-based column; it was read as U+FFFD.
    case invalidUTF8(column: Int, byte: UInt8)

    /// True when the line is not usable at all (the entry holding it is not run).
    package var dropsLine: Bool {
        if case .tooLong = self { return true }
        return false
    }

    package var column: Int? {
        if case .invalidUTF8(let column, _) = self { return column }
        return nil
    }

    package var message: String {
        switch self {
        case .tooLong(let bytes, let limit):
            return
                "the line is \(bytes) bytes long, over the limit of \(limit); it was skipped, and the entry holding it was not run"
        case .invalidUTF8(_, let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return
                "invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex)); the line was read with U+FFFD in its place"
        }
    }
}
