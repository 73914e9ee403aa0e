/// A program's output as shown in the terminal: whole when it is short, otherwise its beginning
/// and its end with a line saying how much was left out. (Checks always see the whole output;
/// this only keeps a runaway `print` loop from burying the verdict under pages of text.)
struct OutputExcerpt {
    /// How much of the beginning and of the end is shown: whichever of lines or bytes runs out first.
    static let head = (lines: 100, bytes: 16_384)
    static let tail = (lines: 10, bytes: 4_096)

    let allLines: [Substring]

    init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        allLines = lines
    }

    func lines(style: Style) -> [String] {
        let first = Self.fit(allLines, Self.head)
        let last = Self.fit(allLines.reversed(), Self.tail)
        // Leaving out a few lines would save less than the note about them costs.
        guard first + last + 5 < allLines.count else { return allLines.map(String.init) }
        let omitted = allLines.count - first - last
        return allLines.prefix(first).map(String.init)
            + [style.dim("… \(omitted) more lines not shown …")]
            + allLines.suffix(last).map(String.init)
    }

    /// How many of `lines`, from the start, fit the budget (at least one).
    private static func fit<Lines: Collection<Substring>>(_ lines: Lines, _ budget: (lines: Int, bytes: Int)) -> Int {
        var count = 0, bytes = 0
        for line in lines.prefix(budget.lines) {
            bytes += line.utf8.count + 1
            if count > 0 && bytes > budget.bytes { break }
            count += 1
        }
        return count
    }
}
