import Foundation
import LessonKit
import TestSupport
import Testing
import Workshop

@testable import WorkshopServer

/// A learner who joins a workshop without its pack gets it from the server: the archive the
/// server announces with its SHA-256, checked and installed where `pack install` puts packs.
@Suite(.serialized)
struct PackDistributionTests {
    static func installed(_ id: String, in home: URL) -> URL {
        home.appendingPathComponent(".local/share/seguelab/packs/\(id)", isDirectory: true)
    }

    static func learner(_ lines: [String], link: String, home: URL) throws -> SeguelabBinary.Result {
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("pids"), withIntermediateDirectories: true)
        return try SeguelabBinary.runPiped(
            lines.joined(separator: "\n") + "\n", arguments: ["--join", link, "--name", "Nora"], home: home)
    }

    /// The question pack's archive as a server hands it out, and an offer announcing it as `id`,
    /// `version` and `title` with the archive's true SHA-256 and size.
    static func servedArchive(in home: URL, announcing id: String, version: String, title: String) throws
        -> (data: Data, offer: PackOffer)
    {
        let pack = try WorkshopFixture.makePack(in: home)
        let archive = home.appendingPathComponent("demo.tgz")
        let written = try PackArchiveWriter.write(pack, id: "demo", to: archive)
        let data = try Data(contentsOf: archive)
        return (data, PackOffer(id: id, version: version, title: title, sha256: written.sha256, bytes: data.count))
    }

    @Test func aLearnerWithoutThePackGetsItFromTheServerAndRunsItsFirstStep() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(room: pack, in: home)
        defer { server.stop() }
        let announcement = try String(contentsOf: server.log, encoding: .utf8)
        #expect(announcement.contains("learners without the pack get it from this server"), "\(announcement)")

        // The server's own announcement: the archive it hands out, and its SHA-256.
        let offerReply = try await server.request("GET", "join/\(server.link.code)/pack", contentType: nil)
        let offer = try JSONDecoder().decode(PackOffer.self, from: offerReply.body)
        #expect(offer.id == "demo" && offer.version == "1.0.0", "\(offerReply.text)")
        let archive = try await server.request("GET", "join/\(server.link.code)/pack.tgz", contentType: nil)
        #expect(archive.body.count == offer.bytes)
        let wrongCode = try await server.request("GET", "join/WRONGCOD/pack.tgz", contentType: nil)
        #expect(wrongCode.status == 403, "the archive is only for those with the join code")

        let learnerHome = home.appendingPathComponent("learner")
        let first = try Self.learner(
            ["next", "next", "prepare(for:sender:)"], link: server.link.description, home: learnerHome)
        #expect(first.status == 0, "\(first.stdout) \(first.stderr)")
        let fetched = first.stdout.split(separator: "\n").filter { $0.contains("Fetched the workshop's pack") }
        #expect(fetched.count == 1, "\(first.stdout) \(first.stderr)")
        #expect(fetched.first?.contains("“Demo course” (demo 1.0.0)") == true, "\(fetched)")
        // Said first, before the shell joins and shows the lessons.
        let said = first.stdout.range(of: "Fetched the workshop's pack")?.lowerBound
        let joined = first.stdout.range(of: "Joined the workshop")?.lowerBound
        #expect(said != nil && joined != nil && said! < joined!, "\(first.stdout)")
        #expect(first.stdout.contains("Hello."), "\(first.stdout)")
        #expect(
            FileManager.default.fileExists(
                atPath: Self.installed("demo", in: learnerHome).appendingPathComponent("pack.yaml").path))
        // The server knows the step the learner answered: they take the workshop's pack.
        let room = try await server.room { room in
            room.learners.contains { $0.name == "Nora" && $0.steps["a/which"]?.status == "passed" }
        }
        #expect(
            room.learners.contains { $0.name == "Nora" && $0.steps["a/which"]?.status == "passed" },
            "\(room.learners.map { ($0.name, $0.steps) })")

        // The next session finds the pack installed: nothing is fetched again.
        let again = try Self.learner(["step"], link: server.link.description, home: learnerHome)
        #expect(!again.stdout.contains("Fetched"), "\(again.stdout)")
        #expect(again.stdout.contains("prepare(for:sender:)") || again.stdout.contains("Which"), "\(again.stdout)")
    }

    static func membership(in home: URL) -> URL {
        home.appendingPathComponent("state/seguelab/workshop/membership.json")
    }

    /// A learner who joined without the pack and starts seguelab again without `--join` is back
    /// in the workshop's pack, told so with how to leave, and what they answer reaches the
    /// server; after `leave`, the next start opens the built-in course.
    @Test func aStartWithoutJoinResumesTheWorkshopsPack() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(room: pack, in: home)
        defer { server.stop() }
        let learnerHome = home.appendingPathComponent("learner")
        let first = try Self.learner(["next", "next"], link: server.link.description, home: learnerHome)
        #expect(first.status == 0 && first.stdout.contains("Fetched"), "\(first.stdout) \(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: Self.membership(in: learnerHome).path))

        let again = try SeguelabBinary.runPiped("nope\nprepare(for:sender:)\n", arguments: [], home: learnerHome)
        #expect(again.status == 0, "\(again.stdout) \(again.stderr)")
        #expect(
            again.stdout.contains(
                "Back in the workshop at \(server.link.server.absoluteString) as Nora, with its pack “Demo course”. "
                    + "`leave` leaves the workshop"), "\(again.stdout)")
        #expect(again.stdout.contains("✔ Correct."), "\(again.stdout)")
        #expect(!again.stdout.contains("Storyboard segues, safely"), "not the built-in course: \(again.stdout)")
        let room = try await server.room { room in
            room.learners.contains { $0.name == "Nora" && $0.steps["a/which"]?.status == "passed" }
        }
        #expect(room.learners.map(\.name) == ["Nora"], "one row: the same learner")
        #expect(room.learners.first?.steps["a/which"]?.wrong == 1, "\(room.learners.map(\.steps))")

        _ = try SeguelabBinary.runPiped("leave\n", arguments: [], home: learnerHome)
        let afterLeaving = try SeguelabBinary.runPiped("", arguments: [], home: learnerHome)
        #expect(!afterLeaving.stdout.contains("Back in the workshop"), "\(afterLeaving.stdout)")
        #expect(afterLeaving.stdout.contains("Storyboard segues, safely"), "\(afterLeaving.stdout)")
    }

    /// The workshop's pack remembered from an earlier start has vanished: the start says so in
    /// one sentence (in the learner's language) with what to do, opens the built-in course and
    /// sends nothing; `--join` again fetches the pack and the learner's progress is still there.
    @Test func aVanishedWorkshopPackIsSaidAndTheProgressKept() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(room: pack, in: home)
        defer { server.stop() }
        let learnerHome = home.appendingPathComponent("learner")
        let link = server.link.description
        let first = try Self.learner(["next", "next", "prepare(for:sender:)"], link: link, home: learnerHome)
        #expect(first.stdout.contains("✔ Correct."), "\(first.stdout) \(first.stderr)")
        let folder = Self.installed("demo", in: learnerHome)
        try FileManager.default.removeItem(at: folder)

        let gone = try SeguelabBinary.runPiped("", arguments: [], home: learnerHome)
        #expect(gone.status == 0, "\(gone.stdout) \(gone.stderr)")
        #expect(
            gone.stdout.contains(
                "The workshop's pack is gone from \(folder.standardizedFileURL.path), so this opens the "
                    + "built-in course and sends nothing to \(server.link.server.absoluteString): "
                    + "`seguelab --join \(link)` fetches the pack again (your progress is kept), "
                    + "or `leave` leaves the workshop."), "\(gone.stdout)")
        #expect(gone.stdout.contains("Storyboard segues, safely"), "\(gone.stdout)")
        #expect(!gone.stdout.contains("your progress goes to"), "\(gone.stdout)")
        let french = try SeguelabBinary.runPiped("", arguments: ["--lang", "fr"], home: learnerHome)
        #expect(
            french.stdout.contains("Le pack de l'atelier n'est plus dans \(folder.standardizedFileURL.path)\u{00A0}: "),
            "\(french.stdout)")
        #expect(french.stdout.contains("`seguelab --join \(link)` récupère à nouveau le pack"), "\(french.stdout)")

        // Back with `--join`: the same learner, the pack fetched, the answered step still done.
        let back = try Self.learner(["progress"], link: link, home: learnerHome)
        #expect(back.stdout.contains("Fetched the workshop's pack"), "\(back.stdout)")
        #expect(!back.stdout.contains("is gone from"), "\(back.stdout)")
        #expect(back.stdout.contains("Welcome back: you were here."), "\(back.stdout)")
        #expect(back.stdout.contains("a  Identifiers  2/2  completed"), "\(back.stdout)")
        let room = try await server.room()
        #expect(room.learners.map(\.name) == ["Nora"], "one row: the same learner")

        // `leave` works in a start that sends nothing, as the sentence says.
        try FileManager.default.removeItem(at: folder)
        let left = try SeguelabBinary.runPiped("leave\n", arguments: [], home: learnerHome)
        #expect(left.stdout.contains("You left the workshop"), "\(left.stdout)")
        #expect(!FileManager.default.fileExists(atPath: Self.membership(in: learnerHome).path))
    }

    /// `--join` to an address where no server listens ends at once, in one sentence, and
    /// joins nothing.
    @Test func joiningWhereNoServerListensFailsAtOnce() throws {
        let home = try SeguelabBinary.makeHome()
        let port = try PostgresCluster.freePort()
        let result = try Self.learner(["next"], link: "http://127.0.0.1:\(port)/join/ABCDEFGH", home: home)
        #expect(result.status != 0, "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "--join: nothing answers at 127.0.0.1:\(port) (http://127.0.0.1:\(port)): "
                    + "is the workshop server running?"), "\(result.stderr)")
        #expect(!result.stdout.contains("Joined the workshop"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: Self.membership(in: home).path))
    }

    /// An archive whose bytes differ from the SHA-256 the server announced is refused, and
    /// nothing is installed; the same server handing out the true archive is accepted (so the
    /// refusal is the hash's).
    @Test func anArchiveThatDoesNotMatchItsAnnouncedHashIsRefused() throws {
        let home = try SeguelabBinary.makeHome()
        let (data, offer) = try Self.servedArchive(
            in: home, announcing: "demo", version: "1.0.0", title: "Demo course")
        var tampered = data
        tampered[tampered.count / 2] ^= 0x5A

        for (body, refused) in [(tampered, true), (data, false)] {
            let fake = try FakeServer(
                .routes(["/join/ABCDEFGH/pack": try JSONEncoder().encode(offer), "/join/ABCDEFGH/pack.tgz": body]))
            defer { fake.stop() }
            let learnerHome = home.appendingPathComponent(refused ? "tampered" : "true")
            let result = try Self.learner(["step"], link: fake.link(), home: learnerHome)
            let installed = FileManager.default.fileExists(
                atPath: Self.installed("demo", in: learnerHome).appendingPathComponent("pack.yaml").path)
            if refused {
                #expect(result.status != 0)
                let lines = result.stderr.split(separator: "\n")
                #expect(
                    lines.contains {
                        $0.contains("the workshop's pack 'demo' was refused: its archive does not match the SHA-256")
                    }, "\(result.stderr)")
                #expect(!installed)
            } else {
                #expect(result.stdout.contains("Fetched the workshop's pack"), "\(result.stdout) \(result.stderr)")
                #expect(installed)
            }
        }
    }

    /// What the archive holds is checked too: a pack other than the one announced (its hash
    /// matching) is refused, and nothing is installed.
    @Test func anArchiveHoldingAnotherPackIsRefused() throws {
        let home = try SeguelabBinary.makeHome()
        let (data, offer) = try Self.servedArchive(
            in: home, announcing: "course", version: "2.0.0", title: "Course")
        let fake = try FakeServer(
            .routes(["/join/ABCDEFGH/pack": try JSONEncoder().encode(offer), "/join/ABCDEFGH/pack.tgz": data]))
        defer { fake.stop() }
        let learnerHome = home.appendingPathComponent("learner")
        let result = try Self.learner(["step"], link: fake.link(), home: learnerHome)
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("the workshop's pack 'course' was refused: it is not the pack 'course'"),
            "\(result.stderr)")
        for id in ["course", "demo"] {
            #expect(
                !FileManager.default.fileExists(
                    atPath: Self.installed(id, in: learnerHome).appendingPathComponent("pack.yaml").path))
        }
    }
}
