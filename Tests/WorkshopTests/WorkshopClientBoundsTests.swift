import Foundation
import TestSupport
import Testing
import Workshop

/// The learner's side against servers that misbehave: a silent one costs no CPU, an endless
/// answer is cut off at the cap, each failure is said plainly, only the listed headers are
/// sent, and names and broadcasts cannot carry line breaks or direction overrides.
@Suite(.serialized)
struct WorkshopClientBoundsTests {
    @Test func aServerThatNeverAnswersCostsNoCPU() async throws {
        let server = try FakeServer(.silent)
        defer { server.stop() }
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        var samples: [Double] = []
        let result = try PacedLearner.run(
            Array(repeating: "step", count: 12),
            arguments: [
                "--join", server.link(),
                "--name", "Ada"
            ],
            pack: pack, home: home.appendingPathComponent("learner")
        ) { pid in
            if let cpu = PacedLearner.cpuSeconds(pid) { samples.append(cpu) }
        }
        #expect(result.stdout.contains("no answer from 127.0.0.1:\(server.port) within 5 s"), "\(result.stdout)")
        #expect(!result.stdout.contains("NSURLErrorDomain"), "\(result.stdout)")
        let first = try #require(samples.first)
        let last = try #require(samples.last)
        // Eleven pauses of 0.8 s waiting on a server that says nothing: sleeping, not spinning.
        #expect(last - first < 0.6, "CPU while waiting: \(last - first) s (samples \(samples))")
        #expect(!server.requests.isEmpty, "the learner did try the server")
    }

    @Test func anEndlessAnswerIsCutOffAtTheCap() async throws {
        let server = try FakeServer(.endless)
        defer { server.stop() }
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        var peak = 0
        let result = try PacedLearner.run(
            ["step", "next", "step", "step"],
            arguments: [
                "--join", server.link(),
                "--name", "Ada"
            ],
            pack: pack, home: home.appendingPathComponent("learner"), pause: 1.5
        ) { pid in
            peak = max(peak, PacedLearner.peakMemory(pid) ?? 0)
        }
        let said = "the answer from 127.0.0.1:\(server.port) is larger than 1024 KiB"
        #expect(result.stdout.contains(said), "\(result.stdout)")
        #expect(!result.stdout.contains("answered 200"), "\(result.stdout)")
        #expect(server.requests.count >= 2, "the join check and at least one batch")
        #expect(peak > 0 && peak < 200 * 1024 * 1024, "peak memory \(peak / 1024 / 1024) MB")
    }

    @Test func onlyTheListedHeadersAreSentAndBroadcastsAreNeutralised() async throws {
        let reply =
            #"{"acknowledged":[],"broadcasts":[{"id":1,"text":"Hi \u202Eereht\nnext line"}],"#
            + #""pacing":{"solutionsHeld":false}}"#
        let server = try FakeServer(.answer(reply))
        defer { server.stop() }
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let result = try PacedLearner.run(
            ["step", "step", "step"],
            arguments: [
                "--join", server.link(), "--name",
                "Ada"
            ],
            pack: pack, home: home.appendingPathComponent("learner"))
        #expect(result.stdout.contains("Instructor: Hi ereht next line"), "\(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains("\u{202E}"))

        let post = try #require(server.requests.first { $0.hasPrefix("POST /api/events ") })
        let head = post.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
        let names = head.dropFirst().map { String($0.split(separator: ":")[0]) }
        #expect(names == ["Host", "User-Agent", "Content-Type", "Content-Length", "Connection"], "\(head)")
        #expect(head.contains("User-Agent: seguelab"))
        // The README's "what is sent" names each of them.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(
            contentsOf:
                root
                .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        for header in [
            "Host", "User-Agent: seguelab", "Content-Type: application/json", "Content-Length",
            "Connection: close"
        ] {
            #expect(readme.contains("`\(header)"), "README lists \(header)")
        }
        let get = try #require(server.requests.first { $0.hasPrefix("GET /join/ABCDEFGH ") })
        #expect(!get.contains("Accept-Language"))
    }

    @Test func namesAreOneLineWithoutDirectionOverrides() async throws {
        let server = try FakeServer(.answer(#"{"acknowledged":[],"broadcasts":[],"pacing":{"solutionsHeld":false}}"#))
        defer { server.stop() }
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        for (index, (name, said)) in [
            ("Ada\nLovelace", "a name is one line"),
            ("Ada\u{202E}ecalevol", "characters that change the direction"),
            ("Ada\u{1B}[2J", "control characters")
        ].enumerated() {
            let result = try WorkshopFixture.learner(
                ["step"], arguments: ["--join", server.link(), "--name", name],
                pack: pack,
                home: home.appendingPathComponent("learner\(index)"))
            #expect((result.stdout + result.stderr).contains(said), "\(name): \(result.stdout) \(result.stderr)")
            #expect(!result.stdout.contains("Joined the workshop"))
        }
        #expect(server.requests.isEmpty, "nothing was sent: \(server.requests)")
    }
}
