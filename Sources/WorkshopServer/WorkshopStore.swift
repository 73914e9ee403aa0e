import Foundation
import Workshop

/// Where a workshop keeps everything it must not lose. One small interface, so a server
/// database can replace the embedded SQLite file for courses that outgrow one machine.
package protocol WorkshopStore: Sendable {
    /// The room's secrets, pacing and broadcasts; nil for a store never used.
    func loadRoom() async throws -> RoomRecord?
    func saveRoom(_ room: RoomRecord) async throws
    func learners() async throws -> [LearnerRecord]
    /// Adds a learner, or renames one already there.
    func saveLearner(_ learner: LearnerRecord) async throws
    /// Stores the events not stored before (same learner and id: the same event) and returns
    /// those, in order. Once it returns, they survive a crash of the server. Only the latest
    /// code per learner and step is kept: an older event with code loses it.
    func append(_ events: [StoredEvent]) async throws -> [StoredEvent]
    /// Every event, in the order they were stored.
    func events() async throws -> [StoredEvent]
    /// Keeps a copy of everything at `archive`, then empties the store for a new room.
    func archiveAndClear(to archive: String) async throws

    /// Stores `room` unless the store has one already; returns the one stored (two servers
    /// starting a new room at once agree on its join code and token).
    func createRoom(_ room: RoomRecord) async throws -> RoomRecord
    /// Adds a learner unless the room already holds `limit` of them (then false), in one
    /// transaction: servers joining learners into the same room at once cannot pass the cap.
    func addLearner(_ learner: LearnerRecord, limit: Int) async throws -> Bool
    /// Reads the room, changes it and writes it back in one transaction: what another server
    /// wrote meanwhile (a broadcast, a cleared hand) is kept, not overwritten.
    func updateRoom(_ change: @escaping @Sendable (inout RoomRecord) throws -> Void) async throws -> RoomRecord
    /// Stores the events as `append` does, within the room's quotas counted by the store itself
    /// (events per learner, bytes per room) in the same transaction: servers sharing the store
    /// cannot together pass them. Returns the events stored, and why each other one was not.
    func append(_ events: [StoredEvent], within quotas: RoomQuotas) async throws -> QuotaAppend
    /// The events stored from `seq` on (their `seq` set), in order.
    func events(from seq: Int64) async throws -> [StoredEvent]
    /// What other server processes change in this room, as it happens; nil for a store only one
    /// process uses.
    func remoteChanges() -> AsyncStream<StoreChange>?
    /// Where `archiveAndClear` keeps the finished room: a file beside the data file, or a
    /// dated room name on a shared database.
    func archiveName() -> String?
}

/// One room of a database, as `workshop rooms` lists it.
package struct RoomSummary: Sendable, Equatable {
    package var name: String
    package var learners: Int
    /// When the last event arrived (seconds since 1970); nil before any.
    package var lastActivity: Double?
    package var joinCode: String
}

/// What `append(_:within:)` stored, and the quota that refused each event it did not.
package struct QuotaAppend: Sendable, Equatable {
    package var added: [StoredEvent]
    /// By event id.
    package var refused: [String: QuotaRefusal] = [:]
}

package enum QuotaRefusal: Sendable, Equatable {
    /// The learner has stored as many events as a learner may.
    case learnerEvents
    /// The room's events weigh as much as it keeps.
    case roomBytes
}

/// A change another server made to a room it shares with this one.
package enum StoreChange: Sendable, Equatable {
    /// Events were stored, the first of them at `from`.
    case events(from: Int64)
    case learners
    case room
    /// Notices may have been missed (the database connection was lost): read everything again.
    case resync
}

extension WorkshopStore {
    package func createRoom(_ room: RoomRecord) async throws -> RoomRecord {
        if let stored = try await loadRoom() { return stored }
        try await saveRoom(room)
        return room
    }

    /// One process, one store: the cap is checked against what is stored.
    package func addLearner(_ learner: LearnerRecord, limit: Int) async throws -> Bool {
        let known = try await learners()
        if !known.contains(where: { $0.id == learner.id }), known.count >= limit { return false }
        try await saveLearner(learner)
        return true
    }

    package func updateRoom(_ change: @escaping @Sendable (inout RoomRecord) throws -> Void) async throws
        -> RoomRecord
    {
        guard var room = try await loadRoom() else { throw RequestFailure(500, "the room is not stored") }
        try change(&room)
        try await saveRoom(room)
        return room
    }

    /// One process, one store: the room has counted against its quotas already.
    package func append(_ events: [StoredEvent], within quotas: RoomQuotas) async throws -> QuotaAppend {
        QuotaAppend(added: try await append(events))
    }

    package func events(from seq: Int64) async throws -> [StoredEvent] { [] }
    package func remoteChanges() -> AsyncStream<StoreChange>? { nil }
    package func archiveName() -> String? { nil }
}

/// The room: who may join and read it, and how the instructor paces it.
package struct RoomRecord: Codable, Sendable, Equatable {
    package var joinCode: String
    package var token: String
    package var pacing: Pacing
    package var broadcasts: [Broadcast]
    /// When the instructor last cleared each learner's raised hand (seconds since 1970), as
    /// rooms kept it before `handsClearedThrough`.
    package var handsCleared: [String: Double]
    /// How many of each learner's events the room had when the instructor cleared their hand:
    /// a hand among the later ones is up again (the server's order, not the learner's clock).
    package var handsClearedThrough: [String: Int]?
    /// Rows the instructor removed (a duplicate, someone who left): not shown any more.
    package var removed: [String]?
    /// Rows merged into another: their events count as that learner's.
    package var mergedInto: [String: String]?
    /// The last "go to step" id given: a withdrawn one's id is never reused.
    package var gatherings: Int?

    package static func new() -> RoomRecord {
        RoomRecord(
            joinCode: JoinCode.make(), token: randomHex(bytes: 24), pacing: Pacing(), broadcasts: [],
            handsCleared: [:], handsClearedThrough: [:], removed: [], mergedInto: [:], gatherings: 0)
    }
}

package struct LearnerRecord: Codable, Sendable, Equatable {
    package var id: String
    package var name: String
    /// The learner's secret (192 random bits, made on its machine), compared in constant time.
    package var key: String
    package var joined: Double
}

package struct StoredEvent: Codable, Sendable, Equatable {
    package var learner: String
    package var event: WorkshopEvent
    /// Server time when it arrived.
    package var received: Double
    /// Its place in the store's order, for stores shared by several servers.
    package var seq: Int64? = nil
}

/// Short join codes a room reads aloud: no 0/O, 1/I/L.
enum JoinCode {
    static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

    /// Eight characters: about 40 bits, and each guess costs a rate-limited request.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<8).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// The link as an SVG QR code, by Debian's `qrencode` (libqrencode's tool); 404 without it.
    static func qrSVG(for link: String) throws -> [UInt8] {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/qrencode" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else {
            throw RequestFailure(404, "no QR code: Debian's qrencode is not installed on the server's machine")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-t", "SVG", "-m", "2", "-o", "-", link]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, !data.isEmpty else {
            throw RequestFailure(500, "qrencode could not draw the join link")
        }
        return Array(data)
    }
}
