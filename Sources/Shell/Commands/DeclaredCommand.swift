import ArgumentParser
import Foundation

/// A command of the shell, declared once with ArgumentParser: `configuration` holds its name,
/// aliases, summary (`abstract`), details (`discussion`) and, when the generated one would say
/// less, its `usage` line; the type's properties are its arguments. The shell parses a typed
/// line with it, and `help`, Tab (`ArgumentShape.completion`) and argument errors read it, in
/// the session's language. A positional argument whose value name is `lesson`,
/// `lesson[/step]` or `command` completes from the pack's lessons, their steps, or the shell's
/// commands.
package protocol DeclaredCommand: ParsableCommand {}

/// A command that both the command line (`seguelab NAME …`) and the shell (`NAME …` at the
/// prompt) have. The executable uses the type as its subcommand (or as the subcommand's
/// arguments); `help NAME` in the shell shows ArgumentParser's full help, options and all.
package protocol SharedCommand: DeclaredCommand {}

extension ShellCommand {
    /// The shell's form of a declared command: `run` gets the arguments ArgumentParser parsed
    /// from the typed line; `--help` is answered as on the command line. The line is first
    /// checked against the declaration's `ArgumentShape`, so an argument error is worded from
    /// the catalog in the session's language; what only parsing finds (a value of the wrong
    /// type, a declaration's own `validate()`) is reported as ArgumentParser words it.
    init<Declaration: DeclaredCommand>(
        _ declaration: Declaration.Type,
        run: @escaping (ShellContext, Declaration) async -> AfterCommand
    ) {
        self.init(declaration) { context, parsed, _ in await run(context, parsed) }
    }

    /// A declared command that also reads the typed line as it was (`answer`, `swift`: code
    /// and text keep their quotes and spaces).
    init<Declaration: DeclaredCommand>(
        _ declaration: Declaration.Type,
        run: @escaping (ShellContext, Declaration, CommandInvocation) async -> AfterCommand
    ) {
        let configuration = Declaration.configuration
        let name = configuration.commandName ?? Declaration._commandName
        let shared = Declaration.self is any SharedCommand.Type
        self.init(
            name: name, aliases: configuration.aliases,
            summary: configuration.abstract, details: configuration.discussion,
            help: shared ? { columns in Declaration.helpMessage(columns: columns) } : nil
        ) { context, invocation in
            let catalog = context.output.catalog
            let fail = { (message: String) in
                context.fail(catalog.text("argument.error", ["command": name, "message": message]))
            }
            let shape = ArgumentShape(Declaration.self)
            let (problem, values) = shape.check(invocation.arguments)
            if let problem {
                fail(problem.text(catalog))
                return .readNext
            }
            let parsed: Declaration
            do {
                parsed = try Declaration.parse(invocation.arguments)
            } catch {
                if Declaration.exitCode(for: error) == .success {
                    context.output.line(Declaration.fullMessage(for: error, columns: context.output.columns ?? 80))
                } else {
                    let invalid = shape.invalidValue(among: values, of: Declaration.self)
                    fail(invalid?.text(catalog) ?? Declaration.message(for: error))
                }
                return .readNext
            }
            return await run(context, parsed, invocation)
        }
        let usage = configuration.usage
        usageText = { usage ?? ArgumentShape(Declaration.self).usage(name: name) }
        argumentKinds = { ArgumentShape(Declaration.self).completion }
    }
}

extension ArgumentShape {
    /// A value its option's type does not accept: the option alone (with placeholders for the
    /// required arguments) parses with `0` but not with the value. A value that fails the
    /// declaration's own `validate()` is not one: it is left to the declaration's message.
    func invalidValue<Declaration: ParsableArguments>(
        among values: [(Argument, String)],
        of declaration: Declaration.Type
    ) -> Problem? {
        let placeholders = arguments.filter { $0.kind == .positional && !$0.isOptional }.map { _ in "x" }
        for (argument, value) in values {
            guard let spelled = (argument.preferredName ?? argument.names?.first)?.spelled else { continue }
            let parses = { (value: String) in (try? Declaration.parse(placeholders + [spelled, value])) != nil }
            if !parses(value) && parses("0") { return .invalidValue(value, option: argument.label) }
        }
        return nil
    }
}
