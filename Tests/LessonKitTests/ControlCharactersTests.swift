import Testing

@testable import LessonKit

/// Text from a pack or a program reaches the terminal only as text: colour passes, every other
/// control sequence is shown in caret notation.
@Suite struct ControlCharactersTests {
    @Test func colourPassesAndEverythingElseIsShown() {
        let text =
            "\u{1B}[1;31mred\u{1B}[0m \u{1B}]52;c;cm0gLXJm\u{07} \u{1B}]0;pwned\u{07} \u{1B}[?1049h\u{1B}[2J\u{1B}[H \u{9B}31m tab\tok\r\nnext\rover"
        let shown = ControlCharacters.neutralised(text)
        #expect(
            shown
                == "\u{1B}[1;31mred\u{1B}[0m ^[]52;c;cm0gLXJm^G ^[]0;pwned^G ^[[?1049h^[[2J^[[H ^[[31m tab\tok\r\nnext^Mover"
        )
        #expect(!ControlCharacters.neutralised(text, keepingColour: false).contains("\u{1B}"))
    }

    @Test func aQuotedNameStaysOnOneLine() {
        #expect(ControlCharacters.visible("a\u{1B}[2Jb\nc") == "a^[[2Jb^Jc")
        let failure = PackArchive.Failure(
            archive: "course.tgz", entry: "course/\u{1B}]0;x\u{07}\nerror: all is well",
            reason: "absolute paths are not allowed")
        #expect(
            failure.description
                == "course.tgz: entry 'course/^[]0;x^G^Jerror: all is well': absolute paths are not allowed")
    }
}
