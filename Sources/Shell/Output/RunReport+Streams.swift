import Foundation

extension RunReport {
    /// Writes `text` to standard output or standard error at once, unbuffered, so that with
    /// both streams on one file the pieces land in the order they were written.
    package static func write(_ stream: Stream, _ text: String) {
        (stream == .output ? FileHandle.standardOutput : FileHandle.standardError).write(Data(text.utf8))
    }
}
