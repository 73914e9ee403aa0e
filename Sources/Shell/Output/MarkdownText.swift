import Foundation

/// Renders the Markdown of lesson prose for a terminal: headings and **bold** in bold,
/// `code` in colour (kept in backticks without colour), fenced code indented, paragraphs
/// wrapped to the width. A fenced block is laid out as a whole: when a line is too wide for
/// the indent, the whole block gets less of it, so a diagram's rows stay aligned. Enough
/// Markdown for prose; authors see the full file in an editor.
struct MarkdownText {
    var style: Style
    var width: Int
    /// True on a terminal: a code line wider than `width` is broken under `↪` (elsewhere, code
    /// is left whole for a file or pipe).
    var breaksCode = false

    func render(_ markdown: String) -> String {
        var out: [String] = []
        var paragraph: [String] = []
        var fence: [String]?

        func flush() {
            guard !paragraph.isEmpty else { return }
            let isList =
                paragraph[0].hasPrefix("- ") || paragraph[0].hasPrefix("* ") || paragraph[0].first?.isNumber == true
            if isList {
                // Keep list items on their own lines; wrap each with a hanging indent.
                for item in paragraph { out += wrap(inline(item), indent: "", hanging: "  ") }
            } else {
                out += wrap(inline(paragraph.joined(separator: " ")), indent: "", hanging: "")
            }
            paragraph = []
        }

        // How far the open fence is indented (in a list item): its lines lose that much only.
        var fenceIndent = 0

        func closeFence() {
            guard let lines = fence else { return }
            out += fenced(lines)
            fence = nil
        }

        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let leading = line.prefix { $0 == " " }.count
            if line.dropFirst(leading).hasPrefix("```") {
                flush()
                if fence == nil {
                    fence = []
                    fenceIndent = leading
                } else {
                    closeFence()
                }
                continue
            }
            if fence != nil {
                fence!.append(String(line.dropFirst(min(fenceIndent, leading))))
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                flush()
                if out.last != "" { out.append("") }
                continue
            }
            if trimmed.hasPrefix("#") {
                flush()
                out.append(
                    style.heading(inline(String(trimmed.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces))))
                continue
            }
            if trimmed.hasPrefix(">") {
                flush()
                out += wrap(
                    inline(String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces)), indent: "  │ ",
                    hanging: "  │ ")
                continue
            }
            let startsItem =
                trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ")
                || trimmed.range(of: #"^\d+\. "#, options: .regularExpression) != nil
            if startsItem || (!paragraph.isEmpty && isListParagraph(paragraph) && !line.hasPrefix(" ")) {
                if startsItem && !paragraph.isEmpty && !isListParagraph(paragraph) { flush() }
                paragraph.append(trimmed.hasPrefix("* ") ? "- " + trimmed.dropFirst(2) : trimmed)
            } else if !paragraph.isEmpty && isListParagraph(paragraph) {
                paragraph[paragraph.count - 1] += " " + trimmed  // continuation of the item
            } else {
                paragraph.append(trimmed)
            }
        }
        flush()
        closeFence()
        while out.last == "" { out.removeLast() }
        while out.first == "" { out.removeFirst() }
        return out.joined(separator: "\n")
    }

    /// A fenced block's lines behind the indent that lets its widest line fit: 4 columns, or
    /// fewer (down to none) for a wide block. A line still too wide is broken between words, as
    /// code is (`ShellOutput.code`) on a terminal: each continuation marked `↪` and indented past
    /// the line's own indentation, so it cannot be read as a line of its own.
    private func fenced(_ lines: [String]) -> [String] {
        let widest = lines.map(WordWrap.visibleWidth).max() ?? 0
        let indent = max(0, min(4, width - widest))
        let wrap = WordWrap(width: width)
        return lines.flatMap { line -> [String] in
            let code = style.command(String(repeating: " ", count: indent) + line)
            guard breaksCode, WordWrap.visibleWidth(line) + indent > width else { return [code] }
            let own = line.prefix { $0 == " " }.count + 4
            let continuation =
                style.dim(String(repeating: " ", count: max(0, indent - 2)) + "↪ ")
                + String(repeating: " ", count: min(own, width / 2))
            return wrap.fitCode(code, continuation: continuation)
        }
    }

    private func isListParagraph(_ lines: [String]) -> Bool {
        guard let first = lines.first else { return false }
        return first.hasPrefix("- ") || first.range(of: #"^\d+\. "#, options: .regularExpression) != nil
    }

    /// `*text*` or `_text_` at `rest`: the delimiter hugs the text (`a * b` is no emphasis) and
    /// `_` only counts between words (`segue_id` keeps its underscore).
    private static func emphasis(_ rest: Substring, previous: Character?) -> (text: String, after: Substring)? {
        guard let mark = rest.first, rest.count > 2 else { return nil }
        let inner = rest.dropFirst()
        guard let first = inner.first, !first.isWhitespace, first != mark else { return nil }
        if mark == "_", let previous, previous.isLetter || previous.isNumber { return nil }
        guard let end = inner.firstIndex(of: mark), end > inner.startIndex else { return nil }
        let text = inner[..<end]
        guard let last = text.last, !last.isWhitespace else { return nil }
        let after = inner[inner.index(after: end)...]
        if mark == "_", let next = after.first, next.isLetter || next.isNumber { return nil }
        return (String(text), after)
    }

    /// `code`, **bold** and *emphasis* spans.
    func inline(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let c = rest.first {
            if c == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                let code = String(rest[rest.index(after: rest.startIndex)..<end])
                out += style.enabled ? style.command(code) : "`\(code)`"
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
                let bold = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])
                out += style.heading(bold)
                rest = rest[end.upperBound...]
            } else if c == "<", rest.hasPrefix("<http"), let end = rest.firstIndex(of: ">"),
                !rest[..<end].contains(" ")
            {
                // An autolink shows as its address: the brackets are Markdown, not part of it.
                out += rest[rest.index(after: rest.startIndex)..<end]
                rest = rest[rest.index(after: end)...]
            } else if c == "*" || c == "_", let found = Self.emphasis(rest, previous: out.last) {
                out += style.emphasis(found.text)
                rest = found.after
            } else {
                out.append(c)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    func wrap(_ text: String, indent: String, hanging: String) -> [String] {
        WordWrap(width: width).wrap(text, indent: indent, hanging: hanging)
    }
}
