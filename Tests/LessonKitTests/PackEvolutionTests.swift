import Foundation
import Localization
import Playground
import TestSupport
import Testing

@testable import LessonKit

/// Shipping and evolving a pack: `pack archive` (reproducible, installable) and `renamed-from:`
/// (learners' progress follows a renamed lesson or step; `pack check` refuses a live id).
@Suite struct PackEvolutionTests {
    let home = TemporaryDirectory()
    let output = PackWorkflowTests.Lines()

    func workflow() -> PackWorkflow {
        let environment = [
            "HOME": home.url.path, "XDG_DATA_HOME": home.url.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": home.url.appendingPathComponent("cache").path
        ]
        let output = output
        return PackWorkflow(
            context: PackLocation.Context(environment: environment),
            print: { output.append($0) }, progress: { _ in },
            makeRunner: { _ in ScriptedRunner(always: .ran()) })
    }

    static func lesson(id: String, renamedFrom: String? = nil, steps: [(id: String, renamedFrom: String?)]) -> String {
        var text =
            "---\nid: \(id)\ntitle: Lesson \(id)\n" + (renamedFrom.map { "renamed-from: \($0)\n" } ?? "") + "---\n"
        for step in steps {
            text += "\n## Step \(step.id) {#\(step.id)}\n\n"
            text +=
                "Which method runs before a segue?\n\n```step\nkind: text\naccept: [\"prepare\"]\nhints: [It prepares.]\n"
            if let old = step.renamedFrom { text += "renamed-from: \(old)\n" }
            text += "```\n"
        }
        return text
    }

    static let manifest = "id: demo\ntitle: Demo course\nversion: 1.0.0\nformat: 1\nlessons: [01-a]\n"

    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(of: long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func twoArchivesOfTheSamePackAreByteIdenticalAndInstall() async throws {
        let root = try home.write(
            [
                "pack.yaml": Self.manifest,
                "lessons/01-a.md": Self.lesson(id: "a", steps: [("which", nil)]),
                "support/Deep/Nested/Folder/With/A/Rather/Long/Name/That/Goes/On/And/On/Helpers.swift": "let x = 1\n",
                ".git/HEAD": "ref: refs/heads/main\n",
                "lessons/.01-a.md.swp": "swap"
            ], under: "p")
        let first = home.url.appendingPathComponent("one.tgz")
        let second = home.url.appendingPathComponent("two.tgz")
        _ = try workflow().archive(root.path, output: first.path)
        // Other times, another order of creation: the same bytes.
        let lesson = root.appendingPathComponent("lessons/01-a.md")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        try FileManager.default.removeItem(at: lesson)
        try await Task.sleep(for: .seconds(1.1))
        try text.write(to: lesson, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: lesson.path)
        _ = try workflow().archive(root.path, output: second.path)
        let bytes = try Data(contentsOf: first)
        #expect(bytes == (try Data(contentsOf: second)))
        #expect(output.all.contains("SHA-256: \(SHA256.hex(of: bytes))"))
        #expect(output.all.contains { $0.contains("3 files") }, "\(output.all)")

        // `pack install` takes it, with the hidden files left out and the long path kept.
        try await workflow().install(second.path, staticOnly: true, showsProgress: false)
        let installed = home.url.appendingPathComponent("data/seguelab/packs/demo")
        #expect(FileManager.default.fileExists(atPath: installed.appendingPathComponent("lessons/01-a.md").path))
        #expect(
            FileManager.default.fileExists(
                atPath: installed.appendingPathComponent(
                    "support/Deep/Nested/Folder/With/A/Rather/Long/Name/That/Goes/On/And/On/Helpers.swift"
                ).path))
        #expect(!FileManager.default.fileExists(atPath: installed.appendingPathComponent(".git").path))
        #expect(!FileManager.default.fileExists(atPath: installed.appendingPathComponent("lessons/.01-a.md.swp").path))
    }

    @Test func archiveRefusesAPackWithErrorsAndALink() throws {
        let broken = try home.write(["pack.yaml": "id: demo\n", "lessons/01-a.md": "x"], under: "broken")
        #expect(throws: CommandFailure("\(broken.path): the pack has errors (above); no archive written")) {
            _ = try workflow().archive(broken.path, output: home.url.appendingPathComponent("b.tgz").path)
        }
        let root = try home.write(
            ["pack.yaml": Self.manifest, "lessons/01-a.md": Self.lesson(id: "a", steps: [("which", nil)])],
            under: "linked")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("notes.txt").path, withDestinationPath: "/etc/hostname")
        #expect(throws: CommandFailure.self) {
            _ = try workflow().archive(root.path, output: home.url.appendingPathComponent("l.tgz").path)
        }
    }

    @Test func progressFollowsARenamedStepAndARenamedLesson() throws {
        let oldRoot = try home.write(
            [
                "pack.yaml": Self.manifest,
                "lessons/01-a.md": Self.lesson(id: "intro", steps: [("first", nil), ("second", nil)])
            ], under: "v1")
        let old = try #require(PackLoader.load(from: oldRoot).pack)
        var progress = PackProgress(pack: old, now: Date(timeIntervalSince1970: 1_800_000_000))
        var passed = StepProgress()
        passed.status = .passed
        passed.attempts = 2
        progress[StepRef(lesson: "intro", step: "first")] = passed
        progress[StepRef(lesson: "intro", step: "second")] = passed
        progress.position = StepRef(lesson: "intro", step: "second")

        // Version 2 renames the lesson and its second step.
        let newRoot = try home.write(
            [
                "pack.yaml": Self.manifest.replacingOccurrences(of: "1.0.0", with: "2.0.0"),
                "lessons/01-a.md": Self.lesson(
                    id: "welcome", renamedFrom: "intro", steps: [("first", nil), ("perform", "second")])
            ], under: "v2")
        // The shell's load outlines lessons without parsing steps; the rename is found anyway.
        let new = try #require(PackLoader.load(from: newRoot, steps: .whenOpened).pack)
        let changes = progress.reconcile(with: new)
        #expect(progress[StepRef(lesson: "welcome", step: "first")] == passed)
        #expect(progress[StepRef(lesson: "welcome", step: "perform")] == passed)
        #expect(progress.lessons["intro"] == nil && progress.unclaimed == nil)
        #expect(progress.position == StepRef(lesson: "welcome", step: "perform"))
        #expect(changes.renamed == ["intro → welcome", "welcome/second → welcome/perform"])
        #expect(changes.removedLessons.isEmpty && changes.removedSteps.isEmpty && changes.addedSteps.isEmpty)
        #expect(changes.addedLessons.isEmpty && changes.setAside.isEmpty && !changes.positionMoved)
        #expect(
            changes.summaryLines(Catalog(language: "en")).contains {
                $0.contains("follows what the pack renamed: intro → welcome")
            })
        // Reopened, nothing more moves.
        #expect(progress.reconcile(with: new).renamed.isEmpty)
    }

    @Test func checkRefusesARenamedFromThatIsALiveID() async throws {
        let root = try home.write(
            [
                "pack.yaml": Self.manifest.replacingOccurrences(of: "[01-a]", with: "[01-a, 02-b]"),
                "lessons/01-a.md": Self.lesson(id: "a", steps: [("first", nil), ("second", "first")]),
                "lessons/02-b.md": Self.lesson(id: "b", renamedFrom: "a", steps: [("third", nil)])
            ], under: "p")
        let passed = try await workflow().check(root.path, language: nil, staticOnly: true, showsProgress: false)
        #expect(!passed)
        #expect(
            output.all.contains {
                $0.hasPrefix("p/lessons/01-a.md:") && $0.contains("error: renamed-from 'first' is the id of a step")
            }, "\(output.all)")
        #expect(
            output.all.contains {
                $0.hasPrefix("p/lessons/02-b.md:4:") && $0.contains("error: renamed-from 'a' is the id of a lesson")
            }, "\(output.all)")
    }

    @Test func checkRefusesAnOldIDClaimedTwice() async throws {
        let root = try home.write(
            [
                "pack.yaml": Self.manifest.replacingOccurrences(of: "[01-a]", with: "[01-a, 02-b, 03-c]"),
                "lessons/01-a.md": Self.lesson(id: "a", steps: [("first", "old"), ("second", "old")]),
                "lessons/02-b.md": Self.lesson(id: "b", renamedFrom: "gone", steps: [("third", nil)]),
                "lessons/03-c.md": Self.lesson(id: "c", renamedFrom: "gone", steps: [("fourth", nil)])
            ], under: "p")
        let passed = try await workflow().check(root.path, language: nil, staticOnly: true, showsProgress: false)
        #expect(!passed)
        let errors = output.all.filter { $0.contains(": error: ") }
        #expect(
            errors.contains {
                $0.hasPrefix("p/lessons/01-a.md:") && $0.contains("renamed-from 'old' is also claimed by step 'first'")
            }, "\(output.all)")
        #expect(
            errors.contains {
                $0.hasPrefix("p/lessons/03-c.md:4:") && $0.contains("renamed-from 'gone' is also claimed by lesson 'b'")
            }, "\(output.all)")
        #expect(errors.count == 2, "\(output.all)")
    }
}
