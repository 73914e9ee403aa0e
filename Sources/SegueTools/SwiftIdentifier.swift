/// Swift's identifier grammar (C11's extended identifier characters, as the compiler's lexer
/// takes them), narrowed to what is visible: generated code never holds a name with an
/// invisible character (zero-width, bidirectional control) that would make it read as
/// something else.
package enum SwiftIdentifier {
    /// Allowed anywhere in an identifier (C11 Annex D.1).
    private static let allowed: [ClosedRange<UInt32>] = [
        0x00A8...0x00A8, 0x00AA...0x00AA, 0x00AD...0x00AD, 0x00AF...0x00AF, 0x00B2...0x00B5, 0x00B7...0x00BA,
        0x00BC...0x00BE, 0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x00FF, 0x0100...0x167F, 0x1681...0x180D,
        0x180F...0x1FFF, 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
        0x2070...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007,
        0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE44,
        0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD,
        0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD, 0x90000...0x9FFFD,
        0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD, 0xE0000...0xEFFFD
    ]
    /// Allowed, but not first (C11 Annex D.2: combining marks).
    private static let notFirst: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F
    ]

    /// A scalar that may continue an identifier (and is visible).
    static func continues(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value)
                || (0x61...0x7A).contains(value) || value == 0x5F
        }
        switch scalar.properties.generalCategory {
        case .format, .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned,
            .surrogate:
            return false
        default:
            return allowed.contains { $0.contains(value) }
        }
    }

    /// A scalar that may start an identifier. Marks (accents, vowel signs), which Swift takes
    /// after the ranges of D.2 too, are kept off the start: they would join the space before.
    static func starts(_ scalar: Unicode.Scalar) -> Bool {
        guard continues(scalar), !(0x30...0x39).contains(scalar.value) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: return !notFirst.contains { $0.contains(scalar.value) }
        }
    }

    /// `text` is one identifier (without backticks).
    package static func isValid(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, starts(first) else { return false }
        return text.unicodeScalars.allSatisfy(continues)
    }

    /// `text` names a type: identifiers joined by dots (`Module.Screen`), none a keyword.
    package static func isValidTypeName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return parts.allSatisfy { isValid($0) && !SegueEnumGenerator.swiftKeywords.contains($0) && $0 != "_" }
    }
}
