/// A program's output as shown in the terminal: whole when it is short, otherwise its beginning
/// and its end with a line saying how much was left out. (Checks always see the whole output;
/// this only keeps ten thousand lines of a runaway `print` loop from burying the verdict.)
struct OutputExcerpt {
    static let headLines = 200
    static let tailLines = 20

    let allLines: [Substring]

    init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        allLines = lines
    }

    func lines(style: Style) -> [String] {
        let shown = Self.headLines + Self.tailLines
        // Leaving out fewer lines than the note itself takes would help nobody.
        guard allLines.count > shown + 10 else { return allLines.map(String.init) }
        let omitted = allLines.count - shown
        return allLines.prefix(Self.headLines).map(String.init)
            + [style.dim("… \(omitted) more lines not shown …")]
            + allLines.suffix(Self.tailLines).map(String.init)
    }
}
