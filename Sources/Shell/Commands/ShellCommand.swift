import Localization

/// What a command's argument is, so Tab can complete it.
package enum ArgumentKind: Sendable, Equatable {
    /// Free text or code: nothing to complete.
    case text
    /// A path on disk.
    case file
    /// A storyboard: one of the pack's by name, or a `.storyboard` file's path.
    case storyboard
    /// One word from a fixed set.
    case word([String])
    /// The name of one of the shell's commands.
    case commandName
    /// A lesson id, or `LESSON/STEP`, taken from the loaded pack.
    case lesson
    case lessonStep
}

/// What the command loop does after a command: read the next line, or leave the shell.
package enum AfterCommand: Sendable, Equatable {
    case readNext
    case leaveShell
}

/// A command of the shell: its name, how it is written, its help, and what it does.
package struct ShellCommand {
    package var name: String
    package var aliases: [String]
    /// How the command is written, e.g. `goto LESSON[/STEP]`.
    package var usage: String { usageText() }
    /// Worked out when shown: a shared command's comes from ArgumentParser's usage, which
    /// costs milliseconds per command at every start of a debug build.
    var usageText: () -> String
    /// One line, shown by `help`.
    package var summary: String
    /// A paragraph, shown by `help NAME`.
    package var details: String
    /// What Tab completes at each argument position.
    package var arguments: [ArgumentKind] { argumentKinds() }
    /// Worked out at Tab: a shared command's come from its declaration, read when needed.
    var argumentKinds: () -> [ArgumentKind]
    /// The full help for `help NAME`, at a width, when the command has more to say than its
    /// summary and details (a shared command: ArgumentParser's help, options and all).
    package var help: ((Int) -> String)?
    package var run: (ShellContext, CommandInvocation) async -> AfterCommand

    package init(
        name: String, aliases: [String] = [], usage: String? = nil, summary: String, details: String = "",
        arguments: [ArgumentKind] = [], help: ((Int) -> String)? = nil,
        run: @escaping (ShellContext, CommandInvocation) async -> AfterCommand
    ) {
        self.name = name
        self.aliases = aliases
        self.usageText = { usage ?? name }
        self.summary = summary
        self.details = details
        self.argumentKinds = { arguments }
        self.help = help
        self.run = run
    }
}

/// The commands the shell knows, in the order `help` lists them.
extension ShellCommand {
    /// The one-line summary in the catalog's language (English: the declaration's).
    func summary(in catalog: Catalog) -> String { catalog.text("command.\(name).summary", english: summary) }
    func details(in catalog: Catalog) -> String {
        details.isEmpty ? "" : catalog.text("command.\(name).details", english: details)
    }
}

/// When a command can be typed: the groups of the shell's registry.
package enum CommandAvailability: String, Sendable, CaseIterable {
    /// In every shell: `help`, `quit`, `history`, the `swift` prompt, `storyboard`.
    case always
    /// In a shell without lessons (`--no-pack`): `run FILE`.
    case withoutLessons
    /// In a shell on a pack: the lesson commands (`start`, `next`, `check`, `run` …).
    case inLessons
    /// In a shell on a pack, to take part in a workshop: `join`, `leave`, `help me`.
    case forWorkshops
}

package struct CommandRegistry {
    package private(set) var commands: [ShellCommand] = []
    /// The group each command was registered in, by name.
    private var groups: [String: CommandAvailability] = [:]

    package init(_ commands: [ShellCommand] = [], availability: CommandAvailability = .always) {
        for command in commands { register(command, availability: availability) }
    }

    /// Groups in the order `help` lists them.
    init(groups: [(CommandAvailability, [ShellCommand])]) {
        for (availability, commands) in groups {
            for command in commands { register(command, availability: availability) }
        }
    }

    package mutating func register(_ command: ShellCommand, availability: CommandAvailability = .always) {
        precondition(self.command(named: command.name) == nil, "command \(command.name) registered twice")
        commands.append(command)
        groups[command.name] = availability
    }

    /// When the command named `name` (or an alias) can be typed.
    package func availability(of name: String) -> CommandAvailability? {
        command(named: name).flatMap { groups[$0.name] }
    }

    package func command(named name: String) -> ShellCommand? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Every name and alias, sorted, for completion.
    package var allNames: [String] {
        commands.flatMap { [$0.name] + $0.aliases }.sorted()
    }

    /// The closest known name to a mistyped one, if it is close enough to be a likely typo.
    package func suggestion(for name: String) -> String? {
        let limit = max(1, name.count / 3)
        let prefixMatch = allNames.first { $0.hasPrefix(name) && !name.isEmpty }
        if let prefixMatch { return prefixMatch }
        // Names whose lengths differ by more than the limit are further apart than it: leaving
        // them out keeps a runaway "name" (a pasted paragraph) from costing seconds.
        let scored = allNames.filter { abs($0.count - name.count) <= limit }.map { ($0, editDistance(name, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= limit ? best.0 : nil
    }
}

/// Edit distance counting a swap of two neighbours as one edit (`hlep` is one typo from `help`).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}
