import Foundation
import TestSupport
import Testing
import Workshop

@testable import WorkshopServer

/// A corpus of malformed and hostile requests against a real server: each gets a clear 4xx,
/// and afterwards the room holds nothing any of them tried to add.
@Suite(.serialized)
struct HostileRequestTests {
    static func batch(
        code: String, learner: String = "learner-0001", key: String = String(repeating: "ab", count: 24),
        name: String = "Ada", events: [[String: Any]] = []
    ) -> Data {
        let object: [String: Any] = [
            "code": code, "learner": learner, "key": key, "name": name, "seenBroadcast": 0, "events": events
        ]
        return try! JSONSerialization.data(withJSONObject: object)
    }

    static func event(
        _ id: String = "event-0001", kind: String = "wrong", step: String? = "a/which", feedback: String? = nil,
        at: Double = 1_800_000_000
    ) -> [String: Any] {
        var event: [String: Any] = ["id": id, "at": at, "kind": kind]
        if let step { event["step"] = step }
        if let feedback { event["feedback"] = feedback }
        return event
    }

    @Test func everyHostileRequestIsRefusedAndNothingIsStored() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(
            pack: pack, data: home.appendingPathComponent("room.sqlite"), log: home.appendingPathComponent("server.log")
        )
        defer { server.stop() }
        let code = server.link.code
        let nested = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let corpus: [(String, String, String, Data?, String?, String?, Int)] = [
            // (what, method, path, body, content type, token, expected status)
            ("not JSON", "POST", "api/events", Data("hello".utf8), "application/json", nil, 400),
            ("no content type", "POST", "api/events", Self.batch(code: code), nil, nil, 415),
            (
                "form post", "POST", "api/events", Data("code=\(code)".utf8), "application/x-www-form-urlencoded", nil,
                415
            ),
            ("empty object", "POST", "api/events", Data("{}".utf8), "application/json", nil, 400),
            ("deeply nested", "POST", "api/events", Data(nested.utf8), "application/json", nil, 400),
            (
                "wrong join code", "POST", "api/events", Self.batch(code: "WRONG234", events: [Self.event()]),
                "application/json", nil, 403
            ),
            (
                "learner id with a slash", "POST", "api/events",
                Self.batch(code: code, learner: "../../etc", events: [Self.event()]), "application/json", nil, 400
            ),
            (
                "key not hex", "POST", "api/events",
                Self.batch(code: code, key: String(repeating: "z", count: 48), events: [Self.event()]),
                "application/json", nil, 400
            ),
            (
                "empty name", "POST", "api/events", Self.batch(code: code, name: "  ", events: [Self.event()]),
                "application/json", nil, 400
            ),
            (
                "name too long", "POST", "api/events",
                Self.batch(code: code, name: String(repeating: "n", count: 41), events: [Self.event()]),
                "application/json", nil, 400
            ),
            (
                "name with escape codes", "POST", "api/events",
                Self.batch(code: code, name: "Ada\u{1B}[2J", events: [Self.event()]), "application/json", nil, 400
            ),
            (
                "too many events", "POST", "api/events",
                Self.batch(code: code, events: (0..<51).map { Self.event(String(format: "event-%04d", $0)) }),
                "application/json", nil, 413
            ),
            // Refused one by one (200 with `refused`): nothing stored, and a stranger is not added.
            (
                "unknown step", "POST", "api/events", Self.batch(code: code, events: [Self.event(step: "a/../../x")]),
                "application/json", nil, 200
            ),
            (
                "unknown kind", "POST", "api/events",
                Self.batch(code: code, events: [Self.event(kind: "delete-everything")]), "application/json", nil, 400
            ),
            (
                "event without a step", "POST", "api/events", Self.batch(code: code, events: [Self.event(step: nil)]),
                "application/json", nil, 200
            ),
            (
                "negative time", "POST", "api/events", Self.batch(code: code, events: [Self.event(at: -5)]),
                "application/json", nil, 200
            ),
            // Every event larger than the room keeps: 413, with the refusals as in a 200.
            (
                "feedback too long", "POST", "api/events",
                Self.batch(code: code, events: [Self.event(feedback: String(repeating: "x", count: 2_001))]),
                "application/json", nil, 413
            ),
            (
                "name with a right-to-left override", "POST", "api/events",
                Self.batch(code: code, name: "Ada\u{202E}x", events: [Self.event()]), "application/json", nil, 400
            ),
            (
                "name on two lines", "POST", "api/events",
                Self.batch(code: code, name: "Ada\nB", events: [Self.event()]), "application/json", nil, 400
            ),
            (
                "body over 256 KiB", "POST", "api/events",
                Self.batch(code: code, name: String(repeating: "n", count: 300_000)), "application/json", nil, 413
            ),
            ("room without token", "GET", "api/room", nil, nil, nil, 401),
            ("room with a wrong token", "GET", "api/room", nil, nil, "0123456789", 401),
            ("stream with a wrong token", "GET", "api/stream?token=nope", nil, nil, nil, 401),
            ("export without token", "GET", "api/export.csv", nil, nil, nil, 401),
            ("code without token", "GET", "api/code.json", nil, nil, nil, 401),
            (
                "broadcast without token", "POST", "api/broadcast", Data(#"{"text":"hi"}"#.utf8), "application/json",
                nil, 401
            ),
            (
                "broadcast with the join code as token", "POST", "api/broadcast", Data(#"{"text":"hi"}"#.utf8),
                "application/json", code, 401
            ),
            (
                "pacing without token", "POST", "api/pacing", Data(#"{"solutionsHeld":true}"#.utf8), "application/json",
                nil, 401
            ),
            (
                "clear without token", "POST", "api/hands/clear", Data(#"{"learner":"learner-0001"}"#.utf8),
                "application/json", nil, 401
            ),
            (
                "two-line broadcast", "POST", "api/broadcast", Data(#"{"text":"a\nb"}"#.utf8), "application/json",
                "TOKEN", 400
            ),
            (
                "broadcast with a right-to-left override", "POST", "api/broadcast", Data(#"{"text":"a\u202Eb"}"#.utf8),
                "application/json", "TOKEN", 400
            ),
            (
                "withdraw an unknown broadcast", "POST", "api/broadcast/withdraw", Data(#"{"id":7}"#.utf8),
                "application/json", "TOKEN", 404
            ),
            (
                "withdraw without token", "POST", "api/broadcast/withdraw", Data(#"{"id":1}"#.utf8), "application/json",
                nil, 401
            ),
            (
                "remove an unknown learner", "POST", "api/learners/remove", Data(#"{"learner":"nobody-123"}"#.utf8),
                "application/json", "TOKEN", 404
            ),
            (
                "remove without token", "POST", "api/learners/remove", Data(#"{"learner":"nobody-123"}"#.utf8),
                "application/json", nil, 401
            ),
            (
                "merge unknown learners", "POST", "api/learners/merge",
                Data(#"{"learner":"nobody-123","into":"nobody-456"}"#.utf8), "application/json", "TOKEN", 404
            ),
            (
                "merge without token", "POST", "api/learners/merge", Data(#"{"learner":"a","into":"b"}"#.utf8),
                "application/json", nil, 401
            ),
            ("new room without token", "POST", "api/room/new", Data("{}".utf8), "application/json", nil, 401),
            ("join card without token", "GET", "api/join", nil, nil, nil, 401),
            (
                "empty broadcast", "POST", "api/broadcast", Data(#"{"text":"   "}"#.utf8), "application/json", "TOKEN",
                400
            ),
            (
                "gather to an unknown step", "POST", "api/pacing", Data(#"{"gather":"z/z"}"#.utf8), "application/json",
                "TOKEN", 422
            ),
            (
                "open an unknown lesson", "POST", "api/pacing", Data(#"{"openThrough":"zz"}"#.utf8), "application/json",
                "TOKEN", 422
            ),
            (
                "clear an unknown learner", "POST", "api/hands/clear", Data(#"{"learner":"nobody-123"}"#.utf8),
                "application/json", "TOKEN", 404
            ),
            ("join page with a wrong code", "GET", "join/WRONG234", nil, nil, nil, 403)
        ]
        for (what, method, path, body, type, token, expected) in corpus {
            let reply = try await server.request(
                method, path, body: body, contentType: type, token: token == "TOKEN" ? server.token : token)
            #expect(reply.status == expected, "\(what): \(reply.status) \(reply.text)")
            if reply.status == 200 || reply.text.contains("\"refused\"") {
                let answer = try JSONDecoder().decode(BatchReply.self, from: reply.body)
                #expect(answer.acknowledged.isEmpty && answer.refused?.count == 1, "\(what): refused: \(reply.text)")
                #expect(
                    answer.refused?.first?.reason.hasPrefix("events[0].") == true, "\(what): says why: \(reply.text)")
            } else if reply.status != 413 || !what.contains("256") {
                #expect(reply.text.contains("\"error\"") || reply.status == 413, "\(what): says why: \(reply.text)")
            }
        }

        let room = try await server.room()
        #expect(room.learners.isEmpty)
        #expect(room.broadcasts.isEmpty)
        #expect(room.pacing == Pacing())
        #expect(try await server.request("GET", "api/code.json", contentType: nil, token: server.token).text == "[]")
    }

    /// Learners add only their own events; one flooding the server is slowed down alone.
    @Test func learnersCannotSpeakForOthersAndFloodsAreLimited() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        // A tiny refill rate: the flood below is refused however slowly the machine sends it.
        let server = try ServerProcess(room: pack, in: home, extra: ["--learner-rate", "0.01"])
        defer { server.stop() }
        let code = server.link.code
        let first = try await server.request(
            "POST", "api/events", body: Self.batch(code: code, events: [Self.event("event-0001")]))
        #expect(first.status == 200, "\(first.text)")
        // The same events again (a lost reply): acknowledged, stored once.
        let again = try await server.request(
            "POST", "api/events", body: Self.batch(code: code, events: [Self.event("event-0001")]))
        #expect(again.status == 200)
        #expect(try await server.room().learners.first?.steps["a/which"]?.wrong == 1)

        // Someone else using Ada's id without her key.
        let impostor = try await server.request(
            "POST", "api/events",
            body: Self.batch(
                code: code, key: String(repeating: "cd", count: 24), name: "Mallory",
                events: [Self.event("event-0002"), Self.event("event-0003", kind: "hand", step: nil)]))
        #expect(impostor.status == 403, "\(impostor.text)")
        let ada = try #require(try await server.room().learners.first)
        #expect(ada.name == "Ada" && ada.handRaised == nil && ada.steps["a/which"]?.wrong == 1)

        // A flood from one learner is refused with 429; another learner still gets through.
        var statuses: [Int] = []
        for index in 0..<60 {
            statuses.append(
                try await server.request(
                    "POST", "api/events",
                    body: Self.batch(
                        code: code, learner: "flooder-001",
                        events: [Self.event(String(format: "flood-%04d", index))])
                ).status)
        }
        #expect(statuses.contains(429))
        #expect(Set(statuses).isSubset(of: [200, 429]))
        let other = try await server.request(
            "POST", "api/events",
            body: Self.batch(code: code, learner: "learner-0002", name: "Ben", events: [Self.event("event-0009")]))
        #expect(other.status == 200, "\(other.text)")
    }
}
