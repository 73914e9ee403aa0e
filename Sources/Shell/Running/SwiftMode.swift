import ArgumentParser
import Foundation
import Localization
import Playground

/// A mode of the shell that takes over what is typed at the prompt until it ends.
package protocol InputMode: AnyObject {
    var prompt: String { get }
    /// Handles one entry; returns false when the mode ends.
    func handle(_ entry: String, context: ShellContext) async -> Bool
}

extension PlaygroundCommands {
    static func swiftMode(playground: SharedPlayground, support: [SourceFile], storyboards: [URL]) -> ShellCommand {
        ShellCommand(SwiftCommand.self) { context, _, invocation in
            let engine: Playground
            do { engine = try playground.get() } catch {
                context.fail("swift: \(error)")
                return .readNext
            }
            let mode =
                context.swiftMode
                ?? SwiftModeState(
                    report: playground.report, usesPackSupport: !support.isEmpty,
                    repl: SwiftREPL(playground: engine, prelude: support, storyboardDirectories: storyboards))
            context.swiftMode = mode
            if invocation.rawArguments.isEmpty {
                context.mode = mode
                context.output.line(context.output.style.dim(context.output.catalog.text("swift.welcome")))
            } else {
                _ = await mode.handle(invocation.rawArguments, context: context)
            }
            return .readNext
        }
    }
}

/// `swift [CODE]`: the code is the rest of the line as typed.
struct SwiftCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "swift",
        abstract: "Type Swift line by line against SegueKit (`:help` inside for its commands).",
        usage: "swift [CODE]",
        discussion: """
            Each entry runs with everything accepted before it and shows only what is new; an entry \
            that does not compile or crashes is rejected and not kept. Declarations persist. Inside: \
            :list, :undo, :reset, :save FILE, :quit (or Ctrl-D). `swift CODE` runs one entry without \
            entering the mode.
            """
    )

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp(valueName: "code"))
    var code: [String] = []
}

/// The `swift` mode: a REPL over `SwiftREPL` (the Linux Swift REPL learners lack, with
/// SegueKit and the pack's support code loaded).
final class SwiftModeState: InputMode {
    let repl: SwiftREPL
    /// Told how long each entry took (`--timings`).
    let report: (Timings) -> Void
    var prompt: String { "swift> " }
    /// True when the entries build on a pack's support code (its app, its storyboards).
    let usesPackSupport: Bool

    init(report: @escaping (Timings) -> Void = { _ in }, usesPackSupport: Bool = false, repl: SwiftREPL) {
        self.report = report
        self.usesPackSupport = usesPackSupport
        self.repl = repl
    }

    func handle(_ entry: String, context: ShellContext) async -> Bool {
        let trimmed = entry.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return true }
        if trimmed.hasPrefix(":") { return await command(trimmed, context: context) }
        let repl = self.repl
        let style = context.output.style
        let catalog = context.output.catalog
        let renderer = RunRenderer(style: style, catalog: catalog)
        let shown = await ShownRun.run(
            in: context, interrupted: catalog.text("swift.interrupted"),
            failed: { "swift: \($0)" }, timings: { self.report($0.run.timings) },
            { try await repl.submit(entry) }, lines: renderer.lines)
        if let response = shown, !response.accepted {
            context.output.line(style.dim(catalog.text("swift.not_kept")))
            if !context.isInteractive { context.fail(catalog.text("swift.rejected")) }
        }
        return true
    }

    private func command(_ text: String, context: ShellContext) async -> Bool {
        let words = text.split(separator: " ", maxSplits: 1).map(String.init)
        let catalog = context.output.catalog
        switch words[0] {
        case ":quit", ":q", ":exit":
            return false
        case ":list":
            let entries = await repl.list()
            if entries.isEmpty { context.output.line(context.output.style.dim(catalog.text("swift.no_entries"))) }
            for (index, entry) in entries.enumerated() {
                let lines = entry.split(separator: "\n", omittingEmptySubsequences: false)
                context.output.line(String(index + 1).leftPadded(to: 3) + "  " + lines.joined(separator: "\n     "))
            }
        case ":undo":
            if let removed = await repl.undo() {
                context.output.line(catalog.text("swift.removed", ["entry": removed]))
            } else {
                context.output.line(catalog.text("swift.nothing_to_undo"))
            }
        case ":reset":
            await repl.reset()
            context.output.line(catalog.text("swift.reset"))
        case ":save":
            guard words.count == 2 else {
                context.fail(catalog.text("swift.save.name"))
                return true
            }
            let url = URL(fileURLWithPath: (words[1] as NSString).expandingTildeInPath)
            do {
                try await repl.save(to: url)
                context.output.line(
                    catalog.text(
                        usesPackSupport ? "swift.saved.pack" : "swift.saved", ["path": url.path, "file": words[1]]))
            } catch {
                context.fail(":save: \(error.localizedDescription)")
            }
        case ":help":
            context.output.line(catalog.text("swift.help"))
        default:
            context.fail(catalog.text("swift.unknown", ["command": words[0]]))
        }
        return true
    }
}
