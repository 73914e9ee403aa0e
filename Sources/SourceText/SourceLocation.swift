import Foundation

/// A position in a file: 1-based line and column, like a compiler's (column 0 when only the
/// line is known, as in the runtime's crash messages).
package struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name the reader knows the file by (a learner's file, a pack file's path).
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, or `file:line` when the column is not known.
    package var description: String { column > 0 ? "\(file):\(line):\(column)" : "\(file):\(line)" }
}
