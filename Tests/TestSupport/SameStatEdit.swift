import Foundation

/// An edit a cache keyed on a file's size and modification time cannot see: the file rewritten
/// in place with text of the same length, its access and modification times then put back as
/// `touch -r` puts them.
package enum SameStatEdit {
    /// Rewrites `path` with `text`; true when the size and modification time are as before.
    package static func rewrite(_ path: String, with text: String) throws -> Bool {
        var before = stat()
        guard lstat(path, &before) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var times = [before.st_atim, before.st_mtim]
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
        var after = stat()
        guard lstat(path, &after) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
        return after.st_size == before.st_size && after.st_mtim.tv_sec == before.st_mtim.tv_sec
            && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec
    }
}
