import ArgumentParser
import Foundation

/// A command that both the command line (`seguelab NAME …`) and the shell (`NAME …` at the
/// prompt) have, declared once with ArgumentParser: `configuration` holds its name and help,
/// the type's properties its arguments. The executable uses the type as its subcommand (or
/// as the subcommand's arguments); the shell parses a typed line with it, and `help`, Tab
/// (`ArgumentShape.completion`) and argument errors read it.
package protocol SharedCommand: ParsableCommand {}

extension ShellCommand {
    /// The shell's form of a shared command: `run` gets the arguments ArgumentParser parsed
    /// from the typed line; `--help` is answered as on the command line. The line is first
    /// checked against the declaration's `ArgumentShape`, so an argument error is worded from
    /// the catalog in the session's language; what only parsing finds (a value of the wrong
    /// type, a declaration's own `validate()`) is reported as ArgumentParser words it.
    init<Declaration: SharedCommand>(
        _ declaration: Declaration.Type, aliases: [String] = [],
        run: @escaping (ShellContext, Declaration) async -> AfterCommand
    ) {
        let configuration = Declaration.configuration
        let name = configuration.commandName ?? Declaration._commandName
        self.init(
            name: name, aliases: aliases,
            summary: configuration.abstract, details: configuration.discussion,
            help: { columns in Declaration.helpMessage(columns: columns) }
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
            return await run(context, parsed)
        }
        usageText = { ArgumentShape(Declaration.self).usage(name: name) }
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
