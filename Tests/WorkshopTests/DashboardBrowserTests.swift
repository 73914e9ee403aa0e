import Foundation
import TestSupport
import Testing
import Workshop

@testable import WorkshopServer

/// The dashboard in a real headless Chromium (Debian's `chromium`, driven through the DevTools
/// protocol by Node): the grid renders, names stay text, and a hand raised while the page is
/// open appears without a reload. The screenshot is kept in `.build/test-artifacts/`.
@Suite(.serialized)
struct DashboardBrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Browser/dashboard-check.mjs")
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
        let server = try ServerProcess(
            pack: pack, data: home.appendingPathComponent("room.sqlite"), log: home.appendingPathComponent("server.log")
        )
        defer { server.stop() }
        let code = server.link.code
        func batch(_ learner: String, _ name: String, _ events: [WorkshopEvent]) throws -> Data {
            try JSONEncoder().encode(
                EventBatch(
                    code: code, learner: learner, key: String(repeating: "5a", count: 24), name: name, seenBroadcast: 0,
                    events: events))
        }
        let room: [(String, String, [WorkshopEvent])] = [
            (
                "learner-ada1", "Ada Lovelace",
                [
                    .init(kind: .entered, step: "a/welcome"), .init(kind: .entered, step: "a/which"),
                    .init(kind: .right, step: "a/which"), .init(kind: .entered, step: "b/intro")
                ]
            ),
            (
                "learner-ben1", "Ben",
                [
                    .init(kind: .entered, step: "a/which"),
                    .init(kind: .wrong, step: "a/which", feedback: "Not the method that runs first."),
                    .init(kind: .wrong, step: "a/which", feedback: "Not the method that runs first."),
                    .init(kind: .hint, step: "a/which"),
                    .init(
                        kind: .wrong, step: "a/which", feedback: "Not the method that runs first.",
                        problem: "exercise.swift:3:5: error: cannot find 'segue' in scope")
                ]
            ),
            (
                "learner-mal1", "<img src=x onerror=alert(1)>",
                [
                    .init(kind: .entered, step: "a/which"), .init(kind: .skip, step: "a/which"),
                    .init(kind: .entered, step: "b/intro")
                ]
            )
        ]
        for (id, name, events) in room {
            let reply = try await server.request("POST", "api/events", body: try batch(id, name, events))
            #expect(reply.status == 200, "\(reply.text)")
        }
        let hand = String(
            decoding: try batch("learner-ben1", "Ben", [.init(kind: .hand, step: "a/which")]), as: UTF8.self)

        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let screenshot = Self.artifacts.appendingPathComponent("workshop-dashboard.png")
        try? FileManager.default.removeItem(at: screenshot)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = [
            "--experimental-websocket", "--no-warnings", Self.script.path,
            server.link.server.absoluteString + "/dashboard#token=" + server.token + "&lesson=a",
            server.link.eventsURL.absoluteString, hand, "3", screenshot.path
        ]
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
        #expect(
            png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000, "a real screenshot at \(screenshot.path)")
    }

    /// The built-in course, from this file's place in the checkout.
    static let course = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Lessons")

    static let names = [
        "Ada Lovelace", "Ben Okafor", "Chloé Martin", "Dmitri Volkov", "Esi Mensah", "Farah Haddad",
        "Gustavo Lima", "Hana Suzuki", "Ivan Petrov", "Jun Park", "Kofi Boateng", "Lena Schmidt",
        "Marta Nowak", "Nia Williams", "Omar Farouk", "Priya Raman", "Quentin Moreau", "Rosa Delgado",
        "Sven Larsen", "Tala Nasser", "Maximilian Featherstonehaugh", "Vera Ivanova", "Wei Zhang",
        "Xena Papadopoulos", "Yusuf Demir", "Zoe Clarke", "Aiko Tanaka", "Bruno Rossi", "Carmen Ortiz",
        "Dara O'Neill"
    ]

    /// Thirty learners on the 110-step course (most in its widest lesson, some ahead and behind,
    /// some stuck, a hand up), shown on a 1280×720 and a 1920×1080 screen: the lesson's grid
    /// fits the width, names stay in view, each step has its bar, and a learner's code opens
    /// from the page. The screenshots are kept in `.build/test-artifacts/`.
    @Test func thirtyLearnersOnTheBuiltInCourseFitAProjector() async throws {
        let node = try #require(Self.which("node"), "node is needed to drive Chromium (scripts/test installs it)")
        _ = try #require(Self.which("chromium"), "Debian's chromium is needed (scripts/test installs it)")
        let home = try SeguelabBinary.makeHome()
        let server = try ServerProcess(
            pack: Self.course, data: home.appendingPathComponent("room.sqlite"),
            log: home.appendingPathComponent("server.log"))
        defer { server.stop() }
        let outline = try await server.room().outline
        #expect(outline.lessons.reduce(0) { $0 + $1.steps.count } == 110)
        // The widest lesson with one before and one after it (the first lesson is as wide).
        let widestIndex = try #require(
            outline.lessons.indices.dropFirst().dropLast().max {
                outline.lessons[$0].steps.count < outline.lessons[$1].steps.count
            })
        let widest = outline.lessons[widestIndex]

        for (index, name) in Self.names.enumerated() {
            let learner = String(format: "learner-%02d", index)
            // 22 in the widest lesson, 4 a lesson behind, 4 a lesson ahead.
            let lessonIndex = index < 22 ? widestIndex : index < 26 ? widestIndex - 1 : widestIndex + 1
            var events: [WorkshopEvent] = []
            for lesson in outline.lessons[..<lessonIndex] {
                for step in lesson.steps {
                    events.append(.init(kind: .entered, step: lesson.id + "/" + step.id))
                    let ref = lesson.id + "/" + step.id
                    if step.answered {
                        events.append(
                            .init(
                                kind: .right, step: ref,
                                code: index == 0 ? "let answer = \"\(ref)\"" : nil))
                    }
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
                        events.append(
                            .init(
                                kind: .wrong, step: ref,
                                feedback: "The segue's identifier does not match the storyboard.",
                                problem: "exercise.swift:12:9: error: cannot find 'segueIdentifier'"))
                    }
                } else if index % 4 == 2 {
                    events.append(
                        .init(
                            kind: .wrong, step: ref,
                            feedback: "Not yet: the destination is not a BookViewController."))
                }
            }
            if index == 3 { events.append(.init(kind: .hand, step: events.last?.step)) }
            for chunk in stride(from: 0, to: events.count, by: WorkshopLimits.eventsPerBatch) {
                let slice = Array(events[chunk..<min(events.count, chunk + WorkshopLimits.eventsPerBatch)])
                let batch = EventBatch(
                    code: server.link.code, learner: learner,
                    key: String(
                        repeating: "3e",
                        count: 24),
                    name: name, seenBroadcast: 0, events: slice)
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
            var qr: Int
            var hands: [String]
            var stuckFirst: Bool
            var byName: [String]
            var code: String
        }
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        for (width, height) in [(1280, 720), (1920, 1080)] {
            let shot = "workshop-dashboard-30-learners-\(width)x\(height).png"
            let screenshot = Self.artifacts.appendingPathComponent(shot)
            try? FileManager.default.removeItem(at: screenshot)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: node)
            process.arguments = [
                "--experimental-websocket", "--no-warnings",
                Self.script.deletingLastPathComponent()
                    .appendingPathComponent("projector-check.mjs").path,
                server.link.server.absoluteString + "/dashboard#token=" + server.token,
                String(width), String(height), "30", screenshot.path
            ]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(String(decoding: data, as: UTF8.self))")
            let seen = try JSONDecoder().decode(Seen.self, from: data)
            let size = "\(width)×\(height)"
            #expect(seen.viewport == [width, height])
            #expect(
                seen.pageWidth <= width && seen.gridWidth <= seen.mainWidth,
                "\(size): no horizontal scrolling (\(seen))")
            #expect(seen.rows == 30)
            #expect(seen.stepColumns == widest.steps.count, "\(size): the lesson's steps as columns")
            #expect(seen.summaryColumns == outline.lessons.count - 1, "\(size): the other lessons, one cell each")
            #expect(seen.lessonHeading.hasPrefix(widest.id))
            #expect(seen.nameFontPixels >= 18, "\(size): large type (\(seen.nameFontPixels) px)")
            #expect(seen.nameSticky == "sticky")
            #expect(seen.bars.count == widest.steps.count)
            #expect(
                seen.bars.allSatisfy {
                    $0.range(
                        of: #"^\d+ of 30 done · \d+ stuck$"#,
                        options: .regularExpression) != nil
                }, "\(seen.bars)")
            #expect(seen.bars.contains { !$0.hasSuffix(" 0 stuck") }, "someone is stuck: \(seen.bars)")
            // ● (or ! when stuck) once per learner: on a step of this lesson, or on their lesson's cell.
            #expect(seen.herePerRow.allSatisfy { $0 == 1 }, "\(seen.herePerRow)")
            #expect(
                seen.wrong.contains { $0.contains("does not match the storyboard") },
                "the last wrong answer beside its learner")
            #expect(
                seen.join.contains("seguelab --join http://127.0.0.1:\(server.port)/join/\(server.link.code)"),
                "\(seen.join)")
            #expect(seen.qr > 0, "the join link's QR code is drawn")
            #expect(seen.hands.count == 1 && seen.hands[0].contains("Dmitri Volkov"))
            #expect(seen.stuckFirst)
            #expect(seen.byName.first == "Ada Lovelace" && seen.byName.last == "Zoe Clarke", "\(seen.byName)")
            #expect(seen.code.contains("let answer = "), "the learner's code, in the page: \(seen.code)")
            let png = try Data(contentsOf: screenshot)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
        }
    }
}

/// The whole room on loopback: thirty real `seguelab` learners on the built-in course join one
/// server while solutions are held and one message was withdrawn; the dashboard's data and
/// Chromium at 1280×720 show each of them where they are.
@Suite(.serialized)
struct ThirtyLearnersEndToEndTests {
    @Test func thirtyRealLearnersOnTheBuiltInCourse() async throws {
        let node = try #require(
            DashboardBrowserTests.which("node"),
            "node is needed to drive Chromium (scripts/test installs it)")
        _ = try #require(
            DashboardBrowserTests.which("chromium"),
            "Debian's chromium is needed (scripts/test installs it)")
        let home = try SeguelabBinary.makeHome()
        let course = DashboardBrowserTests.course
        // Nobody here is stuck by the clock: on a loaded machine the three waves take longer
        // than the default eight minutes.
        let server = try ServerProcess(
            pack: course, data: home.appendingPathComponent("room.sqlite"),
            log: home.appendingPathComponent("server.log"), extra: ["--stuck-after", "600"])
        defer { server.stop() }
        for (path, body) in [
            ("api/pacing", #"{"solutionsHeld":true}"#),
            (
                "api/broadcast",
                #"{"text":"Wrong room, sorry"}"#
            ),
            ("api/broadcast/withdraw", #"{"id":1}"#), ("api/broadcast", #"{"text":"Welcome, all"}"#)
        ] {
            let reply = try await server.request("POST", path, body: Data(body.utf8), token: server.token)
            #expect(reply.status == 200, "\(path): \(reply.text)")
        }
        let link = server.link.description
        // To the course's first choice step; a third skip it (under held solutions), a third ask a
        // hint, a third think; learner 3 raises a hand.
        func script(_ index: Int) -> [String] {
            var lines = ["next", "next", "next", "next", "next"]
            if index % 3 == 0 { lines.append("skip") }
            if index % 3 == 1 { lines.append("hint") }
            if index == 3 { lines.append("help me") }
            return lines + ["step"]
        }
        var outputs: [Int: PacedLearner.Result] = [:]
        for wave in 0..<3 {
            let results = try await withThrowingTaskGroup(of: (Int, PacedLearner.Result).self) { group in
                for index in wave * 10..<(wave + 1) * 10 {
                    group.addTask {
                        let name = DashboardBrowserTests.names[index]
                        let result = try await PacedLearner.onOwnThread(
                            script(index), arguments: ["--join", link, "--name", name],
                            pack: course,
                            home: home.appendingPathComponent("learner\(index)"),
                            pause: 0.8)
                        return (index, result)
                    }
                }
                var all: [(Int, PacedLearner.Result)] = []
                for try await result in group { all.append(result) }
                return all
            }
            for (index, result) in results { outputs[index] = result }
        }
        let heard = outputs.values.filter { $0.stdout.contains("Instructor") && $0.stdout.contains(": Welcome, all") }
            .count
        #expect(heard >= 15, "\(heard) of 30 learners heard the standing message")
        for (index, result) in outputs {
            #expect(result.status == 0, "learner \(index): \(result.stderr)")
            #expect(result.stdout.contains("Joined the workshop"), "learner \(index): \(result.stdout)")
            // What the instructor said reaches a learner at a prompt after the server's first
            // answer (on a loaded machine, maybe after the last line): only what still stands.
            #expect(!result.stdout.contains("Wrong room"), "learner \(index): a withdrawn message")
            if index % 3 == 0 {
                #expect(
                    result.stdout.contains("the answer is not shown") && !result.stdout.contains("the answer was:"),
                    "learner \(index): skip under held solutions: \(result.stdout)")
            }
        }

        let outline = try await server.room().outline
        let first = try #require(outline.lessons.first)
        let choice = try #require(first.steps.first { $0.answered }).id
        let ref = first.id + "/" + choice
        let room = try await server.room { room in
            room.learners.count == 30 && room.learners.filter { $0.steps[ref]?.status == "skipped" }.count == 10
                && room.learners.contains { $0.handRaised != nil }
        }
        #expect(room.learners.count == 30)
        #expect(room.lesson == first.id)
        #expect(room.steps[ref]?.done == 10)
        #expect(room.learners.filter { $0.current == ref }.count == 20)
        #expect(room.learners.filter { $0.steps[ref]?.hints == 1 }.count == 10)
        // Learner 3 skipped the choice and raised a hand on the step after it.
        let hand = try #require(room.learners.first { $0.handRaised != nil })
        let choiceIndex = try #require(first.steps.firstIndex { $0.id == choice })
        let after = first.id + "/" + first.steps[choiceIndex + 1].id
        #expect(hand.name == DashboardBrowserTests.names[3] && hand.handStep == after)

        let screenshot = DashboardBrowserTests.artifacts
            .appendingPathComponent("workshop-dashboard-30-real-learners-1280x720.png")
        try FileManager.default.createDirectory(at: DashboardBrowserTests.artifacts, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = [
            "--experimental-websocket", "--no-warnings",
            DashboardBrowserTests.script.deletingLastPathComponent()
                .appendingPathComponent("projector-check.mjs").path,
            server.link.server.absoluteString + "/dashboard#token=" + server.token,
            "1280", "720", "30", screenshot.path, "none"
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        struct Seen: Decodable {
            var pageWidth: Int
            var gridWidth: Int
            var mainWidth: Int
            var rows: Int
            var stepColumns: Int
            var herePerRow: [Int]
            var bars: [String]
        }
        let seen = try JSONDecoder().decode(Seen.self, from: data)
        #expect(seen.pageWidth <= 1280 && seen.gridWidth <= seen.mainWidth, "\(text)")
        #expect(seen.rows == 30 && seen.stepColumns == first.steps.count)
        #expect(seen.herePerRow.allSatisfy { $0 == 1 })
        #expect(seen.bars[choiceIndex] == "10 of 30 done · 0 stuck", "\(seen.bars)")
    }
}
