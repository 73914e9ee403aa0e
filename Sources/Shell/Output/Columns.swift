import Foundation

/// Lays words out in columns, like a shell listing completions.
enum Columns {
    static func layout(_ words: [String], width: Int) -> String {
        let cell = (words.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / max(cell, 1))
        var lines: [String] = []
        var index = 0
        while index < words.count {
            let row = words[index..<min(index + perRow, words.count)]
            lines.append(row.map { $0.padding(toLength: cell, withPad: " ", startingAt: 0) }.joined())
            index += perRow
        }
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }
}
