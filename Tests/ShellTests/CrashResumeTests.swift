import Foundation
import TestSupport
import Testing

/// A shell that died while showing a step (something the step loads crashed it) is not sent
/// back into that step at its next start, where it would die again: the lesson starts over,
/// with a note saying why and how to return.
@Suite(.serialized) struct CrashResumeTests {
    static let pack: [String: String] = [
        "pack.yaml": "id: resume\ntitle: Resume\nversion: 1.0.0\nformat: 1\nlessons: [01-a]\n",
        "lessons/01-a.md": """
        ---
        id: a
        title: Alpha
        ---

        ## First {#first}

        The first step's words.

        ## Second {#second}

        The second step's words.

        """
    ]

    func makePack(in home: URL) throws -> URL {
        let root = home.appendingPathComponent("resume")
        for (path, text) in Self.pack {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func aShellThatDiedShowingAStepStartsItsLessonAgain() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try makePack(in: home)
        // Go to the second step and quit normally: the next start resumes there, and no note of
        // a step being shown is left behind.
        let first = try SeguelabBinary.runPiped(
            "next\nnext\nquit\n", arguments: ["--pack", root.path], home: home, hangGuard: 300)
        #expect(first.status == 0, "\(first.stderr)")
        let progress = home.appendingPathComponent("state/seguelab/progress")
        let files = try FileManager.default.contentsOfDirectory(atPath: progress.path)
        #expect(files.contains("resume.json"), "\(files)")
        #expect(!files.contains { $0.hasSuffix(".showing") }, "\(files)")
        let resumed = try SeguelabBinary.runPiped(
            "quit\n", arguments: ["--pack", root.path], home: home, hangGuard: 300)
        #expect(resumed.stdout.contains("The second step's words."))
        #expect(!resumed.stdout.contains("The first step's words."))

        // As a shell killed while showing the second step leaves it.
        try Data("a/second".utf8).write(to: progress.appendingPathComponent(".resume.json.showing"))
        let after = try SeguelabBinary.runPiped("quit\n", arguments: ["--pack", root.path], home: home, hangGuard: 300)
        #expect(after.status == 0, "\(after.stderr)")
        let all = after.stdout + after.stderr
        #expect(
            all.contains("seguelab stopped unexpectedly while showing step a/second last time; lesson a starts again"),
            "\(all)")
        #expect(after.stdout.contains("The first step's words."), "\(after.stdout)")
        #expect(!after.stdout.contains("The second step's words."), "\(after.stdout)")
        // Once: the start after that resumes as usual.
        let again = try SeguelabBinary.runPiped("quit\n", arguments: ["--pack", root.path], home: home, hangGuard: 300)
        #expect(!(again.stdout + again.stderr).contains("stopped unexpectedly"))
    }
}
