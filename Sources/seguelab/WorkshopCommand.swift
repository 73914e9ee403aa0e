import ArgumentParser
import Foundation
import LessonKit
import Shell
import Workshop

/// `seguelab workshop serve`: builds the workshop server the first time (it is its own product,
/// so a learner's build never compiles its dependencies), then runs it.
struct WorkshopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workshop",
        abstract: "Run a workshop: a server learners join, with a live dashboard for the instructor.",
        subcommands: [Serve.self, Rooms.self]
    )

    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve a workshop on this machine and print the join command and the dashboard link.",
            discussion:
                "The first time, this builds the server (a few minutes). Learners run `seguelab --join LINK --name NAME`."
        )

        @Option(
            name: .customLong("pack"),
            help: ArgumentHelp(
                "The pack the learners take: a folder, an archive, or an installed pack's id (default: the built-in lessons).",
                valueName: "dir|archive|id"))
        var pack: String?

        @Option(help: "Port to listen on.")
        var port = 8080

        @Option(
            help:
                "Address to listen on. The default, 127.0.0.1, is this machine only; 0.0.0.0 opens it to the room's network."
        )
        var host = "127.0.0.1"

        @Option(
            help: ArgumentHelp(
                "The SQLite file that keeps the workshop (default: in the XDG data directory). Serving again with it resumes the workshop.",
                valueName: "file"))
        var data: String?

        @Option(
            help: ArgumentHelp(
                "A PostgreSQL database several servers share, in place of --data: postgres://user@host:port/db "
                    + "(or postgres://user@/db?host=/socket/folder).", valueName: "url"))
        var database: String?

        @Option(
            name: .customLong("room"),
            help: ArgumentHelp(
                "A room of the --database to serve (created when new), with its own join code and dashboard link; "
                    + "repeat it to serve several (default: main).", valueName: "name"))
        var rooms: [String] = []

        @Option(help: "Requests per second each learner may make after a burst of 30 (more are refused with 429).")
        var learnerRate = 5.0

        @Flag(
            help: ArgumentHelp(
                "Start a new room (new join code and dashboard link); the previous one is kept beside "
                    + "the data file."))
        var new = false

        func run() throws {
            do {
                let root = try LoadedPack.locate(pack).root
                try WorkshopServerLauncher.serve(
                    packRoot: root, host: host, port: port, data: data, learnerRate: learnerRate, newRoom: new,
                    database: database, rooms: rooms)
            } catch {
                throw CommandFailure("\(error)").exit()
            }
        }
    }

    struct Rooms: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the rooms of a workshop database: name, learners, last activity (join codes on request)."
        )

        @Option(
            help: ArgumentHelp(
                "The PostgreSQL database (postgres://…) or the SQLite file a workshop is kept in.",
                valueName: "url|file"))
        var database: String

        @Flag(help: "Show each room's join code (hidden by default: anyone with it can join the room).")
        var showCodes = false

        func run() throws {
            do {
                try WorkshopServerLauncher.listRooms(database: database, showCodes: showCodes)
            } catch {
                throw CommandFailure("\(error)").exit()
            }
        }
    }
}
