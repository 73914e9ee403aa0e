/// Lines of monospaced text that can be boxed.
struct TextBlock {
    var lines: [String]

    init(_ lines: [String]) {
        self.lines = lines
    }

    var width: Int { lines.map(\.count).max() ?? 0 }
    var height: Int { lines.count }

    func padded(to width: Int) -> [String] {
        lines.map { $0 + String(repeating: " ", count: max(0, width - $0.count)) }
    }

    /// The block inside a box drawn with box-drawing characters.
    func boxed() -> TextBlock {
        let inner = width
        let horizontal = String(repeating: "─", count: inner + 2)
        return TextBlock(["┌\(horizontal)┐"] + padded(to: inner).map { "│ \($0) │" } + ["└\(horizontal)┘"])
    }
}
