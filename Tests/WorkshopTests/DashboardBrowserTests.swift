import Foundation
import Testing
import TestSupport
import Workshop
@testable import WorkshopServer

/// The dashboard in a real headless Chromium (Debian's `chromium`, driven through the DevTools
/// protocol by Node): the grid renders, names stay text, and a hand raised while the page is
/// open appears without a reload. The screenshot is kept in `.build/test-artifacts/`.
@Suite(.serialized)
struct DashboardBrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/dashboard-check.mjs")
    /// `<package>/.build/test-artifacts`, from this file's place in the checkout.
    static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/test-artifacts")

    static func which(_ tool: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    @Test func gridRendersAndARaisedHandAppearsWithoutReload() async throws {
        // scripts/test installs both; a machine without them says so rather than passing.
        let node = try #require(Self.which("node"), "node is needed to drive Chromium (scripts/test installs it)")
        _ = try #require(Self.which("chromium"), "Debian's chromium is needed (scripts/test installs it)")

        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(pack: pack, data: home.appendingPathComponent("room.sqlite"), log: home.appendingPathComponent("server.log"))
        defer { server.stop() }
        let code = server.link.code
        func batch(_ learner: String, _ name: String, _ events: [WorkshopEvent]) throws -> Data {
            try JSONEncoder().encode(EventBatch(code: code, learner: learner, key: String(repeating: "5a", count: 24), name: name, seenBroadcast: 0, events: events))
        }
        let room: [(String, String, [WorkshopEvent])] = [
            ("learner-ada1", "Ada Lovelace", [.init(kind: .entered, step: "a/welcome"), .init(kind: .entered, step: "a/which"),
                                             .init(kind: .right, step: "a/which"), .init(kind: .entered, step: "b/intro")]),
            ("learner-ben1", "Ben", [.init(kind: .entered, step: "a/which"), .init(kind: .wrong, step: "a/which", feedback: "Not the method that runs first."),
                                     .init(kind: .wrong, step: "a/which", feedback: "Not the method that runs first."),
                                     .init(kind: .hint, step: "a/which"),
                                     .init(kind: .wrong, step: "a/which", feedback: "Not the method that runs first.", problem: "exercise.swift:3:5: error: cannot find 'segue' in scope")]),
            ("learner-mal1", "<img src=x onerror=alert(1)>", [.init(kind: .entered, step: "a/which"), .init(kind: .skip, step: "a/which"),
                                                              .init(kind: .entered, step: "b/intro")]),
        ]
        for (id, name, events) in room {
            let reply = try await server.request("POST", "api/events", body: try batch(id, name, events))
            #expect(reply.status == 200, "\(reply.text)")
        }
        let hand = String(decoding: try batch("learner-ben1", "Ben", [.init(kind: .hand, step: "a/which")]), as: UTF8.self)

        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let screenshot = Self.artifacts.appendingPathComponent("workshop-dashboard.png")
        try? FileManager.default.removeItem(at: screenshot)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["--experimental-websocket", "--no-warnings", Self.script.path,
                             server.link.server.absoluteString + "/dashboard#token=" + server.token,
                             server.link.eventsURL.absoluteString, hand, "3", screenshot.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")

        struct Seen: Decodable {
            var rows: Int
            var handsBefore: Int
            var hand: String
            var sameDocument: Bool
            var names: [String]
            var injected: Int
            var cells: String
        }
        let seen = try JSONDecoder().decode(Seen.self, from: data)
        #expect(seen.rows == 3)
        #expect(seen.handsBefore == 0)
        #expect(seen.hand.contains("Ben") && seen.hand.contains("a/which"), "\(seen.hand)")
        #expect(seen.sameDocument, "the hand appeared without reloading the page")
        #expect(seen.names.contains("<img src=x onerror=alert(1)>"), "names are shown as text: \(seen.names)")
        #expect(seen.injected == 0)
        // Ada done on a/which, Ben struggling there (three wrong answers), the stranger skipped it.
        #expect(seen.cells.contains("cell passed:✓"))
        #expect(seen.cells.contains("cell struggling:!"))
        #expect(seen.cells.contains("cell skipped:»"))
        let png = try Data(contentsOf: screenshot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000, "a real screenshot at \(screenshot.path)")
    }
}
