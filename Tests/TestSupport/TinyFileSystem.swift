import Foundation

/// A small tmpfs mounted for one test (read-only, or tiny to fill up), where permitted.
package struct TinyFileSystem {
    package let url: URL

    package static let canMount: Bool = {
        guard let probe = try? TinyFileSystem(options: "size=16k") else { return false }
        probe.unmount()
        return true
    }()

    package init(options: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("lessonkit-mount-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", options, "tmpfs", url.path]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: url)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    package func unmount() {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [url.path]
        try? umount.run()
        umount.waitUntilExit()
        try? FileManager.default.removeItem(at: url)
    }
}
