import Foundation

/// A problem reported at a place in a file, printed as `file:line:col: severity: message`:
/// the compiler's, placed on the learner's own file and line, and a lesson pack's.
package struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    package enum Severity: String, Sendable, Hashable, Comparable {
        case error, warning, note, remark

        private var rank: Int { [.error, .warning, .note, .remark].firstIndex(of: self)! }
        package static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    package struct FixIt: Sendable, Hashable {
        package var text: String
        package init(text: String) { self.text = text }
    }

    /// The file as its reader knows it (`Exercise.swift`, a pack file's path); empty for
    /// diagnostics with no location.
    package var file: String
    package var line: Int
    package var column: Int
    package var severity: Severity
    package var message: String
    /// The text of the offending line, when the file is known.
    package var sourceLine: String?
    package var fixIts: [FixIt]?
    /// In code the learner cannot see (a lesson's prelude or harness, support code): the problem
    /// is the lesson's, so the learner is shown no place in it; pack checks still map it to the author's line.
    package var inHiddenCode: Bool

    package init(
        file: String, line: Int, column: Int, severity: Severity, message: String,
        sourceLine: String? = nil, fixIts: [FixIt]? = nil, inHiddenCode: Bool = false
    ) {
        self.inHiddenCode = inHiddenCode
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.sourceLine = sourceLine
        self.fixIts = fixIts
    }

    package init(_ severity: Severity, _ message: String, at location: SourceLocation?) {
        self.init(
            file: location?.file ?? "", line: location?.line ?? 0, column: location?.column ?? 0,
            severity: severity, message: message)
    }

    /// Where the problem is, as its reader may be shown it; nil when the diagnostic names no
    /// file or is in hidden code.
    package var location: SourceLocation? {
        file.isEmpty || inHiddenCode ? nil : SourceLocation(file: file, line: line, column: column)
    }

    /// The header line: `file:line:col: severity: message`.
    package var description: String {
        if inHiddenCode { return "\(severity.rawValue): \(message) (in lesson support code \(file):\(line))" }
        var header = ""
        if !file.isEmpty { header = line > 0 ? "\(file):\(line):\(column): " : "\(file): " }
        return header + "\(severity.rawValue): \(message)"
    }

    /// Plain text like a compiler prints it: header, source line, caret under the column.
    package func rendered() -> String {
        let header = description
        guard let sourceLine, column > 0 else { return header }
        // Keep tabs in the caret line so the caret lands under the right character.
        let prefix = sourceLine.prefix(column - 1).map { $0 == "\t" ? "\t" : " " }.joined()
        var lines = [header, sourceLine, prefix + "^"]
        if let fixIts, !fixIts.isEmpty {
            lines.append(prefix + fixIts.map(\.text).joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }
}

extension Array where Element == Diagnostic {
    /// True when at least one diagnostic is an error (warnings do not fail a pack).
    package var hasErrors: Bool { contains { $0.severity == .error } }

    /// Diagnostics ordered by file, then position, so output reads like a compiler's.
    package func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            let la = a.element
            let lb = b.element
            if la.file != lb.file { return la.file < lb.file }
            if la.line != lb.line { return la.line < lb.line }
            if la.column != lb.column { return la.column < lb.column }
            return a.offset < b.offset
        }.map(\.element)
    }
}

/// Reads LLVM-style compiler output (`file:line:col: severity: message` headers followed by
