import Foundation
import TestSupport
import Testing

/// `help` in an 80-column terminal, in English and French: every summary starts in one column,
/// and a summary too long for one line goes on in that column.
@Suite(.serialized) struct HelpLayoutTests {
    @Test(arguments: ["en", "fr"]) func summariesStayInTheirColumn(_ language: String) throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path,
            arguments: ["--pack", TerminalLayoutTests.lessons, "--no-color", "--lang", language],
            environment: SeguelabBinary.environment(home: home), columns: 80, rows: 200)
        let start = try terminal.waitForPrompt()
        terminal.type("help\r")
        let heading = try terminal.waitFor(language == "fr" ? "Commandes\n" : "Commands\n", after: start)
        let end = try terminal.waitFor(
            language == "fr" ? "Tapez `help COMMANDE`" : "Type `help COMMAND`", after: heading)
        let rows = terminal.screen[heading..<end].split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ") }
        #expect(rows.count > 20, "\(rows)")
        // The summary column: where `help [COMMAND]`'s summary starts.
        let first = try #require(rows.first)
        let gap = try #require(first.dropFirst(2).range(of: "  "))
        let column = first.distance(
            from: first.startIndex, to: first[gap.lowerBound...].firstIndex { $0 != " " } ?? first.endIndex)
        var continued = 0
        for row in rows {
            #expect(row.count <= 80, "\(row)")
            let padding = row.prefix { $0 == " " }.count
            if padding == column {
                continued += 1
                continue
            }
            #expect(padding == 2, "\(row)")
            // The summary begins at the column, after the usage and its padding.
            let characters = Array(row)
            #expect(
                characters.count > column && characters[column - 1] == " " && characters[column] != " ",
                "a summary out of its column \(column):\n\(row)")
        }
        #expect(continued > 0, "no summary was long enough to wrap at 80 columns")
        // Ctrl-D once the shell reads again: typed while it still prints, it could be flushed.
        _ = try terminal.waitForPrompt(after: end)
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }
}
