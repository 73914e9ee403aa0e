import Foundation
import ZIPFoundation

extension PackArchive {
    /// Writes the pack folder `root` as a `.zip` archive at `archive` (replaced if it exists),
    /// the pack's files at the archive's top level. Every pack seguelab hands out as an archive
    /// is written here, and read back by `extract` under the rules of any stranger's archive.
    package static func write(pack root: URL, to archive: URL) throws {
        try? FileManager.default.removeItem(at: archive)
        try FileManager.default.zipItem(at: root, to: archive, shouldKeepParent: false, compressionMethod: .deflate)
    }

    /// The SHA-256 of a file's bytes, in lowercase hex (coreutils' `sha256sum`).
    package static func sha256(of file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = ["--", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let said = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let hash = String(decoding: said.prefix(64), as: UTF8.self)
        guard process.terminationStatus == 0, hash.count == 64, hash.allSatisfy(\.isHexDigit) else {
            throw Failure(archive: file.lastPathComponent, reason: "its SHA-256 could not be computed (sha256sum)")
        }
        return hash
    }
}
