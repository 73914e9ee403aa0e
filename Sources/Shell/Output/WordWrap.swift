/// Breaks text into lines no wider than the terminal, at spaces, never inside a word (a word
/// longer than a whole line is the only thing cut). Widths count what the terminal shows:
/// colour escape sequences take no room.
struct WordWrap {
    var width: Int

    /// Greedy wrap of one paragraph: the first line starts with `indent`, the others with `hanging`.
    func wrap(_ text: String, indent: String, hanging: String) -> [String] {
        var lines: [String] = []
        var current = indent
        var currentWidth = Self.visibleWidth(indent)
        let hangingWidth = Self.visibleWidth(hanging)
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var w = Self.visibleWidth(word)
            let isStart = currentWidth == (lines.isEmpty ? Self.visibleWidth(indent) : hangingWidth)
            if !isStart && currentWidth + 1 + w > width {
                lines.append(current)
                current = hanging
                currentWidth = hangingWidth
            }
            // A word wider than a line: cut it, there is no better place.
            while currentWidth + w > width && w > width - hangingWidth && width - currentWidth > 0 {
                let (head, tail) = Self.split(word, visible: width - currentWidth)
                lines.append(current + head)
                current = hanging
                currentWidth = hangingWidth
                word = tail
                w = Self.visibleWidth(word)
            }
            let atStart = currentWidth == (lines.isEmpty ? Self.visibleWidth(indent) : hangingWidth)
            current += (atStart ? "" : " ") + word
            currentWidth += (atStart ? 0 : 1) + w
        }
        lines.append(current)
        return lines
    }

    /// Fits one line of output to the width. Continuation lines keep the line's indentation, and
    /// line up after a list marker (`a) `, `- `, `3. `) or a label (`error: `, `Hint 1/2: `).
    func fit(_ line: String) -> [String] {
        guard Self.visibleWidth(line) > width, width > 20 else { return [line] }
        let leading = String(line.prefix { $0 == " " })
        let body = String(line.dropFirst(leading.count))
        let plain = Self.stripped(body)
        var marker = 0
        if let match = plain.firstMatch(of: /^(?:[a-z]\) |- |\d+\. |\d+ +|[A-Za-z✘✔ ]{1,12}(?:\d+\/\d+)?: )/) {
            marker = match.output.count
        }
        let hanging = String(repeating: " ", count: min(leading.count + marker, width / 2))
        return wrap(body, indent: leading, hanging: hanging)
    }

    static func visibleWidth(_ s: String) -> Int {
        var width = 0
        var inEscape = false
        for c in s.unicodeScalars {
            if c == "\u{1B}" { inEscape = true; continue }
            if inEscape { if c == "m" { inEscape = false }; continue }
            width += 1
        }
        return width
    }

    static func stripped(_ s: String) -> String {
        var out = ""
        var inEscape = false
        for c in s.unicodeScalars {
            if c == "\u{1B}" { inEscape = true; continue }
            if inEscape { if c == "m" { inEscape = false }; continue }
            out.unicodeScalars.append(c)
        }
        return out
    }

    /// The first `visible` shown characters of `s` (escapes kept with them), and the rest.
    private static func split(_ s: String, visible: Int) -> (String, String) {
        var count = 0
        var inEscape = false
        var index = s.startIndex
        while index < s.endIndex {
            let c = s[index]
            if c == "\u{1B}" { inEscape = true } else if inEscape { if c == "m" { inEscape = false } } else {
                if count == visible { break }
                count += 1
            }
            index = s.index(after: index)
        }
        return (String(s[..<index]), String(s[index...]))
    }
}
