import Foundation
import LessonKit
import TestSupport
import Testing
import Workshop

@testable import WorkshopServer

/// A room following what another server stores: notices that arrive while it reads are merged
/// into its next read, so a busy room catches up in a few reads instead of one per notice.
@Suite struct RoomFollowTests {
    @Test func noticesThatArriveWhileTheRoomReadsAreFollowedInOneRead() async throws {
        let store = SharedMemoryStore()
        let loaded = PackLoader.load(from: try WorkshopFixture.makePack(in: try SeguelabBinary.makeHome()))
        let outline = RoomOutline(pack: try #require(loaded.usablePack))
        let room = try await Room(outline: outline, store: store)
        // Another server: one learner, then 400 events, each told by its own notice, as fast as
        // the database would send them.
        let key = String(repeating: "7a", count: 24)
        let learner = LearnerRecord(id: "learner-0001", name: "Ada", key: key, joined: 1)
        await store.addRemotely(learner)
        for index in 0..<400 {
            let event = WorkshopEvent(
                id: String(format: "event-%04d", index), kind: index == 399 ? .right : .wrong, step: "a/which")
            await store.appendRemotely(StoredEvent(learner: learner.id, event: event, received: 2))
        }
        // Generous: with every workshop suite running at once on two cores this took 41 s once.
        let deadline = Date().addingTimeInterval(180)
        while Date() < deadline, await room.snapshot().learners.first?.steps["a/which"]?.status != "passed" {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        let shown = try #require(await room.snapshot().learners.first)
        #expect(shown.steps["a/which"]?.status == "passed")
        #expect(shown.steps["a/which"]?.attempts == 400)
        // One read per notice would be 400; merged, it is a handful.
        let reads = await store.eventReads
        #expect(reads <= 20, "\(reads) reads of the events for 400 notices")
    }

    /// Learners are shown in the order they joined, however the room heard of them: one who
    /// joined through another server before this server's own learner is shown first, as the
    /// other server shows them and as a restart would.
    @Test func learnersHeardOfFromAnotherServerTakeTheirPlaceByWhenTheyJoined() async throws {
        let store = SharedMemoryStore()
        let loaded = PackLoader.load(from: try WorkshopFixture.makePack(in: try SeguelabBinary.makeHome()))
        let room = try await Room(outline: RoomOutline(pack: try #require(loaded.usablePack)), store: store)
        let code = await room.record.joinCode
        _ = try await room.submit(
            EventBatch(
                code: code, learner: "learner-here", key: String(repeating: "7a", count: 24), name: "Ben",
                seenBroadcast: 0, events: []),
            now: 10)
        await store.addRemotely(
            LearnerRecord(id: "learner-there", name: "Ada", key: String(repeating: "3c", count: 24), joined: 5))
        // As generous as above: the whole suite on two cores has kept a room's follow waiting for
        // over a minute.
        let deadline = Date().addingTimeInterval(180)
        while Date() < deadline, await room.snapshot().learners.count < 2 {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        #expect(await room.snapshot().learners.map(\.id) == ["learner-there", "learner-here"])
    }

    /// Sixty changes in a burst reach a dashboard's live stream as a few notices, at most one a
    /// second, the last of them the room's final version.
    @Test func liveStreamsAreToldOfABurstOfChangesAtMostOnceASecond() async throws {
        let loaded = PackLoader.load(from: try WorkshopFixture.makePack(in: try SeguelabBinary.makeHome()))
        let outline = RoomOutline(pack: try #require(loaded.usablePack))
        let room = try await Room(outline: outline, store: MemoryStore(), learnerRate: 1000)
        let code = await room.record.joinCode
        let stream = await room.changes()
        let told = Task {
            var versions: [Int] = []
            for await version in stream {
                versions.append(version)
                if version >= 61 { break }
            }
            return versions
        }
        let started = Date()
        for index in 0..<60 {
            let event = WorkshopEvent(id: String(format: "event-%04d", index), kind: .wrong, step: "a/which")
            _ = try await room.submit(
                EventBatch(
                    code: code, learner: "learner-0001", key: String(repeating: "7a", count: 24), name: "Ada",
                    seenBroadcast: 0, events: [event]),
                // A second apart as the room's rate limit counts them, all at once as the stream sees them.
                now: started.timeIntervalSince1970 + Double(index))
        }
        let seconds = Date().timeIntervalSince(started)
        // The join and sixty events: version 61, told within a second of the last.
        #expect(await room.version == 61)
        let versions = await told.value
        #expect(versions.last == 61)
        #expect(versions.count <= Int(seconds) + 3, "\(versions.count) notices in \(seconds) s: \(versions)")
    }
}

/// A store shared with another (simulated) server: what it stores is told through
/// `remoteChanges`, and each read of the events takes a moment, as a database's would.
actor SharedMemoryStore: WorkshopStore {
    var room: RoomRecord?
    var learnerRecords: [LearnerRecord] = []
    var stored: [StoredEvent] = []
    private(set) var eventReads = 0
    private nonisolated let notices = AsyncStream.makeStream(of: StoreChange.self)

    nonisolated func remoteChanges() -> AsyncStream<StoreChange>? { notices.stream }

    func addRemotely(_ learner: LearnerRecord) {
        learnerRecords.append(learner)
        notices.continuation.yield(.learners)
    }

    func appendRemotely(_ event: StoredEvent) {
        var event = event
        event.seq = Int64(stored.count + 1)
        stored.append(event)
        notices.continuation.yield(.events(from: event.seq!))
    }

    func loadRoom() async throws -> RoomRecord? { room }
    func saveRoom(_ room: RoomRecord) async throws { self.room = room }
    func learners() async throws -> [LearnerRecord] { learnerRecords }
    func saveLearner(_ learner: LearnerRecord) async throws {
        if !learnerRecords.contains(where: { $0.id == learner.id }) { learnerRecords.append(learner) }
    }
    func append(_ events: [StoredEvent]) async throws -> [StoredEvent] {
        events.map { event in
            var event = event
            event.seq = Int64(stored.count + 1)
            stored.append(event)
            return event
        }
    }
    func events() async throws -> [StoredEvent] { stored }
    func events(from seq: Int64) async throws -> [StoredEvent] {
        eventReads += 1
        try await Task.sleep(nanoseconds: 5_000_000)
        return stored.filter { $0.seq! >= seq }
    }
    func archiveAndClear(to archive: String) async throws {}
}
