import ArgumentParser
import Foundation
import Hummingbird
import LessonKit
import Workshop
import WorkshopServer

/// The workshop server, started by `seguelab workshop serve` (which builds it first); `rooms`
/// lists a database's rooms (`seguelab workshop rooms`).
@main
struct WorkshopServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seguelab-workshop",
        abstract: "Serve a SegueLab workshop: learners send their progress, the instructor watches the dashboard.",
        subcommands: [Serve.self, Rooms.self],
        defaultSubcommand: Serve.self
    )
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a SegueLab workshop: learners send their progress, the instructor watches the dashboard."
    )

    @Option(help: ArgumentHelp("The lesson pack folder the learners take.", valueName: "dir"))
    var pack: String

    @OptionGroup var options: ServeOptions

    @Option(
        help: """
            Seconds a connection may go without completing a request's headers or body part before it is closed.
            """)
    var idleTimeout = 15.0

    @Option(help: "Seconds a request's body may take to arrive whole (more: refused with 408).")
    var bodyTimeout = 20.0

    @Option(help: "Connections one address may hold at once; more are closed as they open.")
    var connectionsPerAddress = 32

    func run() async throws {
        let loaded = PackLoader.load(from: URL(fileURLWithPath: pack))
        guard let lessons = loaded.usablePack else {
            let errors = loaded.diagnostics.filter { $0.severity == .error }.map(\.description)
            throw ValidationError(
                (errors + ["the pack at \(pack) has errors; `seguelab pack check` reports them all"]).joined(
                    separator: "\n"))
        }
        guard options.data == nil || options.database == nil else {
            throw ValidationError("give either --data FILE (one room in a SQLite file) or --database URL (PostgreSQL)")
        }
        let (data, database, rooms) = (options.dataFile, options.database, options.rooms)
        let (host, port, learnerRate, new) = (options.host, options.port, options.learnerRate, options.new)
        let quotas = RoomQuotas(
            learners: options.maxLearners, eventsPerLearner: options.eventsPerLearner,
            roomBytes: options.roomStorage.bytes)
        let outline = RoomOutline(pack: lessons)
        var served: [(name: String?, room: Room, kept: String?)] = []
        var lock: DataLock?
        var shared: PostgresDatabase?
        var place = ""
        if let data {
            guard rooms.isEmpty else {
                throw ValidationError("--room needs --database: a SQLite file (--data) keeps one room")
            }
            // Held until the process ends: a second server on the same file is refused.
            lock = try DataLock(data: data)
            let store = try SQLiteWorkshopStore(path: data)
            var archive: String?
            if new, try await store.loadRoom() != nil {
                archive = store.archiveName()
                try await store.archiveAndClear(to: archive!)
            }
            let room = try await Room(
                outline: outline, store: store, learnerRate: learnerRate, quotas: quotas,
                stuckAfter: options.stuckAfter * 60)
            served.append((nil, room, archive))
            place = data
        } else if let database {
            let opened = try PostgresDatabase(url: database)
            shared = opened
            Task { await opened.run() }
            try await opened.migrate()
            for name in rooms.isEmpty ? ["main"] : rooms {
                let store = try opened.store(room: name)
                var archive: String?
                if new, try await store.loadRoom() != nil {
                    archive = store.archiveName()
                    try await store.archiveAndClear(to: archive!)
                }
                let room = try await Room(
                    outline: outline, store: store, learnerRate: learnerRate, quotas: quotas,
                    stuckAfter: options.stuckAfter * 60)
                served.append((name, room, archive))
            }
            place = opened.place
        }
        // Learners who join without the pack fetch it from here: the archive is kept beside the
        // data file, or in the temporary folder when the rooms live in a database.
        let archivePlace =
            data.map { $0 + ".pack.tgz" }
            ?? NSTemporaryDirectory() + "/seguelab-workshop-\(getpid()).pack.tgz"
        let prepared = Result {
            try PackDistribution.prepare(
                pack: lessons, root: URL(fileURLWithPath: pack), archive: URL(fileURLWithPath: archivePlace))
        }
        let distribution = try? prepared.get()
        let distributionNote = distribution == nil ? prepared.failureText : nil
        let everywhere = host == "0.0.0.0" || host == "::"
        let limits = ConnectionLimits(
            idleSeconds: idleTimeout, bodySeconds: bodyTimeout,
            perAddress: connectionsPerAddress)
        let router = WorkshopApp.router(
            rooms: served.map(\.room), dashboard: try DashboardFiles.bundled(),
            joinHosts: everywhere ? InterfaceAddresses.reachable() : [], limits: limits,
            distribution: distribution)
        var announced: [(name: String?, record: RoomRecord, kept: String?)] = []
        for entry in served { announced.append((entry.name, await entry.room.record, entry.kept)) }
        let kept = place
        let title = lessons.manifest.title
        let announcedRooms = announced
        let app = Application(
            router: router,
            server: limits.server(),
            configuration: .init(address: .hostname(host, port: port), serverName: "seguelab-workshop"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                var text: [String] = []
                for entry in announcedRooms {
                    var announcement = Announcement(
                        host: host, port: port, record: entry.record,
                        packTitle: title, data: entry.name.map { "room \($0) of \(kept)" } ?? kept)
                    announcement.kept = entry.kept
                    announcement.distribution = distribution?.offer
                    announcement.distributionNote = distributionNote
                    text.append(announcement.text)
                }
                // Unbuffered: whoever started the server reads this while it runs.
                FileHandle.standardOutput.write(Data((text.joined(separator: "\n\n") + "\n").utf8))
            }
        )
        // Ctrl-C or SIGTERM end the server at once: every acknowledged event is already committed,
        // and a graceful shutdown would wait for open dashboards' live streams.
        for stop in [SIGINT, SIGTERM] { signal(stop) { _ in _exit(0) } }
        do {
            try await app.runService(gracefulShutdownSignals: [])
        } catch {
            throw PortTaken.plain(error, host: host, port: port)
        }
        withExtendedLifetime((lock, shared)) {}
    }
}

/// `seguelab workshop rooms`: the rooms a database (or a SQLite file) holds.
struct Rooms: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the rooms of a workshop database: name, learners, last activity (join codes on request)."
    )

    @Option(
        help: ArgumentHelp(
            "The PostgreSQL database (postgres://…) or the SQLite file a workshop is kept in.", valueName: "url|file"))
    var database: String

    @Flag(help: "Show each room's join code (hidden by default: anyone with it can join the room).")
    var showCodes = false

    func run() async throws {
        let rooms: [RoomSummary]
        if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") {
            let shared = try PostgresDatabase(url: database)
            let running = Task { await shared.run() }
            defer { running.cancel() }
            do {
                try await shared.check()
                rooms = try await shared.rooms()
            } catch {
                throw ValidationError(
                    "cannot list the rooms of \(shared.place): \(PostgresDatabase.describe(error))")
            }
        } else {
            guard FileManager.default.fileExists(atPath: database) else {
                throw ValidationError("--database '\(database)': no such file (a SQLite file or postgres://…)")
            }
            rooms = try await SQLiteWorkshopStore(path: database).summary().map { [$0] } ?? []
        }
        print(RoomList(rooms: rooms, showCodes: showCodes).text)
    }
}

/// The rooms as a table: the join code is hidden unless asked for.
struct RoomList {
    var rooms: [RoomSummary]
    var showCodes: Bool

    var text: String {
        guard !rooms.isEmpty else { return "No rooms yet: `seguelab workshop serve --room NAME` creates one." }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        var rows = [["ROOM", "LEARNERS", "LAST ACTIVITY", "JOIN CODE"]]
        for room in rooms {
            rows.append([
                room.name, String(room.learners),
                room.lastActivity.map { formatter.string(from: Date(timeIntervalSince1970: $0)) } ?? "none yet",
                showCodes ? room.joinCode : "hidden (--show-codes)"
            ])
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == 3 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

/// What the instructor reads when the server starts: how learners join, the private
/// dashboard link, and who can reach the server.
struct Announcement {
    var host: String
    var port: Int
    var record: RoomRecord
    var packTitle: String
    var data: String
    /// Where the previous room was kept (`--new`).
    var kept: String?
    /// The pack learners without it fetch, or why they cannot.
    var distribution: PackOffer?
    var distributionNote: String?
    /// This machine's addresses on its networks (for `--host 0.0.0.0`).
    var addresses: [String] = InterfaceAddresses.reachable()

    var text: String {
        let loopback = ["127.0.0.1", "localhost", "::1"].contains(host)
        let everywhere = host == "0.0.0.0" || host == "::"
        let shown = everywhere ? (addresses.first ?? ProcessInfo.processInfo.hostName) : host
        let base = "http://\(shown):\(port)"
        var lines = [
            "Workshop “\(packTitle)” served at \(base) (kept in \(data))."
        ]
        if let kept { lines.append("A new room: the previous one is kept in \(kept).") }
        lines += [
            "",
            "Learners join with:",
            "  seguelab --join \(base)/join/\(record.joinCode) --name \"Their name\""
        ]
        if let distribution {
            lines.append(
                "  (learners without the pack get it from this server: \(distribution.bytes / 1024) KB, "
                    + "SHA-256 \(distribution.sha256.prefix(12))…)")
        } else if let distributionNote {
            lines.append("  (" + distributionNote + ")")
        }
        if everywhere, addresses.count > 1 {
            let others = addresses.dropFirst().map { "http://\($0):\(port)" }.joined(separator: ", ")
            lines.append("  (this machine is also at " + others + "; use the one on the room's network)")
        }
        lines += [
            "",
            "Your dashboard (keep this link private; it opens the room):",
            "  \(base)/dashboard#token=\(record.token)",
            ""
        ]
        if loopback {
            lines.append(
                "Only this machine can connect. To open it to the room, serve with `--host 0.0.0.0` and give learners")
            lines.append("this machine's address on the room's network (`hostname -I` shows it) in place of \(shown).")
        } else if everywhere {
            if addresses.isEmpty {
                lines.append("This machine has no network address besides loopback: learners cannot reach it yet.")
            }
        } else {
            lines.append(
                "Open to the network: learners use this machine's address (`hostname -I` shows it) if \(shown) does not resolve for them."
            )
        }
        if !loopback {
            // No TLS: what crosses the network can be read by anyone on it.
            lines.append(
                "Plain HTTP, no TLS: anyone on this network can read what passes, "
                    + "the dashboard token included.")
            if everywhere {
                lines.append(
                    "Open the dashboard on this machine (http://127.0.0.1:\(port)/dashboard#token=…) "
                        + "and never send")
                lines.append("its link across a network you do not trust.")
            } else {
                lines.append("Never send the dashboard link across a network you do not trust.")
            }
        }
        lines.append(
            data.hasPrefix("room ")
                ? "Ctrl-C stops the server; serving the room again (from any server) resumes it."
                : "Ctrl-C stops the server; serving again with the same --data resumes the workshop.")
        return lines.joined(separator: "\n")
    }
}

/// The IPv4 addresses of this machine's interfaces that are up, loopback aside: what learners
/// on the room's network can reach.
enum InterfaceAddresses {
    static func reachable() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let interface = entry {
            entry = interface.pointee.ifa_next
            let flags = Int32(interface.pointee.ifa_flags)
            guard let address = interface.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let size = socklen_t(MemoryLayout<sockaddr_in>.size)
            if getnameinfo(address, size, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                addresses.append(String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
        }
        return addresses
    }
}

extension Result where Failure == any Error {
    /// Why learners who lack the pack cannot fetch it, for the announcement.
    fileprivate var failureText: String? {
        guard case .failure(let error) = self else { return nil }
        return "Learners who do not have the pack cannot fetch it: \(error)"
    }
}
