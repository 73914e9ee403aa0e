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
    /// Where it is, without the password: for messages.
    package let place: String
    let location: PostgresLocation
    /// This process in the notices it sends, so it can ignore its own.
    let origin = randomHex(bytes: 8)
    let hub = NoticeHub()
    static let channel = "seguelab_workshop"
    static let logger = Logger(label: "seguelab.workshop.postgres")

    /// `url`: `postgres://user[:password]@host[:port]/database`, or for a Unix socket
    /// `postgres://user@/database?host=/socket/folder` (the folder of `.s.PGSQL.<port>`).
    /// `?sslmode=` as libpq reads it: `require` (TLS or no connection), `verify-ca` and `verify-full`
    /// (the certificate checked against `sslrootcert=FILE`, or the system's roots; `verify-full`
    /// also checks it names the host), `prefer` (TLS when the server offers it); no TLS otherwise.
    package init(url: String) throws {
        let location = try PostgresLocation(url: url)
        self.location = location
        place = location.place
        var configuration: PostgresClient.Configuration
        if let socket = location.socket {
            configuration = .init(
                unixSocketPath: socket, username: location.user, password: location.password,
                database: location.database)
        } else {
            configuration = .init(
                host: location.host, port: location.port, username: location.user, password: location.password,
                database: location.database, tls: location.tls.configuration)
        }
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.maximumConnections = 8
        client = PostgresClient(configuration: configuration)
    }

    /// Keeps the pool and the listening connection going (reconnecting after the database
    /// restarts) until the task is cancelled. Everything else waits for this to run.
    package func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.client.run() }
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

    /// Opens one connection and closes it: what stops it (TLS refused or untrusted, a wrong
    /// password, no server) is said at once, where the pool would keep trying.
    package func check() async throws {
        var configuration: PostgresConnection.Configuration
        do {
            if let socket = location.socket {
                configuration = .init(
                    unixSocketPath: socket, username: location.user, password: location.password,
                    database: location.database)
            } else {
                configuration = .init(
                    host: location.host, port: location.port, username: location.user,
                    password: location.password, database: location.database, tls: try location.tls.connectionTLS())
            }
            configuration.options.connectTimeout = .seconds(5)
            let connection = try await PostgresConnection.connect(
                configuration: configuration, id: 0, logger: Self.logger)
            try await connection.close()
        } catch {
            throw PostgresStoreFailure("cannot connect to \(place): \(Self.describe(error))")
        }
    }

    /// Brings the schema to this version (once, whichever server starts first).
    package func migrate() async throws {
        try await check()
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
            if error.code == .sslUnsupported {
                return "the database server does not accept TLS connections, and the URL's sslmode asks for TLS"
            }
            if let underlying = error.underlying { return describe(underlying) }
            return "\(error.code)"
        }
        if error is NIOSSLError || error is BoringSSLError {
            return "the TLS connection failed (\(error)): the database server's certificate is not one "
                + "sslrootcert (or the system) trusts for this host"
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
    package var tls = TLSMode.disable

    /// `sslmode` and `sslrootcert`, as libpq reads them (`allow` is not offered).
    package enum TLSMode: Equatable {
        case disable
        case prefer
        case require
        /// The certificate is checked against `roots` (a PEM file; nil: the system's), and with
        /// `host` the name in it too.
        case verify(roots: String?, host: Bool)

        private var settings: TLSConfiguration {
            var settings = TLSConfiguration.makeClientConfiguration()
            settings.certificateVerification = .none
            if case .verify(let roots, let host) = self {
                settings.certificateVerification = host ? .fullVerification : .noHostnameVerification
                if let roots { settings.trustRoots = .file(roots) }
            }
            return settings
        }

        /// For the pool.
        var configuration: PostgresClient.Configuration.TLS {
            switch self {
            case .disable: return .disable
            case .prefer: return .prefer(settings)
            default: return .require(settings)
            }
        }

        /// For one connection.
        func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
            switch self {
            case .disable: return .disable
            case .prefer: return .prefer(try NIOSSLContext(configuration: settings))
            default: return .require(try NIOSSLContext(configuration: settings))
            }
        }
    }

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
        let query = { (name: String) in components.queryItems?.first { $0.name == name }?.value }
        let roots = query("sslrootcert")
        if let roots, !FileManager.default.isReadableFile(atPath: roots) {
            throw PostgresStoreFailure("--database: sslrootcert '\(roots)' is not a file that can be read")
        }
        switch query("sslmode") {
        case nil, "disable": tls = .disable
        case "prefer": tls = .prefer
        case "require": tls = roots.map { .verify(roots: $0, host: false) } ?? .require
        case "verify-ca": tls = .verify(roots: roots, host: false)
        case "verify-full": tls = .verify(roots: roots, host: true)
        case let mode?:
            throw PostgresStoreFailure(
                "--database: sslmode '\(mode)': expected disable, prefer, require, verify-ca or verify-full")
        }
        if socket != nil, tls != .disable, tls != .prefer {
            throw PostgresStoreFailure(
                "--database: sslmode asks for TLS, which a Unix socket does not use: connect over TCP, or drop sslmode")
        }
    }

    var place: String {
        let encrypted = tls == .disable || tls == .prefer ? "" : " (TLS)"
        return socket.map { "\(database) on \($0)" } ?? "\(database) on \(host):\(port)\(encrypted)"
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
        // Quotas counted in the database: each learner's events, and what each room's events
        // weigh (`Room.weight`, with only the latest code per exercise), from what is stored.
        // No foreign key on the room's usage: adding to it must not wait on the room's row,
        // which a join holds while it waits on the learner's (`archiveAndClear` renames it).
        [
            "ALTER TABLE workshop_learner ADD COLUMN events integer NOT NULL DEFAULT 0",
            """
            UPDATE workshop_learner l SET events =
                (SELECT count(*) FROM workshop_event e WHERE e.room = l.room AND e.learner = l.id)
            """,
            """
            CREATE TABLE workshop_usage (
                room text PRIMARY KEY, bytes bigint NOT NULL)
            """,
            """
            INSERT INTO workshop_usage (room, bytes)
            SELECT room, sum(160 + octet_length(id) + coalesce(octet_length(json->>'step'), 0)
                + coalesce(octet_length(json->>'feedback'), 0) + coalesce(octet_length(json->>'problem'), 0)
                + coalesce(octet_length(json->>'code'), 0))
            FROM workshop_event GROUP BY room
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

    /// The room's row is locked first: joins into one room, from any server, take turns, so
    /// the count they read is the count they add to.
    package func addLearner(_ learner: LearnerRecord, limit: Int) async throws -> Bool {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "SELECT 1 FROM workshop_room WHERE name = \(room) FOR UPDATE", logger: logger)
            var known: String?
            var count = 0
            for try await (key, total) in try await connection.query(
                """
                SELECT (SELECT key FROM workshop_learner WHERE room = \(room) AND id = \(learner.id)),
                       (SELECT count(*) FROM workshop_learner WHERE room = \(room))
                """, logger: logger
            ).decode((String?, Int).self) {
                known = key
                count = total
            }
            // Joined through another server: the same secret, or someone else's id.
            if let known, !Room.sameSecret(known, learner.key) {
                throw RequestFailure(403, "this learner id belongs to someone else")
            }
            guard known != nil || count < limit else { return false }
            try await connection.query(
                """
                INSERT INTO workshop_learner (room, id, name, key, joined)
                VALUES (\(room), \(learner.id), \(learner.name), \(learner.key), \(learner.joined))
                ON CONFLICT (room, id) DO UPDATE SET name = excluded.name
                """, logger: logger)
            try await notify(connection, "learners")
            return true
        }
    }

    /// No quota but the counts kept: what the room stores goes through `append(_:within:)`.
    package func append(_ events: [StoredEvent]) async throws -> [StoredEvent] {
        let unlimited = RoomQuotas(learners: .max, eventsPerLearner: .max, roomBytes: .max)
        return try await append(events, within: unlimited).added
    }

    /// Each event in turn: the learner's row is locked (their events are counted one at a time,
    /// from any server), an event stored before is skipped, the learner's count and then the
    /// room's bytes are checked and added to in conditional statements, and the event is stored.
    /// A refusal leaves the counts as they were.
    package func append(_ events: [StoredEvent], within quotas: RoomQuotas) async throws -> QuotaAppend {
        guard !events.isEmpty else { return QuotaAppend(added: []) }
        let encoded = try events.map { ($0, try Self.encode($0.event)) }
        let roomLimit = Int64(clamping: quotas.roomBytes)
        return try await client.withTransaction(logger: logger) { connection in
            var result = QuotaAppend(added: [])
            for (stored, json) in encoded {
                var count: Int?
                var known = false
                for try await (events, exists) in try await connection.query(
                    """
                    SELECT l.events, EXISTS (SELECT 1 FROM workshop_event e
                        WHERE e.room = l.room AND e.learner = l.id AND e.id = \(stored.event.id))
                    FROM workshop_learner l WHERE l.room = \(room) AND l.id = \(stored.learner) FOR NO KEY UPDATE
                    """, logger: logger
                ).decode((Int, Bool).self) {
                    count = events
                    known = exists
                }
                guard let count else { throw RequestFailure(500, "the learner '\(stored.learner)' is not stored") }
                if known { continue }
                guard count < quotas.eventsPerLearner else {
                    result.refused[stored.event.id] = .learnerEvents
                    continue
                }
                // A new version of an exercise's code replaces the one kept: its bytes are freed.
                var weight = Int64(Room.weight(of: stored.event))
                if let step = stored.event.step, stored.event.code != nil {
                    for try await freed in try await connection.query(
                        """
                        SELECT coalesce(sum(octet_length(json->>'code')), 0)::bigint FROM workshop_event
                        WHERE room = \(room) AND learner = \(stored.learner) AND json->>'step' = \(step)
                          AND json ? 'code'
                        """, logger: logger
                    ).decode(Int64.self) {
                        weight -= freed
                    }
                }
                if weight > 0 {
                    var fits = false
                    if weight <= roomLimit {
                        for try await _ in try await connection.query(
                            """
                            INSERT INTO workshop_usage AS u (room, bytes) VALUES (\(room), \(weight))
                            ON CONFLICT (room) DO UPDATE SET bytes = u.bytes + excluded.bytes
                            WHERE u.bytes + excluded.bytes <= \(roomLimit)
                            RETURNING bytes
                            """, logger: logger
                        ).decode(Int64.self) {
                            fits = true
                        }
                    }
                    guard fits else {
                        result.refused[stored.event.id] = .roomBytes
                        continue
                    }
                } else if weight < 0 {
                    try await connection.query(
                        "UPDATE workshop_usage SET bytes = bytes + \(weight) WHERE room = \(room)", logger: logger)
                }
                var seq: Int64?
                for try await value in try await connection.query(
                    """
                    INSERT INTO workshop_event (room, learner, id, received, json)
                    VALUES (\(room), \(stored.learner), \(stored.event.id), \(stored.received), \(json)::jsonb)
                    ON CONFLICT (room, learner, id) DO NOTHING RETURNING seq
                    """, logger: logger
                ).decode(Int64.self) {
                    seq = value
                }
                guard let seq else { continue }
                try await connection.query(
                    "UPDATE workshop_learner SET events = events + 1 WHERE room = \(room) AND id = \(stored.learner)",
                    logger: logger)
                var kept = stored
                kept.seq = seq
                result.added.append(kept)
                // Only the latest code per learner and exercise is kept.
                if let step = stored.event.step, stored.event.code != nil {
                    try await connection.query(
                        """
                        UPDATE workshop_event SET json = json - 'code'
                        WHERE room = \(room) AND learner = \(stored.learner) AND seq < \(seq)
                          AND json->>'step' = \(step) AND json ? 'code'
                        """, logger: logger)
                }
            }
            if let first = result.added.first?.seq { try await notify(connection, "events \(first)") }
            return result
        }
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
            try await connection.query(
                "UPDATE workshop_usage SET room = \(archive) WHERE room = \(room)", logger: logger)
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
