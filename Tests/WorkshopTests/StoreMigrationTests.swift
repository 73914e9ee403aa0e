import Foundation
import GRDB
import TestSupport
import Testing
import Workshop

@testable import WorkshopServer

/// A workshop file written by the first schema (as servers before migrations left it) opens in
/// this version: its room, learners and events are all there, and the file is at the new version.
@Suite struct StoreMigrationTests {
    @Test func aFileOfTheFirstSchemaOpensWithEverythingInIt() async throws {
        let path = try SeguelabBinary.makeHome().appendingPathComponent("old.sqlite").path
        let room = RoomRecord.new()
        let event = WorkshopEvent(id: "event-0001", kind: .wrong, step: "a/which", feedback: "not yet")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            // The first schema, and GRDB's record of it, as the earlier servers wrote them.
            let old = try DatabaseQueue(path: path)
            try await old.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                        INSERT INTO grdb_migrations VALUES ('v1');
                        CREATE TABLE room (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL);
                        CREATE TABLE learner (id TEXT PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL, joined REAL NOT NULL);
                        CREATE TABLE event (
                            seq INTEGER PRIMARY KEY AUTOINCREMENT,
                            learner TEXT NOT NULL REFERENCES learner(id),
                            id TEXT NOT NULL,
                            received REAL NOT NULL,
                            json TEXT NOT NULL,
                            UNIQUE (learner, id)
                        );
                        """)
                try db.execute(
                    sql: "INSERT INTO room (id, json) VALUES (1, ?)",
                    arguments: [String(decoding: try encoder.encode(room), as: UTF8.self)])
                try db.execute(
                    sql: "INSERT INTO learner VALUES ('learner-0001', 'Ada', ?, 1000)",
                    arguments: [String(repeating: "ab", count: 24)])
                try db.execute(
                    sql: "INSERT INTO event (learner, id, received, json) "
                        + "VALUES ('learner-0001', 'event-0001', 1001, ?)",
                    arguments: [String(decoding: try encoder.encode(event), as: UTF8.self)])
            }
            try old.close()
        }
        let store = try SQLiteWorkshopStore(path: path)
        #expect(try await store.appliedMigrations() == ["v1", "v2"])
        #expect(try await store.loadRoom() == room)
        #expect(try await store.learners().map(\.name) == ["Ada"])
        #expect(try await store.events().map(\.event) == [event])
        let summary = try #require(try await store.summary())
        #expect(summary.name == "main" && summary.learners == 1 && summary.lastActivity == 1001)
        #expect(summary.joinCode == room.joinCode)
        // And it goes on working: a new event is stored beside the old one.
        let added = try await store.append([
            StoredEvent(learner: "learner-0001", event: WorkshopEvent(kind: .right, step: "a/which"), received: 1002)
        ])
        #expect(added.count == 1)
        #expect(try await store.events().count == 2)
    }
}
