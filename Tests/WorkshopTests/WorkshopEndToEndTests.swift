import Foundation
import LessonKit
import TestSupport
import Testing
import Workshop

@testable import WorkshopServer

/// A real server and real `seguelab` learners (piped scripts) on loopback: what the dashboard
/// shows afterwards is exactly what the learners did.
@Suite(.serialized)
struct WorkshopEndToEndTests {
    @Test func dashboardShowsWhatEachLearnerDid() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(
            pack: pack, data: home.appendingPathComponent("room.sqlite"), log: home.appendingPathComponent("server.log")
        )
        defer { server.stop() }
        let join = ["--join", server.link.description]

        // Three learners at once, each in their own home, as in a room.
        let scripts: [(name: String, lines: [String])] = [
            ("Ada", ["next", "next", "viewDidLoad()", "hint", "prepare(for:sender:)", "next", "next"]),
            ("Ben", ["next", "next", "viewWillAppear", "segue please", "help me"]),
            ("<script>alert(1)</script>", ["next", "next", "skip"])
        ]
        let results = try await withThrowingTaskGroup(of: (String, SeguelabBinary.Result).self) { group in
            for (index, script) in scripts.enumerated() {
                group.addTask {
                    let result = try WorkshopFixture.learner(
                        script.lines, arguments: join + ["--name", script.name], pack: pack,
                        home: home.appendingPathComponent("learner\(index)"))
                    return (script.name, result)
                }
            }
            var all: [String: SeguelabBinary.Result] = [:]
            for try await (name, result) in group { all[name] = result }
            return all
        }
        for (name, result) in results {
            #expect(result.status == 0, "\(name): \(result.stdout)\n\(result.stderr)")
            #expect(
                result.stdout.contains("Joined the workshop at \(server.link.server.absoluteString) as \(name)."),
                "\(result.stdout)")
            #expect(!result.stdout.contains("cannot be reached"), "\(result.stdout)")
        }
        #expect(results["Ben"]!.stdout.contains("Your hand is up"))

        let room = try await server.room { room in
            room.learners.count == 3 && room.learners.allSatisfy { $0.current != nil }
                && room.learners.first { $0.name == "Ada" }?.current == "b/ask"
                && room.learners.first { $0.name == "Ben" }?.handRaised != nil
                && room.learners.first { $0.name.hasPrefix("<script>") }?.steps["a/which"]?.status == "skipped"
        }
        let byName = Dictionary(uniqueKeysWithValues: room.learners.map { ($0.name, $0) })
        #expect(Set(byName.keys) == ["Ada", "Ben", "<script>alert(1)</script>"])

        let ada = try #require(byName["Ada"])
        #expect(ada.current == "b/ask")
        #expect(
            ada.steps["a/which"]
                == LearnerState.StepState(
                    status: "passed", attempts: 2, wrong: 1, hints: 1, solution: false,
                    seconds: ada.steps["a/which"]!.seconds))
        #expect(ada.steps["b/intro"]?.status == "seen")
        // Her wrong answer on a/which is cleared: she passed it since.
        #expect(ada.lastWrong == nil)
        #expect(ada.handRaised == nil)
        #expect(!ada.struggling)

        let ben = try #require(byName["Ben"])
        #expect(ben.current == "a/which")
        #expect(ben.steps["a/which"]?.status == "attempted")
        #expect(ben.steps["a/which"]?.wrong == 2)
        #expect(ben.handRaised != nil)
        #expect(ben.lastWrong?.step == "a/which")
        #expect(ben.lastWrong?.feedback?.isEmpty == false)

        let stranger = try #require(byName["<script>alert(1)</script>"])
        #expect(stranger.steps["a/which"]?.status == "skipped")
        #expect(stranger.current == "b/intro")

        let which = try #require(room.steps["a/which"])
        #expect(which.here == 1)
        #expect(which.done == 2)
        #expect(which.commonWrong != nil && which.commonWrongCount >= 1)
        // Every step of the pack is summarised, visited or not, and the outline comes with it.
        #expect(Set(room.steps.keys) == Set(room.outline.lessons.flatMap { l in l.steps.map { l.id + "/" + $0.id } }))
        #expect(room.outline.lessons.flatMap(\.steps).count == 4)

        // Exports: `progress --json`'s shape with the learner, and CSV with a learner column.
        let json = try await server.request("GET", "api/export.json", contentType: nil, token: server.token)
        #expect(json.status == 200)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let reports = try decoder.decode([ProgressExport.Report].self, from: json.body)
        #expect(reports.map(\.learner) == room.learners.map(\.name))
        let adaRow = try #require(
            reports.first { $0.learner == "Ada" }?.steps.first { $0.lesson == "a" && $0.step == "which" })
        #expect(adaRow.status == "passed" && adaRow.attempts == 2 && adaRow.hintsUsed == 1 && !adaRow.solutionShown)
        #expect(reports.allSatisfy { $0.pack == "demo" && $0.steps.count == 4 })

        let csv = try await server.request("GET", "api/export.csv", contentType: nil, token: server.token)
        let lines = csv.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "learner,learner_id," + ProgressExport.csvHeader)
        #expect(
            lines.contains {
                $0.hasPrefix("Ada,\(ada.id),a,Identifiers,which,Which,text,passed,2,1,no,")
            }, "\(csv.text)")
        #expect(lines.count == 1 + 3 * 4)

        // The hand stays until the instructor clears it.
        let cleared = try await server.request(
            "POST", "api/hands/clear", body: Data(#"{"learner":"\#(ben.id)"}"#.utf8), token: server.token)
        #expect(cleared.status == 200)
        #expect(try await server.room().learners.first { $0.name == "Ben" }?.handRaised == nil)
    }

    /// Broadcasts and pacing reach a learner at their next prompt; held solutions stay hidden.
    @Test func broadcastAndPacingReachTheLearner() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let server = try ServerProcess(
            pack: pack, data: home.appendingPathComponent("room.sqlite"), log: home.appendingPathComponent("server.log")
        )
        defer { server.stop() }
        let learnerHome = home.appendingPathComponent("learner")
        let first = try WorkshopFixture.learner(
            ["next", "next"], arguments: ["--join", server.link.description, "--name", "Cleo"], pack: pack,
            home: learnerHome)
        #expect(first.status == 0, "\(first.stderr)")

        for (path, body) in [
            ("api/broadcast", #"{"text":"Break until 11:00"}"#),
            ("api/pacing", #"{"solutionsHeld":true,"openThrough":"a","gather":"a/which"}"#)
        ] {
            let reply = try await server.request("POST", path, body: Data(body.utf8), token: server.token)
            #expect(reply.status == 200, "\(path): \(reply.text)")
        }
        // A later session of the same learner (no --join: it resumes) hears the news once.
        let second = try WorkshopFixture.learner(["step"], arguments: [], pack: pack, home: learnerHome)
        // "Instructor: …", with its age when it is more than a minute old (a slow machine).
        #expect(
            second.stdout.contains("Instructor") && second.stdout.contains(": Break until 11:00"), "\(second.stdout)")
        #expect(second.stdout.contains("type `goto a/which` to go there"), "\(second.stdout)")
        let third = try WorkshopFixture.learner(["solution yes", "next"], arguments: [], pack: pack, home: learnerHome)
        #expect(third.stdout.contains("holding solutions back"), "\(third.stdout)")
        #expect(!third.stdout.contains("Solution:"), "\(third.stdout)")
        #expect(third.stdout.contains("has not opened lesson 'b' yet"), "\(third.stdout)")
        #expect(!third.stdout.contains("Break until 11:00"), "shown once: \(third.stdout)")
        let room = try await server.room()
        #expect(room.learners.first?.steps["a/which"]?.solution == false)
        #expect(room.learners.first?.current == "a/which")

        // `leave`: nothing more is sent.
        let leaving = try WorkshopFixture.learner(["leave", "hint"], arguments: [], pack: pack, home: learnerHome)
        #expect(leaving.stdout.contains("You left the workshop"))
        try await Task.sleep(nanoseconds: 500_000_000)
        #expect(try await server.room().learners.first?.steps["a/which"]?.hints == 0)
    }

    /// `kill -9` mid-session: every acknowledged event is still there after a restart, and a
    /// learner who worked through a whole lesson while it was down syncs when it is back.
    @Test func killedServerLosesNothingAndOfflineLearnersSync() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let data = home.appendingPathComponent("room.sqlite")
        var server = try ServerProcess(pack: pack, data: data, log: home.appendingPathComponent("server1.log"))
        let link = server.link!
        let dana = home.appendingPathComponent("dana")
        let eli = home.appendingPathComponent("eli")
        _ = try WorkshopFixture.learner(
            ["next", "next", "nope", "prepare(for:sender:)"], arguments: ["--join", link.description, "--name", "Dana"],
            pack: pack, home: dana)
        _ = try WorkshopFixture.learner(
            ["next"], arguments: ["--join", link.description, "--name", "Eli"], pack: pack, home: eli)
        let before = try await server.room { room in
            room.learners.count == 2 && room.learners.first { $0.name == "Dana" }?.steps["a/which"]?.status == "passed"
        }
        #expect(before.learners.count == 2)
        server.kill9()

        // Eli does a whole lesson with the server down: one quiet line, nothing lost.
        let offline = try WorkshopFixture.learner(
            ["next", "wrong", "hint", "prepare(for:sender:)", "next", "next", "enum"], arguments: [], pack: pack,
            home: eli)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(
            offline.stdout.components(separatedBy: "the server cannot be reached").count == 2,
            "one line: \(offline.stdout)")
        #expect(offline.stdout.contains("✔ Correct."))

        server = try ServerProcess(
            pack: pack, data: data, port: link.server.port!, log: home.appendingPathComponent("server2.log"))
        defer { server.stop() }
        #expect(server.link == link, "a restarted server keeps its join code")
        let restarted = try await server.room()
        #expect(
            restarted.learners.first { $0.name == "Dana" }?.steps == before.learners.first { $0.name == "Dana" }?.steps)

        // Eli's next session sends the queue.
        _ = try WorkshopFixture.learner(["step"], arguments: [], pack: pack, home: eli)
        let after = try await server.room { room in
            room.learners.first { $0.name == "Eli" }?.steps["b/ask"]?.status == "passed"
        }
        let eliState = try #require(after.learners.first { $0.name == "Eli" })
        #expect(eliState.steps["a/which"]?.status == "passed")
        #expect(eliState.steps["a/which"]?.wrong == 1)
        #expect(eliState.steps["a/which"]?.hints == 1)
        #expect(eliState.steps["b/ask"]?.status == "passed")
        #expect(eliState.current == "b/ask")
        #expect(after.learners.count == 2)
    }
}
