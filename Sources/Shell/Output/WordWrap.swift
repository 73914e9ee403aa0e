/// Breaks text into lines no wider than the terminal, at spaces, never inside a word (a word
/// longer than a whole line is the only thing cut). Widths count what the terminal shows:
/// colour escape sequences take no room.
struct WordWrap {
    var width: Int
    /// Asked now and then while a very long line is broken: true (Ctrl-C) stops there, the
    /// lines so far followed by a line `…`, so a pasted 800 KB line never holds the shell.
    var isInterrupted: () -> Bool = { false }
    /// How many words go between two questions to `isInterrupted`.
    static let interruptCheckInterval = 256

    /// Greedy wrap of one paragraph: the first line starts with `indent`, the others with `hanging`.
    func wrap(_ text: String, indent: String, hanging: String) -> [String] {
        var lines: [String] = []
        var current = indent
        var currentWidth = Self.visibleWidth(indent)
        let hangingWidth = Self.visibleWidth(hanging)
        for (count, word) in text.split(separator: " ", omittingEmptySubsequences: true).enumerated() {
            if count % Self.interruptCheckInterval == Self.interruptCheckInterval - 1 && isInterrupted() {
                return lines + [current, "…"]
            }
            var word = word
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
                w -= Self.visibleWidth(head)
            }
            let atStart = currentWidth == (lines.isEmpty ? Self.visibleWidth(indent) : hangingWidth)
            current += (atStart ? "" : " ") + word
            currentWidth += (atStart ? 0 : 1) + w
        }
        lines.append(current)
        return lines
    }

    /// Fits one line of output to the width, breaking only where it has spaces and keeping the
    /// spacing it has elsewhere (code and diagrams stay aligned). Continuation lines keep the
    /// line's indentation, and line up after a list marker (`a) `, `- `, `3. `) or a label
    /// (`error: `, `Hint 1/2: `).
    func fit(_ line: String) -> [String] {
        guard Self.visibleWidth(line) > width, width > 20 else { return [line] }
        // A table or diagram aligned with runs of spaces: narrower runs keep it one line a row.
        for tightened in [Self.tightened(line, to: 2), Self.tightened(line, to: 1)]
        where tightened != line && Self.visibleWidth(tightened) <= width {
            return [tightened]
        }
        let plain = Self.stripped(line)
        let leading = plain.prefix { $0 == " " }.count
        var marker = 0
        if let match = plain.dropFirst(leading).firstMatch(
            of: /^(?:[a-z]\) |- |\d+\. |\d+ +|[\p{L}✘✔ ]{1,16}(?:\d+\/\d+)?[ \u{A0}\u{202F}]?: )/)
        {
            marker = match.output.count
        }
        return broken(line, hanging: String(repeating: " ", count: min(leading + marker, width / 2)))
    }

    /// Fits a line of code (behind its gutter): never respaced, so string literals and alignment
    /// stay as written; broken between words, each continuation line starting with `continuation`.
    func fitCode(_ line: String, continuation: String) -> [String] {
        guard Self.visibleWidth(line) > width, width > 20 else { return [line] }
        return broken(line, hanging: continuation)
    }

    /// `line` broken at its spaces into lines no wider than `width`, the later ones starting
    /// with `hanging`; a word wider than a whole line is cut.
    private func broken(_ line: String, hanging: String) -> [String] {
        let hangingWidth = Self.visibleWidth(hanging)
        // Pieces: a run of non-spaces with the spaces after it (escape sequences ride along),
        // as slices of the line: nothing is copied until a line is made.
        var pieces: [(word: Substring, spaces: Substring)] = []
        var wordStart = line.startIndex
        var spacesStart: String.Index?
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == " " {
                if spacesStart == nil { spacesStart = index }
            } else if let start = spacesStart {
                pieces.append((line[wordStart..<start], line[start..<index]))
                wordStart = index
                spacesStart = nil
            }
            index = line.index(after: index)
        }
        pieces.append((line[wordStart..<(spacesStart ?? line.endIndex)], line[(spacesStart ?? line.endIndex)...]))
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        var pendingSpaces: Substring = ""
        // A line is broken only after a word: an indentation alone never makes a line of its own
        // (a deeply indented word is cut instead, so the pieces still hold every character).
        var lineHasWord = false
        var steps = 0
        func interrupted() -> Bool {
            steps += 1
            return steps % Self.interruptCheckInterval == 0 && isInterrupted()
        }
        for piece in pieces {
            if interrupted() { return lines + [current, "…"] }
            var word = piece.word
            var w = Self.visibleWidth(word)
            if lineHasWord && currentWidth + pendingSpaces.count + w > width {
                lines.append(current)
                current = hanging
                currentWidth = hangingWidth
                pendingSpaces = ""
            } else if !lineHasWord && currentWidth + pendingSpaces.count >= width {
                // An indentation as wide as the line is cut with the word after it.
                word = Substring(pendingSpaces + word)
                w += pendingSpaces.count
            } else {
                current += pendingSpaces
                currentWidth += pendingSpaces.count
            }
            // A word wider than a whole line: cut it, there is no better place.
            while currentWidth + w > width && width - currentWidth > 0 {
                if interrupted() { return lines + [current, "…"] }
                let (head, tail) = Self.split(word, visible: width - currentWidth)
                lines.append(current + head)
                current = hanging
                currentWidth = hangingWidth
                word = tail
                w -= Self.visibleWidth(head)
            }
            if current == hanging && currentWidth == hangingWidth { lineHasWord = false }
            current += word
            currentWidth += w
            lineHasWord = lineHasWord || !word.isEmpty
            pendingSpaces = piece.spaces
        }
        lines.append(current)
        return lines
    }

    /// Runs of spaces after the indentation, longer than `spaces`, shortened to it.
    static func tightened(_ line: String, to spaces: Int) -> String {
        let indent = line.prefix { $0 == " " }
        let rest = line.dropFirst(indent.count).replacing(/\ {2,}/) { run in
            String(repeating: " ", count: min(run.output.count, spaces))
        }
        return String(indent) + rest
    }

    static func visibleWidth<Text: StringProtocol>(_ s: Text) -> Int {
        var width = 0
        var inEscape = false
        for c in s.unicodeScalars {
            if c == "\u{1B}" {
                inEscape = true
                continue
            }
            if inEscape {
                if c == "m" { inEscape = false }
                continue
            }
            width += 1
        }
        return width
    }

    static func stripped(_ s: String) -> String {
        var out = ""
        var inEscape = false
        for c in s.unicodeScalars {
            if c == "\u{1B}" {
                inEscape = true
                continue
            }
            if inEscape {
                if c == "m" { inEscape = false }
                continue
            }
            out.unicodeScalars.append(c)
        }
        return out
    }

    /// At most `visible` shown characters of `s` (escapes kept with them), and the rest. The cut
    /// comes after the last `/` or `-` that fits (a path or URL reads on across the break), and
    /// only without one at exactly `visible` characters. Only the head is looked at, so cutting
    /// a long word into lines takes time in proportion to its length.
    private static func split(_ s: Substring, visible: Int) -> (String, Substring) {
        var count = 0
        var inEscape = false
        var index = s.startIndex
        var afterBreakable: String.Index?
        while index < s.endIndex {
            let c = s[index]
            if c == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if c == "m" { inEscape = false }
            } else {
                if count == visible { break }
                count += 1
                if (c == "/" || c == "-") && count > 1 && count < visible { afterBreakable = s.index(after: index) }
            }
            index = s.index(after: index)
        }
        if index < s.endIndex, let afterBreakable { index = afterBreakable }
        return (String(s[..<index]), s[index...])
    }
}
