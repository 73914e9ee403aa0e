import Foundation
import SourceText

/// `pack check` warns at a step a learner cannot read without paging more than twice at 80×24:
/// its height is measured as the shell lays it out on an 80-column terminal, with the code it
/// repeats from an earlier step folded (`CodeFolding`).
package enum StepHeightCheck {
    package static let width = 80
    /// Two screens of a 24-row terminal.
    package static let limit = 48

    package static func warnings(in lessons: [Lesson]) -> [Diagnostic] {
        lessons.flatMap { lesson in
            lesson.steps.compactMap { step -> Diagnostic? in
                let lines = height(of: step, in: lesson)
                guard lines > limit else { return nil }
                return Diagnostic(
                    .warning,
                    "step '\(step.id)' is \(lines) lines tall on an 80×24 terminal, more than two screens "
                        + "(\(limit) lines) even with repeated code folded: shorten it or split it",
                    at: step.location)
            }
        }
    }

    /// The lines `step` takes on an 80-column terminal, folded code counting one line per fold.
    package static func height(of step: Step, in lesson: Lesson) -> Int {
        var lines = 1 + markdownHeight(step.prose)
        func code(_ text: String) -> Int {
            if let folded = CodeFolding.fold(text, of: step, in: lesson) {
                let all = CodeFolding.codeLines(text)
                return folded.pieces.reduce(0) { total, piece in
                    switch piece {
                    case .shown(let range): total + range.reduce(0) { $0 + rows(all[$1].count + 4) }
                    case .folded, .declared: total + 1
                    }
                }
            }
            return CodeFolding.codeLines(text).reduce(0) { $0 + rows($1.count + 4) }
        }
        for part in step.parts {
            switch part {
            case .example: lines += code(step.code(.example) ?? "")
            case .question: lines += markdownHeight(step.question ?? "")
            case .choices(let choices): lines += choices.reduce(0) { $0 + wrappedHeight($1.text, indent: 5) }
            case .draft: lines += code(step.code(.starter) ?? "")
            case .instruction: lines += 1
            }
        }
        if step.kind.needsAnswer && !step.hints.isEmpty { lines += 1 }
        return lines
    }

    private static func rows(_ columns: Int) -> Int { max(1, (columns + width - 1) / width) }

    /// Prose as `MarkdownText` lays it out: paragraphs wrapped, fenced lines one row each (or
    /// more when wider than the terminal), one blank line between blocks.
    static func markdownHeight(_ markdown: String) -> Int {
        let markdown = markdown.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !markdown.isEmpty else { return 0 }
        var total = 0
        var paragraph: [String] = []
        var inFence = false
        func flush() {
            if !paragraph.isEmpty { total += wrappedHeight(paragraph.joined(separator: " "), indent: 0) }
            paragraph = []
        }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                flush()
                inFence.toggle()
                continue
            }
            if inFence {
                total += rows(raw.count + 4)
            } else if line.isEmpty {
                flush()
                total += 1
            } else if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("#") || line.hasPrefix(">")
                || line.first?.isNumber == true
            {
                flush()
                paragraph = [line]
            } else {
                paragraph.append(line)
            }
        }
        flush()
        return total
    }

    /// Words wrapped greedily at the width after `indent` columns.
    static func wrappedHeight(_ text: String, indent: Int) -> Int {
        var lines = 1
        var column = indent
        for word in text.split(separator: " ") {
            let length = word.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "**", with: "").count
            if column > indent && column + 1 + length > width {
                lines += 1
                column = indent + length
            } else {
                column += (column > indent ? 1 : 0) + length
            }
        }
        return lines
    }
}
