import Foundation
import Localization
import Playground

/// A mode of the shell that takes over what is typed at the prompt until it ends.
public protocol InputMode: AnyObject {
    var prompt: String { get }
    /// Handles one entry; returns false when the mode ends.
    func handle(_ entry: String, context: ShellContext) async -> Bool
}

extension PlaygroundCommands {
    static func swiftMode(playground: SharedPlayground, support: [SourceFile], storyboards: [URL]) -> ShellCommand {
        ShellCommand(
            name: "swift", usage: "swift [CODE]",
            summary: "Type Swift line by line against SegueKit (`:help` inside for its commands).",
            details: "Each entry runs with everything accepted before it and shows only what is new; an entry that does not compile or crashes is rejected and not kept. Declarations persist. Inside: :list, :undo, :reset, :save FILE, :quit (or Ctrl-D). `swift CODE` runs one entry without entering the mode.",
            arguments: [.text]
        ) { context, invocation in
            let engine: Playground
            do { engine = try playground.get() } catch { context.fail("swift: \(error)"); return .continueSession }
            let mode = context.swiftMode ?? SwiftModeState(report: playground.report, usesPackSupport: !support.isEmpty,
                session: SwiftSession(playground: engine, prelude: support, limits: playground.limits,
                                     storyboardDirectories: storyboards))
            context.swiftMode = mode
            if invocation.rawArguments.isEmpty {
                context.mode = mode
                context.output.line(context.output.style.dim("Swift mode: type Swift; `:help` lists the commands, `:quit` or Ctrl-D returns."))
            } else {
                _ = await mode.handle(invocation.rawArguments, context: context)
            }
            return .continueSession
        }
    }
}

/// The `swift` mode: a REPL over `SwiftSession` (the Linux Swift REPL learners lack, with
/// SegueKit and the pack's support code loaded).
final class SwiftModeState: InputMode {
    let session: SwiftSession
    /// Told how long each entry took (`--timings`).
    let report: (Timings) -> Void
    var prompt: String { "swift> " }
    /// True when the entries build on a pack's support code (its app, its storyboards).
    let usesPackSupport: Bool

    init(report: @escaping (Timings) -> Void = { _ in }, usesPackSupport: Bool = false, session: SwiftSession) {
        self.report = report
        self.usesPackSupport = usesPackSupport
        self.session = session
    }

    func handle(_ entry: String, context: ShellContext) async -> Bool {
        let trimmed = entry.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return true }
        if trimmed.hasPrefix(":") { return await command(trimmed, context: context) }
        let session = self.session
        let outcome = await Interruptible.run { try await session.submit(entry) }
        let style = context.output.style
        let renderer = RunRenderer(style: style, catalog: context.output.catalog)
        switch outcome {
        case .interrupted(nil):
            context.output.line(style.warning("Interrupted; the entry was not kept."))
            context.interruptedRun()
        case .failed(let error):
            context.fail("swift: \(error)")
        case .finished(let response), .interrupted(let response?):
            if case .interrupted = outcome { context.interruptedRun() }
            report(response.timings)
            renderer.lines(response).forEach(context.output.line)
            if !response.accepted {
                context.output.line(style.dim("(not kept: fix it and enter it again)"))
                if !context.isInteractive { context.fail("swift: the entry was rejected") }
            }
        }
        return true
    }

    private func command(_ text: String, context: ShellContext) async -> Bool {
        let words = text.split(separator: " ", maxSplits: 1).map(String.init)
        switch words[0] {
        case ":quit", ":q", ":exit":
            return false
        case ":list":
            let entries = await session.list()
            if entries.isEmpty { context.output.line(context.output.style.dim("(no entries yet)")) }
            for (index, entry) in entries.enumerated() {
                let lines = entry.split(separator: "\n", omittingEmptySubsequences: false)
                context.output.line(String(index + 1).leftPadded(to: 3) + "  " + lines.joined(separator: "\n     "))
            }
        case ":undo":
            if let removed = await session.undo() { context.output.line("Removed: " + removed) }
            else { context.output.line("Nothing to undo.") }
        case ":reset":
            await session.reset()
            context.output.line("All entries forgotten.")
        case ":save":
            guard words.count == 2 else { context.fail(":save needs a file name"); return true }
            let url = URL(fileURLWithPath: (words[1] as NSString).expandingTildeInPath)
            do {
                try await session.save(to: url)
                context.output.line(usesPackSupport
                    ? "Saved to \(url.path). `run \(words[1])` runs it in this shell, with the pack's support code and storyboards it was written against; elsewhere, open the same pack (`seguelab --pack …`) and `run` it there."
                    : "Saved to \(url.path) (with `import UIKit`, implied here). `run \(words[1])` runs it, here or as `seguelab run \(words[1])`.")
            } catch {
                context.fail(":save: \(error.localizedDescription)")
            }
        case ":help":
            context.output.line("""
                :list        the entries kept so far
                :undo        forget the last entry
                :reset       forget every entry
                :save FILE   write the entries as a Swift file
                :quit        back to the shell (Ctrl-D too)
                """)
        default:
            context.fail("unknown \(words[0]); `:help` lists the swift mode's commands")
        }
        return true
    }
}
