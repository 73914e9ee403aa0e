import Foundation
import Logging
import PostgresNIO
import Workshop

/// A PostgreSQL database that several workshop servers share, each serving some of its rooms
/// (two may serve the same one). One connection pool per process, and one connection that
/// LISTENs: every write NOTIFYs, in its transaction, so a server learns what the others
/// stored as soon as it is committed, and its dashboards follow.
package final class PostgresDatabase: Sendable {
    package let client: PostgresClient
    /// The group writers' own connections: a learner's join or events never wait for a pooled
    /// connection behind the rooms' reads of what other servers stored.
    let writes: PostgresClient
    /// Where it is, without the password: for messages.
    package let place: String
    /// This process in the notices it sends, so it can ignore its own.
    let origin = randomHex(bytes: 8)
    let hub = NoticeHub()
    /// Every room's events go through one writer, a group of batches per statement.
    let writer: EventWriter
    /// And every room's joins, a group of learners per statement.
    let joins: GroupWriter<PendingJoin, JoinAnswer>
    static let channel = "seguelab_workshop"
    static let logger = Logger(label: "seguelab.workshop.postgres")

    /// `url`: `postgres://user[:password]@host[:port]/database`, or for a Unix socket
    /// `postgres://user@/database?host=/socket/folder` (the folder of `.s.PGSQL.<port>`).
    package init(url: String) throws {
        let location = try PostgresLocation(url: url)
        place = location.place
        var configuration: PostgresClient.Configuration
        if let socket = location.socket {
            configuration = .init(
                unixSocketPath: socket, username: location.user, password: location.password,
                database: location.database)
        } else {
            configuration = .init(
                host: location.host, port: location.port, username: location.user, password: location.password,
                database: location.database, tls: .disable)
        }
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.maximumConnections = 8
        client = PostgresClient(configuration: configuration)
        configuration.options.maximumConnections = 2
        writes = PostgresClient(configuration: configuration)
        writer = EventWriter(client: writes, origin: origin)
        let joining = writes
        joins = GroupWriter(limit: 500) { group in try await PendingJoin.add(group, client: joining) }
    }

    /// Keeps the pool and the listening connection going (reconnecting after the database
    /// restarts) until the task is cancelled. Everything else waits for this to run.
    package func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.client.run() }
            group.addTask { await self.writes.run() }
            group.addTask { await self.listen() }
        }
    }

    private func listen() async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notices in
                        // Listening again after a lost connection: what was said meanwhile is read again.
                        hub.resync()
                        for try await notice in notices { hub.deliver(notice.payload, ignoring: origin) }
                    }
                }
            } catch {
                // The database is down or restarting: try again shortly.
            }
            try? await Task.sleep(nanoseconds: 1_000_000_000)
        }
    }

    /// Brings the schema to this version (once, whichever server starts first).
    package func migrate() async throws {
        do {
            try await client.withTransaction(logger: Self.logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(7210028)", logger: Self.logger)
                try await connection.query(
                    "CREATE TABLE IF NOT EXISTS seguelab_schema (version integer NOT NULL)", logger: Self.logger)
                var current = 0
                for try await version in try await connection.query(
                    "SELECT coalesce(max(version), 0) FROM seguelab_schema", logger: Self.logger
                ).decode(Int.self) {
                    current = version
                }
                guard current <= PostgresSchema.migrations.count else {
                    throw PostgresStoreFailure(
                        "the database's workshop schema is version \(current), newer than this server's "
                            + "(\(PostgresSchema.migrations.count)): update seguelab")
                }
                for (index, statements) in PostgresSchema.migrations.enumerated().dropFirst(current) {
                    for statement in statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Self.logger)
                    }
                    try await connection.query(
                        "INSERT INTO seguelab_schema (version) VALUES (\(index + 1))", logger: Self.logger)
                }
            }
        } catch let failure as PostgresStoreFailure {
            throw failure
        } catch {
            throw PostgresStoreFailure("cannot prepare the workshop tables in \(place): \(Self.describe(error))")
        }
    }

    /// The schema version the database is at.
    package func schemaVersion() async throws -> Int {
        var version = 0
        for try await value in try await client.query("SELECT coalesce(max(version), 0) FROM seguelab_schema")
            .decode(Int.self)
        {
            version = value
        }
        return version
    }

    /// The store of one room (created empty if it is new).
    package func store(room: String) throws -> PostgresWorkshopStore {
        guard PostgresWorkshopStore.isRoomName(room) else {
            throw PostgresStoreFailure("--room '\(room)': expected 1 to 48 letters, digits, '.', '_' or '-'")
        }
        return PostgresWorkshopStore(database: self, room: room)
    }

    /// Every room in the database, by name.
    package func rooms() async throws -> [RoomSummary] {
        let rows = try await client.query(
            """
            SELECT r.name, r.json::text,
                   (SELECT count(*) FROM workshop_learner l WHERE l.room = r.name),
                   (SELECT max(received) FROM workshop_event e WHERE e.room = r.name)
            FROM workshop_room r ORDER BY r.name
            """)
        var rooms: [RoomSummary] = []
        for try await (name, json, learners, last) in rows.decode((String, String, Int, Double?).self) {
            let record = try JSONDecoder().decode(RoomRecord.self, from: Data(json.utf8))
            rooms.append(RoomSummary(name: name, learners: learners, lastActivity: last, joinCode: record.joinCode))
        }
        return rooms
    }

    /// A driver error in a sentence (its server message when there is one).
    package static func describe(_ error: any Error) -> String {
        if let error = error as? PostgresTransactionError,
            let inner = error.closureError ?? error.beginError ?? error.commitError
        {
            return describe(inner)
        }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            return "\(error.code)"
        }
        return "\(error)"
    }
}

/// What `--database` names, parsed.
package struct PostgresLocation: Equatable {
    package var user: String
    package var password: String?
    package var host = "localhost"
    package var port = 5432
    package var database: String
    /// The Unix socket's path, for `?host=/folder`.
    package var socket: String?

    package init(url: String) throws {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme)
        else {
            throw PostgresStoreFailure(
                "--database '\(url)': expected postgres://user@host:port/database "
                    + "or postgres://user@/database?host=/socket/folder")
        }
        guard let user = components.user, !user.isEmpty else {
            throw PostgresStoreFailure("--database '\(url)': missing the user (postgres://USER@host/database)")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty else {
            throw PostgresStoreFailure("--database '\(url)': missing the database (postgres://user@host/DATABASE)")
        }
        self.user = user
        self.password = components.password
        self.database = database
        if let port = components.port { self.port = port }
        if let host = components.host, !host.isEmpty { self.host = host }
        if let folder = components.queryItems?.first(where: { $0.name == "host" })?.value, folder.hasPrefix("/") {
            socket = folder + "/.s.PGSQL.\(self.port)"
        }
    }

    var place: String {
        socket.map { "\(database) on \($0)" } ?? "\(database) on \(host):\(port)"
    }
}

package struct PostgresStoreFailure: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}

/// The schema, one list of statements per version: a database at version n runs the lists
/// after its n-th, in one transaction, and records the version in `seguelab_schema`.
enum PostgresSchema {
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE workshop_room (
                name text PRIMARY KEY, json jsonb NOT NULL, created double precision NOT NULL)
            """,
            """
            CREATE TABLE workshop_learner (
                room text NOT NULL REFERENCES workshop_room(name) ON UPDATE CASCADE ON DELETE CASCADE,
                id text NOT NULL, name text NOT NULL, key text NOT NULL, joined double precision NOT NULL,
                PRIMARY KEY (room, id))
            """,
            """
            CREATE TABLE workshop_event (
                seq bigserial PRIMARY KEY, room text NOT NULL, learner text NOT NULL, id text NOT NULL,
                received double precision NOT NULL, json jsonb NOT NULL,
                UNIQUE (room, learner, id),
                FOREIGN KEY (room, learner) REFERENCES workshop_learner(room, id)
                    ON UPDATE CASCADE ON DELETE CASCADE)
            """,
            "CREATE INDEX workshop_event_room_seq ON workshop_event (room, seq)"
        ],
        // Joining in one round trip: the room's row is locked, then (each statement of a
        // function sees what was committed before it) the learner is looked up and counted.
        [
            """
            CREATE FUNCTION seguelab_add_learner(
                p_room text, p_id text, p_name text, p_key text, p_joined double precision, p_limit bigint,
                p_notice text)
            RETURNS TABLE (known_key text, known_name text, added boolean) LANGUAGE plpgsql AS $$
            DECLARE
                found_key text;
                found_name text;
            BEGIN
                PERFORM 1 FROM workshop_room WHERE name = p_room FOR UPDATE;
                SELECT l.key, l.name INTO found_key, found_name FROM workshop_learner l
                WHERE l.room = p_room AND l.id = p_id;
                IF found_key IS NOT NULL THEN
                    RETURN QUERY SELECT found_key, found_name, false;
                ELSIF (SELECT count(*) FROM workshop_learner l WHERE l.room = p_room) >= p_limit THEN
                    RETURN QUERY SELECT NULL::text, NULL::text, false;
                ELSE
                    INSERT INTO workshop_learner (room, id, name, key, joined)
                    VALUES (p_room, p_id, p_name, p_key, p_joined);
                    PERFORM pg_notify('seguelab_workshop', p_notice); -- PostgresDatabase.channel
                    RETURN QUERY SELECT NULL::text, NULL::text, true;
                END IF;
            END
            $$
            """
        ]
    ]
}

/// Hands each room's store the notices about it; tells every store to read again after the
/// listening connection was lost.
final class NoticeHub: @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [String: [UUID: AsyncStream<StoreChange>.Continuation]] = [:]

    func subscribe(room: String) -> AsyncStream<StoreChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
        let id = UUID()
        lock.withLock { listeners[room, default: [:]][id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.listeners[room]?.removeValue(forKey: id) }
        }
        return stream
    }

    /// A notice: `origin room kind [seq]`, separated by spaces.
    func deliver(_ payload: String, ignoring origin: String) {
        let parts = payload.split(separator: " ").map(String.init)
        guard parts.count >= 3, parts[0] != origin else { return }
        let change: StoreChange
        switch parts[2] {
        case "events": change = .events(from: parts.count > 3 ? Int64(parts[3]) ?? 0 : 0)
        case "learners": change = .learners
        default: change = .room
        }
        for continuation in lock.withLock({ Array((listeners[parts[1]] ?? [:]).values) }) {
            continuation.yield(change)
        }
    }

    func resync() {
        for continuation in lock.withLock({ listeners.values.flatMap(\.values) }) { continuation.yield(.resync) }
    }
}

/// One room of a shared PostgreSQL database.
package final class PostgresWorkshopStore: WorkshopStore {
    let database: PostgresDatabase
    package let room: String
    private var client: PostgresClient { database.client }
    private var logger: Logger { PostgresDatabase.logger }

    init(database: PostgresDatabase, room: String) {
        self.database = database
        self.room = room
    }

    static func isRoomName(_ name: String) -> Bool {
        (1...48).contains(name.count)
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".contains(Character($0)))
            }
    }

    /// Tells the other servers, inside the transaction: the notice goes out at commit.
    private func notify(_ connection: PostgresConnection, _ kind: String) async throws {
        let payload = "\(database.origin) \(room) \(kind)"
        try await connection.query("SELECT pg_notify(\(PostgresDatabase.channel), \(payload))", logger: logger)
    }

    package func remoteChanges() -> AsyncStream<StoreChange>? { database.hub.subscribe(room: room) }

    package func loadRoom() async throws -> RoomRecord? {
        var found: RoomRecord?
        for try await json in try await client.query("SELECT json::text FROM workshop_room WHERE name = \(room)")
            .decode(String.self)
        {
            found = try Self.decode(RoomRecord.self, json)
        }
        return found
    }

    package func saveRoom(_ record: RoomRecord) async throws {
        let json = try Self.encode(record)
        let now = Date().timeIntervalSince1970
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                """
                INSERT INTO workshop_room (name, json, created) VALUES (\(room), \(json)::jsonb, \(now))
                ON CONFLICT (name) DO UPDATE SET json = excluded.json
                """, logger: logger)
            try await notify(connection, "room")
        }
    }

    package func createRoom(_ record: RoomRecord) async throws -> RoomRecord {
        let json = try Self.encode(record)
        let now = Date().timeIntervalSince1970
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                """
                INSERT INTO workshop_room (name, json, created) VALUES (\(room), \(json)::jsonb, \(now))
                ON CONFLICT (name) DO NOTHING
                """, logger: logger)
            try await notify(connection, "room")
        }
        return try await loadRoom() ?? record
    }

    package func updateRoom(_ change: @escaping @Sendable (inout RoomRecord) throws -> Void) async throws
        -> RoomRecord
    {
        try await client.withTransaction(logger: logger) { connection in
            var found: String?
            for try await json in try await connection.query(
                "SELECT json::text FROM workshop_room WHERE name = \(room) FOR UPDATE", logger: logger
            ).decode(String.self) {
                found = json
            }
            guard let found else { throw RequestFailure(500, "the room '\(room)' is not stored") }
            var record = try Self.decode(RoomRecord.self, found)
            try change(&record)
            let json = try Self.encode(record)
            try await connection.query(
                "UPDATE workshop_room SET json = \(json)::jsonb WHERE name = \(room)", logger: logger)
            try await notify(connection, "room")
            return record
        }
    }

    package func learners() async throws -> [LearnerRecord] {
        var learners: [LearnerRecord] = []
        for try await (id, name, key, joined) in try await client.query(
            "SELECT id, name, key, joined FROM workshop_learner WHERE room = \(room) ORDER BY joined, id"
        ).decode((String, String, String, Double).self) {
            learners.append(LearnerRecord(id: id, name: name, key: key, joined: joined))
        }
        return learners
    }

    package func saveLearner(_ learner: LearnerRecord) async throws {
        _ = try await addLearner(learner, limit: .max)
    }

    /// `seguelab_add_learner` locks the room's row, so joins into one room, from any server, take
    /// turns, and the count it reads is the count it adds to; joins that arrive together are one
    /// statement (`PendingJoin.add`). A
    /// learner already stored (joined through another server) is not changed there: its secret is
    /// compared here, in constant time, and a new name is stored on its own.
    package func addLearner(_ learner: LearnerRecord, limit: Int) async throws -> Bool {
        let answer = try await database.joins.submit(
            PendingJoin(
                room: room, learner: learner, limit: limit, notice: database.origin + " " + room + " learners"))
        guard let known = answer.known else { return answer.added }
        // Joined through another server: the same secret, or someone else's id.
        guard Room.sameSecret(known.key, learner.key) else {
            throw RequestFailure(403, "this learner id belongs to someone else")
        }
        if known.name != learner.name {
            try await client.query(
                """
                WITH renamed AS (
                    UPDATE workshop_learner SET name = \(learner.name) WHERE room = \(room) AND id = \(learner.id)
                    RETURNING 1)
                SELECT pg_notify(\(PostgresDatabase.channel), \(database.origin + " " + room + " learners"))
                FROM renamed
                """, logger: logger)
        }
        return true
    }

    package func append(_ events: [StoredEvent]) async throws -> [StoredEvent] {
        guard !events.isEmpty else { return [] }
        return try await database.writer.append(events, room: room)
    }

    package func events() async throws -> [StoredEvent] { try await events(from: 0) }

    package func events(from seq: Int64) async throws -> [StoredEvent] {
        var events: [StoredEvent] = []
        for try await (seq, learner, received, json) in try await client.query(
            """
            SELECT seq, learner, received, json::text FROM workshop_event
            WHERE room = \(room) AND seq >= \(seq) ORDER BY seq
            """
        ).decode((Int64, String, Double, String).self) {
            events.append(
                StoredEvent(
                    learner: learner, event: try Self.decode(WorkshopEvent.self, json), received: received, seq: seq))
        }
        return events
    }

    package func archiveName() -> String? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return String(room.prefix(32)) + "-" + formatter.string(from: Date())
    }

    /// The finished room is kept under `archive` (a room name: `workshop rooms` lists it), and
    /// this room starts empty.
    package func archiveAndClear(to archive: String) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "UPDATE workshop_room SET name = \(archive) WHERE name = \(room)", logger: logger)
            try await notify(connection, "room")
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

/// Stores the events of every room a process serves, a group of batches at a time: while one
/// group's statement runs, the batches that arrive wait and go together in the next. Each
/// statement is one transaction and one round trip: the events are inserted (those stored before
/// are skipped), older code of the same learner and exercise is removed (within the group too:
/// only the latest keeps its code), and the other servers are told, once per room. Commits
/// that NOTIFY take turns in PostgreSQL (a lock held through the commit's flush to disk), so one
/// commit per group, not per batch, is what lets a busy department's events through.
actor EventWriter {
    private struct Waiting {
        var room: String
        var events: [StoredEvent]
        var reply: CheckedContinuation<[StoredEvent], any Error>
    }

    private let client: PostgresClient
    private let origin: String
    private var waiting: [Waiting] = []
    private var writing = false
    /// Events in one statement at most.
    static let groupLimit = 2_000

    init(client: PostgresClient, origin: String) {
        self.client = client
        self.origin = origin
    }

    /// The events stored now (not before), in order, once their transaction has committed.
    func append(_ events: [StoredEvent], room: String) async throws -> [StoredEvent] {
        try await withCheckedThrowingContinuation { reply in
            waiting.append(Waiting(room: room, events: events, reply: reply))
            guard !writing else { return }
            writing = true
            Task { await writeWaiting() }
        }
    }

    private func writeWaiting() async {
        while !waiting.isEmpty {
            var count = 0
            let size = waiting.prefix { batch in
                count += batch.events.count
                return count <= Self.groupLimit
            }.count
            let group = Array(waiting.prefix(max(size, 1)))
            waiting.removeFirst(group.count)
            do {
                let stored = try await write(group.map { ($0.room, $0.events) })
                for (batch, added) in zip(group, stored) { batch.reply.resume(returning: added) }
            } catch  where group.count > 1 {
                // One batch may be what failed: each is tried on its own, so the others are stored.
                for batch in group {
                    do {
                        batch.reply.resume(returning: try await write([(batch.room, batch.events)])[0])
                    } catch {
                        batch.reply.resume(throwing: error)
                    }
                }
            } catch {
                group[0].reply.resume(throwing: error)
            }
        }
        writing = false
    }

    /// PostgreSQL commits a statement outside a transaction block at the end of the exchange,
    /// before it sends the results, so the rows read here are committed.
    private func write(_ batches: [(room: String, events: [StoredEvent])]) async throws -> [[StoredEvent]] {
        var rooms: [String] = []
        var learners: [String] = []
        var ids: [String] = []
        var received: [Double] = []
        var jsons: [String] = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for (room, events) in batches {
            for stored in events {
                rooms.append(room)
                learners.append(stored.learner)
                ids.append(stored.event.id)
                received.append(stored.received)
                jsons.append(String(decoding: try encoder.encode(stored.event), as: UTF8.self))
            }
        }
        var seqs: [String: Int64] = [:]
        for try await (seq, room, learner, id) in try await client.query(
            """
            WITH input AS (
                SELECT room, learner, id, received, n,
                       CASE WHEN json ? 'code' AND row_number() OVER (
                                PARTITION BY room, learner, json->>'step', json ? 'code' ORDER BY n DESC) > 1
                            THEN json - 'code' ELSE json END AS json
                FROM (SELECT room, learner, id, received, json::jsonb AS json, n
                      FROM unnest(\(rooms)::text[], \(learners)::text[], \(ids)::text[], \(received)::float8[],
                                  \(jsons)::text[]) WITH ORDINALITY AS t(room, learner, id, received, json, n)) given
            ),
            added AS (
                INSERT INTO workshop_event (room, learner, id, received, json)
                SELECT room, learner, id, received, json FROM input ORDER BY n
                ON CONFLICT (room, learner, id) DO NOTHING
                RETURNING seq, room, learner, id, json->>'step' AS step, json ? 'code' AS has_code
            ),
            pruned AS (
                UPDATE workshop_event e SET json = e.json - 'code'
                FROM (SELECT room, learner, step, max(seq) AS seq FROM added
                      WHERE has_code AND step IS NOT NULL GROUP BY room, learner, step) latest
                WHERE e.room = latest.room AND e.learner = latest.learner AND e.seq < latest.seq
                  AND e.json->>'step' = latest.step AND e.json ? 'code'
                RETURNING 1
            ),
            told AS (
                SELECT pg_notify(\(PostgresDatabase.channel), \(origin) || ' ' || room || ' events ' || min(seq))
                FROM added GROUP BY room
            )
            SELECT seq, room, learner, id FROM added, (SELECT count(*) FROM told) notices ORDER BY seq
            """, logger: PostgresDatabase.logger
        ).decode((Int64, String, String, String).self) {
            seqs[room + "\u{0}" + learner + "\u{0}" + id] = seq
        }
        return batches.map { room, events in
            events.compactMap { stored in
                guard let seq = seqs[room + "\u{0}" + stored.learner + "\u{0}" + stored.event.id] else { return nil }
                var kept = stored
                kept.seq = seq
                return kept
            }.sorted { $0.seq! < $1.seq! }
        }
    }
}

/// Work that arrives from many requests at once, done a group per statement: while one group's
/// statement runs, what arrives waits and goes together in the next. A group that fails is done
/// again one by one, so one bad item does not fail the others.
actor GroupWriter<Item: Sendable, Output: Sendable> {
    private struct Waiting {
        var item: Item
        var reply: CheckedContinuation<Output, any Error>
    }

    private let write: @Sendable ([Item]) async throws -> [Output]
    private let limit: Int
    private var waiting: [Waiting] = []
    private var writing = false

    /// `limit`: items in one group at most.
    init(limit: Int, write: @escaping @Sendable ([Item]) async throws -> [Output]) {
        self.limit = limit
        self.write = write
    }

    func submit(_ item: Item) async throws -> Output {
        try await withCheckedThrowingContinuation { reply in
            waiting.append(Waiting(item: item, reply: reply))
            guard !writing else { return }
            writing = true
            Task { await writeWaiting() }
        }
    }

    private func writeWaiting() async {
        while !waiting.isEmpty {
            let group = Array(waiting.prefix(limit))
            waiting.removeFirst(group.count)
            do {
                let outputs = try await write(group.map(\.item))
                for (waiting, output) in zip(group, outputs) { waiting.reply.resume(returning: output) }
            } catch  where group.count > 1 {
                for waiting in group {
                    do {
                        waiting.reply.resume(returning: try await write([waiting.item])[0])
                    } catch {
                        waiting.reply.resume(throwing: error)
                    }
                }
            } catch {
                group[0].reply.resume(throwing: error)
            }
        }
        writing = false
    }
}

/// A learner to add to a room unless it is full.
struct PendingJoin: Sendable {
    var room: String
    var learner: LearnerRecord
    var limit: Int
    var notice: String

    /// Joins in one statement, `seguelab_add_learner` once per learner, the rooms in order of
    /// name: two servers' groups lock the rooms they join into in the same order, so neither
    /// waits for the other forever.
    static func add(_ joins: [PendingJoin], client: PostgresClient) async throws -> [JoinAnswer] {
        let order = joins.indices.sorted { (joins[$0].room, $0) < (joins[$1].room, $1) }
        let sorted = order.map { joins[$0] }
        var answers = [JoinAnswer](repeating: JoinAnswer(known: nil, added: false), count: joins.count)
        for try await (n, key, name, added) in try await client.query(
            """
            SELECT t.n, r.known_key, r.known_name, r.added
            FROM unnest(\(sorted.map(\.room))::text[], \(sorted.map(\.learner.id))::text[],
                        \(sorted.map(\.learner.name))::text[], \(sorted.map(\.learner.key))::text[],
                        \(sorted.map(\.learner.joined))::float8[], \(sorted.map(\.limit))::int8[],
                        \(sorted.map(\.notice))::text[])
                 WITH ORDINALITY AS t(room, id, name, key, joined, lim, notice, n)
            CROSS JOIN LATERAL seguelab_add_learner(t.room, t.id, t.name, t.key, t.joined, t.lim, t.notice) r
            ORDER BY t.n
            """, logger: PostgresDatabase.logger
        ).decode((Int, String?, String?, Bool).self) {
            answers[order[n - 1]] = JoinAnswer(known: key.flatMap { key in name.map { (key, $0) } }, added: added)
        }
        return answers
    }
}

/// What a join found: the learner already there (its secret and name), or whether it was added.
struct JoinAnswer: Sendable {
    var known: (key: String, name: String)?
    var added: Bool
}
