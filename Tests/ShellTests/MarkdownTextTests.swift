import Testing

@testable import Shell

@Suite struct MarkdownTextTests {
    let plain = MarkdownText(style: Style(enabled: false), width: 30)

    @Test func paragraphsAreWrappedAndJoined() {
        let text = plain.render("A segue names a\ntransition between two scenes of a storyboard.\n\nSecond paragraph.")
        #expect(
            text == """
                A segue names a transition
                between two scenes of a
                storyboard.

                Second paragraph.
                """)
    }

    @Test func codeKeepsBackticksWithoutColourAndFencesAreIndented() {
        let text = plain.render("Call `performSegue` here:\n\n```swift\nlet x = 1\n```\n")
        #expect(text == "Call `performSegue` here:\n\n    let x = 1")
    }

    /// A diagram too wide for the 4-column indent loses indent as a block, not row by row: the
    /// terminal's fitting then leaves every row alone and the columns still line up.
    @Test func aWideDiagramGivesUpItsIndentAsABlock() {
        let diagram = """
            Shelf
              ├─ showBook   (show) → Book
              └─ showAuthor (show) → Author
            """
        // The widest row takes 31 columns: at 33, 2 columns of indent are left.
        let text = MarkdownText(style: Style(enabled: false), width: 33).render(
            "Scenes:\n\n```text\n\(diagram)\n```\n\nEnd.")
        #expect(
            text == """
                Scenes:

                  Shelf
                    ├─ showBook   (show) → Book
                    └─ showAuthor (show) → Author

                End.
                """)
        let wrap = WordWrap(width: 33)
        for row in text.split(separator: "\n") { #expect(wrap.fit(String(row)) == [String(row)]) }
        // Exactly as wide as the terminal: no indent at all.
        let narrow = MarkdownText(style: Style(enabled: false), width: 31).render("```\n\(diagram)\n```")
        #expect(narrow == diagram)
        // A block that fits keeps its 4 columns.
        #expect(plain.render("```\nShelf\n  └─ Book\n```") == "    Shelf\n      └─ Book")
    }

    @Test func headingsBoldAndListsKeepTheirLines() {
        let text = plain.render("# Recap\n- **Enums** catch typos\n- a switch is\n  exhaustive\n1. one")
        #expect(text == "Recap\n- Enums catch typos\n- a switch is exhaustive\n1. one")
    }

    @Test func emphasisIsRenderedNotShownWithItsMarks() {
        #expect(plain.inline("an *exhaustive* switch, _really_") == "an exhaustive switch, really")
        // Not emphasis: arithmetic, identifiers with underscores, a lone star.
        #expect(plain.inline("a * b * c, segue_id_name, 5 * 3") == "a * b * c, segue_id_name, 5 * 3")
        let coloured = MarkdownText(style: Style(enabled: true), width: 80).inline("an *exhaustive* switch")
        #expect(!coloured.contains("*"))
        #expect(coloured.contains("exhaustive"))
    }

    @Test func linesAreFittedToTheWidthBetweenWords() {
        let wrap = WordWrap(width: 30)
        #expect(
            wrap.fit("  b) The destination already exists during prepare")
                == ["  b) The destination already", "     exists during prepare"])
        #expect(
            wrap.fit("error: unknown command 'nxt' (did you mean 'next'?)")
                == ["error: unknown command 'nxt'", "       (did you mean 'next'?)"])
        #expect(wrap.fit("short line") == ["short line"])
        // Alignment runs shrink before anything is broken.
        #expect(wrap.fit("  ├─ showBook     (show)       → Book") == ["  ├─ showBook  (show)  → Book"])
        // Colour takes no room; a word longer than a line is the only thing cut.
        #expect(
            wrap.fit("\u{1B}[2mdim words that go on and on and on\u{1B}[0m").allSatisfy {
                WordWrap.visibleWidth($0) <= 30
            })
        #expect(wrap.fit(String(repeating: "x", count: 70)).map(\.count) == [30, 30, 10])
    }

    @Test func colourReplacesBackticks() {
        let coloured = MarkdownText(style: Style(enabled: true), width: 80).inline("use `next`")
        #expect(!coloured.contains("`"))
        #expect(coloured.contains("next"))
    }

    /// A word wider than a line is cut after a slash or hyphen when it has one; an autolink
    /// shows as its address, without Markdown's brackets.
    @Test func longWordsBreakAfterASlashAndAutolinksLoseTheirBrackets() {
        let wrap = WordWrap(width: 30)
        #expect(
            wrap.fit("see https://example.com/blog/a-rather-long-article-name/ now")
                == ["see", "https://example.com/blog/a-", "rather-long-article-name/ now"])
        #expect(plain.inline("at <https://example.com/x>.") == "at https://example.com/x.")
        #expect(plain.inline("a <b> c") == "a <b> c")
    }

    /// Code is never respaced: a wide line is broken between words and its continuation is
    /// marked, so it cannot pass for a line of its own.
    @Test func codeLinesAreBrokenWithAMarkedContinuation() {
        let wrap = WordWrap(width: 30)
        #expect(
            wrap.fitCode("    print(\"a  b\", separator: \"-\", terminator: \"\")", continuation: "  ↪     ")
                == ["    print(\"a  b\", separator:", "  ↪     \"-\", terminator: \"\")"])
        #expect(wrap.fitCode("    let x  =  1", continuation: "  ↪ ") == ["    let x  =  1"])
    }

    /// A fenced block inside a list item is code, its lines indented as written relative to
    /// the fence (not joined into the item's paragraph).
    @Test func aCodeBlockInAListItemKeepsItsIndentation() {
        let text = MarkdownText(style: Style(enabled: false), width: 60)
            .render("- A list item:\n\n  ```swift\n  if x {\n      y()\n  }\n  ```\n\nAfter.")
        #expect(text == "- A list item:\n\n    if x {\n        y()\n    }\n\nAfter.")
    }

    /// A line of a block too wide for the terminal goes on under `↪`, indented past its own
    /// indentation; the lines around it keep theirs.
    @Test func aWrappedCodeLineIsMarkedAndIndented() {
        let code =
            "func f() {\n    if let destination = segue.destination as? BookViewController, let book = sender as? Book {\n        go()\n    }\n}"
        let lines = MarkdownText(style: Style(enabled: false), width: 60, breaksCode: true).render(
            "```swift\n\(code)\n```"
        ).split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
        #expect(lines[1] == "    if let destination = segue.destination as?")
        #expect(lines[2] == "↪         BookViewController, let book = sender as? Book {")
        #expect(lines[3] == "        go()")
    }
}
