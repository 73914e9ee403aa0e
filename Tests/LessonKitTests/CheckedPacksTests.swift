import Foundation
import TestSupport
import Testing

@testable import LessonKit

/// A pack whose files loaded without error is not parsed in full again until one changes, and
/// what a learner is told about it never differs from a full load.
@Suite("Checked packs")
struct CheckedPacksTests {
    let clean = lessonFile("\n## One {#one}\n\nFirst.\n\n## Two {#two}\n\n```step\nkind: prose\n```\n\nSecond.\n")
    let broken = lessonFile("\n## One {#one}\n\nFirst.\n\n## Two {#two}\n\n```step\nkind: prosx\n```\n\nSecond.\n")

    @Test func aCleanPackIsRememberedAndOpensTheStepsThatWereChecked() throws {
        let directory = TemporaryDirectory()
        let root = try directory.write(["pack.yaml": PackBuilder().manifest, "lessons/01-a.md": clean], under: "p")
        let checked = CheckedPacks(directory: directory.url.appendingPathComponent("cache"))
        #expect(PackLoader.load(from: root, remembering: checked).pack != nil)
        #expect(checked.isClean(root, fingerprint: try #require(checked.fingerprint(of: root))))

        let again = PackLoader.load(from: root, remembering: checked)
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
        let lesson = try #require(again.pack?.lessons.first)
        // Broken after the start: the lesson opens with the text that was checked.
        try Data(broken.utf8).write(to: root.appendingPathComponent("lessons/01-a.md"))
        #expect(lesson.steps.map(\.id) == ["one", "two"])
        #expect(lesson.steps[1].prose == "Second.")

        // The next start sees the change and reports it as a first load does.
        let next = PackLoader.load(from: root, remembering: checked)
        #expect(next.diagnostics.map(\.description) == PackLoader.load(from: root).diagnostics.map(\.description))
        #expect(
            next.diagnostics.contains {
                $0.description.hasPrefix("p/lessons/01-a.md:13:7: error: unknown step kind 'prosx'")
            }, "\(next.diagnostics)")
        #expect(!checked.isClean(root, fingerprint: try #require(checked.fingerprint(of: root))))
    }

    /// An updated pack: only the lessons whose files changed are parsed and checked again.
    @Test func anUpdatedPackTakesItsUnchangedLessonsAsChecked() throws {
        let directory = TemporaryDirectory()
        var manifest = PackBuilder().manifest.replacingOccurrences(of: "[01-a]", with: "[01-a, 02-b]")
        manifest += "support: [support/S.swift]\n"
        let second = clean.replacingOccurrences(of: "id: a", with: "id: b")
        let root = try directory.write(
            [
                "pack.yaml": manifest, "lessons/01-a.md": clean, "lessons/02-b.md": second,
                "support/S.swift": "let s = 1\n"
            ], under: "p")
        let checked = CheckedPacks(directory: directory.url.appendingPathComponent("cache"))
        #expect(PackLoader.load(from: root, remembering: checked).pack != nil)

        // One lesson edited: the other is taken as checked.
        try Data((second + "\nOne more sentence.\n").utf8).write(to: root.appendingPathComponent("lessons/02-b.md"))
        let edited = try #require(checked.fingerprint(of: root))
        #expect(checked.unchangedLessons(root, fingerprint: edited) == ["01-a"])
        let updated = PackLoader.load(from: root, remembering: checked)
        #expect(updated.diagnostics.isEmpty, "\(updated.diagnostics)")
        #expect(updated.pack?.lessons.map(\.id) == ["a", "b"])
        #expect(updated.pack?.lessons[0].steps.map(\.id) == ["one", "two"])

        // The edited lesson is checked in full: its error is reported as a first load does.
        try Data(broken.replacingOccurrences(of: "id: a", with: "id: b").utf8).write(
            to: root.appendingPathComponent("lessons/02-b.md"))
        let failing = PackLoader.load(from: root, remembering: checked)
        #expect(
            failing.diagnostics.contains { $0.description.contains("02-b.md:13:7: error: unknown step kind 'prosx'") })
        try Data(second.utf8).write(to: root.appendingPathComponent("lessons/02-b.md"))
        #expect(PackLoader.load(from: root, remembering: checked).pack != nil)

        // Anything else changed (here the support code): every lesson is checked again.
        try Data("let s = 2\n".utf8).write(to: root.appendingPathComponent("support/S.swift"))
        #expect(checked.unchangedLessons(root, fingerprint: try #require(checked.fingerprint(of: root))).isEmpty)
    }

    /// Same size, modification time put back: the change time still tells.
    @Test func anEditThatKeepsSizeAndModificationTimeIsStillChecked() throws {
        let directory = TemporaryDirectory()
        let root = try directory.write(["pack.yaml": PackBuilder().manifest, "lessons/01-a.md": clean], under: "p")
        let checked = CheckedPacks(directory: directory.url.appendingPathComponent("cache"))
        #expect(PackLoader.load(from: root, remembering: checked).pack != nil)
        let file = root.appendingPathComponent("lessons/01-a.md").path
        #expect(try SameStatEdit.rewrite(file, with: broken), "the size and modification time are as before")

        let result = PackLoader.load(from: root, remembering: checked)
        #expect(result.pack == nil)
        #expect(
            result.diagnostics.contains {
                $0.description.hasPrefix("p/lessons/01-a.md:13:7: error: unknown step kind 'prosx'")
            })
    }

    /// A pack with an error is never remembered: every start reports it until it is fixed.
    @Test func aPackWithAnErrorIsCheckedAtEveryLoad() throws {
        let directory = TemporaryDirectory()
        let root = try directory.write(["pack.yaml": PackBuilder().manifest, "lessons/01-a.md": broken], under: "p")
        let checked = CheckedPacks(directory: directory.url.appendingPathComponent("cache"))
        for _ in 1...2 {
            let result = PackLoader.load(from: root, remembering: checked)
            #expect(result.pack == nil && result.diagnostics.hasErrors)
            #expect(!checked.isClean(root, fingerprint: try #require(checked.fingerprint(of: root))))
        }
    }

    /// A file added to a checked pack (a translation with an error) is checked too.
    @Test func anAddedFileIsChecked() throws {
        let directory = TemporaryDirectory()
        var builder = PackBuilder()
        builder.manifest += "languages: [en, fr]\n"
        let root = try directory.write(["pack.yaml": builder.manifest, "lessons/01-a.md": clean], under: "p")
        let checked = CheckedPacks(directory: directory.url.appendingPathComponent("cache"))
        #expect(PackLoader.load(from: root, remembering: checked).pack != nil)
        try directory.write(["lessons/fr/01-a.md": broken], under: "p")
        let result = PackLoader.load(from: root, remembering: checked)
        #expect(
            result.diagnostics.contains {
                $0.description.hasPrefix("p/lessons/fr/01-a.md:13:7: error: unknown step kind 'prosx'")
            }, "\(result.diagnostics)")
    }
}
