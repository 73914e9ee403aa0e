/// The multi-line input rule: Swift typed at the prompt continues onto another line while a
/// brace, bracket or parenthesis, a string literal (including `"""` and raw `#"…"#` strings and
/// `\(…)` interpolations) or a block comment is still open. Balancing them finishes the entry.
///
/// An extra closer (`}` with nothing open) finishes the entry too: the compiler, not the prompt,
/// is the right place to report it.
package struct InputBalance: Equatable, Sendable {
    /// What is still open, innermost last, e.g. `["{", "("]` or `["\"\"\""]`.
    package private(set) var open: [String] = []
    /// Nesting depth of `/* … */` comments still open.
    package private(set) var openBlockComments = 0

    init(open: [String] = [], openBlockComments: Int = 0) {
        self.open = open
        self.openBlockComments = openBlockComments
    }

    package var isComplete: Bool { open.isEmpty && openBlockComments == 0 }

    package static func of(_ text: String) -> InputBalance {
        var scanner = Scanner(Array(text.unicodeScalars))
        scanner.run()
        return scanner.balance
    }

    package static func isComplete(_ text: String) -> Bool { of(text).isComplete }
}

/// The balance of an entry followed line by line: each line is scanned on its own, from where
/// the lines before it left off, so a long entry costs its length once, not once per line.
package struct InputBalanceTracker: Sendable {
    private var stack: [Frame] = []
    private var blockCommentDepth = 0

    package init() {}

    /// Adds the next line; returns the balance of all lines so far (what `InputBalance.of`
    /// gives for them joined with "\n").
    package mutating func add(_ line: String) -> InputBalance {
        var probe = Scanner(Array(line.unicodeScalars), stack: stack, blockCommentDepth: blockCommentDepth)
        probe.run()
        // Scanned again with its line break, the state the next line starts from. No token
        // looks past a line break, so nothing here depends on the line to come.
        var committed = Scanner(Array((line + "\n").unicodeScalars), stack: stack, blockCommentDepth: blockCommentDepth)
        committed.run()
        stack = committed.stack
        blockCommentDepth = committed.blockCommentDepth
        return probe.balance
    }
}

private enum Frame: Sendable {
    case bracket(Unicode.Scalar)
    case string(multiline: Bool, hashes: Int)
    case interpolation

    var token: String {
        switch self {
        case .bracket(let c): return String(Character(c))
        case .string(let multiline, let hashes):
            let pounds = String(repeating: "#", count: hashes)
            return pounds + (multiline ? "\"\"\"" : "\"")
        case .interpolation: return "\\("
        }
    }
}

private struct Scanner {
    let s: [Unicode.Scalar]
    var i = 0
    var stack: [Frame] = []
    var blockCommentDepth = 0

    init(_ s: [Unicode.Scalar], stack: [Frame] = [], blockCommentDepth: Int = 0) {
        self.s = s
        self.stack = stack
        self.blockCommentDepth = blockCommentDepth
    }

    var balance: InputBalance { InputBalance(open: stack.map(\.token), openBlockComments: blockCommentDepth) }

    func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }

    /// Counts `#` starting at `k`.
    func pounds(from k: Int) -> Int {
        var j = k
        while at(j) == "#" { j += 1 }
        return j - k
    }

    mutating func run() {
        while i < s.count {
            if blockCommentDepth > 0 {
                scanBlockComment()
                continue
            }
            if case .string(let multiline, let hashes)? = stack.last {
                scanString(multiline: multiline, hashes: hashes)
            } else {
                scanCode()
            }
        }
    }

    mutating func scanBlockComment() {
        if s[i] == "*", at(i + 1) == "/" {
            blockCommentDepth -= 1
            i += 2
        } else if s[i] == "/", at(i + 1) == "*" {
            blockCommentDepth += 1
            i += 2
        } else {
            i += 1
        }
    }

    mutating func scanString(multiline: Bool, hashes: Int) {
        let c = s[i]
        if c == "\\" {
            // With raw strings an escape needs as many `#` as the delimiter has.
            let found = min(pounds(from: i + 1), hashes)
            guard found == hashes else {
                i += 1
                return
            }
            let next = i + 1 + hashes
            if at(next) == "(" {
                stack.append(.interpolation)
                i = next + 1
            } else {
                i = next + 1
            }
            return
        }
        if c == "\"" {
            let quotes = multiline ? 3 : 1
            let closes = (0..<quotes).allSatisfy { at(i + $0) == "\"" } && pounds(from: i + quotes) >= hashes
            if closes {
                stack.removeLast()
                i += quotes + hashes
                return
            }
        }
        if c == "\n" && !multiline {
            // A single-line literal cannot span lines; leave the error to the compiler.
            stack.removeLast()
        }
        i += 1
    }

    mutating func scanCode() {
        let c = s[i]
        switch c {
        case "/" where at(i + 1) == "/":
            while i < s.count && s[i] != "\n" { i += 1 }
        case "/" where at(i + 1) == "*":
            blockCommentDepth = 1
            i += 2
        case "#", "\"":
            let hashes = pounds(from: i)
            let quote = i + hashes
            guard at(quote) == "\"" else {
                i = max(quote, i + 1)
                return
            }
            let multiline = at(quote + 1) == "\"" && at(quote + 2) == "\""
            stack.append(.string(multiline: multiline, hashes: hashes))
            i = quote + (multiline ? 3 : 1)
        case "(", "[", "{":
            stack.append(.bracket(c))
            i += 1
        case ")", "]", "}":
            if !stack.isEmpty { stack.removeLast() }
            i += 1
        default:
            i += 1
        }
    }
}
