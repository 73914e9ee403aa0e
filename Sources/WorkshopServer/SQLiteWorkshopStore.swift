import Foundation
import GRDB
import Workshop

/// The embedded default: one SQLite file through GRDB, in WAL mode. A write returns once
/// its transaction is committed, so an acknowledged event survives `kill -9`.
package final class SQLiteWorkshopStore: WorkshopStore {
    private let database: DatabaseQueue

    package init(path: String) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        }
        database = try DatabaseQueue(path: path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
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
        }
        // v2: the room has a name (`workshop rooms` lists it) and last activity is indexed.
        migrator.registerMigration("v2") { db in
            try db.execute(
                sql: """
                    ALTER TABLE room ADD COLUMN name TEXT NOT NULL DEFAULT 'main';
                    CREATE INDEX event_received ON event(received);
                    """)
        }
        try migrator.migrate(database)
        self.path = path
    }

    private let path: String

    /// The migrations this file has had, oldest first (GRDB keeps them in `grdb_migrations`).
    package func appliedMigrations() async throws -> [String] {
        try await database.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
    }

    package func archiveName() -> String? { RoomArchive.path(for: path) }

    package func addLearner(_ learner: LearnerRecord, limit: Int) async throws -> Bool {
        try await database.write { db in
            let known = try Bool.fetchOne(db, sql: "SELECT 1 FROM learner WHERE id = ?", arguments: [learner.id])
            if known != true, try Int.fetchOne(db, sql: "SELECT count(*) FROM learner") ?? 0 >= limit { return false }
            try db.execute(
                sql: """
                    INSERT INTO learner (id, name, key, joined) VALUES (?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET name = excluded.name
                    """, arguments: [learner.id, learner.name, learner.key, learner.joined])
            return true
        }
    }

    package func updateRoom(_ change: @escaping @Sendable (inout RoomRecord) throws -> Void) async throws
        -> RoomRecord
    {
        try await database.write { db in
            guard let json = try String.fetchOne(db, sql: "SELECT json FROM room WHERE id = 1") else {
                throw RequestFailure(500, "the room is not stored")
            }
            var room = try Self.decode(RoomRecord.self, json)
            try change(&room)
            try db.execute(sql: "UPDATE room SET json = ? WHERE id = 1", arguments: [try Self.encode(room)])
            return room
        }
    }

    /// The file's one room, as `workshop rooms` lists it.
    package func summary() async throws -> RoomSummary? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT name, json FROM room WHERE id = 1") else { return nil }
            let record = try Self.decode(RoomRecord.self, row["json"])
            return RoomSummary(
                name: row["name"], learners: try Int.fetchOne(db, sql: "SELECT count(*) FROM learner") ?? 0,
                lastActivity: try Double.fetchOne(db, sql: "SELECT max(received) FROM event"),
                joinCode: record.joinCode)
        }
    }

    package func loadRoom() async throws -> RoomRecord? {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT json FROM room WHERE id = 1").map {
                try Self.decode(RoomRecord.self, $0)
            }
        }
    }

    package func saveRoom(_ room: RoomRecord) async throws {
        let json = try Self.encode(room)
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO room (id, json) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET json = excluded.json",
                arguments: [json])
        }
    }

    package func learners() async throws -> [LearnerRecord] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, key, joined FROM learner ORDER BY joined, id").map { row in
                LearnerRecord(id: row["id"], name: row["name"], key: row["key"], joined: row["joined"])
            }
        }
    }

    package func saveLearner(_ learner: LearnerRecord) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO learner (id, name, key, joined) VALUES (?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET name = excluded.name
                    """, arguments: [learner.id, learner.name, learner.key, learner.joined])
        }
    }

    package func append(_ events: [StoredEvent]) async throws -> [StoredEvent] {
        let encoded = try events.map { ($0, try Self.encode($0.event)) }
        return try await database.write { db in
            var added: [StoredEvent] = []
            for (stored, json) in encoded {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO event (learner, id, received, json) VALUES (?, ?, ?, ?)",
                    arguments: [stored.learner, stored.event.id, stored.received, json])
                guard db.changesCount > 0 else { continue }
                added.append(stored)
                // Only the latest code per learner and exercise is kept.
                if let step = stored.event.step, stored.event.code != nil {
                    try db.execute(
                        sql: """
                            UPDATE event SET json = json_remove(json, '$.code')
                            WHERE learner = ? AND seq < last_insert_rowid() AND json_extract(json, '$.step') = ?
                              AND json_extract(json, '$.code') IS NOT NULL
                            """, arguments: [stored.learner, step])
                }
            }
            return added
        }
    }

    package func events() async throws -> [StoredEvent] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT learner, received, json FROM event ORDER BY seq").map { row in
                StoredEvent(
                    learner: row["learner"], event: try Self.decode(WorkshopEvent.self, row["json"]),
                    received: row["received"])
            }
        }
    }

    package func archiveAndClear(to archive: String) async throws {
        try await database.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [archive])
            try db.inTransaction {
                try db.execute(sql: "DELETE FROM event; DELETE FROM learner; DELETE FROM room")
                return .commit
            }
        }
    }

    private static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}
