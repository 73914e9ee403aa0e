import Foundation
import Playground

/// French puts a no-break space before `:` (U+00A0) and a narrow one before `; ? !` (U+202F),
/// and a no-break space inside « ». An ordinary space there lets the terminal wrap the mark
/// alone onto the next line; none at all reads as English punctuation.
enum FrenchTypography {
    /// The first typography slip in a line of Markdown prose, as a message and its 1-based column.
    /// Inline code and links are left alone: they are Swift or addresses, not French; so are
    /// the words between « and », often a title in its own language.
    static func problem(in line: String) -> (message: String, column: Int)? {
        // Most lines hold no mark at all: settled on their bytes before any Character is made
        // (`: ; ? !`, and 0xC2, the first byte of « and » and of a no-break space).
        guard line.utf8.contains(where: { $0 == 0x3A || $0 == 0x3B || $0 == 0x3F || $0 == 0x21 || $0 == 0xC2 }) else {
            return nil
        }
        let characters = Array(line)
        var inCode = false
        var inLink = false
        var inQuote = false
        for (index, character) in characters.enumerated() {
            if character == "`" {
                inCode.toggle()
                continue
            }
            if character == "<", line.dropFirst(index).hasPrefix("<http") { inLink = true }
            if character == ">" && inLink {
                inLink = false
                continue
            }
            if inCode || inLink { continue }
            let before: Character? = index > 0 ? characters[index - 1] : nil
            let after: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case ":", ";", "?", "!":
                if inQuote { break }
                // Only a mark that ends a word of running text: `a:b`, `??` and `https:` are not French.
                guard let before, after == nil || after == " " else { break }
                let wanted = character == ":" ? "U+00A0 (no-break space)" : "U+202F (narrow no-break space)"
                if before == " " {
                    return (
                        "an ordinary space before '\(character)': French wants \(wanted) there, or the mark may wrap alone onto the next line",
                        index
                    )
                }
                if before.isLetter || before == "»" || before == ")" || before == "*" {
                    return ("no space before '\(character)': French wants \(wanted) there", index + 1)
                }
            case "«":
                inQuote = true
                if after != "\u{00A0}" && after != "\u{202F}" {
                    return ("French wants U+00A0 (no-break space) after «", index + 1)
                }
            case "»":
                inQuote = false
                if before != "\u{00A0}" && before != "\u{202F}" {
                    return ("French wants U+00A0 (no-break space) before »", index + 1)
                }
            default:
                break
            }
        }
        return nil
    }
}
