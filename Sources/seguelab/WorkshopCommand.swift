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

        @OptionGroup var options: ServeOptions

        func run() throws {
            do {
                let root = try LoadedPack.locate(pack).root
                try WorkshopServerLauncher.serve(packRoot: root, options: options)
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
