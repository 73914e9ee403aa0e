import Foundation
import LessonKit

extension LessonDriver {
    /// The code behind each Swift file name the current step's shown commands compare, so the
    /// command a lesson shows runs as typed.
    func shownSources() -> [String: String] {
        guard let lesson = session.currentLesson, let step = session.currentStep else { return [:] }
        return step.shownCommands.reduce(into: [:]) { sources, command in
            sources.merge(command.shownSources(in: lesson)) { first, _ in first }
        }
    }

    /// `storyboard NAME --enums --into-draft`: the enums generated from a storyboard go at the end
    /// of the current exercise's draft, in place of the ones generated there before (the same
    /// `extension Class {` blocks holding a `SegueIdentifier`, and the same top-level enums), so
    /// regenerating after a storyboard changed never declares an enum twice.
    func putIntoDraft(_ enums: String, from storyboard: String) {
        guard let step = session.currentStep, step.kind.keepsDraft, step.kind.judgesDraft else {
            context.fail(catalog.text("storyboard.into_draft.no_exercise"))
            return
        }
        syncWorkspace()
        let (kept, replaced) = Self.removingGeneratedEnums(like: enums, from: session.draft ?? "")
        var lines = kept
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        if !lines.isEmpty { lines.append("") }
        let first = lines.count + 1
        var added = enums.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while added.last?.isEmpty == true { added.removeLast() }
        lines += added
        guard saveDraft(lines.joined(separator: "\n") + "\n") else { return }
        output.line(
            catalog.text(
                replaced > 0 ? "storyboard.into_draft.replaced" : "storyboard.into_draft.done",
                ["storyboard": storyboard, "first": first, "last": lines.count]))
    }

    /// The draft's lines without enums generated like `enums` (blocks declaring the same names at
    /// the top level, and the generator's header), and how many blocks went.
    static func removingGeneratedEnums(like enums: String, from draft: String) -> (lines: [String], removed: Int) {
        let generated = enums.split(separator: "\n").map(String.init)
        let openers = Set(generated.filter { $0.hasPrefix("extension ") || $0.hasPrefix("enum ") })
        let header = generated.prefix { $0.hasPrefix("//") }
        // `// Segue identifiers of NAME.storyboard.`: the header of any storyboard's enums.
        let headerStart = header.first.flatMap { first in
            first.range(of: " of ").map { String(first[..<$0.upperBound]) }
        }
        var lines: [String] = []
        var removed = 0
        var source = draft.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        while let line = source.popFirst() {
            if let headerStart, line.hasPrefix(headerStart) || header.dropFirst().contains(line) { continue }
            guard openers.contains(line), line.hasSuffix("{") else {
                lines.append(line)
                continue
            }
            // A block as the generator writes it: up to the first `}` at the start of a line.
            guard let end = source.firstIndex(where: { $0 == "}" }),
                !line.hasPrefix("extension ") || source[..<end].contains(where: { $0.contains("enum SegueIdentifier") })
            else {
                lines.append(line)
                continue
            }
            source = source[(end + 1)...]
            removed += 1
        }
        return (lines, removed)
    }
}
