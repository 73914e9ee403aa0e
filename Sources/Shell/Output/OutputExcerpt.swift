import Playground

/// A program's output as shown in the terminal: whole when it is short, otherwise its beginning
/// and its end with a line saying how much was left out. (Checks always see the whole output;
/// this only keeps a runaway `print` loop from burying the verdict under pages of text.)
///
/// Given both streams in the order the program wrote them, each stream is cut by the same rule
/// on its own (a flood on one never hides the other), and the lines kept are shown in order,
/// those of stderr marked.
struct OutputExcerpt {
    /// How much of the beginning and of the end is shown: whichever of lines or bytes runs out first.
    static let head = (lines: 100, bytes: 16_384)
    static let tail = (lines: 10, bytes: 4_096)
    /// How much of one line is shown (a dozen lines of a terminal): a line printed without
    /// newlines is cut like a long output, its beginning kept with a line saying how much was left out.
    static let lineCharacters = 1_000
    /// Before each line of stderr, so it reads apart from stdout without colour too.
    static let errorMark = "stderr│ "

    struct Line {
        var isError: Bool
        var text: Substring
    }

    let allLines: [Line]

    init(_ text: String) {
        self.init([OutputRun(isError: false, text: text)])
    }

    /// A line of one stream stays whole, at the place it began, even when the other stream
    /// wrote between its pieces.
    init(_ runs: [OutputRun]) {
        var lines: [Line] = []
        var open: [Bool: Int] = [:]  // per stream, the index of its unfinished last line
        for run in runs where !run.text.isEmpty {
            var pieces = run.text.split(separator: "\n", omittingEmptySubsequences: false)
            let finished = pieces.last == ""
            if finished { pieces.removeLast() }
            for (index, piece) in pieces.enumerated() {
                if index == 0, let line = open[run.isError] {
                    lines[line].text = Substring(String(lines[line].text) + piece)
                } else {
                    lines.append(Line(isError: run.isError, text: piece))
                }
            }
            open[run.isError] = finished ? nil : lines.count - 1
        }
        allLines = lines
    }

    func lines(style: Style) -> [String] {
        var shown = [Bool](repeating: true, count: allLines.count)
        for isError in [false, true] {
            let indices = allLines.indices.filter { allLines[$0].isError == isError }
            let texts = indices.map { allLines[$0].text }
            let first = Self.fit(texts, Self.head)
            let last = Self.fit(texts.reversed(), Self.tail)
            // Leaving out a few lines would save less than the note about them costs.
            guard first + last + 5 < texts.count else { continue }
            for index in indices.dropFirst(first).dropLast(last) { shown[index] = false }
        }
        var result: [String] = []
        var omitted = 0
        for (index, line) in allLines.enumerated() {
            guard shown[index] else {
                omitted += 1
                continue
            }
            if omitted > 0 { result.append(style.dim("… \(omitted) more lines not shown …")) }
            omitted = 0
            let text = Self.shortened(line.text)
            result.append(line.isError ? style.dim(Self.errorMark) + text : text)
            if text.count < line.text.count {
                let left = line.text.count - text.count
                result.append(style.dim("… \(left) more characters of this line not shown …"))
            }
        }
        if omitted > 0 { result.append(style.dim("… \(omitted) more lines not shown …")) }
        return result
    }

    /// The line's first `lineCharacters` characters.
    private static func shortened(_ text: Substring) -> String {
        guard text.utf8.count > lineCharacters else { return String(text) }
        return String(text.prefix(lineCharacters))
    }

    /// How many of `lines`, from the start, fit the budget (at least one).
    private static func fit<Lines: Collection<Substring>>(_ lines: Lines, _ budget: (lines: Int, bytes: Int)) -> Int {
        var count = 0
        var bytes = 0
        for line in lines.prefix(budget.lines) {
            bytes += line.utf8.count + 1
            if count > 0 && bytes > budget.bytes { break }
            count += 1
        }
        return count
    }
}
