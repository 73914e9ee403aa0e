/// What a command's argument is, so Tab can complete it.
public enum ArgumentKind: Sendable, Equatable {
    /// Free text or code: nothing to complete.
    case text
    /// A path on disk.
    case file
    /// One word from a fixed set (e.g. a command name for `help`).
    case word([String])
    /// A lesson id, or `LESSON/STEP`, taken from the loaded pack.
    case lesson
    case lessonStep
}

/// What the loop does after a command.
public enum CommandOutcome: Sendable, Equatable {
    case continueSession
    case exitSession
}

/// A command of the shell: its name, how it is written, its help, and what it does.
public struct ShellCommand {
    public var name: String
    public var aliases: [String]
    /// How the command is written, e.g. `goto LESSON[/STEP]`.
    public var usage: String
    /// One line, shown by `help`.
    public var summary: String
    /// A paragraph, shown by `help NAME`.
    public var details: String
    public var arguments: [ArgumentKind]
    public var run: (ShellContext, CommandInvocation) async -> CommandOutcome

    public init(
        name: String, aliases: [String] = [], usage: String? = nil, summary: String, details: String = "",
        arguments: [ArgumentKind] = [],
        run: @escaping (ShellContext, CommandInvocation) async -> CommandOutcome
    ) {
        self.name = name
        self.aliases = aliases
        self.usage = usage ?? name
        self.summary = summary
        self.details = details
        self.arguments = arguments
        self.run = run
    }
}

/// The commands the shell knows, in the order `help` lists them.
public struct CommandRegistry {
    public private(set) var commands: [ShellCommand] = []

    public init(_ commands: [ShellCommand] = []) {
        for command in commands { register(command) }
    }

    public mutating func register(_ command: ShellCommand) {
        precondition(self.command(named: command.name) == nil, "command \(command.name) registered twice")
        commands.append(command)
    }

    public func command(named name: String) -> ShellCommand? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Every name and alias, sorted, for completion.
    public var allNames: [String] {
        commands.flatMap { [$0.name] + $0.aliases }.sorted()
    }

    /// The closest known name to a mistyped one, if it is close enough to be a likely typo.
    public func suggestion(for name: String) -> String? {
        let scored = allNames.map { ($0, editDistance(name, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let prefixMatch = allNames.first { $0.hasPrefix(name) && !name.isEmpty }
        if let prefixMatch { return prefixMatch }
        return best.1 <= max(1, name.count / 3) ? best.0 : nil
    }
}

/// Levenshtein distance between two short strings.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var row = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = row
    }
    return a.isEmpty ? b.count : previous[b.count]
}
