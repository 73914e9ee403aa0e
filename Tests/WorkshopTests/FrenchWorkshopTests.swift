import Foundation
import Localization
import Shell
import TestSupport
import Testing
import Workshop

@testable import WorkshopServer

/// A French learner in a workshop reads its notices in French: the learner's side says what
/// happened as data (`WorkshopNotice`), the shell words it in the learner's language, and what
/// the server or the instructor said is shown as it came.
@Suite(.serialized)
struct FrenchWorkshopTests {
    static let french = Catalog(language: "fr")

    /// Every notice, as the English shell has always said it and in French.
    static let notices: [(WorkshopNotice, english: String)] = [
        (.notQueued(reason: "disk full"), "workshop: an event could not be queued (disk full)."),
        (
            .refused(reason: "'a/extra' is not a step of this pack"),
            "workshop: the server refused an event ('a/extra' is not a step of this pack); "
                + "it is dropped and the others are sent."
        ),
        (
            .roomFull(said: "the room is full (2 learners)"),
            "workshop: the room is full (2 learners); your work is kept here and sent when the instructor makes room."
        ),
        (
            .roomFull(said: ""),
            "workshop: the room is full; your work is kept here and sent when the instructor makes room."
        ),
        (
            .unknownJoinCode,
            "workshop: the workshop does not know this join code — check the link (`join LINK` joins again)."
        ),
        (.reconnected, "workshop: connected again; what you did meanwhile is being sent."),
        (
            .unreachable(.failure(.refused("127.0.0.1:9"))),
            "workshop: the server cannot be reached (nothing answers at 127.0.0.1:9); "
                + "your work is kept and sent when it is back."
        ),
        (
            .unreachable(.status(500, said: "oops")),
            "workshop: the server cannot be reached (the server answered 500: oops); "
                + "your work is kept and sent when it is back."
        ),
        (
            .unreachable(.notAWorkshop),
            "workshop: the server cannot be reached (the answer is not a workshop server's); "
                + "your work is kept and sent when it is back."
        ),
        (.broadcast(text: "Break until {age} 11:00", minutesAgo: nil), "Instructor: Break until {age} 11:00"),
        (.broadcast(text: "Lunch", minutesAgo: 1), "Instructor, 1 minute ago: Lunch"),
        (.broadcast(text: "Lunch", minutesAgo: 12), "Instructor, 12 minutes ago: Lunch"),
        (.broadcast(text: "Lunch", minutesAgo: 150), "Instructor, 2 hours ago: Lunch"),
        (
            .gathering(step: "b/intro", minutesAgo: nil),
            "Instructor: we are all going to b/intro; type `goto b/intro` to go there."
        )
    ]

    @Test func everyNoticeIsWordedInEnglishAsBeforeAndInFrench() {
        for (notice, english) in Self.notices {
            #expect(notice.text(.english) == english)
            let french = notice.text(Self.french)
            #expect(french != english, "\(notice) is not translated: \(french)")
            #expect(!french.contains("workshop."), "\(notice): a key instead of a message: \(french)")
        }
        // What the server and the instructor said stays as it came, braces and all.
        #expect(
            WorkshopNotice.refused(reason: "'a/extra' is not a step of this pack").text(Self.french)
                == "atelier\u{00A0}: le serveur a refusé un événement "
                + "('a/extra' is not a step of this pack)\u{202F}; il est abandonné et les autres sont envoyés.")
        #expect(
            WorkshopNotice.broadcast(text: "Pause {age}", minutesAgo: 12).text(Self.french)
                == "Formateur, il y a 12 minutes\u{00A0}: Pause {age}")
    }

    /// The course pack in English and French, with a step `a/extra` the served pack lacks.
    static func frenchOlderPack(in home: URL) throws -> URL {
        let root = home.appendingPathComponent("pack-fr", isDirectory: true)
        var files = WorkshopFixture.files
        files["pack.yaml"]! += "languages: [en, fr]\ndefault-language: en\n"
        files["lessons/01-a.md"]! += "\n## Extra {#extra}\n\nA step renamed since.\n"
        for lesson in ["01-a.md", "02-b.md"] { files["lessons/fr/" + lesson] = files["lessons/" + lesson] }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// A French session (piped, `--lang fr`) joined to a real server: the instructor's broadcast
    /// and an event the server refuses are said in French, the server's reason and the
    /// instructor's words as they came.
    @Test func aFrenchLearnerReadsTheWorkshopsNoticesInFrench() async throws {
        let home = try SeguelabBinary.makeHome()
        let served = try WorkshopClassroomTests.variantPack(in: home, extraStep: false)
        let older = try Self.frenchOlderPack(in: home)
        let server = try ServerProcess(room: served, in: home)
        defer { server.stop() }
        try await WorkshopClassroomTests.post(server, "api/broadcast", #"{"text":"Pause jusqu'à 11 h"}"#)
        let result = try PacedLearner.run(
            ["next", "next", "prepare(for:sender:)", "next", "next", "next", "step", "help me", "step"],
            arguments: ["--join", server.link.description, "--name", "Dev", "--lang", "fr"],
            pack: older, home: home.appendingPathComponent("learner"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Vous avez rejoint l'atelier de "), "\(result.stdout)")
        #expect(result.stdout.contains("✋ Vous avez levé la main"), "\(result.stdout)")
        let refused = "atelier\u{00A0}: le serveur a refusé un événement ("
        #expect(result.stdout.components(separatedBy: refused).count == 2, "said once: \(result.stdout)")
        #expect(
            result.stdout.contains("'a/extra' is not a step of this pack)\u{202F}; il est abandonné et les autres"),
            "\(result.stdout)")
        // "Formateur : …", or "Formateur, il y a 1 minute : …" on a slow machine.
        #expect(
            result.stdout.contains("📣 Formateur") && result.stdout.contains("\u{00A0}: Pause jusqu'à 11 h"),
            "\(result.stdout)")
        for english in ["the server refused an event", "Instructor", "workshop:", "workshop.", "Joined", "Your hand"] {
            #expect(!result.stdout.contains(english), "\(english) in: \(result.stdout)")
        }
        // The events after the refused one still arrive.
        let room = try await server.room { $0.learners.first?.current == "b/ask" }
        #expect(room.learners.first?.current == "b/ask", "\(result.stdout)")

        // A French learner who joins without the pack is told in French that it was fetched.
        let fetched = try SeguelabBinary.runPiped(
            "", arguments: ["--join", server.link.description, "--name", "Eve", "--lang", "fr"],
            home: home.appendingPathComponent("fetcher"))
        #expect(
            fetched.stdout.contains("Pack de l'atelier «\u{00A0}Demo course\u{00A0}» (demo 1.0.0) récupéré depuis "),
            "\(fetched.stdout) \(fetched.stderr)")
    }
}
