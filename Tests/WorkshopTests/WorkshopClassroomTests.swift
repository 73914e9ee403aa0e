import Foundation
import LessonKit
import TestSupport
import Testing
import Workshop

@testable import WorkshopServer

/// The instructor's controls hold and the learner's side is honest, on a real server with
/// real `seguelab` learners where the behaviour is theirs.
@Suite(.serialized)
struct WorkshopClassroomTests {
    static func batch(
        _ code: String, _ learner: String, name: String = "Ada",
        _ events: [WorkshopEvent]
    ) throws -> Data {
        try JSONEncoder().encode(
            EventBatch(
                code: code, learner: learner, key: String(repeating: "7c", count: 24),
                name: name,
                seenBroadcast: 0, events: events))
    }

    static func post(_ server: ServerProcess, _ path: String, _ json: String) async throws {
        let reply = try await server.request("POST", path, body: Data(json.utf8), token: server.token)
        #expect(reply.status == 200, "\(path) \(json): \(reply.status) \(reply.text)")
    }

    /// The fixture with a last hint that gives the answer away on `b/ask`, and an extra step
    /// `a/extra` the served pack does not have (for a learner on an older copy).
    static func variantPack(in home: URL, extraStep: Bool) throws -> URL {
        let root = home.appendingPathComponent(extraStep ? "old-pack" : "pack", isDirectory: true)
        var files = WorkshopFixture.files
        let lastHintGivesItAway = "hints: [A type., \"Type `enum`.\"]"
        files["lessons/02-b.md"] = files["lessons/02-b.md"]!.replacingOccurrences(
            of: "hints: [A type.]",
            with: lastHintGivesItAway)
        if extraStep { files["lessons/01-a.md"]! += "\n## Extra {#extra}\n\nA step renamed since.\n" }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func heldSolutionsHoldSkipsAnswerAndAGivingAwayLastHint() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try Self.variantPack(in: home, extraStep: false)
        let server = try ServerProcess(room: pack, in: home)
        defer { server.stop() }
        try await Self.post(server, "api/pacing", #"{"solutionsHeld":true}"#)
        let learnerHome = home.appendingPathComponent("learner")
        // Held from the first prompt: `join` waits (briefly) for the room's pacing.
        let joined = try WorkshopFixture.learner(
            ["next", "next", "solution yes"],
            arguments: ["--join", server.link.description, "--name", "Cleo"],
            pack: pack, home: home.appendingPathComponent("first-prompt"))
        #expect(joined.stdout.contains("Joined the workshop"), "\(joined.stdout)")
        #expect(
            joined.stdout.contains("holding solutions back") && !joined.stdout.contains("prepare(for:sender:)"),
            "\(joined.stdout)")
        _ = try WorkshopFixture.learner(
            ["step"], arguments: ["--join", server.link.description, "--name", "Cleo"],
            pack: pack, home: learnerHome)
        let held = try WorkshopFixture.learner(
            ["next", "next", "skip", "next", "hint", "hint"], arguments: [],
            pack: pack, home: learnerHome)
        #expect(held.stdout.contains("holding solutions back: the answer is not shown"), "\(held.stdout)")
        #expect(!held.stdout.contains("prepare(for:sender:)"), "skip showed the answer: \(held.stdout)")
        #expect(held.stdout.contains("A type."), "\(held.stdout)")
        #expect(
            !held.stdout.contains("Type `enum`") && !held.stdout.contains("Type enum"),
            "the last hint gave it away: \(held.stdout)")
        #expect(held.stdout.contains("the last hint gives the answer"), "\(held.stdout)")

        // Released: the same hint is shown.
        try await Self.post(server, "api/pacing", #"{"solutionsHeld":false}"#)
        let released = try PacedLearner.run(["step", "hint"], arguments: [], pack: pack, home: learnerHome)
        #expect(released.stdout.contains("Type") && released.stdout.contains("enum"), "\(released.stdout)")
    }

    /// Under held solutions, a skipped exercise's draft is not filled with the reference code:
    /// nothing of it reaches the learner's screen or files.
    @Test func heldSolutionsKeepTheReferenceOutOfASkippedExercisesDraft() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try Self.variantPack(in: home, extraStep: false)
        let reference = "referenceMarker = 42"
        try Data(
            (WorkshopFixture.files["lessons/01-a.md"]!
                + """

                ## Fill {#fill}

                ```step
                kind: exercise
                checks:
                  - output-contains: "42"
                ```

                ```swift starter
                let starterMarker = 0
                ```

                ```swift solution
                let \(reference)
                print(referenceMarker)
                ```

                """).utf8
        ).write(to: pack.appendingPathComponent("lessons/01-a.md"))
        let server = try ServerProcess(room: pack, in: home)
        defer { server.stop() }
        try await Self.post(server, "api/pacing", #"{"solutionsHeld":true}"#)
        let learnerHome = home.appendingPathComponent("learner")
        _ = try WorkshopFixture.learner(
            ["step"], arguments: ["--join", server.link.description, "--name", "Cleo"],
            pack: pack, home: learnerHome)
        let held = try WorkshopFixture.learner(
            ["next", "next", "skip", "skip", "back", "step"], arguments: [], pack: pack, home: learnerHome)
        // `which` skipped, then the exercise `fill`, each without its answer; back on `fill`.
        #expect(
            held.stdout.components(separatedBy: "holding solutions back: the answer is not shown").count == 3,
            "\(held.stdout)")
        #expect(held.stdout.contains("[exercise · a/fill]"), "\(held.stdout)")
        #expect(!held.stdout.contains("referenceMarker"), "the reference was shown: \(held.stdout)")
        #expect(held.stdout.contains("starterMarker"), "the draft should still be the starter: \(held.stdout)")
        // Nothing the learner's seguelab keeps (progress, drafts, their backups) holds it.
        let files = FileManager.default.enumerator(at: learnerHome, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }
        #expect(!files.isEmpty)
        for file in files {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            #expect(!text.contains("referenceMarker"), "\(file.path) holds the reference")
        }
        #expect(files.contains { ((try? String(contentsOf: $0, encoding: .utf8)) ?? "").contains("skipped") })
    }

    @Test func withdrawnBroadcastsAndGatheringsDoNotReachALateJoiner() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(room: pack, in: home)
        defer { server.stop() }
        try await Self.post(server, "api/broadcast", #"{"text":"Wrong room, sorry"}"#)
        try await Self.post(server, "api/broadcast", #"{"text":"Lunch at noon"}"#)
        try await Self.post(server, "api/broadcast/withdraw", #"{"id":1}"#)
        try await Self.post(server, "api/pacing", #"{"gather":"a/which"}"#)
        try await Self.post(server, "api/pacing", #"{"gather":null}"#)

        // The server's own answer to a newcomer: only what still stands.
        let reply = try await server.request(
            "POST", "api/events",
            body: try Self.batch(
                server.link.code,
                "late-joiner-1", []))
        let answer = try JSONDecoder().decode(BatchReply.self, from: reply.body)
        #expect(answer.broadcasts.map(\.text) == ["Lunch at noon"])
        #expect(answer.pacing.gathering == nil)
        #expect(try await server.room().broadcasts.map(\.text) == ["Lunch at noon"])

        // A real late joiner sees the standing message, with nothing of the withdrawn ones.
        let late = try PacedLearner.run(
            ["step", "step", "step"],
            arguments: [
                "--join", server.link.description,
                "--name", "Late"
            ],
            pack: pack, home: home.appendingPathComponent("late"))
        // "Instructor: …", or "Instructor, 1 minute ago: …" on a slow machine.
        #expect(late.stdout.contains("Instructor") && late.stdout.contains(": Lunch at noon"), "\(late.stdout)")
        #expect(!late.stdout.contains("Wrong room"), "\(late.stdout)")
        #expect(!late.stdout.contains("goto a/which"), "\(late.stdout)")

        // A new "go to step" after a withdrawn one still reaches everyone (its id is new).
        try await Self.post(server, "api/pacing", #"{"gather":"b/intro"}"#)
        let again = try PacedLearner.run(
            ["step", "step", "step"], arguments: [], pack: pack,
            home: home.appendingPathComponent("late"))
        #expect(again.stdout.contains("goto b/intro"), "\(again.stdout)")
        #expect((try await server.room()).pacing.gathering?.id == 2)
    }

    @Test func aRefusedEventIsDroppedOnceAndTheNextOnesArrive() async throws {
        let home = try SeguelabBinary.makeHome()
        let served = try Self.variantPack(in: home, extraStep: false)
        let older = try Self.variantPack(in: home, extraStep: true)
        let server = try ServerProcess(room: served, in: home)
        defer { server.stop() }
        let learnerHome = home.appendingPathComponent("learner")
        let result = try PacedLearner.run(
            [
                "next", "next", "prepare(for:sender:)", "next", "next", "next", "step",
                "step"
            ],
            arguments: [
                "--join", server.link.description, "--name",
                "Dev"
            ], pack: older, home: learnerHome)
        #expect(
            result.stdout.components(separatedBy: "the server refused an event").count == 2,
            "said once: \(result.stdout)")
        #expect(result.stdout.contains("'a/extra' is not a step of this pack"), "\(result.stdout)")
        let room = try await server.room { $0.learners.first?.current == "b/ask" }
        let dev = try #require(room.learners.first)
        #expect(dev.current == "b/ask", "the events after the refused one arrived")
        #expect(dev.steps["a/which"]?.status == "passed")
        #expect(dev.steps["a/extra"] == nil)
        let queue = learnerHome.appendingPathComponent("state/seguelab/workshop/queue")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: queue.path)) ?? []
        #expect(left.filter { $0.hasSuffix(".json") }.isEmpty, "nothing stuck in the queue: \(left)")
    }

    @Test func aWrongJoinCodeIsSaidAtJoin() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(room: pack, in: home)
        defer { server.stop() }
        let wrong = server.link.server.absoluteString + "/join/WRONG234"
        let result = try WorkshopFixture.learner(
            ["step"], arguments: ["--join", wrong, "--name", "Eve"], pack: pack,
            home: home.appendingPathComponent("learner"))
        #expect(
            (result.stdout + result.stderr).contains("does not know the join code WRONG234 — check the link"),
            "\(result.stdout) \(result.stderr)")
        #expect(!result.stdout.contains("Joined the workshop"))
        #expect(!result.stdout.contains("cannot be reached"))
        #expect(try await server.room().learners.isEmpty)
    }

    @Test func handsAreOrderedByTheServerNotTheLearnersClock() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let data = home.appendingPathComponent("room.sqlite")
        var server = try ServerProcess(pack: pack, data: data, log: home.appendingPathComponent("server1.log"))
        let code = server.link.code
        let now = Date()
        func hand(_ id: String, at: Date, step: String? = "a/which") -> WorkshopEvent {
            WorkshopEvent(id: id, at: at, kind: .hand, step: step)
        }
        _ = try await server.request(
            "POST", "api/events",
            body: try Self.batch(
                code, "learner-hands",
                [
                    .init(id: "enter-0001", at: now, kind: .entered, step: "a/which"), hand("hand-00001", at: now)
                ]))
        let learner = try #require(try await server.room().learners.first)
        #expect(learner.handRaised != nil && learner.handStep == "a/which")
        try await Self.post(server, "api/hands/clear", #"{"learner":"learner-hands"}"#)
        // Right after the clear, from a clock two minutes slow: the hand is up.
        _ = try await server.request(
            "POST", "api/events",
            body: try Self.batch(
                code, "learner-hands",
                [
                    hand("hand-00002", at: now.addingTimeInterval(-120))
                ]))
        #expect(try await server.room().learners.first?.handRaised != nil, "a hand raised after a clear stays up")
        // A clock an hour fast, cleared, and the server restarted: the hand stays down.
        _ = try await server.request(
            "POST", "api/events",
            body: try Self.batch(
                code, "learner-hands",
                [
                    .init(id: "enter-0002", at: now, kind: .entered, step: "b/intro"),
                    hand("hand-00003", at: now.addingTimeInterval(3600), step: "b/intro")
                ]))
        #expect(try await server.room().learners.first?.handStep == "b/intro")
        try await Self.post(server, "api/hands/clear", #"{"learner":"learner-hands"}"#)
        server.kill9()
        server = try ServerProcess(pack: pack, data: data, port: 0, log: home.appendingPathComponent("server2.log"))
        defer { server.stop() }
        let after = try #require(try await server.room().learners.first)
        #expect(after.handRaised == nil, "a cleared hand does not come back after a restart")
    }

    @Test func removeMergeAndANewRoom() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let data = home.appendingPathComponent("room.sqlite")
        var server = try ServerProcess(pack: pack, data: data, log: home.appendingPathComponent("server1.log"))
        let code = server.link.code
        // The same person twice (left and joined again), and someone else.
        _ = try await server.request(
            "POST", "api/events",
            body: try Self.batch(
                code, "ada-first-1", name: "Ada",
                [
                    .init(kind: .entered, step: "a/which"), .init(kind: .right, step: "a/which", code: "first code")
                ]))
        _ = try await server.request(
            "POST", "api/events",
            body: try Self.batch(
                code, "ada-second-1", name: "Ada",
                [
                    .init(kind: .entered, step: "b/intro"), .init(kind: .entered, step: "b/ask"),
                    .init(kind: .wrong, step: "b/ask", feedback: "Not a type.", code: "struct X {}")
                ]))
        _ = try await server.request(
            "POST", "api/events",
            body: try Self.batch(
                code, "ben-only-01", name: "Ben",
                [
                    .init(
                        kind: .entered,
                        step: "a/welcome")
                ]))
        #expect(try await server.room().learners.count == 3)

        try await Self.post(server, "api/learners/merge", #"{"learner":"ada-second-1","into":"ada-first-1"}"#)
        var room = try await server.room()
        #expect(room.learners.map(\.name) == ["Ada", "Ben"])
        let ada = try #require(room.learners.first)
        #expect(ada.id == "ada-first-1" && ada.current == "b/ask" && ada.steps["a/which"]?.status == "passed")
        #expect(ada.lastWrong?.step == "b/ask")
        // The merged row's later events go to the row it was merged into.
        _ = try await server.request(
            "POST", "api/events",
            body: try Self.batch(
                code, "ada-second-1", name: "Ada",
                [.init(kind: .right, step: "b/ask")]))
        room = try await server.room()
        #expect(room.learners.first?.steps["b/ask"]?.status == "passed")
        #expect(room.learners.first?.lastWrong == nil, "a passed step's wrong answer is cleared")
        let code1 = try await server.request("GET", "api/code.json", contentType: nil, token: server.token)
        let latest = try JSONDecoder().decode([Room.LatestCode].self, from: code1.body)
        #expect(latest.map(\.step) == ["a/which", "b/ask"] && latest.allSatisfy { $0.id == "ada-first-1" })

        try await Self.post(server, "api/learners/remove", #"{"learner":"ben-only-01"}"#)
        room = try await server.room()
        #expect(room.learners.map(\.name) == ["Ada"])
        let csv = try await server.request("GET", "api/export.csv", contentType: nil, token: server.token)
        #expect(!csv.text.contains("Ben,"))

        // A new room from the dashboard: new join code and token, the old room kept beside.
        let fresh = try await server.request("POST", "api/room/new", body: Data("{}".utf8), token: server.token)
        #expect(fresh.status == 200, "\(fresh.text)")
        let created = try JSONDecoder().decode([String: String].self, from: fresh.body)
        let archive = try #require(created["archive"])
        #expect(FileManager.default.fileExists(atPath: archive))
        #expect(created["joinCode"] != code)
        #expect(try await server.request("GET", "api/room", contentType: nil, token: server.token).status == 401)
        let old = try await server.request(
            "POST", "api/events",
            body: try Self.batch(
                code, "ada-first-1",
                [
                    .init(
                        kind: .entered,
                        step: "a/which")
                ]))
        #expect(old.status == 403 && old.text.contains("unknown-join-code"), "\(old.text)")
        let newToken = try #require(created["token"])
        let empty = try await server.request("GET", "api/room", contentType: nil, token: newToken)
        #expect(try JSONDecoder().decode(RoomSnapshot.self, from: empty.body).learners.isEmpty)

        // `--new` on the command line does the same at start.
        server.stop()
        server = try ServerProcess(
            pack: pack, data: data, log: home.appendingPathComponent("server2.log"),
            extra: ["--new"])
        defer { server.stop() }
        #expect(server.link.code != created["joinCode"])
        let log = try String(contentsOf: home.appendingPathComponent("server2.log"), encoding: .utf8)
        #expect(log.contains("A new room: the previous one is kept in \(home.path)/room-"), "\(log)")
    }

    /// The join card's link is the one learners use, and its QR code is qrencode's drawing of it.
    @Test func theJoinCardShowsTheLinkAndItsQRCode() async throws {
        let qrencode = try #require(
            ["/usr/bin/qrencode", "/usr/local/bin/qrencode"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            },
            "Debian's qrencode is needed (scripts/test installs it)")
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(room: pack, in: home)
        defer { server.stop() }
        let join = try await server.request("GET", "api/join", contentType: nil, token: server.token)
        let card = try JSONDecoder().decode([String: String].self, from: join.body)
        #expect(card["link"] == server.link.description, "\(join.text)")
        let svg = try await server.request("GET", "api/join.svg", contentType: nil, token: server.token)
        #expect(svg.status == 200)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: qrencode)
        process.arguments = ["-t", "SVG", "-m", "2", "-o", "-", server.link.description]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let expected = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(svg.body == expected && svg.text.contains("<svg"), "the QR code encodes the join link")
        #expect(try await server.request("GET", "api/join.svg", contentType: nil, token: nil).status == 401)
    }

    /// Served on every network, the announcement and the join card name this machine's
    /// addresses (what `hostname -I` lists), not its host name.
    @Test func servingOnAllNetworksNamesTheAddressesLearnersReach() async throws {
        let hostname = Process()
        hostname.executableURL = URL(fileURLWithPath: "/bin/hostname")
        hostname.arguments = ["-I"]
        let pipe = Pipe()
        hostname.standardOutput = pipe
        try hostname.run()
        let listed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        hostname.waitUntilExit()
        let addresses = Set(
            listed.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { $0.contains(".") && !$0.hasPrefix("127.") })
        try #require(!addresses.isEmpty, "this machine has no network address besides loopback to test with")
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(room: pack, in: home, extra: ["--host", "0.0.0.0"])
        defer { server.stop() }
        let host = try #require(server.link.server.host)
        #expect(addresses.contains(host), "the join command names \(host); hostname -I: \(addresses)")
        let join = try await server.request("GET", "api/join", contentType: nil, token: server.token)
        #expect(try JSONDecoder().decode([String: String].self, from: join.body)["link"] == server.link.description)
    }

    /// `seguelab workshop serve` takes the server's options and passes them on.
    @Test func serveTakesTheLearnerRateAndNew() throws {
        let home = try SeguelabBinary.makeHome()
        let help = try SeguelabBinary.runPiped("", arguments: ["workshop", "serve", "--help"], home: home)
        #expect(help.stdout.contains("--learner-rate"), "\(help.stdout)")
        #expect(help.stdout.contains("--new"), "\(help.stdout)")
        let wrong = try SeguelabBinary.runPiped(
            "", arguments: ["workshop", "serve", "--learner-rate", "fast"],
            home: home)
        #expect(wrong.status != 0 && wrong.stderr.contains("learner-rate"), "\(wrong.stderr)")
    }

    /// `serve --stuck-after` sets how long a learner may stay on a step before showing as stuck.
    @Test func stuckAfterIsTheRoomsOwn() async throws {
        let home = try SeguelabBinary.makeHome()
        let loaded = PackLoader.load(from: try WorkshopFixture.makePack(in: home))
        let outline = RoomOutline(pack: try #require(loaded.usablePack))
        let start = 1_800_000_000.0
        func stuck(after minutes: Double?, seconds: Double) async throws -> Bool? {
            let room =
                if let minutes {
                    try await Room(outline: outline, store: MemoryStore(), learnerRate: 1000, stuckAfter: minutes * 60)
                } else {
                    try await Room(outline: outline, store: MemoryStore(), learnerRate: 1000)
                }
            let code = await room.record.joinCode
            for (learner, at) in [("learner-one", start), ("learner-two", start + seconds - 5)] {
                _ = try await room.submit(
                    EventBatch(
                        code: code, learner: learner, key: String(repeating: "7c", count: 24), name: learner,
                        seenBroadcast: 0, events: [.init(kind: .entered, step: "a/which")]), now: at)
            }
            let snapshot = await room.snapshot(now: start + seconds)
            return snapshot.learners.first { $0.id == "learner-one" }?.struggling
        }
        // Three minutes on a step: stuck under --stuck-after 2, not under the default eight.
        #expect(try await stuck(after: 2, seconds: 180) == true)
        #expect(try await stuck(after: nil, seconds: 180) == false)
        #expect(try await stuck(after: 20, seconds: 600) == false)
        #expect(try await stuck(after: nil, seconds: 600) == true)

        let refused = try SeguelabBinary.runPiped(
            "", arguments: ["workshop", "serve", "--stuck-after", "0"], home: home)
        #expect(refused.status != 0 && refused.stderr.contains("--stuck-after"), "\(refused.stderr)")
    }

    @Test func figuresMeanWhatTheySay() async throws {
        let store = MemoryStore()
        let home = try SeguelabBinary.makeHome()
        let loaded = PackLoader.load(from: try WorkshopFixture.makePack(in: home))
        let room = try await Room(
            outline: RoomOutline(pack: try #require(loaded.usablePack)), store: store,
            learnerRate: 1000)
        let code = await room.record.joinCode
        func send(_ learner: String, _ events: [WorkshopEvent], at now: Double) async throws {
            _ = try await room.submit(
                EventBatch(
                    code: code, learner: learner, key: String(repeating: "7c", count: 24),
                    name: learner,
                    seenBroadcast: 0, events: events), now: now)
        }
        let start = 1_800_000_000.0
        func wrong(_ step: String, _ words: String) -> WorkshopEvent {
            .init(
                kind: .wrong, step: step,
                feedback: words)
        }
        // Five wrong answers from three learners on a/which: "A" three times, "B" twice.
        try await send(
            "learner-one",
            [
                .init(kind: .entered, step: "a/which"), wrong("a/which", "A"),
                wrong("a/which", "A"), wrong("a/which", "A")
            ], at: start)
        try await send(
            "learner-two",
            [
                .init(kind: .entered, step: "a/which"), wrong("a/which", "B"),
                .init(kind: .hand, step: "a/which")
            ], at: start + 1)
        try await send(
            "learner-six",
            [
                .init(kind: .entered, step: "a/which"), wrong("a/which", "B"),
                wrong("b/ask", "P")
            ], at: start + 2)
        try await send("learner-two", [wrong("b/ask", "Q"), .init(kind: .entered, step: "b/intro")], at: start + 3)
        var snapshot = await room.snapshot(now: start + 10)
        #expect(snapshot.steps["a/which"]?.commonWrong == "A" && snapshot.steps["a/which"]?.commonWrongCount == 3)
        // A tie goes to the most recent.
        #expect(snapshot.steps["b/ask"]?.commonWrong == "Q" && snapshot.steps["b/ask"]?.commonWrongCount == 1)
        let two = try #require(snapshot.learners.first { $0.id == "learner-two" })
        #expect(two.handStep == "a/which" && two.current == "b/intro", "the hand names where it went up")
        #expect(snapshot.lesson == "a", "most learners are in lesson a")

        // Eight and a half minutes on a/which while the room works: struggling.
        try await send("learner-two", [.init(kind: .entered, step: "b/ask")], at: start + 500)
        snapshot = await room.snapshot(now: start + 530)
        #expect(snapshot.learners.first { $0.id == "learner-six" }?.struggling == true)
        #expect(snapshot.roomIdle == false)
        // After a pause of more than five minutes with nobody doing anything: not struggling.
        snapshot = await room.snapshot(now: start + 500 + 400)
        #expect(snapshot.roomIdle == true)
        #expect(snapshot.learners.first { $0.id == "learner-six" }?.struggling == false)
        // Three wrong answers still count during a pause.
        #expect(snapshot.learners.first { $0.id == "learner-one" }?.struggling == true)

        // The export counts the time on the current step so far.
        let reports = await room.exportReports(now: Date(timeIntervalSince1970: start + 560))
        let report = try #require(reports.first { $0.learnerId == "learner-two" }?.report)
        let row = try #require(report.steps.first { $0.lesson == "b" && $0.step == "ask" })
        #expect(row.secondsSpent == 60)
        let csv = await room.exportCSV(now: start + 560)
        #expect(csv.contains("learner-two,learner-two,b,Enums,ask,Ask,text,attempted,1,0,no,60"), "\(csv)")
    }
}

/// The store interface in memory, for figures computed at chosen times.
actor MemoryStore: WorkshopStore {
    var room: RoomRecord?
    var learnerRecords: [LearnerRecord] = []
    var stored: [StoredEvent] = []

    func loadRoom() async throws -> RoomRecord? { room }
    func saveRoom(_ room: RoomRecord) async throws { self.room = room }
    func learners() async throws -> [LearnerRecord] { learnerRecords }
    func saveLearner(_ learner: LearnerRecord) async throws {
        if let index = learnerRecords.firstIndex(where: { $0.id == learner.id }) {
            learnerRecords[index].name = learner.name
        } else {
            learnerRecords.append(learner)
        }
    }
    func append(_ events: [StoredEvent]) async throws -> [StoredEvent] {
        let fresh = events.filter { event in
            !stored.contains { $0.learner == event.learner && $0.event.id == event.event.id }
        }
        stored += fresh
        return fresh
    }
    func events() async throws -> [StoredEvent] { stored }
    func archiveAndClear(to archive: String) async throws {
        room = nil
        learnerRecords = []
        stored = []
    }
}
