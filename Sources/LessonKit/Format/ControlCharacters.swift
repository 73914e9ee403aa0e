/// Control characters in text that came from a pack or a program. Printed raw they would act
/// on the learner's terminal (set the clipboard, retitle the window, clear the screen) or fake
/// lines of output; shown through `visible` they are harmless and still readable.
package enum ControlCharacters {
    /// True for a character a terminal acts on rather than prints: C0 controls other than tab,
    /// line feed and carriage return, DEL, and the C1 range (U+0080–U+009F).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || (0x7F...0x9F).contains(value)
    }

    /// Caret notation: ESC is `^[`, BEL `^G`, DEL `^?`, a C1 control its 7-bit form (`^[[` for CSI).
    package static func caret(_ scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        switch value {
        case 0x7F: return "^?"
        case 0x80...0x9F: return "^[" + String(UnicodeScalar(UInt8(value - 0x40)))
        default: return "^" + String(UnicodeScalar(UInt8(value + 0x40)))
        }
    }

    /// `text` with every control character (line breaks too) in caret notation: for a name
    /// quoted in a message, which must stay on one line.
    package static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) || scalar == "\n" || scalar == "\r" {
                result += caret(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Text to print on a terminal: SGR colour sequences (`ESC [ … m`) are kept when
    /// `keepingColour`, line breaks and tabs are kept, a carriage return only before a line
    /// feed (alone it would let a line overwrite another), and every other control character
    /// is shown in caret notation.
    package static func neutralised(_ text: String, keepingColour: Bool = true) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", keepingColour, let end = sgrEnd(scalars, from: index) {
                result.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
                result.append(scalar)
            } else if isControl(scalar) || scalar == "\r" {
                result.append(contentsOf: caret(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
            index += 1
        }
        return String(result)
    }

    /// The index of the `m` ending an SGR sequence that starts at `start`, if it is one.
    private static func sgrEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 1 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, index - start < 64 {
            let scalar = scalars[index]
            if scalar == "m" { return index }
            guard ("0"..."9").contains(scalar) || scalar == ";" || scalar == ":" else { return nil }
            index += 1
        }
        return nil
    }
}
