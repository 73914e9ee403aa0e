import Foundation
import ArgumentParser

/// A command that both the command line (`seguelab NAME …`) and the shell (`NAME …` at the
/// prompt) have, declared once with ArgumentParser: `configuration` holds its name and help,
/// the type's properties its arguments. The executable uses the type as its subcommand (or
/// as the subcommand's arguments); the shell parses a typed line with it, and `help` and Tab
/// read it.
public protocol SharedCommand: ParsableCommand {
    /// What Tab completes at each argument position in the shell (ArgumentParser's own
    /// completion kinds cannot be read back, and lesson ids are the shell's to know).
    static var shellCompletion: [ArgumentKind] { get }
}

extension ShellCommand {
    /// The shell's form of a shared command: `run` gets the arguments ArgumentParser parsed
    /// from the typed line; `--help` and argument errors are answered as on the command line.
    init<Declaration: SharedCommand>(
        _ declaration: Declaration.Type, aliases: [String] = [],
        run: @escaping (ShellContext, Declaration) async -> AfterCommand
    ) {
        let configuration = Declaration.configuration
        let name = configuration.commandName ?? Declaration._commandName
        self.init(name: name, aliases: aliases,
                  summary: configuration.abstract, details: configuration.discussion,
                  arguments: Declaration.shellCompletion,
                  help: { columns in Declaration.helpMessage(columns: columns) }) { context, invocation in
            let parsed: Declaration
            do {
                parsed = try Declaration.parse(invocation.arguments)
            } catch {
                if Declaration.exitCode(for: error) == .success {
                    context.output.line(Declaration.fullMessage(for: error, columns: context.output.columns ?? 80))
                } else {
                    let catalog = context.output.catalog
                    context.fail(catalog.text("argument.error", ["command": name,
                                                                  "message": ArgumentErrorWording.text(Declaration.message(for: error), catalog: catalog)]))
                }
                return .continueSession
            }
            return await run(context, parsed)
        }
        usageText = { Self.shortUsage(name: name, of: Declaration.usageString()) }
    }

    /// `storyboard FILE [OPTIONS]` from ArgumentParser's `storyboard <file> [--format <format>] …`:
    /// the positional arguments by name, the options summed up, so `help`'s list stays one line each.
    static func shortUsage(name: String, of usage: String) -> String {
        var words: [String] = [name]
        var hasOptions = false
        var groups: [String] = []
        var depth = 0, current = ""
        for character in usage.dropFirst(name.count) {
            if character == "[" { depth += 1 }
            if character == "]" { depth -= 1 }
            if character == " " && depth == 0 {
                if !current.isEmpty { groups.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { groups.append(current) }
        for group in groups {
            if group == "..." { words[words.count - 1] += " …"; continue }
            let inner = group.trimmingCharacters(in: .init(charactersIn: "[]"))
            if inner.hasPrefix("-") || inner == "<options>" { hasOptions = true; continue }
            let isOptional = group.hasPrefix("[")
            let repeated = inner.hasSuffix("...")
            let label = inner.replacingOccurrences(of: "...", with: "").trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: .init(charactersIn: "<>")).uppercased()
            let word = label + (repeated ? " …" : "")
            words.append(isOptional ? "[\(word)]" : word)
        }
        if hasOptions { words.append("[OPTIONS]") }
        return words.joined(separator: " ")
    }
}
