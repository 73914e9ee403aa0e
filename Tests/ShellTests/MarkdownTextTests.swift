import Testing
@testable import Shell

@Suite struct MarkdownTextTests {
    let plain = MarkdownText(style: Style(enabled: false), width: 30)

    @Test func paragraphsAreWrappedAndJoined() {
        let text = plain.render("A segue names a\ntransition between two scenes of a storyboard.\n\nSecond paragraph.")
        #expect(text == """
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

    @Test func headingsBoldAndListsKeepTheirLines() {
        let text = plain.render("# Recap\n- **Enums** catch typos\n- a switch is\n  exhaustive\n1. one")
        #expect(text == "Recap\n- Enums catch typos\n- a switch is exhaustive\n1. one")
    }

    @Test func colourReplacesBackticks() {
        let coloured = MarkdownText(style: Style(enabled: true), width: 80).inline("use `next`")
        #expect(!coloured.contains("`"))
        #expect(coloured.contains("next"))
    }
}
