import Foundation
import TestSupport
import Testing

/// The `swift` prompt's first entry, when SegueKit has never been compiled: the wait is
/// announced as `run` announces it, fitted to an 80-column terminal, and the entry then runs.
@Suite(.serialized) struct SwiftModeBuildTests {
    @Test func theFirstSwiftEntryAnnouncesSegueKitsBuild() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        // A cache of its own: SegueKit is compiled here, by this entry.
        let cache = home.appendingPathComponent("cache")
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: ["--no-color"],
            environment: SeguelabBinary.environment(home: home, extra: ["XDG_CACHE_HOME": cache.path]),
            columns: 80, rows: 24)
        try terminal.waitForPrompt()
        terminal.type("swift\r")
        let mode = try terminal.waitForPrompt("swift> ")
        terminal.type("print(6 * 7)\r")
        let announced = try terminal.waitFor("Compiling SegueKit for", after: mode)
        let compiled = try terminal.waitFor("SegueKit compiled in", after: announced, timeout: 600)
        let ran = try terminal.waitFor("\n42", after: compiled)
        try terminal.waitForPrompt("swift> ", after: ran)
        let lines = ScreenTranscript(raw: terminal.transcript).lines
        let wide = lines.filter { $0.count > 80 }
        #expect(wide.isEmpty, "lines wider than the terminal:\n\(wide.joined(separator: "\n"))")
        terminal.type("\u{04}\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }
}
