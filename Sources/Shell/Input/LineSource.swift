/// What reading one line of input produced.
public enum LineEvent: Equatable, Sendable {
    case line(String)
    /// Ctrl-C at the prompt: the line is discarded, the shell goes on.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
}

/// Where the shell's lines come from: libedit on a terminal, plain lines from a pipe.
public protocol LineSource: AnyObject {
    /// True when prompts, colour and editing make sense.
    var isInteractive: Bool { get }
    func readLine(prompt: String) -> LineEvent
    /// Records a finished entry (possibly several lines) in the history.
    func remember(_ entry: String)
    /// Flushes anything kept (history) before the shell exits.
    func close()
}

/// Reads piped standard input line by line: no prompts, no escape codes, no history.
public final class PipedLineSource: LineSource {
    public var isInteractive: Bool { false }
    private let next: () -> String?

    public init(next: @escaping () -> String? = { Swift.readLine(strippingNewline: true) }) {
        self.next = next
    }

    public func readLine(prompt: String) -> LineEvent {
        guard let line = next() else { return .endOfInput }
        return .line(line)
    }

    public func remember(_ entry: String) {}
    public func close() {}
}
