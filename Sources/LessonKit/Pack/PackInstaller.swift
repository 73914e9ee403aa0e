import Foundation
import Playground

/// Puts a loaded pack where `--pack ID` finds it (`PackLocation.Context.installedPacks`).
package enum PackInstaller {
    package struct Installed: Sendable {
        package var destination: URL
        /// The version the install replaced ("unreadable" when the old copy had errors); nil for a first install.
        package var replacedVersion: String?
    }

    package struct Refused: Error, CustomStringConvertible {
        package var description: String
    }

    /// The moments an install can be interrupted at, in order (`SEGUELAB_INSTALL_FAULT=PHASE`
    /// kills the installing process there, for the tests that prove each leaves a working pack).
    package enum Phase: String, CaseIterable, Sendable {
        /// Leftovers of interrupted installs cleared.
        case cleaned
        /// The new copy complete beside the destination (`.incoming-*`).
        case copied
        /// The new copy in place, the old one beside it (`.old-*`).
        case swapped
        /// The old copy removed.
        case removed
    }

    /// Copies the pack folder `root` (which `pack` was loaded from) into `installed/ID`, replacing
    /// an older copy. The copy is made beside the destination and swapped in by one rename
    /// (`renameat2` with `RENAME_EXCHANGE`), and only then is the old copy removed: killed at any
    /// moment, the install leaves the old pack or the new one in place, never none or half of
    /// one. What an interrupted install left beside it (`.incoming-*`, `.old-*`) is cleared by the
    /// next install; an `.old-*` copy whose pack has no copy in place is put back first.
    package static func install(_ pack: Pack, from root: URL, into installed: URL) throws -> Installed {
        guard !pack.id.hasPrefix(".") else {
            throw Refused(description: "pack id '\(pack.id)' cannot be installed: it must not start with '.'")
        }
        do {
            return try replace(pack, from: root, into: installed)
        } catch let refused as Refused {
            throw refused
        } catch {
            // One line with the cause, not Foundation's dump of its error.
            let cause = FileErrorWords.describe(error)
            throw Refused(description: "cannot install '\(pack.id)' in \(installed.path): \(cause)")
        }
    }

    private static func replace(_ pack: Pack, from root: URL, into installed: URL) throws -> Installed {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: installed, withIntermediateDirectories: true)
        recoverInterruptedInstalls(in: installed)
        checkpoint(.cleaned)
        let destination = installed.appendingPathComponent(pack.id, isDirectory: true)
        let incoming = installed.appendingPathComponent(".incoming-\(pack.id)-\(UUID().uuidString)", isDirectory: true)
        defer { try? fileManager.removeItem(at: incoming) }
        try fileManager.copyItem(at: root, to: incoming)
        checkpoint(.copied)
        var replaced: String?
        if fileManager.fileExists(atPath: destination.path) {
            replaced = PackLoader.load(from: destination).pack?.manifest.version ?? "unreadable"
            let old = installed.appendingPathComponent(".old-\(pack.id)-\(UUID().uuidString)", isDirectory: true)
            if exchange(incoming, destination) {
                // The old copy now lies at `incoming`: named as old so a kill here is understood.
                try fileManager.moveItem(at: incoming, to: old)
            } else {
                // No exchange on this file system: two renames, the gap between them covered by
                // the next install putting `.old-*` back.
                try fileManager.moveItem(at: destination, to: old)
                try fileManager.moveItem(at: incoming, to: destination)
            }
            checkpoint(.swapped)
            try? fileManager.removeItem(at: old)
        } else {
            try fileManager.moveItem(at: incoming, to: destination)
            checkpoint(.swapped)
        }
        checkpoint(.removed)
        return Installed(destination: destination, replacedVersion: replaced)
    }

    /// Clears `.incoming-*` (copies never swapped in) and `.old-*` (copies replaced); an old copy
    /// is put back where its pack has no copy in place (killed between two renames).
    static func recoverInterruptedInstalls(in installed: URL) {
        let fileManager = FileManager.default
        let names = (try? fileManager.contentsOfDirectory(atPath: installed.path)) ?? []
        for name in names where name.hasPrefix(".incoming-") {
            try? fileManager.removeItem(at: installed.appendingPathComponent(name))
        }
        for name in names.sorted() where name.hasPrefix(".old-") {
            let old = installed.appendingPathComponent(name, isDirectory: true)
            if let id = PackLoader.load(from: old).pack?.id, !id.hasPrefix("."),
                !fileManager.fileExists(atPath: installed.appendingPathComponent(id).path)
            {
                try? fileManager.moveItem(at: old, to: installed.appendingPathComponent(id, isDirectory: true))
            } else {
                try? fileManager.removeItem(at: old)
            }
        }
    }

    /// Swaps two paths in one step; false where the file system cannot.
    private static func exchange(_ a: URL, _ b: URL) -> Bool { PathExchange.exchange(a.path, b.path) }

    private static func checkpoint(_ phase: Phase) {
        if ProcessInfo.processInfo.environment["SEGUELAB_INSTALL_FAULT"] == phase.rawValue { kill(getpid(), SIGKILL) }
    }
}
