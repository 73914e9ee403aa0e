/// What a pasted block (several lines in one bracketed paste) means where it lands.
///
/// Where code is expected it is one entry, however many of its lines are complete on their own:
/// in the `swift` mode, and on a step that waits for Swift (or for a predicted output, which
/// spans lines too). Anywhere else it is what it would be if typed: its lines run one by one, as
/// commands (a command's unbalanced Swift still continues onto the next lines). A block that
/// starts with a shell command (or a `:` command in the `swift` mode) is commands too, so
/// pasting `hint` and `check` works on a code step.
enum PastedBlock {
    static func isOneEntry(_ text: String, context: ShellContext) -> Bool {
        let first = firstWord(of: text)
        if context.mode != nil { return !first.hasPrefix(":") }
        guard context.takesBlockAnswer(), context.isAwaitingAnswer() else { return false }
        return context.registry.command(named: String(first)) == nil
    }

    /// The first word of the first line: the command it would name.
    static func firstWord(of text: String) -> Substring {
        let trimmed = text.drop { $0.isWhitespace }
        return trimmed.prefix { !$0.isWhitespace }
    }

    /// The lines of a block, as they would have been typed.
    static func lines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
