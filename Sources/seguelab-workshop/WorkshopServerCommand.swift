import ArgumentParser
import Foundation
import Hummingbird
import LessonKit
import Workshop
import WorkshopServer

/// The workshop server, started by `seguelab workshop serve` (which builds it first).
@main
struct WorkshopServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seguelab-workshop",
        abstract: "Serve a SegueLab workshop: learners send their progress, the instructor watches the dashboard."
    )

    @Option(help: ArgumentHelp("The lesson pack folder the learners take.", valueName: "dir"))
    var pack: String

    @Option(
        help: "The address to listen on: 127.0.0.1 (this machine only) unless you open it to the room with 0.0.0.0.")
    var host = "127.0.0.1"

    @Option(help: "The port (0: any free port).")
    var port = 8080

    @Option(help: "Requests per second each learner may make after a burst of 30 (more are refused with 429).")
    var learnerRate = 5.0

    @Option(
        help: ArgumentHelp(
            "The SQLite file that keeps the workshop; a restarted server resumes from it.", valueName: "file"))
    var data: String

    @Option(
        help: """
            Seconds a connection may go without completing a request's headers or body part before it is closed.
            """)
    var idleTimeout = 15.0

    @Option(help: "Seconds a request's body may take to arrive whole (more: refused with 408).")
    var bodyTimeout = 20.0

    @Option(help: "Connections one address may hold at once; more are closed as they open.")
    var connectionsPerAddress = 32

    @Flag(help: "Start a new room (new join code and dashboard link); the previous one is kept beside the data file.")
    var new = false

    func run() async throws {
        let loaded = PackLoader.load(from: URL(fileURLWithPath: pack))
        guard let lessons = loaded.usablePack else {
            let errors = loaded.diagnostics.filter { $0.severity == .error }.map(\.description)
            throw ValidationError(
                (errors + ["the pack at \(pack) has errors; `seguelab pack check` reports them all"]).joined(
                    separator: "\n"))
        }
        // Held until the process ends: a second server on the same file is refused.
        let lock = try DataLock(data: data)
        let store = try SQLiteWorkshopStore(path: data)
        var archive: String?
        if new, try await store.loadRoom() != nil {
            archive = RoomArchive.path(for: data)
            try await store.archiveAndClear(to: archive!)
        }
        let kept = archive
        // Learners who join without the pack fetch it from here.
        let prepared = Result {
            try PackDistribution.prepare(
                pack: lessons, root: URL(fileURLWithPath: pack), archive: URL(fileURLWithPath: self.data + ".pack.zip"))
        }
        let distribution = try? prepared.get()
        let distributionNote = distribution == nil ? prepared.failureText : nil
        let room = try await Room(outline: RoomOutline(pack: lessons), store: store, learnerRate: learnerRate)
        let everywhere = host == "0.0.0.0" || host == "::"
        let limits = ConnectionLimits(
            idleSeconds: idleTimeout, bodySeconds: bodyTimeout,
            perAddress: connectionsPerAddress)
        let router = WorkshopApp.router(
            room: room, dashboard: try DashboardFiles.bundled(), data: data,
            joinHosts: everywhere ? InterfaceAddresses.reachable() : [], limits: limits,
            distribution: distribution)
        let record = await room.record
        let host = self.host
        let data = self.data
        let app = Application(
            router: router,
            server: limits.server(),
            configuration: .init(address: .hostname(host, port: port), serverName: "seguelab-workshop"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                var announcement = Announcement(
                    host: host, port: port, record: record,
                    packTitle: lessons.manifest.title, data: data)
                announcement.kept = kept
                announcement.distribution = distribution?.offer
                announcement.distributionNote = distributionNote
                // Unbuffered: whoever started the server reads this while it runs.
                FileHandle.standardOutput.write(Data((announcement.text + "\n").utf8))
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
        withExtendedLifetime(lock) {}
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
        lines.append("Ctrl-C stops the server; serving again with the same --data resumes the workshop.")
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
