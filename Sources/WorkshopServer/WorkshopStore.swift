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
