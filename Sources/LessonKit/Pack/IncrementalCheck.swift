import Foundation
import Playground
import SourceText

/// The dynamic part of `pack check`, step by step, remembering each step's result under a key
/// made of everything its check reads: the step's own text in its lesson file, the lesson's
/// front matter, the steps it continues, the manifest, the support files and the storyboards
/// its text or the support code names. A check again re-runs only the steps whose key changed
/// and keeps the others' results (moved to their step's new line when lines above it moved).
///
/// The programs themselves are remembered too (`RememberingRunner`): a step whose prose changed
/// is proven again from the results of its unchanged programs, without compiling anything.
///
/// With a `store` (`CheckedPacks.stepResults`), the steps' results outlive the process: a plain
/// `pack check` of an unchanged pack proves nothing again, and after an edit only what changed.
/// Every key then also holds the running seguelab binary and the SegueKit build (toolchain and
/// SegueKit's sources), so a new seguelab, SegueKit or toolchain proves every step again.
///
/// Like `pack check`, the support code is type-checked first: when it does not compile, its
/// errors come first and no code step is run (each would fail by the same error).
package actor IncrementalCheck {
    /// What one check did: every diagnostic, and which steps it ran again.
    package struct Report: Sendable {
        package var diagnostics: [Diagnostic]
        /// The steps proven again this time (`[LANG] lesson/step` for a translation).
        package var checked: [String]
        /// The steps whose last result was kept.
        package var kept: Int
        /// Programs compiled this time, and programs answered from an earlier identical run.
        package var compiled: Int
        package var reusedPrograms: Int
        /// The steps in error, in order, each with its first error.
        package var failing: [(step: String, first: Diagnostic)]
    }

    /// Which steps to prove (`--lesson ID [--step ID]`); nil proves all.
    package struct Selection: Sendable, Hashable {
        package var lesson: String
        package var step: String?
        package init(lesson: String, step: String? = nil) {
            self.lesson = lesson
            self.step = step
        }
    }

    private struct Kept {
        var key: String
        /// Diagnostics in the lesson file, as (owning step, lines below its heading); others as they are.
        var placed: [(owner: String, offset: Int, diagnostic: Diagnostic)]
    }

    private var results: [String: Kept] = [:]
    private let runner: RememberingRunner
    private let base: any ProgramRunner
    private let store: URL?
    /// What a learner is shown for a verdict (`LearnerView`), read for internal names.
    private let learnerView: LearnerView

    /// `store`: where the results are read from and written back; `reuse` false ignores what it
    /// holds (every step proven again) and still writes the new results.
    package init(
        runner: any ProgramRunner, store: URL? = nil, reuse: Bool = true,
        learnerView: @escaping LearnerView = Verdict.ownWords
    ) {
        self.runner = RememberingRunner(runner)
        base = runner
        self.store = store
        self.learnerView = learnerView
        if reuse, let store { results = Self.load(store) }
    }

    /// The name the support code's own check is kept under.
    static let supportName = "(support code)"

    /// Proves the steps of `pack` (each translation's too) that `selection` names, re-running
    /// only those whose key changed since the last call. `progress` is told each step proven.
    package func check(
        _ pack: Pack, selection: Selection? = nil, progress: (@Sendable (StepRef) -> Void)? = nil
    ) async -> Report {
        let startCounts = await runner.counts
        let judge = AnswerJudge(pack: pack, runner: runner, learnerView: learnerView)
        let context = KeyContext(pack: pack, environment: store == nil ? "" : await environment())
        var lessons = pack.lessons.map { (language: "", lesson: $0) }
        for language in pack.translations.keys.sorted() {
            lessons += pack.lessons.compactMap { pack.translations[language]?[$0.id] }.map { (language, $0) }
        }
        var report = Report(diagnostics: [], checked: [], kept: 0, compiled: 0, reusedPrograms: 0, failing: [])
        var seen: Set<String> = [Self.supportName]
        let support: [Diagnostic]
        if pack.supportSources.isEmpty {
            support = []
        } else if let kept = results[Self.supportName], kept.key == context.shared {
            support = kept.placed.map(\.diagnostic)
        } else {
            support = await PackSourceChecks.supportErrors(of: pack, runner: runner)
            results[Self.supportName] = Kept(key: context.shared, placed: support.map { ("", 0, $0) })
        }
        var unchecked: Set<StepRef> = []
        for (language, lesson) in lessons {
            if let selection, selection.lesson != lesson.id { continue }
            let file = context.lines(of: lesson)
            for step in lesson.steps {
                if let wanted = selection?.step, wanted != step.id { continue }
                let name = (language.isEmpty ? "" : "[\(language)] ") + "\(lesson.id)/\(step.id)"
                progress?(StepRef(lesson: lesson.id, step: step.id))
                if !support.isEmpty && step.kind.runsCode {
                    unchecked.insert(StepRef(lesson: lesson.id, step: step.id))
                    continue
                }
                seen.insert(name)
                let key = context.key(of: step, in: lesson, lines: file)
                let diagnostics: [Diagnostic]
                if let kept = results[name], kept.key == key {
                    report.kept += 1
                    diagnostics = kept.placed.map { entry in
                        guard !entry.owner.isEmpty, let owner = lesson.step(id: entry.owner) else {
                            return entry.diagnostic
                        }
                        var moved = entry.diagnostic
                        moved.line = owner.location.line + entry.offset
                        return moved
                    }
                } else {
                    report.checked.append(name)
                    await prefetch(step, in: lesson, pack: pack)
                    diagnostics =
                        (await PackChecker.check(step, in: lesson, judge: judge))
                        + PackChecker.shownCommandErrors(step, in: lesson, pack: pack)
                    results[name] = Kept(key: key, placed: Self.placed(diagnostics, of: step, in: lesson))
                }
                report.diagnostics += diagnostics
                if let first = diagnostics.sortedByLocation().first(where: { $0.severity == .error }) {
                    report.failing.append((name, first))
                }
            }
        }
        if selection == nil { results = results.filter { seen.contains($0.key) } }
        if let store { save(to: store) }
        let endCounts = await runner.counts
        report.compiled = endCounts.ran - startCounts.ran
        report.reusedPrograms = endCounts.reused - startCounts.reused
        report.diagnostics = report.diagnostics.sortedByLocation()
        if let last = support.last {
            report.diagnostics = support + [PackChecker.notRun(unchecked.count, after: last)] + report.diagnostics
            report.failing.insert((Self.supportName, support[0]), at: 0)
        }
        return report
    }

    /// What every result depends on besides the pack: the running seguelab binary and, when
    /// the runner is a Playground, the SegueKit build it compiles against (its key holds the
    /// toolchain's version and SegueKit's sources).
    private func environment() async -> String {
        if let environmentKey { return environmentKey }
        var parts = [CheckedPacks.binaryLine()]
        if let playground = base as? Playground, let build = try? await playground.segueKitBuildDirectory() {
            parts.append(build.lastPathComponent)
        }
        environmentKey = parts.joined(separator: "\n")
        return environmentKey!
    }

    /// Worked out once: neither changes while this process runs.
    private var environmentKey: String?

    /// The results a store holds (none when it is missing, unreadable or of another format).
    private static func load(_ store: URL) -> [String: Kept] {
        guard let data = try? Data(contentsOf: store),
            let stored = try? JSONDecoder().decode(StoredResults.self, from: data),
            stored.format == StoredResults.currentFormat
        else { return [:] }
        return stored.steps.mapValues { step in
            Kept(key: step.key, placed: step.placed.map { ($0.owner, $0.offset, $0.diagnostic.diagnostic) })
        }
    }

    /// Writes the results back; a store that cannot be written only costs a full check next time.
    private func save(to store: URL) {
        let stored = StoredResults(
            format: StoredResults.currentFormat,
            steps: results.mapValues { kept in
                StoredResults.Step(
                    key: kept.key,
                    placed: kept.placed.map {
                        .init(owner: $0.owner, offset: $0.offset, diagnostic: .init($0.diagnostic))
                    })
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(stored) else { return }
        try? FileManager.default.createDirectory(
            at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? AtomicFile.write(data, to: store)
    }

    /// Runs the programs proving `step` will ask for, two at a time (this machine's cores are
    /// the usual two), so that the proof that follows finds them remembered: the requests are
    /// collected by proving the step once against a runner that only records them.
    private func prefetch(_ step: Step, in lesson: Lesson, pack: Pack) async {
        let recorder = RecordingRunner()
        _ = await PackChecker.check(step, in: lesson, judge: AnswerJudge(pack: pack, runner: recorder))
        let requests = await recorder.requests
        guard requests.count > 1 else { return }
        let runner = self.runner
        await withTaskGroup(of: Void.self) { group in
            var next = 0
            func add() {
                guard next < requests.count else { return }
                let request = requests[next]
                next += 1
                group.addTask { await runner.prefetch(request) }
            }
            add()
            add()
            while await group.next() != nil { add() }
        }
    }

    /// Each diagnostic in the step's lesson file tied to the step (of the step and the steps it
    /// continues) whose text holds its line, so that it moves with that step.
    private static func placed(_ diagnostics: [Diagnostic], of step: Step, in lesson: Lesson)
        -> [(owner: String, offset: Int, diagnostic: Diagnostic)]
    {
        let headings = lesson.steps.map { ($0.id, $0.location.line) }.sorted { $0.1 < $1.1 }
        return diagnostics.map { diagnostic in
            guard diagnostic.file == step.location.file,
                let owner = headings.last(where: { $0.1 <= diagnostic.line })
            else { return ("", 0, diagnostic) }
            return (owner.0, diagnostic.line - owner.1, diagnostic)
        }
    }
}

/// The inputs of every step's key that are the same for the whole pack, read once per check.
struct KeyContext {
    let pack: Pack
    /// The manifest, the support code and the seguelab version, hashed.
    let shared: String
    /// Storyboard name → hash of its file.
    let storyboards: [String: String]
    /// Storyboards the support code names: every step depends on them.
    let supportStoryboards: [String]

    /// `environment`: what else every result depends on (the binary, the SegueKit build).
    init(pack: Pack, environment: String = "") {
        self.pack = pack
        let manifest = (try? Data(contentsOf: pack.root.appendingPathComponent("pack.yaml"))) ?? Data()
        let support = pack.supportSources.map { "\($0.name)\u{0}\($0.text)" }.joined(separator: "\u{1}")
        shared = StableHash.hex(
            of: "\(SeguelabVersion.current)\u{2}\(StableHash.hex(of: manifest))\u{2}\(StableHash.hex(of: support))"
                + "\u{2}\(environment)")
        var storyboards: [String: String] = [:]
        for directory in pack.storyboardDirectories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".storyboard") {
                let base = String(name.dropLast(".storyboard".count))
                guard storyboards[base] == nil,
                    let data = try? Data(contentsOf: directory.appendingPathComponent(name))
                else { continue }
                storyboards[base] = StableHash.hex(of: data)
            }
        }
        self.storyboards = storyboards
        supportStoryboards = storyboards.keys.sorted().filter { name in
            pack.supportSources.contains { $0.text.contains("\"\(name)\"") }
        }
    }

    /// The lines of the lesson's file (empty when it cannot be read: every key then holds the
    /// parsed step's own description instead).
    func lines(of lesson: Lesson) -> [Substring] {
        let url =
            lesson.file.hasPrefix("/")
            ? URL(fileURLWithPath: lesson.file)
            : pack.root.deletingLastPathComponent().appendingPathComponent(lesson.file)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The text of `step` in its file: from its heading to the next step's.
    func text(of step: Step, in lesson: Lesson, lines: [Substring]) -> String {
        guard !lines.isEmpty else { return String(describing: step) }
        let start = max(0, step.location.line - 1)
        let next = lesson.steps.map(\.location.line).filter { $0 > step.location.line }.min() ?? lines.count + 1
        let end = min(lines.count, next - 1)
        guard start < end else { return "" }
        return lines[start..<end].joined(separator: "\n")
    }

    /// The front matter of the lesson file (between its first two `---` lines).
    func frontMatter(lines: [Substring]) -> String {
        guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else { return "" }
        return lines[0...end].joined(separator: "\n")
    }

    func key(of step: Step, in lesson: Lesson, lines: [Substring]) -> String {
        var texts = [text(of: step, in: lesson, lines: lines)]
        var continued = step.continuesFrom
        var visited = Set<String>()
        while let id = continued, !visited.contains(id), let previous = lesson.step(id: id) {
            visited.insert(id)
            texts.append(text(of: previous, in: lesson, lines: lines))
            continued = previous.continuesFrom
        }
        let all = texts.joined(separator: "\u{3}")
        let named = storyboards.keys.sorted().filter { name in
            step.storyboard == name || all.contains(name) || supportStoryboards.contains(name)
        }
        let parts =
            [shared, lesson.id, step.language, frontMatter(lines: lines), all]
            + named.map { "\($0)=\(storyboards[$0] ?? "")" }
        return StableHash.hex(of: parts.joined(separator: "\u{4}"))
    }
}

/// The steps' results as a store keeps them (JSON).
struct StoredResults: Codable {
    static let currentFormat = 1

    struct Step: Codable {
        var key: String
        var placed: [Placed]
    }

    struct Placed: Codable {
        var owner: String
        var offset: Int
        var diagnostic: StoredDiagnostic
    }

    struct StoredDiagnostic: Codable {
        var file: String
        var line: Int
        var column: Int
        var severity: String
        var message: String
        var sourceLine: String?
        var fixIts: [String]?
        var inHiddenCode: Bool

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.file
            line = diagnostic.line
            column = diagnostic.column
            severity = diagnostic.severity.rawValue
            message = diagnostic.message
            sourceLine = diagnostic.sourceLine
            fixIts = diagnostic.fixIts?.map(\.text)
            inHiddenCode = diagnostic.inHiddenCode
        }

        var diagnostic: Diagnostic {
            Diagnostic(
                file: file, line: line, column: column, severity: Diagnostic.Severity(rawValue: severity) ?? .error,
                message: message, sourceLine: sourceLine, fixIts: fixIts?.map { .init(text: $0) },
                inHiddenCode: inHiddenCode)
        }
    }

    var format: Int
    var steps: [String: Step]
}

/// A runner that runs nothing: it records each request and answers that the program compiled and
/// exited without output.
actor RecordingRunner: ProgramRunner {
    private(set) var requests: [RunRequest] = []

    func run(_ request: RunRequest) async throws -> RunResult {
        requests.append(request)
        return RunResult(compile: .succeeded(warnings: []), termination: .exited(0))
    }
}

/// A runner that answers a request it has already run with the same result: the key is
/// everything the program is made of and run with (its sources, the storyboards it may load,
/// its limits and settings). Programs of a pack are deterministic simulations, so an unchanged
/// program need not be compiled again.
package actor RememberingRunner: ProgramRunner {
    private let runner: any ProgramRunner
    private var results: [String: RunResult] = [:]
    private(set) var counts = (ran: 0, reused: 0)

    package init(_ runner: any ProgramRunner) { self.runner = runner }

    /// Results run ahead by `prefetch` and not asked for yet: counted as run when first asked.
    private var prefetched: Set<String> = []

    package func run(_ request: RunRequest) async throws -> RunResult {
        let key = Self.key(of: request)
        if let result = results[key] {
            if prefetched.remove(key) != nil { counts.ran += 1 } else { counts.reused += 1 }
            return result
        }
        let result = try await runner.run(request)
        counts.ran += 1
        // A run stopped by Ctrl-C or by its time limit may end otherwise on a quieter machine:
        // never kept.
        if ![.interrupted, .timedOut, .suspended].contains(result.termination) { results[key] = result }
        return result
    }

    /// Runs a request ahead of its proof (a failure is left for the proof to meet).
    func prefetch(_ request: RunRequest) async {
        let key = Self.key(of: request)
        guard results[key] == nil, let result = try? await runner.run(request) else { return }
        if ![.interrupted, .timedOut, .suspended].contains(result.termination), results[key] == nil {
            results[key] = result
            prefetched.insert(key)
        }
    }

    static func key(of request: RunRequest) -> String {
        var parts: [String] = request.sources.map {
            "\($0.name)\u{0}\($0.origin)\u{0}\($0.topLevel)\u{0}\(StableHash.hex(of: $0.text))"
        }
        for directory in request.storyboardDirectories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() {
                let data = (try? Data(contentsOf: directory.appendingPathComponent(name))) ?? Data()
                parts.append("\(directory.path)/\(name)=\(StableHash.hex(of: data))")
            }
        }
        parts.append(String(describing: request.limits))
        parts += [
            request.swiftLanguageMode.rawValue, request.optimization.rawValue,
            request.arguments.joined(separator: "\u{0}"),
            request.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{0}"),
            "\(request.collectTrace)", "\(request.typecheckOnly)",
            request.writableDirectories.map(\.path).joined(separator: "\u{0}")
        ]
        return StableHash.hex(of: parts.joined(separator: "\u{1}"))
    }
}
