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
                             server.link.server.absoluteString + "/dashboard#token=" + server.token + "&lesson=a",
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

    /// The built-in course, from this file's place in the checkout.
    static let course = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Lessons")

    static let names = ["Ada Lovelace", "Ben Okafor", "Chloé Martin", "Dmitri Volkov", "Esi Mensah", "Farah Haddad", "Gustavo Lima",
                        "Hana Suzuki", "Ivan Petrov", "Jun Park", "Kofi Boateng", "Lena Schmidt", "Marta Nowak", "Nia Williams",
                        "Omar Farouk", "Priya Raman", "Quentin Moreau", "Rosa Delgado", "Sven Larsen", "Tala Nasser",
                        "Maximilian Featherstonehaugh", "Vera Ivanova", "Wei Zhang", "Xena Papadopoulos", "Yusuf Demir", "Zoe Clarke",
                        "Aiko Tanaka", "Bruno Rossi", "Carmen Ortiz", "Dara O'Neill"]

    /// Thirty learners on the 108-step course (most in its widest lesson, some ahead and behind,
    /// some stuck, a hand up), shown on a 1280×720 and a 1920×1080 screen: the lesson's grid
    /// fits the width, names stay in view, each step has its bar, and a learner's code opens
    /// from the page. The screenshots are kept in `.build/test-artifacts/`.
    @Test func thirtyLearnersOnTheBuiltInCourseFitAProjector() async throws {
        let node = try #require(Self.which("node"), "node is needed to drive Chromium (scripts/test installs it)")
        _ = try #require(Self.which("chromium"), "Debian's chromium is needed (scripts/test installs it)")
        let home = try SeguelabBinary.makeHome()
        let server = try ServerProcess(pack: Self.course, data: home.appendingPathComponent("room.sqlite"), log: home.appendingPathComponent("server.log"))
        defer { server.stop() }
        let outline = try await server.room().outline
        #expect(outline.lessons.reduce(0) { $0 + $1.steps.count } == 108)
        let widest = try #require(outline.lessons.max { $0.steps.count < $1.steps.count })
        let widestIndex = outline.lessons.firstIndex { $0.id == widest.id }!

        for (index, name) in Self.names.enumerated() {
            let learner = String(format: "learner-%02d", index)
            // 22 in the widest lesson, 4 a lesson behind, 4 a lesson ahead.
            let lessonIndex = index < 22 ? widestIndex : index < 26 ? widestIndex - 1 : widestIndex + 1
            var events: [WorkshopEvent] = []
            for lesson in outline.lessons[..<lessonIndex] {
                for step in lesson.steps {
                    events.append(.init(kind: .entered, step: lesson.id + "/" + step.id))
                    let ref = lesson.id + "/" + step.id
                    if step.answered { events.append(.init(kind: .right, step: ref, code: index == 0 ? "let answer = \"\(ref)\"" : nil)) }
                }
            }
            let lesson = outline.lessons[lessonIndex]
            let reached = min(lesson.steps.count - 1, (index * 7) % lesson.steps.count)
            for (position, step) in lesson.steps.enumerated() where position <= reached {
                let ref = lesson.id + "/" + step.id
                events.append(.init(kind: .entered, step: ref))
                guard step.answered else { continue }
                if position < reached || index % 5 == 1 {
                    events.append(.init(kind: .right, step: ref, code: index == 0 ? "let answer = \"\(ref)\"" : nil))
                } else if index % 4 == 0 {
                    for _ in 0..<3 {
                        events.append(.init(kind: .wrong, step: ref, feedback: "The segue's identifier does not match the storyboard.",
                                            problem: "exercise.swift:12:9: error: cannot find 'segueIdentifier' in scope"))
                    }
                } else if index % 4 == 2 {
                    events.append(.init(kind: .wrong, step: ref, feedback: "Not yet: the destination is not a BookViewController."))
                }
            }
            if index == 3 { events.append(.init(kind: .hand, step: events.last?.step)) }
            for chunk in stride(from: 0, to: events.count, by: WorkshopLimits.eventsPerBatch) {
                let batch = EventBatch(code: server.link.code, learner: learner, key: String(repeating: "3e", count: 24), name: name,
                                       seenBroadcast: 0, events: Array(events[chunk..<min(events.count, chunk + WorkshopLimits.eventsPerBatch)]))
                let reply = try await server.request("POST", "api/events", body: try JSONEncoder().encode(batch))
                #expect(reply.status == 200, "\(reply.text)")
            }
        }
        // The dashboard's own data: the room's lesson is where most learners are.
        let room = try await server.room()
        #expect(room.learners.count == 30)
        #expect(room.lesson == widest.id)

        struct Seen: Decodable {
            var viewport: [Int]
            var pageWidth: Int
            var gridWidth: Int
            var mainWidth: Int
            var rows: Int
            var stepColumns: Int
            var summaryColumns: Int
            var lessonHeading: String
            var nameFontPixels: Double
            var nameSticky: String
            var bars: [String]
            var herePerRow: [Int]
            var wrong: [String]
            var join: String
            var hands: [String]
            var stuckFirst: Bool
            var byName: [String]
            var code: String
        }
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        for (width, height) in [(1280, 720), (1920, 1080)] {
            let screenshot = Self.artifacts.appendingPathComponent("workshop-dashboard-30-learners-\(width)x\(height).png")
            try? FileManager.default.removeItem(at: screenshot)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: node)
            process.arguments = ["--experimental-websocket", "--no-warnings", Self.script.deletingLastPathComponent().appendingPathComponent("projector-check.mjs").path,
                                 server.link.server.absoluteString + "/dashboard#token=" + server.token, String(width), String(height), "30", screenshot.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(String(decoding: data, as: UTF8.self))")
            let seen = try JSONDecoder().decode(Seen.self, from: data)
            let size = "\(width)×\(height)"
            #expect(seen.viewport == [width, height])
            #expect(seen.pageWidth <= width && seen.gridWidth <= seen.mainWidth, "\(size): no horizontal scrolling (\(seen))")
            #expect(seen.rows == 30)
            #expect(seen.stepColumns == widest.steps.count, "\(size): the lesson's steps as columns")
            #expect(seen.summaryColumns == outline.lessons.count - 1, "\(size): the other lessons, one cell each")
            #expect(seen.lessonHeading.hasPrefix(widest.id))
            #expect(seen.nameFontPixels >= 18, "\(size): large type (\(seen.nameFontPixels) px)")
            #expect(seen.nameSticky == "sticky")
            #expect(seen.bars.count == widest.steps.count)
            #expect(seen.bars.allSatisfy { $0.range(of: #"^\d+ of 30 done · \d+ stuck$"#, options: .regularExpression) != nil }, "\(seen.bars)")
            #expect(seen.bars.contains { !$0.hasSuffix(" 0 stuck") }, "someone is stuck: \(seen.bars)")
            // ● (or ! when stuck) once per learner: on a step of this lesson, or on their lesson's cell.
            #expect(seen.herePerRow.allSatisfy { $0 == 1 }, "\(seen.herePerRow)")
            #expect(seen.wrong.contains { $0.contains("does not match the storyboard") }, "the last wrong answer beside its learner")
            #expect(seen.join.contains("seguelab --join http://127.0.0.1:\(server.port)/join/\(server.link.code)"), "\(seen.join)")
            #expect(seen.hands.count == 1 && seen.hands[0].contains("Dmitri Volkov"))
            #expect(seen.stuckFirst)
            #expect(seen.byName == seen.byName.sorted { $0.localizedCompare($1) == .orderedAscending } || seen.byName.first == "Ada Lovelace")
            #expect(seen.code.contains("let answer = "), "the learner's code, in the page: \(seen.code)")
            let png = try Data(contentsOf: screenshot)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
        }
    }
}
