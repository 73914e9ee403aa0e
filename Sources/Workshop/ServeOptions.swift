import ArgumentParser
import Foundation
import XDGDirectories

/// The options of `workshop serve` that the launcher (`seguelab workshop serve`) takes and the
/// server (`seguelab-workshop serve`) runs with, declared once: both include this group, and
/// the launcher hands them on through `arguments`. The pack is not here: the launcher finds it
/// by id or archive, the server takes the folder found.
package struct ServeOptions: ParsableArguments, Equatable {
    @Option(help: "Port to listen on.")
    package var port = 8080

    @Option(
        help:
            "Address to listen on. The default, 127.0.0.1, is this machine only; 0.0.0.0 opens it to the room's network."
    )
    package var host = "127.0.0.1"

    @Option(
        help: ArgumentHelp(
            "The SQLite file that keeps the workshop (default: in the XDG data directory). Serving again with it resumes the workshop.",
            valueName: "file"))
    package var data: String?

    @Option(
        help: ArgumentHelp(
            "A PostgreSQL database several servers share, in place of --data: postgres://user@host:port/db "
                + "(or postgres://user@/db?host=/socket/folder).", valueName: "url"))
    package var database: String?

    @Option(
        name: .customLong("room"),
        help: ArgumentHelp(
            "A room of the --database to serve (created when new), with its own join code and dashboard link; "
                + "repeat it to serve several (default: main).", valueName: "name"))
    package var rooms: [String] = []

    @Option(help: "Requests per second each learner may make after a burst of 30 (more are refused with 429).")
    package var learnerRate = 5.0

    @Option(
        help: ArgumentHelp(
            "Minutes on one step, while the room is working, before the dashboard shows a learner as stuck "
                + "(three wrong answers always do).", valueName: "minutes"))
    package var stuckAfter = 8.0

    @Flag(
        help: ArgumentHelp(
            "Start a new room (new join code and dashboard link); the previous one is kept beside "
                + "the data file."))
    package var new = false

    @Option(help: "Learners a room takes at most; more are refused.")
    package var maxLearners = 2_000

    @Option(help: "Events a room keeps for each learner; more are refused one by one.")
    package var eventsPerLearner = 5_000

    @Option(
        help: ArgumentHelp(
            "What a room's events may weigh in all (each learner's latest code per exercise counted), "
                + "as 256MiB or 500KiB; more are refused one by one.", valueName: "size"))
    package var roomStorage = StorageSize(bytes: 256 * 1_048_576)

    package init() {}

    package func validate() throws {
        guard stuckAfter > 0 else { throw ValidationError("--stuck-after takes a number of minutes above 0") }
    }

    package static func == (a: ServeOptions, b: ServeOptions) -> Bool {
        (a.port, a.host, a.data, a.database) == (b.port, b.host, b.data, b.database)
            && (a.rooms, a.learnerRate, a.stuckAfter, a.new) == (b.rooms, b.learnerRate, b.stuckAfter, b.new)
            && (a.maxLearners, a.eventsPerLearner, a.roomStorage) == (b.maxLearners, b.eventsPerLearner, b.roomStorage)
    }

    /// The SQLite file when no database is named: `--data`, or the one in the XDG data directory.
    package var dataFile: String? {
        guard database == nil else { return data }
        return data ?? XDGDirectories().seguelabData + "/workshop/workshop.sqlite"
    }

    /// These options as the command line that gives them: what the launcher hands the server.
    package var arguments: [String] {
        var words = ["--port", String(port), "--host", host]
        if let data { words += ["--data", data] }
        if let database { words += ["--database", database] }
        for room in rooms { words += ["--room", room] }
        words += ["--learner-rate", String(learnerRate), "--stuck-after", String(stuckAfter)]
        if new { words.append("--new") }
        words += ["--max-learners", String(maxLearners), "--events-per-learner", String(eventsPerLearner)]
        words += ["--room-storage", roomStorage.description]
        return words
    }
}

/// A size given as `256MiB`, `500KiB`, `1GiB` or bytes.
package struct StorageSize: ExpressibleByArgument, Equatable, CustomStringConvertible, Sendable {
    package var bytes: Int

    package init(bytes: Int) { self.bytes = bytes }

    package init?(argument: String) {
        let units = [
            ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10), ("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)
        ]
        let (unit, factor) = units.first { argument.hasSuffix($0.0) } ?? ("", 1)
        guard let number = Int(argument.dropLast(unit.count)), number > 0,
            number <= Int.max / factor
        else { return nil }
        bytes = number * factor
    }

    package var description: String {
        for (unit, factor) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes % factor == 0 {
            return "\(bytes / factor)\(unit)"
        }
        return String(bytes)
    }

    package var defaultValueDescription: String { description }
}
