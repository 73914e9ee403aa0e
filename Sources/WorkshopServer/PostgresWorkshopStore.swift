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
    let location: PostgresLocation
    /// This process in the notices it sends, so it can ignore its own.
    let origin = randomHex(bytes: 8)
    let hub = NoticeHub()
    /// Every room's events go through one writer, a group of batches per statement, two groups
    /// in flight: a batch that arrives while one group's statement runs starts at once on the
    /// second connection (a learner's own batches still take turns: each group locks its
    /// learners' rows).
    let events: GroupWriter<PendingEvents, Result<QuotaAppend, any Error>>
    /// And every room's joins, a group of learners per statement.
    let joins: GroupWriter<PendingJoin, JoinAnswer>
    static let channel = "seguelab_workshop"
    static let logger = Logger(label: "seguelab.workshop.postgres")

    /// `url`: `postgres://user[:password]@host[:port]/database`, or for a Unix socket
    /// `postgres://user@/database?host=/socket/folder` (the folder of `.s.PGSQL.<port>`).
    /// `?sslmode=` as libpq reads it: `require` (TLS or no connection), `verify-ca` and `verify-full`
    /// (the certificate checked against `sslrootcert=FILE`, or the system's roots; `verify-full`
    /// also checks it names the host), `prefer`, also without `sslmode` (TLS when the server
    /// offers it, else plain), `disable` (plain).
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
        // The joins' writer, and the events' two groups at once.
        configuration.options.maximumConnections = 3
        writes = PostgresClient(configuration: configuration)
        let (writing, origin) = (writes, origin)
        events = GroupWriter(limit: PendingEvents.groupLimit, weight: { $0.events.count }, concurrent: 2) { group in
            try await PendingEvents.append(group, client: writing, origin: origin)
        }
        joins = GroupWriter(limit: 500) { group in try await PendingJoin.add(group, client: writing) }
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
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return "the TLS connection failed: the database server's certificate does not name the URL's host "
                + "(verify-full checks the name; verify-ca checks only whose certificate it is)"
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

    /// `sslmode` and `sslrootcert`, as libpq reads them, `prefer` when the URL has no `sslmode`
    /// (`allow`, plain first and TLS only when plain is refused, is not offered).
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
        case "disable": tls = .disable
        case nil, "prefer": tls = .prefer
        case "allow":
            throw PostgresStoreFailure(
                "--database: sslmode 'allow' (plain first, TLS only when plain is refused) is not offered: "
                    + "use prefer (TLS when the server offers it, else plain), require, verify-ca, verify-full "
                    + "or disable")
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
            PostgresSchema.countEvents,
            PostgresSchema.usageTable,
            PostgresSchema.sumUsage
        ],
        // Joins and events in one round trip per group. A database may also come here from a
        // version 2 that added only `seguelab_add_learner`, not the quota counts: the counts
        // are made again (if missing) and counted again from what is stored either way.
        [
            "ALTER TABLE workshop_learner ADD COLUMN IF NOT EXISTS events integer NOT NULL DEFAULT 0",
            PostgresSchema.countEvents,
            PostgresSchema.usageTable.replacingOccurrences(of: "CREATE TABLE", with: "CREATE TABLE IF NOT EXISTS"),
            PostgresSchema.sumUsage + " ON CONFLICT (room) DO UPDATE SET bytes = excluded.bytes",
            "CREATE OR REPLACE" + PostgresSchema.addLearner.dropFirst("CREATE".count),
            PostgresSchema.appendEvents
        ],
        // `seguelab_append` locks its learners by key, not by reading them all.
        [PostgresSchema.appendEvents]
    ]

    static let countEvents = """
        UPDATE workshop_learner l SET events =
            (SELECT count(*) FROM workshop_event e WHERE e.room = l.room AND e.learner = l.id)
        """

    static let usageTable = """
        CREATE TABLE workshop_usage (
            room text PRIMARY KEY, bytes bigint NOT NULL)
        """

    static let sumUsage = """
        INSERT INTO workshop_usage (room, bytes)
        SELECT room, sum(160 + octet_length(id) + coalesce(octet_length(json->>'step'), 0)
            + coalesce(octet_length(json->>'feedback'), 0) + coalesce(octet_length(json->>'problem'), 0)
            + coalesce(octet_length(json->>'code'), 0))
        FROM workshop_event GROUP BY room
        """

    /// Joining: the room's row is locked, then (each statement of a function sees what was
    /// committed before it) the learner is looked up and counted.
    static let addLearner = """
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

    /// A group of events, of any rooms and learners, in one call. Every row the group counts in
    /// is locked first, in one order (the learners by room and id, then the rooms' usage by
    /// room), so two servers' groups never wait on each other in a circle; then each event in
    /// turn (each statement sees what other servers committed before the locks were granted): an
    /// event stored before is skipped (`known`); past the learner's count (`learner`) or the
    /// room's bytes (`bytes`, its code's older version freed first) it is refused and the counts
    /// stay; otherwise it is stored (`stored`, with its seq), counted, and its learner's older
    /// code for the exercise removed. `missing`: the learner is not in the room. The other
    /// servers are told once per room.
    static let appendEvents = """
        CREATE OR REPLACE FUNCTION seguelab_append(
            p_rooms text[], p_learners text[], p_ids text[], p_received double precision[], p_jsons text[],
            p_weights bigint[], p_event_limits bigint[], p_byte_limits bigint[], p_origin text)
        RETURNS TABLE (o_n integer, o_seq bigint, o_outcome text) LANGUAGE plpgsql AS $$
        DECLARE
            i integer;
            v_json jsonb;
            v_step text;
            v_count integer;
            v_weight bigint;
            v_seq bigint;
            v_rooms text[] := '{}';
            v_seqs bigint[] := '{}';
            v_room text;
            v_learner text;
        BEGIN
            -- One key lookup per learner: a join of the whole list read every learner of the
            -- database (0.6 ms of each call's 1.3 ms with 3,000 learners).
            FOR v_room, v_learner IN
                SELECT DISTINCT t.r, t.w FROM unnest(p_rooms, p_learners) AS t(r, w) ORDER BY t.r, t.w
            LOOP
                PERFORM 1 FROM workshop_learner l WHERE l.room = v_room AND l.id = v_learner FOR NO KEY UPDATE;
            END LOOP;
            INSERT INTO workshop_usage (room, bytes)
            SELECT DISTINCT r, 0 FROM unnest(p_rooms) AS t(r) ORDER BY r ON CONFLICT (room) DO NOTHING;
            PERFORM 1 FROM workshop_usage u WHERE u.room = ANY (p_rooms) ORDER BY u.room FOR UPDATE;
            FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
                o_n := i;
                o_seq := NULL;
                SELECT l.events INTO v_count FROM workshop_learner l
                WHERE l.room = p_rooms[i] AND l.id = p_learners[i];
                IF NOT FOUND THEN
                    o_outcome := 'missing';
                ELSIF EXISTS (SELECT 1 FROM workshop_event e
                              WHERE e.room = p_rooms[i] AND e.learner = p_learners[i] AND e.id = p_ids[i]) THEN
                    o_outcome := 'known';
                ELSIF v_count >= p_event_limits[i] THEN
                    o_outcome := 'learner';
                ELSE
                    v_json := p_jsons[i]::jsonb;
                    v_step := v_json->>'step';
                    v_weight := p_weights[i];
                    IF v_step IS NOT NULL AND v_json ? 'code' THEN
                        v_weight := v_weight - (
                            SELECT coalesce(sum(octet_length(e.json->>'code')), 0) FROM workshop_event e
                            WHERE e.room = p_rooms[i] AND e.learner = p_learners[i] AND e.json->>'step' = v_step
                              AND e.json ? 'code');
                    END IF;
                    o_outcome := 'stored';
                    IF v_weight > 0 THEN
                        UPDATE workshop_usage u SET bytes = u.bytes + v_weight
                        WHERE u.room = p_rooms[i] AND u.bytes + v_weight <= p_byte_limits[i];
                        IF NOT FOUND THEN
                            o_outcome := 'bytes';
                        END IF;
                    ELSIF v_weight < 0 THEN
                        UPDATE workshop_usage u SET bytes = u.bytes + v_weight WHERE u.room = p_rooms[i];
                    END IF;
                    IF o_outcome = 'stored' THEN
                        INSERT INTO workshop_event AS e (room, learner, id, received, json)
                        VALUES (p_rooms[i], p_learners[i], p_ids[i], p_received[i], v_json)
                        RETURNING e.seq INTO v_seq;
                        UPDATE workshop_learner l SET events = l.events + 1
                        WHERE l.room = p_rooms[i] AND l.id = p_learners[i];
                        IF v_step IS NOT NULL AND v_json ? 'code' THEN
                            UPDATE workshop_event e SET json = e.json - 'code'
                            WHERE e.room = p_rooms[i] AND e.learner = p_learners[i] AND e.seq < v_seq
                              AND e.json->>'step' = v_step AND e.json ? 'code';
                        END IF;
                        o_seq := v_seq;
                        v_rooms := v_rooms || p_rooms[i];
                        v_seqs := v_seqs || v_seq;
                    END IF;
                END IF;
                RETURN NEXT;
            END LOOP;
            PERFORM pg_notify('seguelab_workshop', p_origin || ' ' || t.r || ' events ' || min(t.s)) -- channel
            FROM unnest(v_rooms, v_seqs) AS t(r, s) GROUP BY t.r;
        END
        $$
        """
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

    /// No quota but the counts kept: what the room stores goes through `append(_:within:)`.
    package func append(_ events: [StoredEvent]) async throws -> [StoredEvent] {
        let unlimited = RoomQuotas(learners: .max, eventsPerLearner: .max, roomBytes: .max)
        return try await append(events, within: unlimited).added
    }

    /// The events go to the group writer with the room's quotas: `seguelab_append` counts them
    /// in the database, with the learner's row and the room's usage locked, so a quota holds
    /// across servers. A refusal leaves the counts as they were.
    package func append(_ events: [StoredEvent], within quotas: RoomQuotas) async throws -> QuotaAppend {
        guard !events.isEmpty else { return QuotaAppend(added: []) }
        return try await database.events.submit(PendingEvents(room: room, events: events, quotas: quotas)).get()
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

/// A learner's batch of events for a room, to be stored within the room's quotas. The events of
/// every room a process serves go through one `GroupWriter` (`PostgresDatabase.events`), a group
/// of batches per statement: a call of `seguelab_append`, one transaction and one round trip, in
/// which each event is counted against its room's quotas, with the rows it counts in locked, and
/// stored unless it was stored before or a quota refuses it; older code of the same learner and
/// exercise is removed (within the group too: only the latest keeps its code), and the other
/// servers are told, once per room. Commits that NOTIFY take turns in PostgreSQL (a lock held
/// through the commit's flush to disk), so one commit per group, not per batch, is what lets a
/// busy department's events through.
struct PendingEvents: Sendable {
    var room: String
    var events: [StoredEvent]
    var quotas: RoomQuotas

    /// Events in one statement at most.
    static let groupLimit = 2_000

    /// PostgreSQL commits a statement outside a transaction block at the end of the exchange,
    /// before it sends the results, so the rows read here are committed.
    static func append(_ batches: [PendingEvents], client: PostgresClient, origin: String) async throws
        -> [Result<QuotaAppend, any Error>]
    {
        var rooms: [String] = []
        var learners: [String] = []
        var ids: [String] = []
        var received: [Double] = []
        var jsons: [String] = []
        var weights: [Int64] = []
        var eventLimits: [Int64] = []
        var byteLimits: [Int64] = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for batch in batches {
            for stored in batch.events {
                rooms.append(batch.room)
                learners.append(stored.learner)
                ids.append(stored.event.id)
                received.append(stored.received)
                jsons.append(String(decoding: try encoder.encode(stored.event), as: UTF8.self))
                weights.append(Int64(Room.weight(of: stored.event)))
                eventLimits.append(Int64(clamping: batch.quotas.eventsPerLearner))
                byteLimits.append(Int64(clamping: batch.quotas.roomBytes))
            }
        }
        var outcomes: [Int: (seq: Int64?, outcome: String)] = [:]
        for try await (n, seq, outcome) in try await client.query(
            """
            SELECT o_n, o_seq, o_outcome FROM seguelab_append(
                \(rooms)::text[], \(learners)::text[], \(ids)::text[], \(received)::float8[], \(jsons)::text[],
                \(weights)::int8[], \(eventLimits)::int8[], \(byteLimits)::int8[], \(origin))
            """, logger: PostgresDatabase.logger
        ).decode((Int, Int64?, String).self) {
            outcomes[n] = (seq, outcome)
        }
        var n = 0
        return batches.map { batch in
            var result = QuotaAppend(added: [])
            var missing: String?
            for stored in batch.events {
                n += 1
                switch outcomes[n]?.outcome {
                case "stored":
                    var kept = stored
                    kept.seq = outcomes[n]?.seq
                    result.added.append(kept)
                case "learner": result.refused[stored.event.id] = .learnerEvents
                case "bytes": result.refused[stored.event.id] = .roomBytes
                case "missing": missing = stored.learner
                default: break
                }
            }
            if let missing { return .failure(RequestFailure(500, "the learner '\(missing)' is not stored")) }
            return .success(result)
        }
    }
}

/// Work that arrives from many requests at once, done a group per statement: while a group's
/// statement runs, what arrives waits and goes together in the next. A group that fails is done
/// again one by one, so one bad item does not fail the others.
actor GroupWriter<Item: Sendable, Output: Sendable> {
    private struct Waiting {
        var item: Item
        var reply: CheckedContinuation<Output, any Error>
    }

    private let write: @Sendable ([Item]) async throws -> [Output]
    private let limit: Int
    private let weight: @Sendable (Item) -> Int
    private let concurrent: Int
    private var waiting: [Waiting] = []
    private var writing = 0

    /// `limit`: what one group weighs at most (a heavier item still goes, alone); `weight`: what
    /// an item weighs (1 each unless said); `concurrent`: groups written at once, each on a
    /// connection of its own.
    init(
        limit: Int, weight: @escaping @Sendable (Item) -> Int = { _ in 1 }, concurrent: Int = 1,
        write: @escaping @Sendable ([Item]) async throws -> [Output]
    ) {
        self.limit = limit
        self.weight = weight
        self.concurrent = concurrent
        self.write = write
    }

    /// The item's output, once the statement of its group has committed.
    func submit(_ item: Item) async throws -> Output {
        try await withCheckedThrowingContinuation { reply in
            waiting.append(Waiting(item: item, reply: reply))
            guard writing < concurrent else { return }
            writing += 1
            Task { await writeWaiting() }
        }
    }

    private func writeWaiting() async {
        while !waiting.isEmpty {
            var total = 0
            let size = waiting.prefix { waiting in
                total += weight(waiting.item)
                return total <= limit
            }.count
            let group = Array(waiting.prefix(max(size, 1)))
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
        writing -= 1
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
