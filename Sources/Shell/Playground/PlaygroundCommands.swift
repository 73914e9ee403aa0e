import Foundation
import Playground
import SegueKit
import SegueTools

/// Commands that run Swift outside a lesson's steps: files, the `swift` mode, storyboards.
enum PlaygroundCommands {
    static func all(playground: SharedPlayground, support: [SourceFile], storyboards: [URL]) -> [ShellCommand] {
        [
            swiftMode(playground: playground, support: support, storyboards: storyboards),
            ShellCommand(name: "storyboard", usage: "storyboard FILE [dot|mermaid|enums]",
                         summary: "Draw a storyboard's scenes and segues, or generate its identifier enums.",
                         arguments: [.file, .word(["dot", "mermaid", "enums"])]) { context, invocation in
                showStoryboard(invocation.arguments, context: context)
                return .continueSession
            },
        ]
    }

    /// `run FILE…` without a lesson step: compile and run the files against SegueKit. In a
    /// pack's shell the pack's support code and storyboards come too (what `swift` mode and
    /// the lessons build on, so a file saved with `:save` runs as it ran), unless the files
    /// declare the support's types themselves.
    static func runFiles(_ paths: [String], context: ShellContext, playground: SharedPlayground,
                         support: [SourceFile] = [], storyboards: [URL] = []) async {
        var sources: [SourceFile] = []
        var directories: [URL] = []
        for path in paths {
            let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                context.fail("run: \(path): cannot read the file")
                return
            }
            sources.append(SourceFile(name: url.lastPathComponent, text: text))
            let directory = url.deletingLastPathComponent().standardized
            if !directories.contains(directory) { directories.append(directory) }
        }
        let engine: Playground
        do { engine = try playground.get() } catch { context.fail("run: \(error)"); return }
        if !support.isEmpty && !declaresAny(of: support, in: sources) {
            sources += support
            directories += storyboards.filter { !directories.contains($0) }
        }
        let request = RunRequest(sources: sources, storyboardDirectories: directories, limits: playground.limits)
        let outcome = await Interruptible.run { try await engine.run(request) }
        let renderer = RunResultRenderer(style: context.output.style)
        switch outcome {
        case .interrupted(nil):
            context.output.line(context.output.style.warning("Interrupted."))
            context.interruptedRun()
        case .failed(let error):
            context.fail("run: \(error)")
        case .finished(let result), .interrupted(let result?):
            if case .interrupted = outcome { context.interruptedRun() }
            playground.report(result.timings)
            renderer.render(diagnostics: result.compile.diagnostics).forEach(context.output.line)
            renderer.render(output: result.programOutputInOrder, traceLines: result.traceLines,
                            crash: result.crash, stopReason: result.stopReason)
                .forEach(context.output.line)
        }
    }

    /// True when `files` declare a type the support code declares (a copy of it, or their own
    /// app): adding the support would declare it twice.
    private static func declaresAny(of support: [SourceFile], in files: [SourceFile]) -> Bool {
        func typeNames(_ sources: [SourceFile]) -> Set<String> {
            let pattern = /(?m)^\s*(?:public\s+|final\s+|open\s+)*(?:class|struct|enum|protocol|actor)\s+(\w+)/
            return Set(sources.flatMap { $0.text.matches(of: pattern).map { String($0.output.1) } })
        }
        return !typeNames(support).isDisjoint(with: typeNames(files))
    }

    static func showStoryboard(_ arguments: [String], context: ShellContext) {
        guard let path = arguments.first else { context.fail("storyboard: which file?"); return }
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        do {
            let document = try StoryboardDocument.load(contentsOf: url)
            switch arguments.dropFirst().first {
            case nil: context.output.line(StoryboardDiagram(document: document).render(.text))
            case "dot": context.output.line(StoryboardDiagram(document: document).render(.dot))
            case "mermaid": context.output.line(StoryboardDiagram(document: document).render(.mermaid))
            case "enums": context.output.line(SegueEnumGenerator(document: document).generate())
            case let other?: context.fail("storyboard: unknown format '\(other)' (dot, mermaid or enums)")
            }
        } catch {
            context.fail("\(error)")
        }
    }
}
