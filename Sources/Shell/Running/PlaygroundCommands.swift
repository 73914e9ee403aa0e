import Foundation
import LessonKit
import Localization
import Playground
import SegueKit
import SegueTools

/// Commands that run Swift outside a lesson's steps: files, the `swift` mode, storyboards.
enum PlaygroundCommands {
    /// `packRoot` is the pack's folder, where the storyboard paths its lessons show start;
    /// `intoDraft` puts generated enums into the current exercise's draft (in a pack's shell);
    /// `shownSources` is the code behind each file name the current step's shown commands
    /// compare (`--check-source Shelf.swift`), read when no such file is on disk.
    static func all(
        playground: SharedPlayground, support: [SourceFile], storyboards: [URL], packRoot: URL? = nil,
        intoDraft: ((_ enums: String, _ storyboard: String) -> Void)? = nil,
        shownSources: (() -> [String: String])? = nil
    ) -> [ShellCommand] {
        let lookup = PackStoryboards(directories: storyboards, root: packRoot)
        return [
            swiftMode(playground: playground, support: support, storyboards: storyboards),
            ShellCommand(StoryboardCommand.self) { context, command in
                let catalog = context.output.catalog
                if !storyboards.isEmpty && lookup.url(for: command.file) == nil {
                    context.fail(
                        catalog.text(
                            "storyboard.not_found",
                            ["name": command.file, "names": lookup.names.joined(separator: ", ")]))
                    return .readNext
                }
                var shown = lookup
                shown.shownSources = shownSources?() ?? [:]
                let printed = command.printed(words: StoryboardWords(catalog), inputs: shown.inputs)
                if command.intoDraft && printed.error == nil {
                    guard let intoDraft else {
                        context.fail(catalog.text("storyboard.into_draft.no_lesson"))
                        return .readNext
                    }
                    let name = (command.file as NSString).lastPathComponent
                    intoDraft(printed.text, name.hasSuffix(".storyboard") ? name : name + ".storyboard")
                    return .readNext
                }
                if !printed.text.isEmpty {
                    context.output.line(String(printed.text.dropLast(printed.text.hasSuffix("\n") ? 1 : 0)))
                }
                if let error = printed.error { context.fail(error) }
                return .readNext
            }
        ]
    }

    /// `run FILE…` without a lesson step: compile and run the files against SegueKit. In a
    /// pack's shell the pack's support code and storyboards come too (what `swift` mode and
    /// the lessons build on, so a file saved with `:save` runs as it ran), unless the files
    /// declare the support's types themselves.
    static func runFiles(
        _ command: RunCommand, context: ShellContext, playground: SharedPlayground,
        support: [SourceFile] = [], storyboards: [URL] = []
    ) async {
        var sources: [SourceFile]
        var directories: [URL]
        do {
            (sources, directories) = try command.sources()
        } catch {
            context.fail("run: \(error)")
            return
        }
        let engine: Playground
        do { engine = try playground.get() } catch {
            context.fail("run: \(error)")
            return
        }
        if !support.isEmpty && !declaresAny(of: support, in: sources) {
            sources += support
            directories += storyboards.filter { !directories.contains($0) }
        }
        let request = command.request(sources: sources, directories: directories, limits: playground.limits)
        let renderer = RunRenderer(
            style: context.output.style, showsNavigation: !command.noTrace, catalog: context.output.catalog)
        let learnerFiles = sources.filter { $0.origin == .learner }
        await ShownRun.run(
            in: context, interrupted: context.output.catalog.text("run.interrupted"),
            failed: { "run: \($0)" }, timings: { playground.report($0.timings) },
            closing: { renderer.closingCount($0) }, { try await engine.run(request) }
        ) { result in
            renderer.lines(result, source: { name in learnerFiles.first { $0.name == name }?.text })
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
}
