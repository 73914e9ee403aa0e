import Foundation
import TestSupport
import Testing
import Workshop

@testable import WorkshopServer

/// A request whose every event a quota refused says so in its status: 413 for events too
/// large, 429 for a learner's or the room's quota spent, with the refusals in the body and no
/// `Retry-After` (waiting frees no quota). A request with anything stored stays 200, a flood
/// is a plain 429 to retry after a while, and a full room a 403.
@Suite struct QuotaStatusTests {
    static func batch(_ code: String, _ learner: String, _ events: [WorkshopEvent]) throws -> Data {
        try JSONEncoder().encode(
            EventBatch(
                code: code, learner: learner, key: String(repeating: "3d", count: 24), name: learner,
                seenBroadcast: 0, events: events))
    }

    static func event(_ id: String, step: String = "a/which", code: String? = nil) -> WorkshopEvent {
        var event = WorkshopEvent(id: id, kind: .wrong, step: step)
        // Set after: the learner's side clips what it sends, another client may not.
        event.code = code
        return event
    }

    struct Answer: Decodable {
        var acknowledged: [String]?
        var refused: [EventRefusal]?
        var error: String?
        var reason: String?
    }

    static func answer(_ reply: ServerProcess.Reply) throws -> Answer {
        try JSONDecoder().decode(Answer.self, from: reply.body)
    }

    @Test func eachQuotaRefusalHasItsStatus() async throws {
        let home = try SeguelabBinary.makeHome()
        let server = try ServerProcess(
            room: try WorkshopFixture.makePack(in: home), in: home,
            // A learner's rate barely refills: the flood below is refused after the burst of 30
            // however slowly a loaded machine sends it.
            extra: [
                "--events-per-learner", "3", "--room-storage", "40000", "--max-learners", "3", "--learner-rate", "0.01"
            ])
        defer { server.stop() }
        let code = server.link.code
        func post(_ learner: String, _ events: [WorkshopEvent]) async throws -> ServerProcess.Reply {
            try await server.request("POST", "api/events", body: try Self.batch(code, learner, events))
        }
        let tooLarge = String(repeating: "x", count: WorkshopLimits.code + 1)

        // One event stored, one too large: 200, the refusal in the body.
        let mixed = try await post("learner-ada1", [Self.event("ada-0001"), Self.event("ada-0002", code: tooLarge)])
        #expect(mixed.status == 200, "\(mixed.text)")
        #expect(try Self.answer(mixed).refused?.map(\.quota) == [EventRefusal.eventSize])
        #expect(try Self.answer(mixed).error == nil)

        // Every event too large: 413, the same body with what was wrong.
        let large = try await post("learner-ada1", [Self.event("ada-0003", code: tooLarge)])
        #expect(large.status == 413, "\(large.text)")
        let largeAnswer = try Self.answer(large)
        #expect(largeAnswer.reason == "event-size")
        #expect(largeAnswer.refused?.map(\.id) == ["ada-0003"])
        #expect(
            largeAnswer.error == "nothing of this request was stored: events[0].code: longer than 16000 characters")
        #expect(large.retryAfter == nil)

        // The learner's quota reached within a request (200), then spent (429, no Retry-After).
        let last = try await post(
            "learner-ada1", [Self.event("ada-0004"), Self.event("ada-0005"), Self.event("ada-0006")])
        #expect(last.status == 200, "\(last.text)")
        #expect(try Self.answer(last).acknowledged == ["ada-0004", "ada-0005"])
        let spent = try await post("learner-ada1", [Self.event("ada-0007"), Self.event("ada-0008", code: tooLarge)])
        #expect(spent.status == 429, "\(spent.text)")
        let spentAnswer = try Self.answer(spent)
        #expect(spentAnswer.reason == "learner-events")
        #expect(spentAnswer.refused?.map(\.id) == ["ada-0007", "ada-0008"])
        #expect(spentAnswer.error?.contains("this learner has stored 3 events") == true, "\(spent.text)")
        #expect(spent.retryAfter == nil)

        // The room's storage spent.
        let code15k = String(repeating: "c", count: 15_000)
        let fits = try await post(
            "learner-ben1",
            [Self.event("ben-0001", code: code15k), Self.event("ben-0002", step: "b/ask", code: code15k)])
        #expect(fits.status == 200, "\(fits.text)")
        let full = try await post("learner-ben1", [Self.event("ben-0003", step: "b/intro", code: code15k)])
        #expect(full.status == 429, "\(full.text)")
        #expect(try Self.answer(full).reason == "room-storage")
        #expect(try Self.answer(full).error?.contains("the room's storage is full") == true)
        #expect(full.retryAfter == nil)

        // A flood is a plain 429, without refusals, to send again after Retry-After.
        var flooded: ServerProcess.Reply?
        for _ in 0..<40 {
            let reply = try await post("learner-cid1", [])
            if reply.status == 429 {
                flooded = reply
                break
            }
        }
        let flood = try #require(flooded)
        #expect(flood.retryAfter == "2")
        #expect(try Self.answer(flood).refused == nil)
        #expect(try Self.answer(flood).acknowledged == nil)

        // A full room lets nobody new in: 403, not a quota on what was sent.
        let fourth = try await post("learner-dee1", [Self.event("dee-0001")])
        #expect(fourth.status == 403, "\(fourth.text)")
        #expect(fourth.text.contains("the room is full (3 learners)"))
        #expect(try Self.answer(fourth).reason == "room-full")

        let room = try await server.room()
        #expect(room.learners.map(\.name).sorted() == ["learner-ada1", "learner-ben1", "learner-cid1"])
    }

    static func queued(_ learnerHome: URL) -> [String] {
        let queue = learnerHome.appendingPathComponent("state/seguelab/workshop/queue")
        return ((try? FileManager.default.contentsOfDirectory(atPath: queue.path)) ?? []).filter {
            $0.hasSuffix(".json")
        }
    }

    /// A learner whose quota is spent goes on working: the refused events are said once,
    /// dropped, and not sent again.
    @Test func aLearnerPastTheQuotaKeepsWorkingAndNothingIsResent() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let data = home.appendingPathComponent("room.sqlite")
        let server = try ServerProcess(
            pack: pack, data: data, log: home.appendingPathComponent("server.log"),
            extra: ["--events-per-learner", "3"])
        defer { server.stop() }
        let learnerHome = home.appendingPathComponent("learner")
        _ = try PacedLearner.run(
            ["next", "next", "prepare(for:sender:)"], arguments: ["--join", server.link.description, "--name", "Dev"],
            pack: pack, home: learnerHome)
        let first = try await server.room { $0.learners.first?.steps["a/which"]?.status == "passed" }
        #expect(first.learners.first?.steps["a/which"]?.status == "passed")

        // Started again with the quota spent: every request is refused whole (429).
        let again = try PacedLearner.run(
            ["next", "next", "step", "next", "enum", "step"], arguments: [], pack: pack, home: learnerHome)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stdout.components(separatedBy: "the server refused an event").count == 2,
            "said once: \(again.stdout)"
        )
        #expect(again.stdout.contains("this learner has stored 3 events"), "\(again.stdout)")
        let said = try #require(again.stdout.range(of: "the server refused an event"))
        #expect(again.stdout[said.upperBound...].contains("✔ Correct."), "the learner went on: \(again.stdout)")
        #expect(Self.queued(learnerHome).isEmpty, "nothing left to send again: \(Self.queued(learnerHome))")
        let room = try await server.room()
        #expect(room.learners.count == 1)
        #expect(room.learners.first?.steps["b/ask"] == nil, "nothing past the quota was stored")
    }

    /// A learner past a full room is told so once, as such (not as a server out of reach), and
    /// keeps working; the work stays queued.
    @Test func aLearnerPastAFullRoomIsToldSo() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(room: pack, in: home, extra: ["--max-learners", "2"])
        defer { server.stop() }
        for learner in ["learner-ada1", "learner-ben1"] {
            let reply = try await server.request(
                "POST", "api/events", body: try Self.batch(server.link.code, learner, [Self.event("\(learner)-1")]))
            #expect(reply.status == 200, "\(reply.text)")
        }
        let learnerHome = home.appendingPathComponent("learner")
        let result = try PacedLearner.run(
            ["next", "next", "prepare(for:sender:)"], arguments: ["--join", server.link.description, "--name", "Cid"],
            pack: pack, home: learnerHome)
        let said =
            "workshop: the room is full (2 learners); your work is kept here and sent when the instructor makes room."
        #expect(result.stdout.components(separatedBy: said).count == 2, "said once: \(result.stdout)")
        #expect(!result.stdout.contains("cannot be reached"), "\(result.stdout)")
        #expect(result.stdout.contains("✔ Correct."), "\(result.stdout)")
        #expect(!Self.queued(learnerHome).isEmpty, "the work is kept")
        #expect(try await server.room().learners.count == 2)
    }

    /// Forty events of 16,000 characters of code waiting in a learner's queue weigh more than a
    /// request may (256 KiB, else a plain 413): the learner's side sends them in as many
    /// requests as they need, and all arrive.
    @Test func aQueueLargerThanOneRequestArrivesWhole() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(room: pack, in: home)
        defer { server.stop() }
        let learnerHome = home.appendingPathComponent("learner")
        let joined = try WorkshopFixture.learner(
            [], arguments: ["--join", server.link.description, "--name", "Eve"], pack: pack, home: learnerHome)
        #expect(joined.stdout.contains("Joined the workshop"), "\(joined.stdout) \(joined.stderr)")
        let queue = EventQueue(directory: learnerHome.appendingPathComponent("state/seguelab/workshop/queue"))
        let code = String(repeating: "c", count: WorkshopLimits.code)
        let events = (0..<40).map {
            WorkshopEvent(id: String(format: "large-%04d", $0), kind: .wrong, step: "a/which", code: code)
        }
        for event in events { try queue.append(event) }
        let whole = try await server.request(
            "POST", "api/events", body: try Self.batch(server.link.code, "learner-eve1", events))
        #expect(whole.status == 413, "one request cannot hold them: \(whole.text)")

        let result = try WorkshopFixture.learner(["step"], arguments: [], pack: pack, home: learnerHome)
        #expect(!result.stdout.contains("cannot be reached"), "\(result.stdout)")
        #expect(Self.queued(learnerHome).isEmpty, "\(Self.queued(learnerHome).count) left")
        let eve = try await server.room().learners.first { $0.name == "Eve" }
        #expect(eve?.steps["a/which"]?.wrong == 40, "\(String(describing: eve?.steps))")
    }

    /// A plain 429 (too many requests, no refusals) is no refusal: the events are kept and sent
    /// again.
    @Test func aPlainTooManyRequestsIsSentAgainLater() async throws {
        let server = try FakeServer(
            .events(429, #"{"error":"too many requests from this learner; slow down and retry"}"#))
        defer { server.stop() }
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let learnerHome = home.appendingPathComponent("learner")
        let result = try PacedLearner.run(
            ["next", "next", "prepare(for:sender:)"], arguments: ["--join", server.link(), "--name", "Ada"],
            pack: pack,
            home: learnerHome)
        #expect(!result.stdout.contains("refused"), "\(result.stdout)")
        #expect(!result.stdout.contains("cannot be reached"), "\(result.stdout)")
        let sent = server.requests.filter { $0.hasPrefix("POST /api/events ") }.compactMap { request in
            request.range(of: "\r\n\r\n").flatMap {
                try? JSONDecoder().decode(EventBatch.self, from: Data(request[$0.upperBound...].utf8))
            }
        }
        let first = try #require(sent.first { !$0.events.isEmpty }?.events.first?.id, "\(server.requests)")
        #expect(sent.filter { $0.events.contains { $0.id == first } }.count >= 2, "sent again: \(sent.count) requests")
        #expect(!Self.queued(learnerHome).isEmpty, "the events are kept")
    }
}
