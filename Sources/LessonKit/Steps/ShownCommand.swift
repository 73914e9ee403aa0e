import Foundation
import Localization
import Playground
import SegueKit
import SegueTools
import SourceText

/// A ```seguelab block in a step's prose: a `storyboard` command, run by the real command
/// (`StoryboardCommand`), whose output the learner is shown in its place, so a lesson never
/// quotes an output that has since changed. The storyboard is named as the pack's storyboard
/// folders hold it, and `--check-source` names a step of the lesson whose code is compared:
///
///     storyboard NAME                      NAME.storyboard drawn: its scenes and segues
///     storyboard NAME --enums              the enums generated from NAME.storyboard
///     storyboard NAME --check-source STEP  NAME.storyboard compared with STEP's code
///
/// Every other argument of `storyboard` (`--from`, `--depth`, `--format`) works as typed.
package struct ShownCommand: Sendable, Hashable {
    /// The command's words after `storyboard`, as written.
    package var arguments: [String]
    /// The storyboard's name, without `.storyboard`.
    package var storyboard: String
    /// The fenced block exactly as written in the prose, which the output replaces.
    package var block: String
    package var location: SourceLocation

    static let usage =
        "a ```seguelab block holds one command: `storyboard NAME`, `storyboard NAME --enums` or "
        + "`storyboard NAME --check-source STEP-ID` (with the storyboard command's other options)"

    /// Reads the block's one command line with the `storyboard` command's own declaration;
    /// reports what is wrong at its location.
    static func parse(_ lines: [String], block: String, location: SourceLocation, sink: DiagnosticSink) -> ShownCommand?
    {
        let commands = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let words = commands.first?.split(separator: " ").map(String.init) ?? []
        guard commands.count == 1, words.first == "storyboard",
            let command = try? StoryboardCommand.reading(Array(words.dropFirst())), !command.intoDraft
        else {
            sink.error(usage, at: location)
            return nil
        }
        let file = command.file
        let name = file.hasSuffix(".storyboard") ? String(file.dropLast(".storyboard".count)) : file
        return ShownCommand(arguments: Array(words.dropFirst()), storyboard: name, block: block, location: location)
    }

    /// The command as a learner would type it from the pack's folder, and what it prints.
    /// Throws a sentence saying what is missing (a storyboard, a step, its code).
    package func run(in pack: Pack, lesson: Lesson, catalog: Catalog = .english) throws -> (
        commandLine: String, output: [String]
    ) {
        guard var command = try? StoryboardCommand.reading(arguments) else { throw ShownCommandError(Self.usage) }
        let typedFile = command.file
        guard let url = pack.storyboardURL(named: storyboard) else {
            throw ShownCommandError(
                "storyboard '\(storyboard)' not found: no \(storyboard).storyboard in the pack's storyboard folders")
        }
        let path = url.standardizedFileURL.path
        let shownPath = relative(path, to: pack.root)
        var codes: [String: String] = [:]
        var files: [String: String] = [:]
        for id in command.checkSource {
            guard let step = lesson.step(id: id), let code = step.code(.example) ?? step.code(.solution) else {
                throw ShownCommandError(
                    "'--check-source \(id)' must name a step of this lesson with example or solution code")
            }
            codes[id] = code
            files[id] = step.fileName ?? "\(id).swift"
        }
        command.file = path
        let sources = codes
        let inputs = StoryboardCommand.Inputs(storyboard: { URL(fileURLWithPath: $0) }, source: { sources[$0] })
        let printed = command.printed(words: StoryboardWords(catalog), inputs: inputs)
        if let error = printed.error { throw ShownCommandError(error) }
        let output = printed.text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: path, with: shownPath)
        }
        // As typed from the pack's folder: the storyboard's path, each step's code as its file.
        var shown = ["seguelab", "storyboard", shownPath]
        var words = arguments[...]
        var replacedFile = false
        while let word = words.popFirst() {
            if !replacedFile && word == typedFile {
                replacedFile = true
                continue
            }
            shown.append(word)
            if word == "--check-source", let id = words.popFirst() { shown.append(files[id] ?? id) }
        }
        return (shown.joined(separator: " "), output)
    }

    /// The code of each step the command's `--check-source` names, by the file name the learner
    /// is shown for it (the step's file, else `ID.swift`).
    package func shownSources(in lesson: Lesson) -> [String: String] {
        guard let command = try? StoryboardCommand.reading(arguments) else { return [:] }
        var sources: [String: String] = [:]
        for id in command.checkSource {
            guard let step = lesson.step(id: id), let code = step.code(.example) ?? step.code(.solution) else {
                continue
            }
            sources[step.fileName ?? "\(id).swift"] = code
        }
        return sources
    }

    private func relative(_ path: String, to root: URL) -> String {
        let prefix = root.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
package struct ShownCommandError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}

extension Step {
    /// The prose with each ```seguelab block replaced by its command and real output (or, should
    /// it fail, by what went wrong — `pack check` reports that as an error first).
    /// The commands' own words are in `catalog`'s language.
    package func prose(in pack: Pack, lesson: Lesson, catalog: Catalog = .english) -> String {
        var text = prose
        for command in shownCommands {
            let shown: String
            do {
                let (line, output) = try command.run(in: pack, lesson: lesson, catalog: catalog)
                var lines = output
                while lines.last?.isEmpty == true { lines.removeLast() }
                shown = (["```text", "$ \(line)"] + lines + ["```"]).joined(separator: "\n")
            } catch {
                shown = "```text\n\(error)\n```"
            }
            text = text.replacingOccurrences(of: command.block, with: shown)
        }
        return text
    }
}
