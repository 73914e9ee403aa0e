import Foundation
import TestSupport
import Testing

/// `seguelab pack check DIR --watch` and `--lesson/--step`, run as the built binary on a starter
/// pack: a save proves again only the steps whose text changed, the others keep their results.
@Suite(.serialized)
struct PackWatchTests {
    /// A fresh starter pack (`pack new`), with its lesson file.
    static func starterPack(home: URL) throws -> (pack: URL, lesson: URL) {
        let pack = home.appendingPathComponent("tabs")
        let made = try SeguelabBinary.runPiped("", arguments: ["pack", "new", pack.path], home: home)
        #expect(made.status == 0, "\(made.stdout + made.stderr)")
        return (pack, pack.appendingPathComponent("lessons/01-first-segue.md"))
    }

    /// Replaces `old` by `new` in the file, written in place as an editor saves it.
    static func edit(_ file: URL, _ old: String, _ new: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old), "the lesson has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func aSaveRechecksOnlyTheStepItChangedAndTheErrorClearsWhenFixed() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let (pack, lesson) = try Self.starterPack(home: home)
        let watch = try WatchedProcess(arguments: ["pack", "check", pack.path, "--watch"], home: home)
        defer { watch.stop() }
        // The first check proves every step.
        try watch.waitFor("re-checked 8 steps", timeout: 300)
        try watch.waitFor("pack check: 1 lesson, 8 steps: 0 errors")
        try watch.waitFor("Watching")

        // A wrong solution (another item chosen just before the segue; the step's listed wrong
        // answers still apply to it): only its step runs again, and the status names it at its line.
        let chosen = "list.selectedItem = \"Storyboards\"\n"
        let wrong = chosen + "list.selectedItem = \"Segues\"\n"
        try Self.edit(lesson, chosen + "list.perform", wrong + "list.perform")
        try watch.waitFor("saved: lessons/01-first-segue.md", timeout: 60)
        try watch.waitFor("re-checked 1 step: first-segue/pass-item (programs:", timeout: 120)
        try watch.waitFor("kept 7")
        try watch.waitFor("✘ first-segue/pass-item  tabs/lessons/01-first-segue.md:")
        try watch.waitFor("the solution of 'pass-item' does not pass")
        try watch.waitFor("pack check: 1 lesson, 8 steps: 1 error")

        // Lines added above a step that did not change: nothing runs, and its error moves
        // with it.
        let before = try #require(Self.errorLine(in: watch.output))
        try Self.edit(lesson, "## Welcome {#welcome}\n", "## Welcome {#welcome}\n\nOne more line.\nAnd another.\n")
        try watch.waitFor("re-checked 1 step: first-segue/welcome (programs: 0 compiled", timeout: 120)
        try watch.waitFor("kept 7")
        try watch.waitFor("✘ first-segue/pass-item  tabs/lessons/01-first-segue.md:\(before + 3):")
        try watch.waitFor("1 error")

        // Fixed: the error clears, and the unchanged starter is not compiled again.
        try Self.edit(lesson, wrong, chosen)
        try watch.waitFor("re-checked 1 step: first-segue/pass-item (programs: 0 compiled", timeout: 120)
        try watch.waitFor("pack check: 1 lesson, 8 steps: 0 errors")
        #expect(!watch.output.components(separatedBy: "── pack check --watch").last!.contains("✘"))

        // The support code is in every program: every code step runs again, against the new
        // support code (compiled once for all of them): the list now hands over a fixed item.
        let support = pack.appendingPathComponent("support/Screens.swift")
        try Self.edit(support, "detail.item = selectedItem", "detail.item = \"Segues\"")
        try watch.waitFor("saved: support/Screens.swift", timeout: 60)
        try watch.waitFor("re-checked 8 steps", timeout: 300)
        try watch.waitFor("✘ first-segue/pass-item")
        try watch.waitFor("the solution of 'pass-item' does not pass")

        kill(watch.process.processIdentifier, SIGINT)
        watch.process.waitUntilExit()
        #expect(watch.output.contains("Stopped watching."))
    }

    /// The line of the last `✘ first-segue/pass-item` in the status.
    static func errorLine(in output: String) -> Int? {
        let marker = "✘ first-segue/pass-item  tabs/lessons/01-first-segue.md:"
        guard let range = output.range(of: marker, options: .backwards) else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }

    @Test func lessonAndStepRunTheCodeOfThoseStepsOnly() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let (pack, lesson) = try Self.starterPack(home: home)
        try Self.edit(
            lesson, "list.selectedItem = \"Storyboards\"\nlist.perform", "list.selectedItem = \"Segues\"\nlist.perform")
        let step = try SeguelabBinary.runPiped(
            "", arguments: ["pack", "check", pack.path, "--lesson", "first-segue", "--step", "pass-item"], home: home,
            extra: ["XDG_CACHE_HOME": SeguelabBinary.sharedCache.path])
        #expect(step.status == 1)
        #expect((step.stdout + step.stderr).contains("the solution of 'pass-item' does not pass"))
        #expect((step.stdout + step.stderr).contains("(code run for first-segue/pass-item only)"))
        let other = try SeguelabBinary.runPiped(
            "", arguments: ["pack", "check", pack.path, "--lesson", "first-segue", "--step", "optional-identifier"],
            home: home, extra: ["XDG_CACHE_HOME": SeguelabBinary.sharedCache.path])
        #expect(other.status == 0, "\((other.stdout + other.stderr))")
        #expect((other.stdout + other.stderr).contains("0 errors"))
        let unknown = try SeguelabBinary.runPiped(
            "", arguments: ["pack", "check", pack.path, "--lesson", "first-segue", "--step", "nope"], home: home)
        #expect(unknown.status != 0)
        #expect((unknown.stdout + unknown.stderr).contains("--step nope: the lesson 'first-segue' has no such step"))
    }

    @Test func newLessonAddsALessonOfEveryKindThatPassesTheCheck() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let cache = ["XDG_CACHE_HOME": SeguelabBinary.sharedCache.path]
        // To a starter pack: it uses the screens already there.
        let (pack, _) = try Self.starterPack(home: home)
        let added = try SeguelabBinary.runPiped(
            "", arguments: ["pack", "new", pack.path, "--lesson", "modals", "--title", "Modal flows"], home: home)
        #expect(added.status == 0, "\(added.stdout + added.stderr)")
        #expect(added.stdout.contains("lessons/02-modals.md"))
        let manifest = try String(contentsOf: pack.appendingPathComponent("pack.yaml"), encoding: .utf8)
        #expect(manifest.contains("  - 01-first-segue\n  - 02-modals"))
        let checked = try SeguelabBinary.runPiped("", arguments: ["pack", "check", pack.path], home: home, extra: cache)
        #expect(checked.status == 0, "\(checked.stdout + checked.stderr)")
        #expect(checked.stdout.contains("pack check: 2 lessons, 16 steps: 0 errors"))
        let again = try SeguelabBinary.runPiped(
            "", arguments: ["pack", "new", pack.path, "--lesson", "modals"], home: home)
        #expect(again.status != 0)
        #expect(again.stderr.contains("the pack already has a lesson 'modals'"))

        // To a pack of its own with no screens: the starter's screens and storyboard come along.
        let bare = home.appendingPathComponent("bare")
        try FileManager.default.createDirectory(
            at: bare.appendingPathComponent("lessons"), withIntermediateDirectories: true)
        try "id: bare\ntitle: Bare\nversion: 1.0.0\nformat: 1\nlessons: [01-intro]\n".write(
            to: bare.appendingPathComponent("pack.yaml"), atomically: true, encoding: .utf8)
        try "---\nid: intro\ntitle: Intro\n---\n\n## Hello {#hello}\n\nWelcome.\n".write(
            to: bare.appendingPathComponent("lessons/01-intro.md"), atomically: true, encoding: .utf8)
        let toBare = try SeguelabBinary.runPiped(
            "", arguments: ["pack", "new", bare.path, "--lesson", "tabs"], home: home)
        #expect(toBare.status == 0, "\(toBare.stdout + toBare.stderr)")
        let bareCheck = try SeguelabBinary.runPiped(
            "", arguments: ["pack", "check", bare.path], home: home, extra: cache)
        #expect(bareCheck.status == 0, "\(bareCheck.stdout + bareCheck.stderr)")
        #expect(bareCheck.stdout.contains("pack check: 2 lessons, 9 steps: 0 errors"))
    }

    @Test func archiveIsReproducibleAndInstalls() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let (pack, lesson) = try Self.starterPack(home: home)
        let first = try SeguelabBinary.runPiped(
            "", arguments: ["pack", "archive", pack.path, "-o", home.appendingPathComponent("a.tgz").path], home: home)
        #expect(first.status == 0, "\(first.stdout + first.stderr)")
        // Rewritten with the same text (new times): the same archive.
        let text = try String(contentsOf: lesson, encoding: .utf8)
        Thread.sleep(forTimeInterval: 1.1)
        try text.write(to: lesson, atomically: true, encoding: .utf8)
        let second = try SeguelabBinary.runPiped(
            "", arguments: ["pack", "archive", pack.path, "-o", home.appendingPathComponent("b.tgz").path], home: home)
        let a = try Data(contentsOf: home.appendingPathComponent("a.tgz"))
        #expect(a == (try Data(contentsOf: home.appendingPathComponent("b.tgz"))))
        let digest = first.stdout.components(separatedBy: "\n").first { $0.hasPrefix("SHA-256: ") }
        #expect(
            digest != nil && digest == second.stdout.components(separatedBy: "\n").first { $0.hasPrefix("SHA-256: ") })
        // The digest printed is the file's (as sha256sum says).
        let sum = Process()
        sum.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        sum.arguments = [home.appendingPathComponent("a.tgz").path]
        let pipe = Pipe()
        sum.standardOutput = pipe
        try sum.run()
        sum.waitUntilExit()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(digest == "SHA-256: " + String(printed.prefix(64)))
        let installed = try SeguelabBinary.runPiped(
            "", arguments: ["pack", "install", home.appendingPathComponent("a.tgz").path, "--static-only"], home: home)
        #expect(installed.status == 0, "\(installed.stdout + installed.stderr)")
        #expect(installed.stdout.contains("Installed 'tabs' 1.0.0"))
    }
}
