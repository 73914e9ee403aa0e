import ArgumentParser
import Foundation
import SegueKit
import SegueTools

/// `storyboard FILE`, on the command line, in the shell and in a lesson's ```seguelab blocks:
/// draws a storyboard, or prints its segue identifier enums, or compares them with Swift code.
package struct StoryboardCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "storyboard",
        abstract: "Draw a storyboard's scenes and segues, or generate its SegueIdentifier enums.",
        discussion: """
            Reads an Interface Builder .storyboard file. The diagram names each scene by its class, \
            title and storyboard ID (a plain container by the scene it shows first), and each segue by \
            its kind, identifier, presentation options and the text of what triggers it. --from and \
            --depth draw one part of a big storyboard. --enums writes one enum per scene class, and one \
            named after the storyboard for the identifiers of scenes without a class. With \
            --check-source, the String-backed enums in the given Swift files are compared with every \
            identifier of the storyboard.
            """
    )

    @Argument(help: "The .storyboard file to read.", completion: .file(extensions: ["storyboard"]))
    package var file: String

    @Option(help: "Diagram format: text, dot (Graphviz) or mermaid.")
    var format: String = DiagramFormat.text.rawValue

    @Option(help: "Draw only the scenes reachable from this one (its id, storyboard ID, class or title).")
    var from: String?

    @Option(help: "With --from (or from the initial scene), follow at most this many segues.")
    var depth: Int?

    @Flag(
        help:
            "Print a `SegueIdentifier: String` enum for each scene class instead of a diagram (with `case unnamed = \"\"` where a segue has no identifier), and one enum named after the storyboard for scenes without a class."
    )
    var enums = false

    @Option(
        name: .customLong("check-source"),
        help: "A Swift file whose identifier enums are compared with the storyboard (repeatable).")
    package var checkSource: [String] = []

    @Flag(
        name: .customLong("into-draft"),
        help:
            "With --enums, in the shell at an exercise: put the enums into the exercise's draft (in place of enums generated there before) instead of printing them."
    )
    package var intoDraft = false

    package func validate() throws {
        if intoDraft && !enums { throw ValidationError("--into-draft goes with --enums") }
        guard DiagramFormat(rawValue: format) != nil else {
            throw ValidationError(
                "unknown format '\(format)'; use one of: \(DiagramFormat.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more, not \(depth)") }
    }

    package init() {}

    /// The command as `words` (what follows `storyboard`) declare it, validated; throws
    /// ArgumentParser's error for words it does not accept.
    package static func reading(_ words: [String]) throws -> StoryboardCommand { try parse(words) }

    /// Where the command reads what its arguments name: files on disk, or — for a lesson's
    /// ```seguelab block — the pack's storyboards by name and its steps' code by step id.
    package struct Inputs: Sendable {
        /// The storyboard file for the `FILE` argument.
        package var storyboard: @Sendable (String) -> URL
        /// The Swift code for a `--check-source` value; nil when it cannot be read.
        package var source: @Sendable (String) -> String?

        package init(storyboard: @escaping @Sendable (String) -> URL, source: @escaping @Sendable (String) -> String?) {
            self.storyboard = storyboard
            self.source = source
        }

        package static let files = Inputs(
            storyboard: { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) },
            source: { try? String(contentsOfFile: $0, encoding: .utf8) })
    }

    /// What the command printed and whether it failed (an unreadable storyboard, identifiers
    /// the code does not know); `error` goes to stderr on the command line.
    package struct Printed {
        package var text = ""
        package var error: String?
        package var failed = false
    }

    package func run() throws {
        if intoDraft {
            throw ValidationError("--into-draft works in the shell, at an exercise with a draft")
        }
        let printed = self.printed()
        print(printed.text, terminator: "")
        if let error = printed.error { FileHandle.standardError.write(Data((error + "\n").utf8)) }
        if printed.failed { throw ExitCode.failure }
    }

    /// `words`: the diagram's and the audit's words, in the reader's language.
    package func printed(words: StoryboardWords = .english) -> Printed {
        printed(words: words, inputs: .files)
    }

    package func printed(words: StoryboardWords, inputs: Inputs) -> Printed {
        do {
            let document: StoryboardDocument
            do {
                document = try StoryboardDocument.load(contentsOf: inputs.storyboard(file))
            } catch let error as StoryboardError {
                throw Printed(error: "\(error)", failed: true)
            }
            if !checkSource.isEmpty { return try audit(document, words: words, inputs: inputs) }
            if enums { return Printed(text: try SegueEnumGenerator(document: document).generate()) }
            return Printed(text: try diagram(document, words: words).render(DiagramFormat(rawValue: format) ?? .text))
        } catch let printed as Printed {
            return printed
        } catch {
            return Printed(error: "\(error)", failed: true)
        }
    }

    private func diagram(_ document: StoryboardDocument, words: StoryboardWords) throws -> StoryboardDiagram {
        guard from != nil || depth != nil else { return StoryboardDiagram(document: document, words: words) }
        guard let start = from ?? document.initialViewControllerID else {
            throw Printed(error: "\(document.path): error: \(words.noInitialScene)", failed: true)
        }
        do {
            return try StoryboardDiagram(document: document, from: start, depth: depth, words: words)
        } catch let error as SceneQueryError {
            throw Printed(error: "\(document.path): error: \(error)", failed: true)
        }
    }

    private func audit(
        _ document: StoryboardDocument, words: StoryboardWords,
        inputs: Inputs
    ) throws(Printed) -> Printed {
        var source = ""
        for path in checkSource {
            guard let text = inputs.source(path) else {
                throw Printed(error: "\(path): error: \(words.cannotReadFile)", failed: true)
            }
            source += text + "\n"
        }
        let audit = IdentifierAudit(swiftSource: source, document: document, words: words)
        let lines = audit.report(for: document, words: words)
        return Printed(text: lines.map { $0 + "\n" }.joined(), failed: !audit.isClean)
    }
}

extension StoryboardCommand.Printed: Error {}
