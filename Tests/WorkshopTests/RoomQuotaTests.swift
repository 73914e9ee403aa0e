import Foundation
import GRDB
import LessonKit
import TestSupport
import Testing
import Workshop

@testable import WorkshopServer

/// What one learner, and one room, may store: the learner cap holds under concurrent joins,
/// events beyond a learner's quota or the room's storage are refused one by one with the
/// reason, and only the latest code per exercise is kept.
@Suite struct RoomQuotaTests {
    static func room(_ store: any WorkshopStore, _ quotas: RoomQuotas) async throws -> Room {
        let home = try SeguelabBinary.makeHome()
        let loaded = PackLoader.load(from: try WorkshopFixture.makePack(in: home))
        return try await Room(
            outline: RoomOutline(pack: try #require(loaded.usablePack)), store: store,
            learnerRate: 1000, quotas: quotas)
    }

    static func batch(_ room: Room, _ learner: String, _ events: [WorkshopEvent]) async -> EventBatch {
        EventBatch(
            code: await room.record.joinCode, learner: learner, key: String(repeating: "5e", count: 24),
            name: learner, seenBroadcast: 0, events: events)
    }

    static func sqliteStore() throws -> (SQLiteWorkshopStore, String) {
        let path = try SeguelabBinary.makeHome().appendingPathComponent("room.sqlite").path
        return (try SQLiteWorkshopStore(path: path), path)
    }

    /// Forty learners join at once into a room for ten: exactly ten get in.
    @Test func theLearnerCapHoldsUnderConcurrentJoins() async throws {
        let room = try await Self.room(try Self.sqliteStore().0, RoomQuotas(learners: 10))
        var batches: [EventBatch] = []
        for index in 0..<40 {
            batches.append(
                await Self.batch(
                    room, String(format: "learner-%04d", index),
                    [WorkshopEvent(kind: .entered, step: "a/which")]))
        }
        let statuses = await withTaskGroup(of: Int.self) { group in
            for batch in batches {
                group.addTask {
                    do {
                        _ = try await room.submit(batch)
                        return 200
                    } catch let failure as RequestFailure {
                        return failure.status
                    } catch {
                        return 500
                    }
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(await room.snapshot().learners.count == 10)
        #expect(statuses.filter { $0 == 200 }.count == 10)
        #expect(statuses.filter { $0 == 403 }.count == 30, "\(statuses)")
    }

    @Test func eventsBeyondALearnersQuotaAreRefusedWithTheReason() async throws {
        let room = try await Self.room(MemoryStore(), RoomQuotas(eventsPerLearner: 5))
        let events = (0..<8).map { WorkshopEvent(id: String(format: "event-%04d", $0), kind: .hint, step: "a/which") }
        let reply = try await room.submit(await Self.batch(room, "learner-0001", Array(events.prefix(3))))
        #expect(reply.acknowledged.count == 3)
        let more = try await room.submit(await Self.batch(room, "learner-0001", Array(events.suffix(5))))
        #expect(more.acknowledged == events[3..<5].map(\.id))
        #expect(more.refused?.map(\.id) == events[5...].map(\.id))
        #expect(
            more.refused?.first?.reason
                == "events[2]: this learner has stored 5 events, the most the room keeps for one")
        #expect(await room.snapshot().learners.first?.steps["a/which"]?.hints == 5)
        // Another learner is not held by the first one's quota.
        let other = try await room.submit(await Self.batch(room, "learner-0002", [events[0]]))
        #expect(other.acknowledged == [events[0].id])
    }

    /// Twenty requests of one learner at once, for a quota of ten: exactly ten events are kept
    /// (each request counts those the others are still storing).
    @Test func concurrentRequestsOfOneLearnerKeepItsQuota() async throws {
        let (store, _) = try Self.sqliteStore()
        let room = try await Self.room(store, RoomQuotas(eventsPerLearner: 10))
        var batches: [EventBatch] = []
        for index in 0..<20 {
            let event = WorkshopEvent(id: String(format: "event-%04d", index), kind: .hint, step: "a/which")
            batches.append(await Self.batch(room, "learner-0001", [event]))
        }
        let acknowledged = await withTaskGroup(of: Int.self) { group in
            for batch in batches { group.addTask { (try? await room.submit(batch))?.acknowledged.count ?? 0 } }
            return await group.reduce(0, +)
        }
        #expect(acknowledged == 10)
        #expect(try await store.events().count == 10)
    }

    @Test func aFullRoomRefusesEventsAndSaysSo() async throws {
        let room = try await Self.room(MemoryStore(), RoomQuotas(roomBytes: 40_000))
        let code = String(repeating: "x", count: 15_000)
        let first = try await room.submit(
            await Self.batch(
                room, "learner-0001",
                [
                    WorkshopEvent(id: "event-0001", kind: .wrong, step: "a/which", code: code),
                    WorkshopEvent(id: "event-0002", kind: .wrong, step: "b/ask", code: code),
                    WorkshopEvent(id: "event-0003", kind: .wrong, step: "b/intro", code: code)
                ]))
        #expect(first.acknowledged == ["event-0001", "event-0002"])
        #expect(
            first.refused?.first?.reason.contains("the room's storage is full") == true,
            "\(String(describing: first.refused))")
        // A new version of code already kept replaces it: it fits; new code elsewhere does not.
        let again = try await room.submit(
            await Self.batch(
                room, "learner-0001",
                [
                    WorkshopEvent(id: "event-0004", kind: .right, step: "a/which", code: code),
                    WorkshopEvent(id: "event-0005", kind: .wrong, step: "b/intro", code: code)
                ]))
        #expect(again.acknowledged == ["event-0004"])
        #expect(again.refused?.map(\.id) == ["event-0005"])
    }

    /// Ten versions of one exercise's code: the store keeps the last one only, and a server
    /// restarted on the file shows that one.
    @Test func onlyTheLatestCodePerExerciseIsKept() async throws {
        let (store, path) = try Self.sqliteStore()
        let room = try await Self.room(store, RoomQuotas())
        for version in 0..<10 {
            _ = try await room.submit(
                await Self.batch(
                    room, "learner-0001",
                    [
                        WorkshopEvent(
                            id: String(format: "event-%04d", version), kind: .wrong, step: "a/which",
                            code: "version \(version) " + String(repeating: "c", count: 10_000))
                    ]))
        }
        _ = try await room.submit(
            await Self.batch(
                room, "learner-0001",
                [
                    WorkshopEvent(id: "event-other", kind: .wrong, step: "b/ask", code: "other")
                ]))
        let database = try DatabaseQueue(path: path)
        let withCode = try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM event WHERE json_extract(json, '$.code') IS NOT NULL")
        }
        #expect(withCode == 2)
        #expect(try await store.events().count == 11)
        let again = try await Self.room(store, RoomQuotas())
        let code = await again.latestCode().first { $0.step == "a/which" }?.code
        #expect(code?.hasPrefix("version 9 ") == true)
        #expect(await again.snapshot().learners.first?.steps["a/which"]?.attempts == 10)
    }
}
