import Foundation
import LessonKit
import TestSupport
import Testing
import Workshop

@testable import WorkshopServer

/// Two learners whose names look alike are told apart on the dashboard by their join number
/// (given by the server, not chosen), and exports carry each learner's id.
@Suite struct LearnerNameTests {
    static let names = [
        ("learner-0001", "Ada"), ("learner-0002", "ada"), ("learner-0003", "Ben"),
        ("learner-0004", "Ａda"), ("learner-0005", "Ada #1"), ("learner-0006", "A\u{200B}da"),
        ("learner-0007", "Cy")
    ]

    static func room() async throws -> Room {
        let room = try await RoomQuotaTests.room(MemoryStore(), RoomQuotas())
        for (id, name) in names {
            var batch = await RoomQuotaTests.batch(room, id, [WorkshopEvent(kind: .entered, step: "a/which")])
            batch.name = name
            _ = try await room.submit(batch)
        }
        return room
    }

    @Test func namesThatLookAlikeAreShownWithTheirJoinNumber() async throws {
        let room = try await Self.room()
        let shown = await room.snapshot().learners.map(\.name)
        #expect(shown == ["Ada #1", "ada #2", "Ben", "Ａda #4", "Ada #1 #5", "A\u{200B}da #6", "Cy"])
        #expect(Set(shown).count == shown.count)
        // Once the others are removed, the name stands alone again.
        for id in ["learner-0002", "learner-0004", "learner-0005", "learner-0006"] { try await room.remove(id) }
        #expect(await room.snapshot().learners.map(\.name) == ["Ada", "Ben", "Cy"])
    }

    @Test func exportsCarryTheLearnerId() async throws {
        let room = try await Self.room()
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let json = try encoder.encode(await room.exportReports())
        let objects = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
        #expect(objects.map { $0["learnerId"] as? String } == Self.names.map(\.0))
        #expect(objects.map { $0["learner"] as? String } == Self.names.map(\.1))
        // Still a `progress --json` report for whoever reads that shape.
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode([ProgressExport.Report].self, from: json).count == Self.names.count)

        let csv = await room.exportCSV().split(separator: "\n")
        #expect(csv.first?.hasPrefix("learner,learner_id,lesson,") == true)
        #expect(csv.contains { $0.hasPrefix("ada,learner-0002,a,") })
    }
}
