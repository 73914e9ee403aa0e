import Foundation
import TestSupport
import Testing

/// The session the README shows ("## A session") is what the shell prints: its inputs are typed
/// into a real 80-column terminal on the built-in lessons and the screen is compared with the
/// README's text, line by line. A line `…` in the README stands for any lines left out.
///
/// Two things vary from run to run and are set aside on both sides: SegueKit's one-time build
/// (announced only when it is not cached yet) and the minutes `progress` counts.
@Suite(.serialized) struct ReadmeSessionTests {
    @Test func theReadmeSessionIsWhatTheShellPrints() throws {
        let readme = try String(
            contentsOf: CourseWalkthroughTests.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = try #require(Self.session(in: readme), "README.md has no ```text block under '## A session'")
        let inputs = shown.compactMap(Self.input).filter { $0 != "^D" }
        // SegueKit is compiled into the shared cache first: the README shows the one-time build
        // announcement, which the comparison sets aside, and a build running in the session
        // (wrapped to the terminal, with its updating line) would add lines around it.
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let warm = home.appendingPathComponent("Warm.swift")
        try "print(\"warm\")\n".write(to: warm, atomically: true, encoding: .utf8)
        let warmed = try SeguelabBinary.runPiped("", arguments: ["run", warm.path], home: home)
        #expect(warmed.stdout.contains("warm"), "SegueKit compiles into the shared cache: \(warmed.stderr)")
        // Ctrl-D (`^D`) ends the session: the driver types it after the other inputs.
        #expect(shown.compactMap(Self.input).last == "^D", "the README's session ends with Ctrl-D")
        let screen = try SmallTerminalCourseTests.drive(
            WalkthroughInputs(script: inputs.joined(separator: "\n")), columns: 80, rows: 500
        ).transcript
        let actual = screen.lines.compactMap(Self.normalised)
        let expected = shown.dropFirst().compactMap(Self.normalised)
        if let problem = Self.mismatch(expected: expected, actual: actual) {
            Issue.record(
                """
                README.md's session differs from the shell's: \(problem)
                The shell printed (update the README from this, keeping its `…`):
                \(actual.joined(separator: "\n"))
                """)
        }
    }

    /// The matching itself: `…` takes any lines, and nothing else differs.
    @Test func theComparisonFindsAChangedLine() {
        #expect(Self.mismatch(expected: ["a", "…", "d"], actual: ["a", "b", "c", "d"]) == nil)
        #expect(Self.mismatch(expected: ["a", "…", "c", "…"], actual: ["a", "b", "c", "d"]) == nil)
        #expect(Self.mismatch(expected: ["a", "c"], actual: ["a", "b", "c"]) != nil)
        #expect(Self.mismatch(expected: ["a", "…", "x"], actual: ["a", "b", "c"]) != nil)
        #expect(Self.mismatch(expected: ["a", "b"], actual: ["a", "b", "c"]) != nil)
    }

    /// The README's session block (without its first line, the command that opens the shell).
    static func session(in readme: String) -> [String]? {
        guard let section = readme.range(of: "\n## A session\n"),
            let open = readme.range(of: "```text\n", range: section.upperBound..<readme.endIndex),
            let close = readme.range(of: "\n```", range: open.upperBound..<readme.endIndex)
        else { return nil }
        return readme[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    /// What was typed on a prompt line of the README.
    static func input(_ line: String) -> String? {
        guard let match = line.firstMatch(of: #/^seguelab(:[^\s>]+)?> (.*)$/#) else { return nil }
        return String(match.output.2)
    }

    static func normalised(_ line: String) -> String? {
        let trimmed = String(line.reversed().drop { $0 == " " }.reversed())
        if trimmed.hasPrefix("Compiling SegueKit") || trimmed.hasPrefix("SegueKit compiled in") { return nil }
        return trimmed.replacing(/time: \d+ min/, with: "time: N min")
    }

    /// Nil when `actual` is `expected` with each `…` line standing for any lines; else what differs.
    static func mismatch(expected: [String], actual: [String]) -> String? {
        let segments = expected.split(separator: "…", omittingEmptySubsequences: false).map(Array.init)
        var position = 0
        for (index, segment) in segments.enumerated() {
            let isFirst = index == 0
            let isLast = index == segments.count - 1
            var found: Int?
            if isLast && !isFirst {
                let start = actual.count - segment.count
                found = start >= position && Array(actual[max(start, 0)...]) == segment ? start : nil
            } else if isFirst {
                found = actual.starts(with: segment) ? 0 : nil
            } else {
                found = (position...max(position, actual.count - segment.count)).first { start in
                    start + segment.count <= actual.count && Array(actual[start..<(start + segment.count)]) == segment
                }
            }
            guard let start = found else {
                let near =
                    segment.first { line in !actual[min(position, actual.count)...].contains(line) } ?? segment.first
                    ?? ""
                return "the lines from '\(segment.first ?? "")' are not shown in that order (first missing: '\(near)')"
            }
            if isFirst && isLast && segment.count != actual.count {
                return "the shell printed more lines than the README shows"
            }
            position = start + segment.count
        }
        return nil
    }
}
