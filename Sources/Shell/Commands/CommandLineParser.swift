/// One line typed at the prompt, split into a command name and its arguments.
package struct CommandInvocation: Equatable, Sendable {
    package var name: String
    /// Arguments split like a shell does: spaces separate, quotes group, backslash escapes.
    package var arguments: [String]
    /// Everything after the command name, untouched: commands that take Swift code use this.
    package var rawArguments: String

    package init(name: String, arguments: [String], rawArguments: String) {
        self.name = name
        self.arguments = arguments
        self.rawArguments = rawArguments
    }
}

package struct CommandSyntaxError: Error, Equatable, CustomStringConvertible, Sendable {
    /// 1-based column of the problem in the typed line.
    package var column: Int
    package var message: String
    package var description: String { "column \(column): \(message)" }
}

package enum CommandLineParser {
    /// Parses a typed line. Returns nil for a blank line or a `#` comment (scripts use them).
    package static func parse(_ line: String) throws(CommandSyntaxError) -> CommandInvocation? {
        let trimmed = line.drop { $0.isWhitespace }
        guard let first = trimmed.first, first != "#" else { return nil }
        let nameEnd = trimmed.firstIndex { $0.isWhitespace } ?? trimmed.endIndex
        let name = String(trimmed[..<nameEnd])
        let raw = trimmed[nameEnd...].drop { $0.isWhitespace }
        let offset = line.distance(from: line.startIndex, to: raw.startIndex)
        let arguments = try split(String(raw), columnOffset: offset)
        return CommandInvocation(name: name, arguments: arguments, rawArguments: String(raw))
    }

    /// Splits arguments the way a POSIX shell would, without expanding anything.
    package static func split(_ text: String, columnOffset: Int = 0) throws(CommandSyntaxError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: (char: Character, column: Int)?
        var escaping = false
        for (index, c) in text.enumerated() {
            if escaping {
                current.append(c)
                escaping = false
                inWord = true
                continue
            }
            if let q = quote {
                if c == q.char {
                    quote = nil
                } else if c == "\\" && q.char == "\"" {
                    escaping = true
                } else {
                    current.append(c)
                }
                continue
            }
            switch c {
            case "\\":
                escaping = true
                inWord = true
            case "\"", "'":
                quote = (c, columnOffset + index + 1)
                inWord = true
            case _ where c.isWhitespace:
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            default:
                current.append(c)
                inWord = true
            }
        }
        if let q = quote {
            throw CommandSyntaxError(column: q.column, message: "unterminated \(q.char) quote")
        }
        if escaping { current.append("\\") }
        if inWord { words.append(current) }
        return words
    }
}
