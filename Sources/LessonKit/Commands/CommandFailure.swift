/// Why a command of seguelab's could not do what it was asked, in one or more lines; the
/// executable reports each as `seguelab: error: …` with exit status 1.
package struct CommandFailure: Error, CustomStringConvertible, Equatable {
    package var description: String
    package init(_ description: String) { self.description = description }

    /// The message as printed: each line `seguelab: error: …`, unless it names its own place
    /// (`file:line:col: error: …`).
    package var lines: [String] {
        description.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            // A message that already says "error:" is not said twice ("seguelab: error: error: …").
            let bare = line.hasPrefix("error: ") ? line.dropFirst("error: ".count) : line
            return line.contains(": error: ") ? String(line) : "seguelab: error: \(bare)"
        }
    }
}
