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

/// `serve`'s options are declared once: what the launcher is given, it hands the server whole.
@Suite struct ServeOptionsTests {
    static let everyOption = [
        "--port", "9191", "--host", "0.0.0.0", "--data", "/tmp/room.sqlite", "--database", "postgres://u@h/db",
        "--room", "sec-1", "--room", "sec-2", "--learner-rate", "12.5", "--new", "--max-learners", "30",
        "--events-per-learner", "40", "--room-storage", "500KiB", "--stuck-after", "12"
    ]

    @Test func theLauncherHandsOnEveryOptionItIsGiven() throws {
        let given = try ServeOptions.parse(Self.everyOption)
        #expect(try ServeOptions.parse(given.arguments) == given)
        #expect(given != (try ServeOptions.parse([])), "every option above differs from its default")
        // Every option the group declares is in what is handed on (one added later included).
        let dump = try #require(
            try JSONSerialization.jsonObject(with: Data(ServeOptions._dumpHelp().utf8)) as? [String: Any])
        let command = try #require(dump["command"] as? [String: Any])
        let declared = try #require(command["arguments"] as? [[String: Any]]).compactMap {
            ($0["preferredName"] as? [String: Any])?["name"] as? String
        }.filter { $0 != "help" }
        #expect(declared.count == 11, "\(declared)")
        for name in declared { #expect(given.arguments.contains("--" + name), "--\(name) is not handed on") }
        #expect(
            try ServeOptions.parse([]).arguments == [
                "--port", "8080", "--host", "127.0.0.1", "--learner-rate", "5.0", "--stuck-after", "8.0",
                "--max-learners", "2000",
                "--events-per-learner", "5000", "--room-storage", "256MiB"
            ])
        #expect(given.roomStorage.bytes == 500 * 1024)
        #expect(StorageSize(argument: "3M")?.bytes == 3 * 1_048_576 && StorageSize(argument: "4000")?.bytes == 4000)
        #expect(StorageSize(argument: "lots") == nil && StorageSize(argument: "0MiB") == nil)
    }

    @Test func withoutADatabaseTheDataFileDefaultsToTheDataDirectory() throws {
        #expect(try ServeOptions.parse([]).dataFile?.hasSuffix("/workshop/workshop.sqlite") == true)
        #expect(try ServeOptions.parse(["--data", "/tmp/x.sqlite"]).dataFile == "/tmp/x.sqlite")
        #expect(try ServeOptions.parse(["--database", "postgres://u@h/db"]).dataFile == nil)
    }
}
