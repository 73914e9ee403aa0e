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
        subcommands: [Serve.self]
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
                    packRoot: root, host: host, port: port, data: data, learnerRate: learnerRate, newRoom: new)
            } catch {
                throw CommandFailure("\(error)").exit()
            }
        }
    }
}
