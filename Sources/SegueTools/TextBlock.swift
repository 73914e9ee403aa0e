/// Lines of monospaced text that can be boxed and placed side by side.
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

    /// Several blocks stacked in one box, separated by rules (a navigation stack).
    static func stackedBox(_ blocks: [TextBlock]) -> TextBlock {
        let inner = blocks.map(\.width).max() ?? 0
        let horizontal = String(repeating: "─", count: inner + 2)
        var lines = ["┌\(horizontal)┐"]
        for (index, block) in blocks.enumerated() {
            if index > 0 { lines.append("├\(horizontal)┤") }
            lines += block.padded(to: inner).map { "│ \($0) │" }
        }
        lines.append("└\(horizontal)┘")
        return TextBlock(lines)
    }

    /// Blocks placed left to right, top-aligned, separated by `gap`; `joiner` (if any) is
    /// written on the first line of each gap.
    static func sideBySide(_ blocks: [TextBlock], gap: Int = 2, joiners: [String] = []) -> TextBlock {
        let height = blocks.map(\.height).max() ?? 0
        var lines = Array(repeating: "", count: height)
        for (index, block) in blocks.enumerated() {
            if index > 0 {
                let joiner = index - 1 < joiners.count ? joiners[index - 1] : ""
                let gapWidth = max(gap, joiner.count + 2)
                for row in 0..<height {
                    let filler = row == 0 && !joiner.isEmpty
                        ? " " + joiner + String(repeating: " ", count: gapWidth - joiner.count - 1)
                        : String(repeating: " ", count: gapWidth)
                    lines[row] += filler
                }
            }
            let padded = block.padded(to: block.width)
            for row in 0..<height {
                lines[row] += row < padded.count ? padded[row] : String(repeating: " ", count: block.width)
            }
        }
        return TextBlock(lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) })
    }
}
