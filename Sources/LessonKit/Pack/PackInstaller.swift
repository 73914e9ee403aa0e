import Foundation

/// Puts a loaded pack where `--pack ID` finds it (`PackLocation.Context.installedPacks`).
public enum PackInstaller {
    public struct Installed: Sendable {
        public var destination: URL
        /// The version the install replaced ("unreadable" when the old copy had errors); nil for a first install.
        public var replacedVersion: String?
    }

    public struct Refused: Error, CustomStringConvertible {
        public var description: String
    }

    /// Copies the pack folder `root` (which `pack` was loaded from) into `installed/ID`, replacing
    /// an older copy. The copy is made beside the destination and then swapped in, so a
    /// half-copied pack is never installed.
    public static func install(_ pack: Pack, from root: URL, into installed: URL) throws -> Installed {
        guard !pack.id.hasPrefix(".") else { throw Refused(description: "pack id '\(pack.id)' cannot be installed: it must not start with '.'") }
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: installed, withIntermediateDirectories: true)
        let destination = installed.appendingPathComponent(pack.id, isDirectory: true)
        let incoming = installed.appendingPathComponent(".incoming-\(UUID().uuidString)", isDirectory: true)
        defer { try? fileManager.removeItem(at: incoming) }
        try fileManager.copyItem(at: root, to: incoming)
        var replaced: String?
        if fileManager.fileExists(atPath: destination.path) {
            replaced = PackLoader.load(from: destination).pack?.manifest.version ?? "unreadable"
            let old = installed.appendingPathComponent(".old-\(UUID().uuidString)", isDirectory: true)
            try fileManager.moveItem(at: destination, to: old)
            try? fileManager.removeItem(at: old)
        }
        try fileManager.moveItem(at: incoming, to: destination)
        return Installed(destination: destination, replacedVersion: replaced)
    }
}
