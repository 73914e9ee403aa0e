import Foundation
import Localization
import SourceText

/// `pack check` warns at a step a learner cannot read without paging more than twice at 80×24:
/// its height is measured as the shell lays it out on an 80-column terminal, with the code it
/// repeats from an earlier step folded (`CodeFolding`). As the shell shows it: the heading with
/// the step's place (wrapped when long), a ```seguelab block's real output, code and fenced lines
/// broken between words with a `↪` continuation, and the lines under the step (what to type,
/// the hints) in the lesson's language.
package enum StepHeightCheck {
    package static let width = 80
    /// Two screens of a 24-row terminal.
    package static let limit = 48

    package static func warnings(in lessons: [Lesson], pack: Pack? = nil) -> [Diagnostic] {
        lessons.flatMap { lesson in
            lesson.steps.compactMap { step -> Diagnostic? in
                let lines = height(of: step, in: lesson, pack: pack)
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
    /// With `pack`, its ```seguelab blocks count the output they show.
    package static func height(of step: Step, in lesson: Lesson, pack: Pack? = nil) -> Int {
        let catalog = pack?.catalog(language: lesson.language) ?? Catalog(language: lesson.language)
        var lines = headingHeight(of: step, in: lesson, catalog: catalog)
        lines += markdownHeight(pack.map { step.prose(in: $0, lesson: lesson, catalog: catalog) } ?? step.prose)
        func code(_ text: String) -> Int {
            let all = CodeFolding.codeLines(text)
            let pieces = CodeFolding.fold(text, of: step, in: lesson)?.pieces ?? [.shown(0..<all.count)]
            return pieces.reduce(0) { total, piece in
                switch piece {
                case .shown(let range): total + range.reduce(0) { $0 + codeRows(all[$1]) }
                case .folded, .declared: total + 1
                }
            }
        }
        for part in step.parts {
            switch part {
            case .example: lines += code(step.code(.example) ?? "")
            case .question: lines += markdownHeight(step.question ?? "")
            case .choices(let choices): lines += choices.reduce(0) { $0 + wrappedHeight($1.text, indent: 5) }
            case .draft: lines += code(PackChecker.startingCode(of: step, in: lesson))
            case .instruction(let key): lines += textHeight(catalog.text(key))
            }
        }
        if step.kind.needsAnswer && !step.hints.isEmpty {
            lines += textHeight(catalog.text("step.stuck", ["count": step.hints.count]))
        }
        if step.id == lesson.steps.last?.id { lines += lessonEndHeight(of: lesson, pack: pack, catalog: catalog) }
        return lines
    }

    /// Under a lesson's last step: a blank line, the lesson's end, what is left undone (at its
    /// longest, nothing of the lesson done, or "every step done") and what comes next.
    static func lessonEndHeight(of lesson: Lesson, pack: Pack?, catalog: Catalog) -> Int {
        let lessons = pack?.lessons(in: lesson.language) ?? []
        let next = lessons.firstIndex { $0.id == lesson.id }.flatMap { $0 + 1 < lessons.count ? lessons[$0 + 1] : nil }
        let after =
            next.map { catalog.text("lesson.next", ["title": $0.title]) }
            ?? catalog.text("lesson.last", ["pack": pack?.manifest.title(in: lesson.language) ?? ""])
        let done = textHeight(catalog.text("lesson.all_done"))
        let undone =
            LessonEnd.longestLeftUndone(
                of: lesson, lessonIDs: Set((pack?.lessons ?? [lesson]).map(\.id)), catalog: catalog
            ).map(textHeight) ?? 0
        return 1 + textHeight(catalog.text("lesson.end", ["title": lesson.title])) + max(done, undone)
            + textHeight(after)
    }

    /// The heading as the shell prints it, the step's place after its title, wrapped.
    static func headingHeight(of step: Step, in lesson: Lesson, catalog: Catalog) -> Int {
        let index = (lesson.steps.firstIndex { $0.id == step.id } ?? 0) + 1
        let heading = catalog.text("step.heading", ["index": index, "count": lesson.steps.count, "title": step.title])
        let kind = catalog.text("step.kind.\(step.kind.rawValue)")
        return wrappedHeight(heading + "  [\(kind) · \(lesson.id)/\(step.id)]", indent: 0, keepingMarks: true)
    }

    /// A line of code behind its 4-column gutter, broken between words as the shell breaks it:
    /// each continuation starts `↪` past the gutter and the line's own indentation.
    static func codeRows(_ line: String) -> Int {
        let own = line.prefix { $0 == " " }.count + 4
        return brokenRows(String(repeating: " ", count: 4) + line, hanging: 4 + min(own, width / 2 - 4))
    }

    /// Lines of text (a catalog message, printed as it is, marks and all), each wrapped.
    static func textHeight(_ text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) {
            $0 + wrappedHeight(String($1), indent: 0, keepingMarks: true)
        }
    }

    /// `line` broken at its spaces into rows of `width`, the later ones starting `hanging` columns in.
    static func brokenRows(_ line: String, hanging: Int) -> Int {
        guard line.count > width else { return 1 }
        var rows = 1
        var column = 0
        var pending = 0
        var hasWord = false
        for piece in line.split(separator: " ", omittingEmptySubsequences: false) {
            if piece.isEmpty {
                pending += 1
                continue
            }
            if hasWord && column + pending + piece.count > width {
                rows += 1
                column = hanging + piece.count
            } else {
                column += pending + piece.count
            }
            while column > width {
                rows += 1
                column = hanging + (column - width)
            }
            hasWord = true
            pending = 1
        }
        return rows
    }

    /// Prose as `MarkdownText` lays it out: paragraphs wrapped, fenced lines one row each (or
    /// more when wider than the terminal), one blank line between blocks.
    static func markdownHeight(_ markdown: String) -> Int {
        let markdown = markdown.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !markdown.isEmpty else { return 0 }
        var total = 0
        var paragraph: [String] = []
        func flush() {
            // A list item's later lines hang 2 columns in, behind its `- ` or `1. `.
            let item = paragraph.first.map { $0.hasPrefix("- ") || $0.hasPrefix("* ") || $0.first?.isNumber == true }
            if !paragraph.isEmpty {
                total += wrappedHeight(paragraph.joined(separator: " "), indent: 0, hanging: item == true ? 2 : 0)
            }
            paragraph = []
        }
        var fence: [String]?
        // How far the open fence is indented (in a list item): its lines lose that much only.
        var fenceIndent = 0
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                flush()
                if let lines = fence {
                    total += fencedHeight(lines)
                    fence = nil
                } else {
                    fence = []
                    fenceIndent = raw.prefix { $0 == " " }.count
                }
                continue
            }
            if fence != nil {
                fence!.append(String(raw.dropFirst(min(fenceIndent, raw.prefix { $0 == " " }.count))))
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
        if let lines = fence { total += fencedHeight(lines) }
        flush()
        return total
    }

    /// A fenced block as `MarkdownText` shows it: indented 4 columns, or fewer for a wide block,
    /// and a line still too wide broken between words behind a `↪` past its own indentation.
    static func fencedHeight(_ lines: [String]) -> Int {
        let indent = max(0, min(4, width - (lines.map(\.count).max() ?? 0)))
        return lines.reduce(0) { total, line in
            let own = line.prefix { $0 == " " }.count + 4
            let hanging = max(0, indent - 2) + 2 + min(own, width / 2)
            return total + brokenRows(String(repeating: " ", count: indent) + line, hanging: hanging)
        }
    }

    /// Words wrapped greedily at the width after `indent` columns, the later lines `hanging`
    /// columns in (a list item's). Code spans and emphasis lose their marks on a terminal in
    /// colour, unless `keepingMarks`.
    static func wrappedHeight(_ text: String, indent: Int, hanging: Int? = nil, keepingMarks: Bool = false) -> Int {
        let hanging = hanging ?? indent
        var lines = 1
        var column = indent
        var atStart = true
        for word in text.split(separator: " ") {
            var shown = String(word)
            if !keepingMarks {
                shown = shown.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "**", with: "")
                    .replacing(/^\*|\*(?=[.,;:!?)]?$)/, with: "")
            }
            let length = shown.count
            if !atStart && column + 1 + length > width {
                lines += 1
                column = hanging + length
            } else {
                column += (atStart ? 0 : 1) + length
            }
            atStart = false
        }
        return lines
    }
}
