import ArgumentParser
import Foundation
import Localization

/// The arguments a shared command declares, read from its ArgumentParser declaration's
/// structure (`_dumpHelp()`, ArgumentParser's versioned JSON description of a command: each
/// argument's kind, names, value name, whether it is optional or repeats). The shell checks a
/// typed line against it before ArgumentParser parses, so an argument error is known by its
/// kind and worded from the catalog in the session's language, and `help` lists its usage.
struct ArgumentShape: Sendable {
    struct Argument: Decodable, Sendable {
        enum Kind: String, Decodable, Sendable { case positional, option, flag }
        struct Name: Decodable, Sendable {
            var kind: String
            var name: String
            /// As typed: `--long`, `-s`, or `-long` for a long name with a single dash.
            var spelled: String { kind == "short" || kind == "longWithSingleDash" ? "-" + name : "--" + name }
        }

        var kind: Kind
        var names: [Name]?
        var preferredName: Name?
        var valueName: String?
        var isOptional: Bool
        var isRepeating: Bool
        var shouldDisplay: Bool
        /// How ArgumentParser reads it: `allRemainingInput` (`parsing: .captureForPassthrough`)
        /// takes every word from its place on, options too (code, text, a negative number).
        var parsingStrategy: String?
        /// What the declaration says completes the argument (`completion:`), when it says.
        var completionKind: Completion?

        /// ArgumentParser's completion kinds the shell uses: a fixed list, files, directories.
        struct Completion: Decodable, Sendable {
            struct Values: Decodable, Sendable { var values: [String] }
            struct Extensions: Decodable, Sendable { var extensions: [String] }
            struct Nothing: Decodable, Sendable {}
            var list: Values?
            var file: Extensions?
            var directory: Nothing?
        }

        /// `--format <format>` for an option, `<file>` for a positional argument, as errors name them.
        var label: String {
            let value = "<\(valueName ?? "value")>"
            guard kind != .positional, let name = (preferredName ?? names?.first)?.spelled else { return value }
            return kind == .option ? "\(name) \(value)" : name
        }
    }

    var arguments: [Argument]

    /// The part of `_dumpHelp()`'s JSON read here.
    private struct Dump: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        var command: Command
    }

    init<Declaration: ParsableArguments>(_ declaration: Declaration.Type) {
        let dump = try? JSONDecoder().decode(Dump.self, from: Data(Declaration._dumpHelp().utf8))
        arguments = dump?.command.arguments ?? []
    }

    /// What is wrong with a typed line, found from the declaration alone.
    enum Problem: Equatable, Sendable {
        case unknownOption(String, suggestion: String?)
        case missingValue(option: String)
        case unexpected([String])
        case missing(argument: String)
        case invalidValue(String, option: String)

        /// In the catalog's language; English says what ArgumentParser says.
        func text(_ catalog: Catalog) -> String {
            switch self {
            case .unknownOption(let option, let suggestion?):
                catalog.text("argument.unknown_option.suggestion", ["option": option, "suggestion": suggestion])
            case .unknownOption(let option, nil): catalog.text("argument.unknown_option", ["option": option])
            case .missingValue(let option): catalog.text("argument.missing_value", ["option": option])
            case .unexpected(let words) where words.count == 1:
                catalog.text("argument.unexpected", ["argument": words[0]])
            case .unexpected(let words):
                catalog.text(
                    "argument.unexpected.many",
                    ["count": words.count, "arguments": words.joined(separator: "', '")])
            case .missing(let argument): catalog.text("argument.missing", ["argument": argument])
            case .invalidValue(let value, let option):
                catalog.text("argument.invalid_value", ["value": value, "option": option, "reason": ""])
            }
        }
    }

    /// The option or flag typed as `spelled`, if declared (`-h` and `--help` always are).
    func argument(spelled: String) -> Argument? {
        arguments.first { $0.kind != .positional && ($0.names ?? []).contains { $0.spelled == spelled } }
    }

    static func looksLikeOption(_ word: String) -> Bool { word.hasPrefix("-") && word.count > 1 }

    /// The first problem of `words` in the order ArgumentParser reports them: an unknown
    /// option, an option without its value, then too many or too few positional arguments.
    /// Also the values given to options, for `invalidValue`.
    func check(_ words: [String]) -> (problem: Problem?, values: [(Argument, String)]) {
        var positionals: [String] = []
        var values: [(Argument, String)] = []
        var index = 0
        var terminated = false
        let declared = arguments.filter { $0.kind == .positional }
        while index < words.count {
            let word = words[index]
            if positionals.count < declared.count,
                declared[positionals.count].parsingStrategy == "allRemainingInput"
            {
                positionals += words[index...]
                break
            }
            index += 1
            if terminated || !Self.looksLikeOption(word) {
                positionals.append(word)
                continue
            }
            if word == "--" {
                terminated = true
                continue
            }
            if word == "-h" || word == "--help" { continue }
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard let argument = argument(spelled: parts[0]) else {
                // Short flags may be grouped: `-Ov`.
                let shortFlags =
                    !word.hasPrefix("--")
                    && word.dropFirst().allSatisfy { argument(spelled: "-\($0)")?.kind == .flag }
                if shortFlags { continue }
                return (.unknownOption(parts[0], suggestion: suggestion(for: parts[0])), values)
            }
            guard argument.kind == .option else { continue }
            if parts.count == 2 {
                values.append((argument, parts[1]))
                continue
            }
            guard index < words.count, !Self.looksLikeOption(words[index]) else {
                return (.missingValue(option: argument.label), values)
            }
            values.append((argument, words[index]))
            index += 1
        }
        if !declared.contains(where: \.isRepeating), positionals.count > declared.count {
            return (.unexpected(Array(positionals.dropFirst(declared.count))), values)
        }
        if let missing = declared.dropFirst(positionals.count).first(where: { !$0.isOptional }) {
            return (.missing(argument: missing.label), values)
        }
        return (nil, values)
    }

    /// The closest declared option to a mistyped one, when it is a likely typo.
    func suggestion(for typed: String) -> String? {
        let names = arguments.filter { $0.kind != .positional }.flatMap { $0.names ?? [] }.map(\.spelled)
        let limit = max(1, typed.count / 3)
        let scored = names.map { ($0, editDistance(typed, $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// What Tab completes at each position: each positional argument as its declaration says
    /// (files, or a list of words; by its value name, `lesson`, `lesson[/step]` or `command`,
    /// the pack's lessons, their steps or the shell's commands); a command without one
    /// completes its options' names.
    var completion: [ArgumentKind] {
        let positionals = arguments.filter { $0.kind == .positional }
        guard !positionals.isEmpty else {
            let options = arguments.filter { $0.kind != .positional && $0.shouldDisplay && !$0.isHelp }
                .compactMap { ($0.preferredName ?? $0.names?.first)?.spelled }
            return options.isEmpty ? [] : [.word(options)]
        }
        return positionals.map { argument in
            if let list = argument.completionKind?.list { return .word(list.values) }
            if argument.completionKind?.file?.extensions == ["storyboard"] { return .storyboard }
            if argument.completionKind?.file != nil || argument.completionKind?.directory != nil { return .file }
            switch argument.valueName {
            case "lesson": return .lesson
            case "lesson[/step]": return .lessonStep
            case "command": return .commandName
            default: return .text
            }
        }
    }

    /// `storyboard FILE [OPTIONS]`: the positional arguments by name, the options summed up,
    /// so `help`'s list stays one line each.
    func usage(name: String) -> String {
        var words = [name]
        for argument in arguments where argument.kind == .positional && argument.shouldDisplay {
            let word = (argument.valueName ?? "value").uppercased() + (argument.isRepeating ? " …" : "")
            words.append(argument.isOptional ? "[\(word)]" : word)
        }
        let options = arguments.contains { $0.kind != .positional && $0.shouldDisplay && !$0.isHelp }
        if options { words.append("[OPTIONS]") }
        return words.joined(separator: " ")
    }
}

extension ArgumentShape.Argument {
    var isHelp: Bool { (names ?? []).contains { $0.spelled == "--help" } }
}
