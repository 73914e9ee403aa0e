import Foundation

/// Files replaced whole, so a reader never sees half of one.
package enum AtomicFile {
    /// Writes to a sibling temporary file, then renames over the target.
    package static func write(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
        try data.write(to: temporary)
        if rename(temporary.path, url.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw ToolchainError("cannot write \(url.path)")
        }
    }
}
