import ArgumentParser

/// `help [COMMAND]`: the commands, or one of them.
struct HelpCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "help",
        abstract: "List the commands, or explain one.",
        usage: "help [COMMAND]",
        discussion: """
            With no argument, lists every command with one line each. With a command name, shows how \
            to write it and what it does.
            """,
        aliases: ["?"]
    )

    @Argument(help: ArgumentHelp(valueName: "command"))
    var command: String?
}

/// `quit`: leave the shell.
struct QuitCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "quit",
        abstract: "Save everything and leave the shell (Ctrl-D does the same).",
        discussion: "Progress and history are saved as you go; quitting never loses work.",
        aliases: ["exit"]
    )
}

/// `history [N]`: the last entries typed.
struct HistoryCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the last N entries typed (default 20).",
        usage: "history [N]",
        discussion: """
            History is kept across sessions in the XDG state directory \
            ($XDG_STATE_HOME/seguelab/history). Use the Up arrow or Ctrl-R to recall an entry.
            """
    )

    /// Read whole, so `history -3` is told it is no positive number rather than no option.
    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp(valueName: "n"))
    var words: [String] = []

    /// How many entries to show; nil when what was typed is no positive number.
    var count: Int? {
        guard let word = words.first else { return 20 }
        return Int(word).flatMap { $0 > 0 ? $0 : nil }
    }

}

/// Commands every session has, whatever pack is loaded.
enum CoreCommands {
    static var all: [ShellCommand] { [help, quit, history] }

    static var help: ShellCommand {
        ShellCommand(HelpCommand.self) { context, typed in
            let style = context.output.style
            // `help me` raises a hand in a workshop (the `hand` command).
            if typed.command == "me", let hand = context.registry.command(named: "hand") {
                return await hand.run(context, CommandInvocation(name: hand.name, arguments: [], rawArguments: ""))
            }
            guard let name = typed.command else {
                let commands = context.registry.commands
                // A shared command's usage line is worked out by ArgumentParser: once each.
                let usages = commands.map(\.usage)
                let width = (usages.map(\.count).max() ?? 0) + 2
                context.output.line(style.heading(context.output.catalog.text("help.heading")))
                for (command, usage) in zip(commands, usages) {
                    let padded = usage.padding(toLength: width, withPad: " ", startingAt: 0)
                    let summary = command.summary(in: context.output.catalog)
                    // On a terminal a summary wraps under its own column, where the others start.
                    guard let columns = context.output.columns, columns - width - 2 >= 20 else {
                        context.output.line("  " + style.command(padded) + summary)
                        continue
                    }
                    WordWrap(width: columns).wrap(
                        summary, indent: "  " + style.command(padded),
                        hanging: String(repeating: " ", count: width + 2)
                    )
                    .forEach { context.output.line($0) }
                }
                context.output.line(context.output.catalog.text("help.more"))
                if context.registry.command(named: "next") != nil {
                    context.output.line(context.output.catalog.text("help.enter"))
                }
                return .readNext
            }
            guard let command = context.registry.command(named: name) else {
                context.fail(unknownCommandMessage(name, context: context))
                return .readNext
            }
            let catalog = context.output.catalog
            // A shared command's full help is ArgumentParser's, in English: shown as is to an
            // English session, summed up in the session's language otherwise.
            if let help = command.help, catalog.language == "en" || command.summary(in: catalog) == command.summary {
                context.output.line(help(context.output.columns ?? 80))
                return .readNext
            }
            context.output.line(style.command(command.usage))
            context.output.line("  " + command.summary(in: catalog))
            let details = command.details(in: catalog)
            if !details.isEmpty { context.output.line("  " + details) }
            if command.help != nil {
                context.output.line("  " + catalog.text("help.options", ["command": command.name]))
            }
            if !command.aliases.isEmpty {
                context.output.line(
                    "  "
                        + context.output.catalog.text(
                            "help.aliases", ["aliases": command.aliases.joined(separator: ", ")]))
            }
            return .readNext
        }
    }

    static var quit: ShellCommand {
        ShellCommand(QuitCommand.self) { _, _ in .leaveShell }
    }

    static var history: ShellCommand {
        ShellCommand(HistoryCommand.self) { context, command in
            let catalog = context.output.catalog
            guard command.words.count <= 1 else {
                let unexpected = ArgumentShape.Problem.unexpected(Array(command.words.dropFirst()))
                context.fail(
                    catalog.text("argument.error", ["command": "history", "message": unexpected.text(catalog)]))
                return .readNext
            }
            guard let count = command.count else {
                context.fail(catalog.text("history.not_a_count", ["value": command.words[0]]))
                return .readNext
            }
            let entries = context.recentEntries.suffix(count)
            let firstNumber = context.recentEntries.count - entries.count + 1
            for (offset, entry) in entries.enumerated() {
                let lines = entry.split(separator: "\n", omittingEmptySubsequences: false)
                context.output.line(
                    "\(String(firstNumber + offset).leftPadded(to: 5))  \(lines.joined(separator: "\n       "))")
            }
            return .readNext
        }
    }

    static func unknownCommandMessage(_ typed: String, context: ShellContext) -> String {
        let catalog = context.output.catalog
        // What was typed is echoed on one line, however long the line pasted was.
        let name = shortened(typed)
        guard let suggestion = context.registry.suggestion(for: name) else {
            return catalog.text("command.unknown", ["name": name])
        }
        return catalog.text("command.unknown.suggestion", ["name": name, "suggestion": suggestion])
    }

    /// The longest command name echoed back whole; a longer word is cut, marked `…`.
    static let echoedNameLimit = 30

    /// The first line of `typed`, at most `echoedNameLimit` characters.
    static func shortened(_ typed: String) -> String {
        let line = typed.prefix { $0 != "\n" && $0 != "\r" }
        guard line.count > echoedNameLimit || line.count < typed.count else { return typed }
        return String(line.prefix(echoedNameLimit)) + "…"
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
