import Foundation

/// Test helper programs (a fake `$EDITOR`, …) are written by another process and moved into
/// place. A file this test process wrote itself could be held open for writing, for an instant,
/// by a child another test forks at that moment, and running it then fails with "Text file busy".
enum ExecutableScript {
    static func write(_ text: String, to url: URL) throws {
        let source = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).source")
        try Data(text.utf8).write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        // `install` writes a new file of its own (it never forks while it holds it) and renames
        // it over the destination.
        let staged = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).staged")
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/usr/bin/install")
        install.arguments = ["-m", "755", source.path, staged.path]
        try install.run()
        install.waitUntilExit()
        guard install.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        guard rename(staged.path, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
