/// Renders the Markdown of lesson prose for a terminal: headings and **bold** in bold,
/// `code` in colour (kept in backticks without colour), fenced code indented, paragraphs
/// wrapped to the width. Enough Markdown for prose; authors see the full file in an editor.
struct MarkdownText {
    var style: Style
    var width: Int

    func render(_ markdown: String) -> String {
        var out: [String] = []
        var paragraph: [String] = []
        var inFence = false

        func flush() {
            guard !paragraph.isEmpty else { return }
            let isList = paragraph[0].hasPrefix("- ") || paragraph[0].hasPrefix("* ") || paragraph[0].first?.isNumber == true
            if isList {
                // Keep list items on their own lines; wrap each with a hanging indent.
                for item in paragraph { out += wrap(inline(item), indent: "", hanging: "  ") }
            } else {
                out += wrap(inline(paragraph.joined(separator: " ")), indent: "", hanging: "")
            }
            paragraph = []
        }

        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.trimmingPrefix(" ").hasPrefix("```") {
                flush()
                inFence.toggle()
                continue
            }
            if inFence { out.append(style.command("    " + line)); continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { flush(); if out.last != "" { out.append("") }; continue }
            if trimmed.hasPrefix("#") {
                flush()
                out.append(style.heading(inline(String(trimmed.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces))))
                continue
            }
            if trimmed.hasPrefix(">") {
                flush()
                out += wrap(inline(String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces)), indent: "  │ ", hanging: "  │ ")
                continue
            }
            let startsItem = trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") || trimmed.range(of: #"^\d+\. "#, options: .regularExpression) != nil
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
        while out.last == "" { out.removeLast() }
        while out.first == "" { out.removeFirst() }
        return out.joined(separator: "\n")
    }

    private func isListParagraph(_ lines: [String]) -> Bool {
        guard let first = lines.first else { return false }
        return first.hasPrefix("- ") || first.range(of: #"^\d+\. "#, options: .regularExpression) != nil
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
            } else {
                out.append(c)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// Greedy word wrap; widths count characters outside escape sequences.
    func wrap(_ text: String, indent: String, hanging: String) -> [String] {
        var lines: [String] = []
        var current = indent
        var currentWidth = indent.count
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let w = visibleWidth(String(word))
            let isStart = currentWidth == (lines.isEmpty ? indent.count : hanging.count)
            if !isStart && currentWidth + 1 + w > width {
                lines.append(current)
                current = hanging + word
                currentWidth = hanging.count + w
            } else {
                current += (isStart ? "" : " ") + word
                currentWidth += (isStart ? 0 : 1) + w
            }
        }
        lines.append(current)
        return lines
    }

    private func visibleWidth(_ s: String) -> Int {
        var width = 0
        var inEscape = false
        for c in s.unicodeScalars {
            if c == "\u{1B}" { inEscape = true; continue }
            if inEscape { if c == "m" { inEscape = false }; continue }
            width += 1
        }
        return width
    }
}

import Foundation
