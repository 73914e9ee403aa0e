import Foundation
import LessonKit
import TestSupport
import Testing
import Workshop

import struct PostgresNIO.PostgresQuery

@testable import WorkshopServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The PostgreSQL store against a real cluster (one for the suite, a database per test):
/// servers sharing a room store each event once, keep the learner cap between them and show
/// the same room; a server killed mid-flood loses nothing it acknowledged; a database restart
/// is absorbed by the learners' queues. Serialized: one test restarts the cluster.
@Suite(.serialized)
struct PostgresStoreTests {
    static func outline() throws -> RoomOutline {
        let loaded = PackLoader.load(from: try WorkshopFixture.makePack(in: try SeguelabBinary.makeHome()))
        return RoomOutline(pack: try #require(loaded.usablePack))
    }

    /// A database as a server process opens it: its pool and listener running, the schema ready.
    static func open(_ url: String) async throws -> (PostgresDatabase, Task<Void, Never>) {
        let database = try PostgresDatabase(url: url)
        let running = Task { await database.run() }
        try await database.migrate()
        return (database, running)
    }

    static func batch(_ code: String, _ learner: String, _ events: [WorkshopEvent]) -> EventBatch {
        EventBatch(
            code: code, learner: learner, key: String(repeating: "7a", count: 24), name: learner, seenBroadcast: 0,
            events: events)
    }

    /// Waits for `done`, generously: another server's change arrives through the database.
    static func eventually(_ what: String, _ done: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if try await done() { return }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        Issue.record("never happened: \(what)")
    }

    /// Two servers' rooms on one database: forty learners join a room for ten through both at
    /// once and exactly ten get in; a batch sent to both is stored once; each room shows what
    /// the other stored (and its live stream says so); a broadcast given on one is on both.
    @Test func twoServersShareARoomStoreOnceAndKeepTheCap() async throws {
        let url = try PostgresCluster.get().makeDatabase()
        // Both start at once: the schema is made once, the room once (one join code).
        async let first = Self.open(url)
        async let second = Self.open(url)
        let (one, runOne) = try await first
        let (two, runTwo) = try await second
        defer {
            runOne.cancel()
            runTwo.cancel()
        }
        #expect(try await one.schemaVersion() == PostgresSchema.migrations.count)
        let outline = try Self.outline()
        let (storeA, storeB) = (try one.store(room: "sec-a"), try two.store(room: "sec-a"))
        async let a = Room(outline: outline, store: storeA, learnerRate: 1000, quotas: RoomQuotas(learners: 10))
        async let b = Room(outline: outline, store: storeB, learnerRate: 1000, quotas: RoomQuotas(learners: 10))
        let (roomA, roomB) = try await (a, b)
        let code = await roomA.record.joinCode
        #expect(await roomB.record.joinCode == code)
        #expect(await roomB.record.token == roomA.record.token)

        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<40 {
                let room = index.isMultiple(of: 2) ? roomA : roomB
                let batch = Self.batch(
                    code, String(format: "learner-%04d", index), [WorkshopEvent(kind: .entered, step: "a/which")])
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
        #expect(statuses.filter { $0 == 200 }.count == 10, "\(statuses)")
        #expect(statuses.filter { $0 == 403 }.count == 30, "\(statuses)")
        #expect(try await one.store(room: "sec-a").learners().count == 10)

        // Both rooms show the same ten learners and their steps.
        try await Self.eventually("both rooms show ten learners") {
            let (x, y) = (await roomA.snapshot(), await roomB.snapshot())
            return x.learners.count == 10 && y.learners.count == 10
        }
        let admitted = try await one.store(room: "sec-a").learners().map(\.id)
        let answer = WorkshopEvent(id: "answer-0001", kind: .right, step: "a/which")
        let changesOnA = await roomA.changes()
        var versions = changesOnA.makeAsyncIterator()
        let before = await versions.next()
        // The same batch through both servers (a retry that went elsewhere): stored once.
        _ = try await roomB.submit(Self.batch(code, admitted[0], [answer]))
        _ = try await roomA.submit(Self.batch(code, admitted[0], [answer]))
        #expect(
            try await one.store(room: "sec-a").events().filter { $0.event.id == "answer-0001" }.count == 1)
        // A's live stream moved on because of what B stored.
        let after = await versions.next()
        #expect(after != nil && after != before)
        try await Self.eventually("A shows the answer stored through B") {
            await roomA.snapshot().learners.first { $0.id == admitted[0] }?.steps["a/which"]?.status == "passed"
        }
        try await roomB.broadcast("Break until ten past")
        try await Self.eventually("A shows B's broadcast") {
            await roomA.snapshot().broadcasts.map(\.text) == ["Break until ten past"]
        }
        // A change on A keeps B's broadcast (the room is changed in place, not overwritten).
        try await roomA.pace(solutionsHeld: true, openThrough: nil, gather: nil)
        try await Self.eventually("B shows A's pacing and keeps its broadcast") {
            let snapshot = await roomB.snapshot()
            return snapshot.pacing.solutionsHeld && snapshot.broadcasts.count == 1
        }
        let (x, y) = (await roomA.snapshot(), await roomB.snapshot())
        #expect(x.learners.map(\.id) == y.learners.map(\.id))
        #expect(x.learners.map(\.steps) == y.learners.map(\.steps))
    }

    /// A database newer than the server is refused with the reason; a malformed URL is said plainly.
    @Test func aNewerSchemaAndABadURLAreRefusedPlainly() async throws {
        let url = try PostgresCluster.get().makeDatabase()
        let (database, running) = try await Self.open(url)
        defer { running.cancel() }
        let cluster = try PostgresCluster.get()
        let name = String(url.split(separator: "/").last!)
        let newer = try cluster.runAsOwner(
            "psql",
            [
                "-h", "127.0.0.1", "-p", String(cluster.port), "-U", "seguelab", "-d", name, "-c",
                "INSERT INTO seguelab_schema (version) VALUES (99)"
            ])
        #expect(newer.status == 0, "\(newer.output)")
        await #expect(throws: PostgresStoreFailure.self) { try await database.migrate() }
        do {
            try await database.migrate()
        } catch {
            #expect("\(error)".contains("version 99, newer than this server's"), "\(error)")
        }
        #expect(throws: PostgresStoreFailure.self) { try PostgresDatabase(url: "postgres://127.0.0.1/db") }
        #expect(throws: PostgresStoreFailure.self) { try PostgresDatabase(url: "mysql://u@h/db") }
        #expect(try PostgresLocation(url: "postgres://u@/db?host=/run/pg").socket == "/run/pg/.s.PGSQL.5432")
    }

    /// Two server processes on one database, learners on each: both dashboards of the shared
    /// room converge (read from their JSON API), and a room only one serves stays its own.
    @Test func twoServerProcessesConvergeWithLearnersOnEach() async throws {
        let cluster = try PostgresCluster.get()
        // Over the Unix socket for one server, TCP for the other.
        let overTCP = try cluster.makeDatabase()
        let overSocket =
            overTCP.replacingOccurrences(of: "127.0.0.1", with: "localhost") + "?host=" + cluster.folder.path
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let serverA = try ServerProcess(
            pack: pack, database: overTCP, rooms: ["sec-1", "sec-2"], log: home.appendingPathComponent("a.log"))
        defer { serverA.stop() }
        let serverB = try ServerProcess(
            pack: pack, database: overSocket, rooms: ["sec-1"], log: home.appendingPathComponent("b.log"))
        defer { serverB.stop() }
        #expect(serverA.links.count == 2)
        #expect(serverA.links[0].code == serverB.links[0].code, "one room, one join code")
        #expect(serverA.tokens[0] == serverB.tokens[0])
        #expect(serverA.links[1].code != serverA.links[0].code)

        _ = try WorkshopFixture.learner(
            ["next", "next", "nope", "prepare(for:sender:)"],
            arguments: ["--join", serverA.links[0].description, "--name", "Dana"], pack: pack,
            home: home.appendingPathComponent("dana"))
        _ = try WorkshopFixture.learner(
            ["next", "next", "prepare(for:sender:)"],
            arguments: ["--join", serverB.links[0].description, "--name", "Eli"], pack: pack,
            home: home.appendingPathComponent("eli"))
        _ = try WorkshopFixture.learner(
            ["next"], arguments: ["--join", serverA.links[1].description, "--name", "Finn"], pack: pack,
            home: home.appendingPathComponent("finn"))

        func settled(_ room: RoomSnapshot) -> Bool {
            room.learners.count == 2 && room.learners.allSatisfy { $0.steps["a/which"]?.status == "passed" }
        }
        let onA = try await serverA.room(token: serverA.tokens[0], until: settled)
        let onB = try await serverB.room(token: serverB.tokens[0], until: settled)
        #expect(Set(onA.learners.map(\.name)) == ["Dana", "Eli"])
        #expect(onA.learners.map(\.id) == onB.learners.map(\.id))
        #expect(onA.learners.map(\.steps) == onB.learners.map(\.steps))
        #expect(onA.learners.first { $0.name == "Dana" }?.steps["a/which"]?.wrong == 1)
        let other = try await serverA.room(token: serverA.tokens[1]) { $0.learners.count == 1 }
        #expect(other.learners.map(\.name) == ["Finn"])

        // A broadcast given on B's dashboard is on A's.
        let sent = try await serverB.request(
            "POST", "api/broadcast", body: Data(#"{"text":"Lesson two now"}"#.utf8), token: serverB.tokens[0])
        #expect(sent.status == 200, "\(sent.text)")
        let told = try await serverA.room(token: serverA.tokens[0]) { $0.broadcasts.count == 1 }
        #expect(told.broadcasts.map(\.text) == ["Lesson two now"])
    }

    /// One of two servers is `kill -9`ed while learners flood it: every event it acknowledged
    /// is stored once; the learners' retries land when it is back on its port; the other
    /// server's dashboard shows all of it.
    @Test func aServerKilledMidFloodLosesNothingAcknowledged() async throws {
        let url = try PostgresCluster.get().makeDatabase()
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        var serverA = try ServerProcess(
            pack: pack, database: url, rooms: ["flood"], extra: ["--learner-rate", "1000"],
            log: home.appendingPathComponent("a1.log"))
        let serverB = try ServerProcess(
            pack: pack, database: url, rooms: ["flood"], extra: ["--learner-rate", "1000"],
            log: home.appendingPathComponent("b.log"))
        defer { serverB.stop() }
        let link = serverA.link!
        let steps = ["a/welcome", "a/which", "b/intro", "b/ask"]
        // Twelve learners, each with forty batches of five events, made up front.
        let batches: [[EventBatch]] = (0..<12).map { learner in
            (0..<40).map { round in
                Self.batch(
                    link.code, String(format: "flooder-%04d", learner),
                    (0..<5).map { index in
                        WorkshopEvent(
                            id: String(format: "f%02d-%03d-%d", learner, round, index), kind: .entered,
                            step: steps[(round + index) % steps.count])
                    })
            }
        }
        let acknowledged = Acknowledged()
        /// Sends each learner's batches in order to `server`; a failure ends that learner's run.
        @Sendable func flood(_ server: ServerProcess) async {
            await withTaskGroup(of: Void.self) { group in
                for queue in batches {
                    group.addTask {
                        for batch in queue {
                            if await acknowledged.has(batch.events[0].id) { continue }
                            guard
                                let reply = try? await server.request(
                                    "POST", "api/events", body: try JSONEncoder().encode(batch)),
                                reply.status == 200,
                                let answer = try? JSONDecoder().decode(BatchReply.self, from: reply.body)
                            else { return }
                            await acknowledged.add(answer.acknowledged)
                        }
                    }
                }
            }
        }
        let flooded = serverA
        let running = Task { await flood(flooded) }
        try await Self.eventually("the flood is under way") { await acknowledged.count >= 300 }
        serverA.kill9()
        await running.value
        let beforeRestart = await acknowledged.ids
        #expect(beforeRestart.count < 12 * 40 * 5, "the server was killed before the flood ended")

        // Everything acknowledged is stored, once.
        let (database, listening) = try await Self.open(url)
        defer { listening.cancel() }
        let stored = try await database.store(room: "flood").events().map(\.event.id)
        #expect(Set(stored).count == stored.count)
        #expect(beforeRestart.isSubset(of: Set(stored)), "\(beforeRestart.subtracting(stored).count) lost")

        // Back on its port: the learners send what was not acknowledged.
        serverA = try ServerProcess(
            pack: pack, database: url, rooms: ["flood"], extra: ["--learner-rate", "1000"], port: link.server.port!,
            log: home.appendingPathComponent("a2.log"))
        defer { serverA.stop() }
        #expect(serverA.link == link, "a restarted server keeps the room's join code")
        let deadline = Date().addingTimeInterval(300)
        while await acknowledged.count < 12 * 40 * 5, Date() < deadline { await flood(serverA) }
        #expect(await acknowledged.count == 12 * 40 * 5)
        let all = try await database.store(room: "flood").events().map(\.event.id)
        #expect(all.count == 12 * 40 * 5)
        #expect(Set(all) == (await acknowledged.ids))
        let onB = try await serverB.room { room in
            room.learners.count == 12 && room.learners.allSatisfy { $0.current == "b/ask" }
        }
        #expect(onB.learners.count == 12)
        #expect(onB.learners.allSatisfy { $0.current == "b/ask" }, "each learner's last event is on B")
    }

    /// The database restarts mid-session: the servers stay up and reconnect, what a learner
    /// did meanwhile waits in its queue and arrives, and both dashboards show it.
    @Test func aDatabaseRestartIsAbsorbedByTheLearnersQueues() async throws {
        let cluster = try PostgresCluster.get()
        let url = try cluster.makeDatabase()
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let serverA = try ServerProcess(
            pack: pack, database: url, rooms: ["main"], log: home.appendingPathComponent("a.log"))
        defer { serverA.stop() }
        let serverB = try ServerProcess(
            pack: pack, database: url, rooms: ["main"], log: home.appendingPathComponent("b.log"))
        defer { serverB.stop() }
        let dana = home.appendingPathComponent("dana")
        _ = try WorkshopFixture.learner(
            ["next", "next"], arguments: ["--join", serverA.link.description, "--name", "Dana"], pack: pack,
            home: dana)
        let seen = try await serverB.room { $0.learners.first?.current == "a/which" }
        #expect(seen.learners.first?.current == "a/which")

        try cluster.stopServer()
        let during = try WorkshopFixture.learner(
            ["nope", "prepare(for:sender:)"], arguments: [], pack: pack, home: dana)
        #expect(during.status == 0, "\(during.stderr)")
        #expect(during.stdout.contains("✔ Correct."))
        // The dashboard still answers from memory while the database is away.
        #expect(try await serverA.room().learners.count == 1)
        try cluster.start()

        _ = try WorkshopFixture.learner(["step"], arguments: [], pack: pack, home: dana)
        for server in [serverA, serverB] {
            let room = try await server.room { $0.learners.first?.steps["a/which"]?.status == "passed" }
            #expect(room.learners.first?.steps["a/which"]?.status == "passed", "\(server.log.lastPathComponent)")
            #expect(room.learners.first?.steps["a/which"]?.wrong == 1)
        }
        // After the restart, a change on one server still reaches the other (it listens again).
        let sent = try await serverA.request(
            "POST", "api/broadcast", body: Data(#"{"text":"Back"}"#.utf8), token: serverA.token)
        #expect(sent.status == 200, "\(sent.text)")
        let told = try await serverB.room { $0.broadcasts.count == 1 }
        #expect(told.broadcasts.map(\.text) == ["Back"])
    }

    /// Two server processes on one database race to each quota of a room, half the requests to
    /// each: exactly the cap is admitted between them (learners, one learner's events, the room's
    /// bytes), and the rest is refused with the reason (403 for a full room; events one by one).
    @Test func twoServerProcessesKeepEachQuotaExactlyBetweenThem() async throws {
        let url = try PostgresCluster.get().makeDatabase()
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let limits = [
            "--learner-rate", "1000", "--max-learners", "6", "--events-per-learner", "10", "--room-storage", "200KiB"
        ]
        let serverA = try ServerProcess(
            pack: pack, database: url, rooms: ["cap", "bytes"], extra: limits, log: home.appendingPathComponent("a.log")
        )
        defer { serverA.stop() }
        let serverB = try ServerProcess(
            pack: pack, database: url, rooms: ["cap", "bytes"], extra: limits, log: home.appendingPathComponent("b.log")
        )
        defer { serverB.stop() }
        #expect(serverB.links.map(\.code) == serverA.links.map(\.code))
        let (capCode, bytesCode) = (serverA.links[0].code, serverA.links[1].code)

        /// Sends every batch at once, alternately to A and B: each one's status and reply.
        func race(_ batches: [EventBatch]) async -> [(status: Int, reply: BatchReply?)] {
            await withTaskGroup(of: (status: Int, reply: BatchReply?).self) { group in
                for (index, batch) in batches.enumerated() {
                    let server = index.isMultiple(of: 2) ? serverA : serverB
                    group.addTask {
                        guard let body = try? JSONEncoder().encode(batch),
                            let reply = try? await server.request("POST", "api/events", body: body)
                        else { return (0, nil) }
                        return (reply.status, try? JSONDecoder().decode(BatchReply.self, from: reply.body))
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }

        // Twelve learners join a room for six.
        let joins = await race(
            (0..<12).map { index in
                Self.batch(
                    capCode, String(format: "joiner-%04d", index),
                    [WorkshopEvent(id: String(format: "join-%04d", index), kind: .entered, step: "a/which")])
            })
        #expect(joins.filter { $0.status == 200 }.count == 6, "\(joins.map(\.status))")
        #expect(joins.filter { $0.status == 403 }.count == 6, "\(joins.map(\.status))")
        let (database, running) = try await Self.open(url)
        defer { running.cancel() }
        let members = try await database.store(room: "cap").learners().map(\.id)
        #expect(members.count == 6)

        // One of them sends twenty events more at once, for a quota of ten: a request whose one
        // event the quota refused is a 429 with the refusal.
        let learner = try #require(members.first)
        let flood = await race(
            (0..<20).map { index in
                Self.batch(
                    capCode, learner,
                    [WorkshopEvent(id: String(format: "more-%04d", index), kind: .hint, step: "a/which")])
            })
        #expect(
            flood.allSatisfy { $0.status == 200 || $0.status == 429 },
            "\(flood.map(\.status)) \((try? PostgresCluster.get().log.suffix(1500)) ?? "")")
        #expect(flood.filter { $0.status == 429 }.count == 11, "\(flood.map(\.status))")
        #expect(flood.compactMap(\.reply).flatMap(\.acknowledged).count == 9)
        let tooMany = flood.compactMap(\.reply).flatMap { $0.refused ?? [] }
        #expect(tooMany.count == 11)
        #expect(
            tooMany.allSatisfy {
                $0.reason.hasSuffix("this learner has stored 10 events, the most the room keeps for one")
            },
            "\(tooMany.map(\.reason))")
        #expect(try await database.store(room: "cap").events().filter { $0.learner == learner }.count == 10)

        // Six learners, four exercises each, code weighing 16,100 bytes an event: twelve fit in 200 KiB.
        let steps = ["a/welcome", "a/which", "b/intro", "b/ask"]
        var heavy: [EventBatch] = []
        for learner in 0..<6 {
            for (index, step) in steps.enumerated() {
                let id = String(format: "code-%04d-%d", learner, index)
                let code = String(repeating: "c", count: 16_100 - 160 - id.utf8.count - step.utf8.count)
                let event = WorkshopEvent(id: id, kind: .wrong, step: step, code: code)
                #expect(Room.weight(of: event) == 16_100)
                heavy.append(Self.batch(bytesCode, String(format: "writer-%04d", learner), [event]))
            }
        }
        let filled = await race(heavy)
        #expect(
            filled.allSatisfy { $0.status == 200 || $0.status == 429 },
            "\(filled.map(\.status)) \((try? PostgresCluster.get().log.suffix(1500)) ?? "")")
        #expect(filled.filter { $0.status == 429 }.count == 12, "\(filled.map(\.status))")
        #expect(filled.compactMap(\.reply).flatMap(\.acknowledged).count == 12)
        let full = filled.compactMap(\.reply).flatMap { $0.refused ?? [] }
        #expect(full.count == 12)
        #expect(
            full.allSatisfy { $0.reason.hasSuffix("the room's storage is full (200 KiB)") }, "\(full.map(\.reason))")
        let kept = try await database.store(room: "bytes").events()
        #expect(kept.count == 12)
        #expect(kept.map { Room.weight(of: $0.event) }.reduce(0, +) <= 200 * 1024)
    }

    /// A database an older server left at the first schema, with learners and events, is brought
    /// to the current one with each learner's events counted and the room's bytes summed as the
    /// room weighs them: the quotas go on from what is stored. So is one at a version 2 that
    /// added only the join function, without the counts.
    @Test(arguments: [false, true])
    func aDatabaseOfTheFirstSchemaKeepsItsQuotaCounts(joinFunction: Bool) async throws {
        let url = try PostgresCluster.get().makeDatabase()
        let database = try PostgresDatabase(url: url)
        let running = Task { await database.run() }
        defer { running.cancel() }
        let key = String(repeating: "7a", count: 24)
        let events = [
            ("ada-00001", WorkshopEvent(id: "event-0001", kind: .entered, step: "a/which")),
            ("ada-00001", WorkshopEvent(id: "event-0002", kind: .wrong, step: "a/which", code: "let x = 1")),
            ("ada-00001", WorkshopEvent(id: "event-0003", kind: .hint, step: "a/which")),
            ("bob-00002", WorkshopEvent(id: "event-0004", kind: .wrong, step: "b/ask", code: "enum E {}"))
        ]
        let logger = PostgresDatabase.logger
        try await database.client.withTransaction(logger: logger) { connection in
            try await connection.query("CREATE TABLE seguelab_schema (version integer NOT NULL)", logger: logger)
            for statement in PostgresSchema.migrations[0] {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            try await connection.query("INSERT INTO seguelab_schema (version) VALUES (1)", logger: logger)
            if joinFunction {
                try await connection.query(PostgresQuery(unsafeSQL: PostgresSchema.addLearner), logger: logger)
                try await connection.query("INSERT INTO seguelab_schema (version) VALUES (2)", logger: logger)
            }
            let room = String(decoding: try JSONEncoder().encode(RoomRecord.new()), as: UTF8.self)
            try await connection.query(
                "INSERT INTO workshop_room (name, json, created) VALUES ('main', \(room)::jsonb, 0)", logger: logger)
            for learner in ["ada-00001", "bob-00002"] {
                try await connection.query(
                    """
                    INSERT INTO workshop_learner (room, id, name, key, joined)
                    VALUES ('main', \(learner), \(learner), \(key), 0)
                    """, logger: logger)
            }
            for (learner, event) in events {
                let json = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
                try await connection.query(
                    """
                    INSERT INTO workshop_event (room, learner, id, received, json)
                    VALUES ('main', \(learner), \(event.id), 0, \(json)::jsonb)
                    """, logger: logger)
            }
        }
        try await database.migrate()
        #expect(try await database.schemaVersion() == PostgresSchema.migrations.count)
        var counts: [String: Int] = [:]
        for try await (learner, count) in try await database.client.query(
            "SELECT id, events FROM workshop_learner WHERE room = 'main'"
        ).decode((String, Int).self) {
            counts[learner] = count
        }
        #expect(counts == ["ada-00001": 3, "bob-00002": 1])
        var bytes: Int64 = 0
        for try await value in try await database.client.query(
            "SELECT bytes FROM workshop_usage WHERE room = 'main'"
        ).decode(Int64.self) {
            bytes = value
        }
        #expect(bytes == Int64(events.map { Room.weight(of: $0.1) }.reduce(0, +)))

        // Ada has three events stored: a quota of four takes one more.
        let room = try await Room(
            outline: try Self.outline(), store: try database.store(room: "main"), learnerRate: 1000,
            quotas: RoomQuotas(eventsPerLearner: 4))
        let more = (5...6).map { WorkshopEvent(id: String(format: "event-%04d", $0), kind: .hint, step: "a/which") }
        let reply = try await room.submit(Self.batch(await room.record.joinCode, "ada-00001", more))
        #expect(reply.acknowledged == ["event-0005"])
        #expect(reply.refused?.map(\.id) == ["event-0006"])
    }

    /// Whether the connection a query runs on is encrypted, as the database server sees it.
    static func encrypted(_ database: PostgresDatabase) async throws -> Bool {
        var encrypted = false
        for try await value in try await database.client.query(
            "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()"
        ).decode(Bool.self) {
            encrypted = value
        }
        return encrypted
    }

    /// `sslmode=require` against a server without TLS is refused in a sentence, by the server
    /// process too, while `prefer` (also the default, as in libpq) and `disable` connect plain;
    /// once the cluster has a certificate for `localhost` (made here by openssl), `require`,
    /// `prefer` and no `sslmode` connect encrypted (the database server says so), `disable` stays
    /// plain, `verify-ca` with that certificate as `sslrootcert` connects to 127.0.0.1 (the name
    /// unchecked) where `verify-full` does not and connects to `localhost`, and either with
    /// another certificate is refused.
    @Test func databaseConnectionsUseTLSWhenTheURLAsks() async throws {
        let cluster = try PostgresCluster.get()
        let url = try cluster.makeDatabase()
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let refused = try ServerStartTests.refused([
            "--pack", pack.path, "--port", "0", "--database", url + "?sslmode=require"
        ])
        #expect(refused.status != 0 && refused.status != -1, "\(refused.output)")
        #expect(
            refused.output.contains("the database server does not accept TLS connections"), "\(refused.output)")
        for query in ["?sslmode=prefer", "", "?sslmode=disable"] {
            let (database, running) = try await Self.open(url + query)
            defer { running.cancel() }
            #expect(try await Self.encrypted(database) == false, "\(query) without TLS on the server")
        }

        // A certificate for localhost (not 127.0.0.1), and another one nobody signed it with.
        func certificate(_ name: String) throws -> (certificate: String, key: String) {
            let (certificate, key) = (cluster.folder.path + "/\(name).crt", cluster.folder.path + "/\(name).key")
            let made = PostgresCluster.run(
                "/usr/bin/openssl",
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost", "-keyout", key, "-out", certificate
                ])
            guard made.status == 0 else { throw Failure("openssl: \(made.output)") }
            chmod(key, 0o600)
            if getuid() == 0 { _ = PostgresCluster.run("/bin/chown", [PostgresCluster.user, key, certificate]) }
            return (certificate, key)
        }
        let server = try certificate("server")
        let other = try certificate("other")
        func setting(_ sql: String) throws {
            let name = String(url.split(separator: "/").last!)
            let done = try cluster.runAsOwner(
                "psql", ["-h", "127.0.0.1", "-p", String(cluster.port), "-U", "seguelab", "-d", name, "-c", sql])
            guard done.status == 0 else { throw Failure("psql \(sql): \(done.output)") }
        }
        try setting("ALTER SYSTEM SET ssl_cert_file = '\(server.certificate)'")
        try setting("ALTER SYSTEM SET ssl_key_file = '\(server.key)'")
        try setting("ALTER SYSTEM SET ssl = on")
        try setting("SELECT pg_reload_conf()")
        defer {
            try? setting("ALTER SYSTEM RESET ssl")
            try? setting("ALTER SYSTEM RESET ssl_cert_file")
            try? setting("ALTER SYSTEM RESET ssl_key_file")
            try? setting("SELECT pg_reload_conf()")
        }

        let byName = url.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:")
        for (url, query, expected) in [
            (url, "?sslmode=require", true), (url, "?sslmode=prefer", true), (url, "", true),
            (url, "?sslmode=disable", false), (url, "?sslmode=verify-ca&sslrootcert=\(server.certificate)", true),
            (byName, "?sslmode=verify-full&sslrootcert=\(server.certificate)", true)
        ] {
            let (database, running) = try await Self.open(url + query)
            defer { running.cancel() }
            #expect(try await Self.encrypted(database) == expected, "\(url)\(query)")
        }
        for (query, said) in [
            ("?sslmode=verify-full&sslrootcert=\(other.certificate)", "certificate is not one sslrootcert"),
            ("?sslmode=verify-ca&sslrootcert=\(other.certificate)", "certificate is not one sslrootcert"),
            ("?sslmode=verify-full&sslrootcert=\(server.certificate)", "certificate does not name the URL's host")
        ] {
            let untrusted = try PostgresDatabase(url: url + query)
            let running = Task { await untrusted.run() }
            defer { running.cancel() }
            do {
                try await untrusted.migrate()
                Issue.record("\(query): the certificate was trusted")
            } catch {
                #expect("\(error)".contains(said), "\(query): \(error)")
            }
        }
        #expect(throws: PostgresStoreFailure.self) { try PostgresDatabase(url: url + "?sslmode=always") }
        #expect {
            try PostgresDatabase(url: url + "?sslmode=allow")
        } throws: { "\($0)".contains("sslmode 'allow' (plain first, TLS only when plain is refused) is not offered") }
        #expect(throws: PostgresStoreFailure.self) {
            try PostgresDatabase(url: url + "?sslmode=verify-full&sslrootcert=/nonexistent.pem")
        }
    }

    /// `seguelab_append` locks the learner's row before it reads the count: a group that comes
    /// while another server's group for the same learner is still open waits for it, then counts
    /// what it stored. One event is stored, then two more (of three) in a transaction left open;
    /// a fourth, sent meanwhile on another connection, waits for the lock, and once the first
    /// commits it is refused, not counted from the count before.
    @Test func aGroupWaitsForAnotherServersOpenGroupAndCountsWhatItStored() async throws {
        let (database, running) = try await Self.open(try PostgresCluster.get().makeDatabase())
        defer { running.cancel() }
        let store = try database.store(room: "race")
        _ = try await store.createRoom(RoomRecord.new())
        let key = String(repeating: "7a", count: 24)
        #expect(try await store.addLearner(LearnerRecord(id: "ada-00001", name: "Ada", key: key, joined: 0), limit: 9))
        let logger = PostgresDatabase.logger
        func call(_ ids: [String]) throws -> PostgresQuery {
            let jsons = try ids.map {
                let event = WorkshopEvent(id: $0, kind: .hint, step: nil)
                return String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
            }
            let n = ids.count
            return """
                SELECT o_outcome FROM seguelab_append(
                    \(Array(repeating: "race", count: n))::text[], \(Array(repeating: "ada-00001", count: n))::text[],
                    \(ids)::text[], \(Array(repeating: 0.0, count: n))::float8[], \(jsons)::text[],
                    \(Array(repeating: Int64(200), count: n))::int8[], \(Array(repeating: Int64(3), count: n))::int8[],
                    \(Array(repeating: Int64(1_000_000), count: n))::int8[], 'test')
                """
        }
        let client = database.client
        for try await outcome in try await client.query(try call(["event-0000"])).decode(String.self) {
            #expect(outcome == "stored")
        }
        let late = try await client.withTransaction(logger: logger) { connection in
            var first: [String] = []
            for try await outcome in try await connection.query(try call(["event-0001", "event-0002"]), logger: logger)
                .decode(String.self)
            {
                first.append(outcome)
            }
            #expect(first == ["stored", "stored"])
            let late = Task {
                var outcomes: [String] = []
                for try await outcome in try await client.query(try call(["event-0003"])).decode(String.self) {
                    outcomes.append(outcome)
                }
                return outcomes
            }
            // Until the late group waits on a lock this transaction holds.
            let deadline = Date().addingTimeInterval(120)
            var waiting = 0
            while waiting == 0, Date() < deadline {
                try await Task.sleep(nanoseconds: 20_000_000)
                for try await count in try await client.query(
                    """
                    SELECT count(*)::int8 FROM pg_stat_activity
                    WHERE datname = current_database() AND wait_event_type = 'Lock'
                    """
                ).decode(Int64.self) {
                    waiting = Int(count)
                }
            }
            #expect(waiting == 1)
            return late
        }
        #expect(try await late.value == ["learner"])
        #expect(try await store.events().map(\.event.id) == ["event-0000", "event-0001", "event-0002"])
    }

    /// A learner's events are stored in one statement: only the latest code per exercise is
    /// kept, whether the older code came in an earlier batch or earlier in the same one; a
    /// batch sent again stores nothing.
    @Test func onlyTheLatestCodePerExerciseIsKeptInOneStatement() async throws {
        let url = try PostgresCluster.get().makeDatabase()
        let (database, running) = try await Self.open(url)
        defer { running.cancel() }
        let store = try database.store(room: "code")
        let room = try await Room(outline: try Self.outline(), store: store, learnerRate: 1000)
        let code = await room.record.joinCode
        func wrong(_ id: String, _ step: String, _ text: String) -> WorkshopEvent {
            WorkshopEvent(id: id, kind: .wrong, step: step, code: text)
        }
        for version in 1...3 {
            _ = try await room.submit(
                Self.batch(code, "learner-0001", [wrong("event-000\(version)", "a/which", "v\(version)")]))
        }
        let last = Self.batch(
            code, "learner-0001",
            [
                wrong("event-0004", "a/which", "v4"), wrong("event-0005", "b/ask", "other"),
                wrong("event-0006", "a/which", "v6"), WorkshopEvent(id: "event-0007", kind: .hint, step: "a/which")
            ])
        let reply = try await room.submit(last)
        #expect(reply.acknowledged.count == 4)
        let again = try await room.submit(last)
        #expect(again.acknowledged.count == 4)
        let events = try await store.events()
        #expect(events.map(\.event.id) == (1...7).map { "event-000\($0)" })
        #expect(events.filter { $0.event.code != nil }.map(\.event.id) == ["event-0005", "event-0006"])
        #expect(events.map(\.seq!) == events.map(\.seq!).sorted())
        let reopened = try await Room(outline: try Self.outline(), store: store, learnerRate: 1000)
        #expect(await reopened.latestCode().first { $0.step == "a/which" }?.code == "v6")
    }

    /// A database a server of the first schema made (version 1: no join function) is brought
    /// to this version when a server opens it, its learners kept, and joins work.
    @Test func aDatabaseOfTheFirstSchemaIsBroughtUpToDate() async throws {
        let cluster = try PostgresCluster.get()
        let url = try cluster.makeDatabase()
        let record = RoomRecord.new()
        let json = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        let first =
            ["CREATE TABLE seguelab_schema (version integer NOT NULL)"] + PostgresSchema.migrations[0] + [
                "INSERT INTO seguelab_schema (version) VALUES (1)",
                "INSERT INTO workshop_room (name, json, created) VALUES ('main', '\(json)', 1)",
                """
                INSERT INTO workshop_learner (room, id, name, key, joined)
                VALUES ('main', 'learner-0001', 'Ada', '\(String(repeating: "7a", count: 24))', 1)
                """
            ]
        let made = try cluster.runAsOwner(
            "psql",
            [
                "-h", "127.0.0.1", "-p", String(cluster.port), "-U", "seguelab", "-d",
                String(url.split(separator: "/").last!), "-v", "ON_ERROR_STOP=1", "-c",
                first.joined(separator: ";\n")
            ])
        #expect(made.status == 0, "\(made.output)")

        let (database, running) = try await Self.open(url)
        defer { running.cancel() }
        #expect(try await database.schemaVersion() == PostgresSchema.migrations.count)
        let room = try await Room(
            outline: try Self.outline(), store: try database.store(room: "main"), learnerRate: 1000,
            quotas: RoomQuotas(learners: 2))
        #expect(await room.record.joinCode == record.joinCode)
        _ = try await room.submit(Self.batch(record.joinCode, "learner-0002", []))
        await #expect(throws: RequestFailure.self) {
            try await room.submit(Self.batch(record.joinCode, "learner-0003", []))
        }
        #expect(try await database.store(room: "main").learners().map(\.id) == ["learner-0001", "learner-0002"])
    }

    /// `workshop rooms` lists a database's rooms with their learners and last activity, the
    /// join code hidden unless asked for; it lists a SQLite file's room too.
    @Test func workshopRoomsListsEveryRoom() async throws {
        let url = try PostgresCluster.get().makeDatabase()
        let (database, running) = try await Self.open(url)
        defer { running.cancel() }
        let outline = try Self.outline()
        let busy = try await Room(outline: outline, store: try database.store(room: "busy"), learnerRate: 1000)
        _ = try await Room(outline: outline, store: try database.store(room: "quiet"), learnerRate: 1000)
        let code = await busy.record.joinCode
        for learner in ["ada-00001", "bob-00002"] {
            _ = try await busy.submit(Self.batch(code, learner, [WorkshopEvent(kind: .entered, step: "a/which")]))
        }
        let hidden = try ServerStartTests.refused(["rooms", "--database", url])
        #expect(hidden.status == 0, "\(hidden.output)")
        let lines = hidden.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ROOM") == true, "\(hidden.output)")
        let busyLine = try #require(lines.first { $0.hasPrefix("busy ") })
        #expect(busyLine.contains(" 2 ") && busyLine.contains("UTC") && busyLine.contains("hidden"), "\(busyLine)")
        #expect(lines.first { $0.hasPrefix("quiet") }?.contains("none yet") == true, "\(hidden.output)")
        #expect(!hidden.output.contains(code))
        let shown = try ServerStartTests.refused(["rooms", "--database", url, "--show-codes"])
        #expect(shown.output.contains(code), "\(shown.output)")

        let file = try SeguelabBinary.makeHome().appendingPathComponent("room.sqlite")
        _ = try await Room(outline: outline, store: try SQLiteWorkshopStore(path: file.path), learnerRate: 1000)
        let fromFile = try ServerStartTests.refused(["rooms", "--database", file.path])
        #expect(fromFile.output.contains("main") && fromFile.output.contains("none yet"), "\(fromFile.output)")
        let missing = try ServerStartTests.refused(["rooms", "--database", file.path + ".nope"])
        #expect(missing.status != 0 && missing.output.contains("no such file"), "\(missing.output)")

        // The same through the learner's `seguelab workshop rooms`, which runs the server's.
        try Self.serverIsCurrent()
        let launcherHome = try SeguelabBinary.makeHome()
        for (arguments, direct) in [
            (["--database", url], hidden.output), (["--database", url, "--show-codes"], shown.output),
            (["--database", file.path], fromFile.output)
        ] {
            let launched = try SeguelabBinary.runPiped(
                "", arguments: ["workshop", "rooms"] + arguments, home: launcherHome)
            #expect(launched.status == 0, "\(launched.stderr)")
            #expect(launched.stdout == direct, "\(launched.stdout) \(launched.stderr)")
        }
        let launchedMissing = try SeguelabBinary.runPiped(
            "", arguments: ["workshop", "rooms", "--database", file.path + ".nope"], home: launcherHome)
        #expect(launchedMissing.status != 0 && launchedMissing.stderr.contains("no such file"))
    }

    /// The launcher builds the server when a source is newer than it; `swift build` leaves a
    /// server it did not need to relink as it was, so it is dated now: it is current.
    static func serverIsCurrent() throws {
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: ServerProcess.binary)
    }
}

/// The event ids the flood's learners were told were stored.
actor Acknowledged {
    private(set) var ids: Set<String> = []
    var count: Int { ids.count }
    func add(_ new: [String]) { ids.formUnion(new) }
    func has(_ id: String) -> Bool { ids.contains(id) }
}

/// The tests read a server's link and send requests from several tasks; its fields are set
/// before it is shared.
extension ServerProcess: @unchecked Sendable {}
