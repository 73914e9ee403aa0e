import ArgumentParser
import Foundation
import Hummingbird
import LessonKit
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

    @Option(help: "The address to listen on: 127.0.0.1 (this machine only) unless you open it to the room with 0.0.0.0.")
    var host = "127.0.0.1"

    @Option(help: "The port (0: any free port).")
    var port = 8080

    @Option(help: "Requests per second each learner may make after a burst of 30 (more are refused with 429).")
    var learnerRate = 5.0

    @Option(help: ArgumentHelp("The SQLite file that keeps the workshop; a restarted server resumes from it.", valueName: "file"))
    var data: String

    func run() async throws {
        let loaded = PackLoader.load(from: URL(fileURLWithPath: pack))
        guard let lessons = loaded.usablePack else {
            let errors = loaded.diagnostics.filter { $0.severity == .error }.map(\.description)
            throw ValidationError((errors + ["the pack at \(pack) has errors; `seguelab pack check` reports them all"]).joined(separator: "\n"))
        }
        let store = try SQLiteWorkshopStore(path: data)
        let room = try await Room(outline: RoomOutline(pack: lessons), store: store, learnerRate: learnerRate)
        let router = WorkshopApp.router(room: room, dashboard: try DashboardFiles.bundled())
        let record = await room.record
        let host = self.host
        let data = self.data
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "seguelab-workshop"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let announcement = Announcement(host: host, port: port, record: record, packTitle: lessons.manifest.title, data: data)
                // Unbuffered: whoever started the server reads this while it runs.
                FileHandle.standardOutput.write(Data((announcement.text + "\n").utf8))
            }
        )
        // Ctrl-C or SIGTERM end the server at once: every acknowledged event is already committed,
        // and a graceful shutdown would wait for open dashboards' live streams.
        for stop in [SIGINT, SIGTERM] { signal(stop) { _ in _exit(0) } }
        try await app.runService(gracefulShutdownSignals: [])
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

    var text: String {
        let loopback = ["127.0.0.1", "localhost", "::1"].contains(host)
        let shown = host == "0.0.0.0" || host == "::" ? ProcessInfo.processInfo.hostName : host
        let base = "http://\(shown):\(port)"
        var lines = [
            "Workshop “\(packTitle)” served at \(base) (kept in \(data)).",
            "",
            "Learners join with:",
            "  seguelab --join \(base)/join/\(record.joinCode) --name \"Their name\"",
            "",
            "Your dashboard (keep this link private; it opens the room):",
            "  \(base)/dashboard#token=\(record.token)",
            "",
        ]
        if loopback {
            lines.append("Only this machine can connect. To open it to the room, serve with `--host 0.0.0.0` and give learners")
            lines.append("this machine's address on the room's network (`hostname -I` shows it) in place of \(shown).")
        } else {
            lines.append("Open to the network: learners use this machine's address (`hostname -I` shows it) if \(shown) does not resolve for them.")
        }
        lines.append("Ctrl-C stops the server; serving again with the same --data resumes the workshop.")
        return lines.joined(separator: "\n")
    }
}
