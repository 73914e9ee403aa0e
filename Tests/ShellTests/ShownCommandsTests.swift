import Foundation
import TestSupport
import Testing

/// Every shell command a lesson shows the learner, in English and in French, runs as typed at
/// the step that shows it: the prose's `code spans` whose first word is one of the shell's
/// commands (read from `help`), and the command lines its ```` ```seguelab ```` blocks show
/// (`$ seguelab storyboard storyboards/NAME.storyboard …`, as the step shows them). A command
/// the lesson's walkthrough types is run there already, where any refusal fails it; each of the
/// others is typed here, in a session opened on its step, and must run without an error or a
/// "cannot read".
///
/// A bare command name that takes a required argument (`storyboard`) names the command in the
/// prose; it is not a line to type.
@Suite struct ShownCommandsTests {
    struct Shown: CustomTestStringConvertible, Sendable {
        var file: String
        var lesson: String
        var step: String?
        var language: String
        var command: String
        /// A ```seguelab block: the learner types the command line the step shows for it.
        var block = false
        var testDescription: String { "\(file) \(step ?? "(lesson)"): \(command)" }
    }

    static let lessons = CourseWalkthroughTests.packageRoot.appendingPathComponent("Lessons")

    /// The shell's commands as `help` lists them, and whether each requires an argument.
    static let commands: [String: Bool] = {
        guard let home = try? SeguelabBinary.makeHome() else { return [:] }
        defer { try? FileManager.default.removeItem(at: home) }
        guard let result = try? SeguelabBinary.runPiped("help\n", arguments: ["--no-color"], home: home) else {
            return [:]
        }
        var commands: [String: Bool] = [:]
        var listing = false
        for line in result.stdout.split(separator: "\n").map(String.init) {
            if line == "Commands" {
                listing = true
                continue
            }
            guard listing, line.hasPrefix("  "), let match = line.firstMatch(of: #/^  ([a-z]+)((?: [^ ]+)*)  /#) else {
                continue
            }
            let arguments = match.output.2.split(separator: " ")
            commands[String(match.output.1), default: false] =
                arguments.first.map { !$0.hasPrefix("[") && $0.uppercased() == $0 } ?? false
        }
        return commands
    }()

    /// Each command shown, once per lesson and language, at the first step showing it.
    static let shown: [Shown] = {
        var found: [Shown] = []
        for language in ["en", "fr"] {
            let folder = lessons.appendingPathComponent(language == "en" ? "lessons" : "lessons/\(language)")
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".md") }.sorted()
            for file in files {
                guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else {
                    continue
                }
                let name = language == "en" ? file : "\(language)/\(file)"
                var seen: Set<String> = []
                for (step, command, block) in commandsShown(in: text) where seen.insert(command).inserted {
                    found.append(
                        Shown(
                            file: name, lesson: lessonID(in: text), step: step, language: language, command: command,
                            block: block))
                }
            }
        }
        return found
    }()

    static func lessonID(in text: String) -> String {
        text.firstMatch(of: /(?m)^id: ([\w-]+)$/).map { String($0.output.1) } ?? ""
    }

    /// The commands a lesson's markdown shows, each with the step whose section shows it (nil
    /// before the first step).
    static func commandsShown(in text: String) -> [(step: String?, command: String, block: Bool)] {
        var found: [(String?, String, Bool)] = []
        var step: String?
        var fence: String?
        var prose = ""
        func flush() {
            // Code spans may run across the prose's line breaks.
            for match in prose.matches(of: /`([^`]+)`/) {
                let span = match.output.1.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if isCommand(span) { found.append((step, span, false)) }
            }
            prose = ""
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                flush()
                fence = fence == nil ? String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces) : nil
                continue
            }
            if fence == "seguelab" {
                let typed = line.trimmingCharacters(in: .whitespaces)
                if !typed.isEmpty { found.append((step, typed, true)) }
                continue
            }
            if let heading = line.firstMatch(of: /^## .*\{#([\w-]+)\}\s*$/) {
                flush()
                step = String(heading.output.1)
                continue
            }
            prose += line + "\n"
        }
        flush()
        return found
    }

    /// A line to type at the prompt: a command's name, then what it takes; not a bare name of a
    /// command that requires an argument.
    static func isCommand(_ span: String) -> Bool {
        let words = span.split(separator: " ")
        guard let first = words.first, let requiresArgument = commands[String(first)] else { return false }
        return words.count > 1 || !requiresArgument
    }

    /// Lines the walkthrough of `file`'s lesson types, in its language.
    static func typedByWalkthrough(_ shown: Shown) -> Set<String> {
        let name = shown.file.split(separator: "/").last.map { String($0.dropLast(3)) } ?? ""
        let script = CourseWalkthroughTests.walkthroughs.appendingPathComponent("\(name).\(shown.language).txt")
        guard let text = try? String(contentsOf: script, encoding: .utf8) else { return [] }
        return Set(WalkthroughInputs(script: text).lines)
    }

    @Test func theLessonsShowCommandsInBothLanguages() {
        #expect(Self.commands["storyboard"] == true && Self.commands["next"] == false, "\(Self.commands)")
        for language in ["en", "fr"] {
            let commands = Set(Self.shown.filter { $0.language == language }.map(\.command))
            #expect(commands.contains("storyboard Lessons/storyboards/BookshopInjection.storyboard"), "\(commands)")
            #expect(commands.contains("storyboard BookshopRenamed --enums"), "\(commands)")
            #expect(commands.contains("check") && commands.contains("run --device ipad"), "\(commands)")
        }
    }

    @Test(arguments: shown) func aCommandALessonShowsRunsAsTyped(_ shown: Shown) throws {
        var command = shown.command
        if shown.block {
            command = try #require(
                try Self.commandLine(showing: shown), "\(shown.testDescription): the step shows no command line for it")
        } else if Self.typedByWalkthrough(shown).contains(command) {
            return
        }
        let problems = try Self.problems(typing: command, lesson: shown.lesson, step: shown.step, shown.language)
        #expect(problems.isEmpty, "\(shown.testDescription): \(command)\n\(problems.joined(separator: "\n"))")
    }

    /// The command line (after `$ `) the step shows for a ```seguelab block: the same storyboard
    /// and options, the storyboard as a path and each step's code as a file.
    static func commandLine(showing shown: Shown) throws -> String? {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var arguments = ["--pack", lessons.path, "--no-color", "--lang", shown.language, "--lesson", shown.lesson]
        if let step = shown.step { arguments += ["--step", step] }
        let result = try SeguelabBinary.runPiped("", arguments: arguments, home: home)
        let words = shown.command.split(separator: " ").map(String.init)
        let options = words.filter { $0.hasPrefix("--") }
        for line in result.stdout.split(separator: "\n") where line.hasPrefix("$ seguelab storyboard ") {
            let typed = line.dropFirst(2).split(separator: " ").map(String.init)
            if typed.count > 2, typed[2].hasSuffix("/\(words[1]).storyboard"),
                typed.filter({ $0.hasPrefix("--") }) == options
            {
                return typed.joined(separator: " ")
            }
        }
        return nil
    }

    /// The check can fail: a storyboard path that leads nowhere is refused, and said so.
    @Test func aRefusedCommandIsCaught() throws {
        let problems = try Self.problems(
            typing: "storyboard Lessons/storyboards/Nowhere.storyboard", lesson: "injection", step: nil, "en")
        #expect(!problems.isEmpty)
        #expect(try Self.problems(typing: "storyboard Bookshop", lesson: "injection", step: nil, "en").isEmpty)
    }

    /// What was wrong when `command` was typed in a session opened on `lesson`'s `step`, from
    /// the course's folder.
    static func problems(typing command: String, lesson: String, step: String?, _ language: String) throws
        -> [String]
    {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var arguments = ["--pack", lessons.path, "--no-color", "--lang", language, "--lesson", lesson]
        if let step { arguments += ["--step", step] }
        let result = try SeguelabBinary.runPiped(command + "\n", arguments: arguments, home: home)
        var problems: [String] = []
        let errors = result.stderr.split(separator: "\n").filter {
            !$0.hasPrefix("Compiling SegueKit") && !$0.hasPrefix("SegueKit compiled in")
                && !$0.hasPrefix("Compilation de SegueKit") && !$0.hasPrefix("SegueKit compilé en")
        }
        if !errors.isEmpty { problems.append("stderr: \(errors.joined(separator: "\n"))") }
        if result.status != 0 { problems.append("status \(result.status)") }
        for refusal in ["cannot read", "impossible de lire", "unknown command", "commande inconnue"]
        where result.stdout.contains(refusal) {
            problems.append("stdout says '\(refusal)':\n\(result.stdout)")
        }
        return problems
    }
}
