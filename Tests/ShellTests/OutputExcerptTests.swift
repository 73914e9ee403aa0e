import Playground
import Testing

@testable import Shell

/// A program's output and error output shown in the order they were written, each cut alike.
@Suite struct OutputExcerptTests {
    @Test func streamsAreShownInOrderWithErrorOutputMarkedAndLinesWhole() {
        let runs = [
            OutputRun(isError: false, text: "loading sh"), OutputRun(isError: true, text: "no cover\n"),
            OutputRun(isError: false, text: "elf\nOn screen: Dune\n"), OutputRun(isError: true, text: "done\n")
        ]
        #expect(
            OutputExcerpt(runs).lines(style: Style(enabled: false)) == [
                "loading shelf", "stderr│ no cover", "On screen: Dune", "stderr│ done"
            ])
    }

    /// A flood on one stream is cut to its beginning and end; the other stream is shown whole
    /// where it came.
    @Test func eachStreamKeepsItsOwnBeginningAndEnd() {
        var runs = [OutputRun(isError: true, text: "starting\n")]
        runs.append(OutputRun(isError: false, text: (1...500).map { "line \($0)\n" }.joined()))
        runs.append(OutputRun(isError: true, text: "finished\n"))
        let lines = OutputExcerpt(runs).lines(style: Style(enabled: false))
        #expect(lines.first == "stderr│ starting")
        #expect(lines[1...100] == ArraySlice((1...100).map { "line \($0)" }))
        #expect(lines[101] == "… 390 more lines not shown …")
        #expect(Array(lines[102...]) == (491...500).map { "line \($0)" } + ["stderr│ finished"])
    }

    /// One line of 900 KB (a program printing without newlines) is cut like a long output: its
    /// beginning, then how much was left out.
    @Test func aVeryLongLineIsShortened() {
        let line = String(repeating: "0123456789", count: 90_000)
        let runs = [OutputRun(isError: false, text: "start\n" + line + "\nend\n")]
        let lines = OutputExcerpt(runs).lines(style: Style(enabled: false))
        #expect(
            lines == [
                "start", String(line.prefix(OutputExcerpt.lineCharacters)),
                "… \(900_000 - OutputExcerpt.lineCharacters) more characters of this line not shown …", "end"
            ])
    }
}
