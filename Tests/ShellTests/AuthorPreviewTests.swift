import Foundation
import TestSupport
import Testing

/// `seguelab --pack DIR --author` in a real pseudo-terminal: throwaway progress, `goto`
/// anywhere, `show checks` / `show hidden`, and the pack read again when a file is saved.
@Suite(.serialized) struct AuthorPreviewTests {
    @Test func previewShowsHiddenPartsReloadsOnSaveAndLeavesRealProgressAlone() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let pack = home.appendingPathComponent("tabs")
        let made = try SeguelabBinary.runPiped("", arguments: ["pack", "new", pack.path], home: home)
        #expect(made.status == 0)
        let lesson = pack.appendingPathComponent("lessons/01-first-segue.md")

        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: ["--pack", pack.path, "--author", "--no-color"],
            environment: SeguelabBinary.environment(
                home: home, extra: ["XDG_CACHE_HOME": SeguelabBinary.sharedCache.path]),
            columns: 120, rows: 100)
        try terminal.waitFor("Author preview of 'tabs'")
        try terminal.waitForPrompt()

        // Straight to the exercise, four steps on.
        terminal.type("goto first-segue/pass-item\r")
        var at = try terminal.waitForPrompt("seguelab:pass-item> ")
        terminal.type("show checks\r")
        at = try terminal.waitFor("Checks of first-segue/pass-item (exercise)", after: at)
        at = try terminal.waitFor("1. navigation includes", after: at)
        at = try terminal.waitFor("lessonCheckEqual(\"detail shows Storyboards\"", after: at)
        at = try terminal.waitForPrompt("seguelab:pass-item> ", after: at)
        terminal.type("show hidden\r")
        at = try terminal.waitFor("Harness (runs after the learner's code):", after: at)
        at = try terminal.waitFor("Solution (shown by `solution`, filled in by `skip`):", after: at)
        at = try terminal.waitFor("│ list.selectedItem = \"Storyboards\"", after: at)
        at = try terminal.waitFor("Support files in every program: Screens.swift", after: at)
        at = try terminal.waitForPrompt("seguelab:pass-item> ", after: at)

        // A save: read again at the next command, on the same step, with the new text.
        let text = try String(contentsOf: lesson, encoding: .utf8)
        try text.replacingOccurrences(
            of: "list.selectedItem = \"Storyboards\"\nlist.perform",
            with: "list.selectedItem = \"Storyboards\" // saved\nlist.perform"
        )
        .write(to: lesson, atomically: true, encoding: .utf8)
        terminal.type("show hidden\r")
        at = try terminal.waitFor("The pack's files changed: read again (1 lessons)", after: at)
        at = try terminal.waitFor("│ list.selectedItem = \"Storyboards\" // saved", after: at)
        at = try terminal.waitForPrompt("seguelab:pass-item> ", after: at)

        // A save with an error keeps the pack as it was.
        try text.replacingOccurrences(of: "kind: exercise", with: "kind: exercize")
            .write(to: lesson, atomically: true, encoding: .utf8)
        terminal.type("step\r")
        at = try terminal.waitFor("now have errors; the shell keeps the pack as it was", after: at)
        at = try terminal.waitFor("unknown step kind 'exercize'", after: at)
        at = try terminal.waitForPrompt("seguelab:pass-item> ", after: at)

        // Answered right: progress lives only in the preview.
        terminal.type("skip\r")
        at = try terminal.waitFor("Storyboards", after: at)
        at = try terminal.waitForPrompt("> ", after: at)
        terminal.type("quit\r")
        #expect(try terminal.waitForExit(timeout: 60) == 0)
        let realProgress = home.appendingPathComponent("state/seguelab/progress")
        let saved = (try? FileManager.default.contentsOfDirectory(atPath: realProgress.path)) ?? []
        #expect(saved.isEmpty, "the preview wrote the learner's progress: \(saved)")
    }

    @Test func authorNeedsAPack() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try SeguelabBinary.runPiped("", arguments: ["--no-pack", "--author"], home: home)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--author previews a pack"))
    }
}
