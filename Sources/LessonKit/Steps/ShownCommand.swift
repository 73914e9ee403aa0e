import Localization
import Foundation
import Playground
import SegueKit
import SegueTools
import SourceText

/// A ```seguelab block in a step's prose: a seguelab command whose real output the learner is
/// shown in its place, so a lesson never quotes an output that has since changed.
///
///     storyboard NAME                      NAME.storyboard drawn: its scenes and segues
///     storyboard NAME --enums              the enums generated from NAME.storyboard
///     storyboard NAME --check-source STEP  NAME.storyboard compared with STEP's code
public struct ShownCommand: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        /// The storyboard's scenes and segues, as text.
        case diagram
        case enums
        /// Compare the storyboard with the code of this lesson's step `step`.
        case checkSource(step: String)
    }

    public var storyboard: String
    public var action: Action
    /// The fenced block exactly as written in the prose, which the output replaces.
    public var block: String
    public var location: SourceLocation

    static let usage = "a ```seguelab block holds one command: `storyboard NAME`, `storyboard NAME --enums` or `storyboard NAME --check-source STEP-ID`"

    /// Reads the block's one command line; reports what is wrong at its location.
    static func parse(_ lines: [String], block: String, location: SourceLocation, sink: DiagnosticSink) -> ShownCommand? {
        let commands = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let words = commands.first?.split(separator: " ").map(String.init) ?? []
        guard commands.count == 1, words.count >= 2, words[0] == "storyboard" else {
            sink.error(usage, at: location)
            return nil
        }
        let name = words[1].hasSuffix(".storyboard") ? String(words[1].dropLast(".storyboard".count)) : words[1]
        switch Array(words.dropFirst(2)) {
        case []:
            return ShownCommand(storyboard: name, action: .diagram, block: block, location: location)
        case ["--enums"]:
            return ShownCommand(storyboard: name, action: .enums, block: block, location: location)
        case let rest where rest.count == 2 && rest[0] == "--check-source":
            return ShownCommand(storyboard: name, action: .checkSource(step: rest[1]), block: block, location: location)
        default:
            sink.error(usage, at: location)
            return nil
        }
    }

    /// The command as a learner would type it from the pack's folder, and what it prints.
    /// Throws a sentence saying what is missing (a storyboard, a step, its code).
    public func run(in pack: Pack, lesson: Lesson, catalog: Catalog = .english) throws -> (commandLine: String, output: [String]) {
        let words = StoryboardWords(catalog)
        guard let url = pack.storyboardURL(named: storyboard) else {
            throw ShownCommandError("storyboard '\(storyboard)' not found: no \(storyboard).storyboard in the pack's storyboard folders")
        }
        let document = try StoryboardDocument.load(contentsOf: url)
        let path = url.standardizedFileURL.path
        let shownPath = relative(path, to: pack.root)
        let output: [String]
        let arguments: String
        switch action {
        case .diagram:
            arguments = ""
            output = StoryboardDiagram(document: document, words: words).render(.text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .enums:
            arguments = "--enums"
            output = try SegueEnumGenerator(document: document).generate()
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .checkSource(let id):
            guard let step = lesson.step(id: id), let code = step.code(.example) ?? step.code(.solution) else {
                throw ShownCommandError("'--check-source \(id)' must name a step of this lesson with example or solution code")
            }
            let file = step.fileName ?? "\(id).swift"
            arguments = "--check-source \(file)"
            output = IdentifierAudit(swiftSource: code, document: document, words: words).report(for: document, words: words)
                .map { $0.replacingOccurrences(of: document.path, with: shownPath).replacingOccurrences(of: path, with: shownPath) }
        }
        return ("seguelab storyboard \(shownPath)" + (arguments.isEmpty ? "" : " " + arguments), output)
    }

    private func relative(_ path: String, to root: URL) -> String {
        let prefix = root.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

public struct ShownCommandError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension Step {
    /// The prose with each ```seguelab block replaced by its command and real output (or, should
    /// it fail, by what went wrong — `pack check` reports that as an error first).
    /// The commands' own words are in `catalog`'s language.
    public func prose(in pack: Pack, lesson: Lesson, catalog: Catalog = .english) -> String {
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
