import Foundation
import Testing

@testable import Workshop

/// Which workshop server `seguelab workshop serve` runs: the one beside seguelab, or one built
/// from the sources, decided from the files alone (nothing is built or started here).
@Suite struct WorkshopServerLauncherTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launcher-\(UUID().uuidString)")

    func touch(_ path: String, at date: Date, executable: Bool = false) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: url)
        var attributes: [FileAttributeKey: Any] = [.modificationDate: date]
        if executable { attributes[.posixPermissions] = 0o755 }
        try FileManager.default.setAttributes(attributes, ofItemAtPath: url.path)
    }

    var bin: URL { folder.appendingPathComponent("bin") }
    var sources: URL { folder.appendingPathComponent("checkout") }
    var server: String { bin.appendingPathComponent(WorkshopServerLauncher.product).path }
    // Folders count as sources too, and the ones made here are new: the server is dated later.
    let old = Date(timeIntervalSince1970: 1_700_000_000)
    let new = Date().addingTimeInterval(3600)

    @Test func withoutSourcesTheServerBesideSeguelabRuns() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try touch("bin/\(WorkshopServerLauncher.product)", at: old, executable: true)
        #expect(try WorkshopServerLauncher.choose(executableDirectory: bin, sources: sources) == .built(server))
    }

    @Test func withoutSourcesOrServerTheFailureSaysWhereItLooked() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let failure = WorkshopServerLauncher.Failure(
            "the workshop server (seguelab-workshop) is not next to seguelab, "
                + "and the sources to build it are not at \(sources.path)")
        #expect(throws: failure) { try WorkshopServerLauncher.choose(executableDirectory: bin, sources: sources) }
    }

    @Test func aServerNewerThanEverySourceRunsAsItIs() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try touch("checkout/Package.swift", at: old)
        try touch("checkout/Sources/WorkshopServer/Room.swift", at: old)
        try touch("bin/\(WorkshopServerLauncher.product)", at: new, executable: true)
        #expect(try WorkshopServerLauncher.choose(executableDirectory: bin, sources: sources) == .built(server))
    }

    @Test func aSourceChangedSinceTheBuildOrNoServerMeansABuild() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try touch("checkout/Package.swift", at: old)
        #expect(try WorkshopServerLauncher.choose(executableDirectory: bin, sources: sources) == .build(root: sources))
        try touch("bin/\(WorkshopServerLauncher.product)", at: new, executable: true)
        try touch("checkout/Sources/Workshop/Deep/Newer.swift", at: new.addingTimeInterval(60))
        #expect(try WorkshopServerLauncher.choose(executableDirectory: bin, sources: sources) == .build(root: sources))
    }
}
