import Foundation
import Playground
import TestSupport
import Testing

@testable import LessonKit

/// `pack check`, `install`, `list` and `new` as workflows: what they print and decide, with a
/// scripted runner in place of the compiler and the XDG folders in a temporary home.
@Suite struct PackWorkflowTests {
    /// Lines written to one stream, in order.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        var all: [String] { lock.withLock { stored } }
        func append(_ line: String) { lock.withLock { stored.append(line) } }
    }

    let home = TemporaryDirectory()
    let output = Lines()
    let errors = Lines()

    func workflow(_ runner: any ProgramRunner = ScriptedRunner(always: .ran())) -> PackWorkflow {
        let environment = [
            "HOME": home.url.path, "XDG_DATA_HOME": home.url.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": home.url.appendingPathComponent("cache").path
        ]
        let output = output
        let errors = errors
        return PackWorkflow(
            context: PackLocation.Context(environment: environment),
            print: { output.append($0) }, progress: { errors.append($0) },
            makeRunner: { _ in runner })
    }

    static let manifest = OneLessonPack.manifest(title: "Demo course")

    static let questionLesson = """
        ---
        id: a
        title: Identifiers
        ---

        ## Which {#which}

        ```step
        kind: text
        question: Which method runs before a segue performs?
        accept: ["prepare(for:sender:)"]
        hints: [It prepares.]
        ```

        """

    /// An exercise whose starter prints what the check wants: it cannot fail.
    static let passingStarter = OneLessonPack.lesson(
        OneLessonPack.exercise(
            "greet", "Greet", output: "hello", hint: "Print it.", starter: #"print("hello")"#,
            solution: #"print("hello")"#))

    func pack(_ lesson: String, manifest: String = Self.manifest) throws -> URL {
        try home.write(["pack.yaml": manifest, "lessons/01-a.md": lesson], under: "p")
    }

    @Test func checkPrintsEveryProblemThenTheSummaryAndFailsOnAnError() async throws {
        let root = try pack(Self.passingStarter)
        let runner = ScriptedRunner { request in .ran(request.learnerCode.contains("hello") ? "hello\n" : "") }
        let passed = try await workflow(runner).check(root.path, language: nil, staticOnly: false, showsProgress: true)
        #expect(!passed)
        #expect(output.all.contains { $0.contains(": error: the starter code already passes") }, "\(output.all)")
        #expect(output.all.last == "pack check: 1 lesson, 1 step: 1 error, 0 warnings")
        #expect(errors.all == ["checking lesson a (1/1)…"])
        #expect(!runner.requests.isEmpty)
    }

    /// Two exercises: `greet` passes its check, `wave`'s starter already passes (an error).
    static let twoExercises = OneLessonPack.lesson(
        OneLessonPack.exercise(
            "greet", "Greet", output: "hello", hint: "Print it.", starter: #"print("bye")"#,
            solution: #"print("hello")"#),
        OneLessonPack.exercise(
            "wave", "Wave", output: "wave", hint: "Wave.", starter: #"print("wave")"#, solution: #"print("wave")"#))

    /// An edit that keeps the lesson file's size and modification time (as `touch -r` puts it
    /// back) is still seen: a step's result is kept under its text, not under the file's state.
    @Test func checkSeesAnEditThatKeepsTheFilesSizeAndModificationTime() async throws {
        let root = try pack(Self.twoExercises)
        let echo: @Sendable (RunRequest) -> RunResult = { request in
            .ran(
                request.learnerCode.contains("hello") ? "hello\n" : request.learnerCode.contains("wave") ? "wave\n" : ""
            )
        }
        _ = try await workflow(ScriptedRunner(echo)).check(
            root.path, language: nil, staticOnly: false, showsProgress: false)
        #expect(output.all.last == "pack check: 1 lesson, 2 steps: 1 error, 0 warnings")

        let lesson = root.appendingPathComponent("lessons/01-a.md").path
        let text = try String(contentsOfFile: lesson, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: "```swift starter\nprint(\"wave\")", with: "```swift starter\nprint(\"wavy\")")
        #expect(edited != text)
        #expect(try SameStatEdit.rewrite(lesson, with: edited), "the size and modification time are as before")

        let runner = ScriptedRunner(echo)
        _ = try await workflow(runner).check(root.path, language: nil, staticOnly: false, showsProgress: false)
        #expect(runner.requests.contains { $0.learnerCode.contains("wavy") }, "the edited step is proven again")
        #expect(
            output.all.last
                == "pack check: 1 lesson, 2 steps: 0 errors, 0 warnings (1 step unchanged since the last check, "
                + "their results reused; 1 checked now; --no-cache checks every step)")
    }

    /// A second check of an unchanged pack proves nothing again and prints the same report;
    /// after an edit only the edited step is proven again; `--no-cache` proves every step.
    @Test func checkReusesWhatEarlierChecksProvedOfUnchangedSteps() async throws {
        let root = try pack(Self.twoExercises)
        let echo: @Sendable (RunRequest) -> RunResult = { request in
            .ran(
                request.learnerCode.contains("hello") ? "hello\n" : request.learnerCode.contains("wave") ? "wave\n" : ""
            )
        }
        func check(reusing: Bool = true) async throws -> (lines: [String], programs: [String]) {
            let runner = ScriptedRunner(echo)
            let before = output.all.count
            _ = try await workflow(runner).check(
                root.path, language: nil, staticOnly: false, showsProgress: false, reusesResults: reusing)
            return (Array(output.all[before...]), runner.requests.map(\.learnerCode))
        }
        let full = try await check()
        #expect(!full.programs.isEmpty)
        #expect(full.lines.contains { $0.contains("error: the starter code already passes") }, "\(full.lines)")
        #expect(full.lines.last == "pack check: 1 lesson, 2 steps: 1 error, 0 warnings")

        let unchanged = try await check()
        #expect(unchanged.programs.isEmpty, "nothing is compiled or run again")
        #expect(unchanged.lines.dropLast() == full.lines.dropLast())
        #expect(
            unchanged.lines.last
                == "pack check: 1 lesson, 2 steps: 1 error, 0 warnings (2 steps unchanged since the last check, "
                + "their results reused; 0 checked now; --no-cache checks every step)")

        // One step edited (its starter now fails): only its programs run, and the report is
        // the one a full check prints.
        let lesson = root.appendingPathComponent("lessons/01-a.md")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        let fixed = text.replacingOccurrences(
            of: "```swift starter\nprint(\"wave\")", with: "```swift starter\nprint(1)")
        #expect(fixed != text)
        try fixed.write(to: lesson, atomically: true, encoding: .utf8)
        let edited = try await check()
        #expect(!edited.programs.isEmpty)
        #expect(!edited.programs.contains { $0.contains("bye") }, "the unchanged step ran again: \(edited.programs)")
        #expect(
            edited.lines.last?.hasSuffix(
                "(1 step unchanged since the last check, their results reused; 1 checked now; "
                    + "--no-cache checks every step)") == true, "\(edited.lines)")
        let forced = try await check(reusing: false)
        #expect(forced.programs.contains { $0.contains("bye") })
        #expect(forced.lines.last == "pack check: 1 lesson, 2 steps: 0 errors, 0 warnings")
        #expect(edited.lines.dropLast() == forced.lines.dropLast())
    }

    @Test func checkStaticOnlyRunsNoCodeAndSaysSo() async throws {
        let root = try pack(Self.passingStarter)
        let runner = ScriptedRunner(always: .ran())
        let passed = try await workflow(runner).check(root.path, language: nil, staticOnly: true, showsProgress: true)
        #expect(passed)
        #expect(runner.requests.isEmpty)
        #expect(output.all == ["pack check: 1 lesson, 1 step: 0 errors, 0 warnings (code not run: --static-only)"])
        #expect(errors.all.isEmpty)
    }

    @Test func checkRefusesALanguageThePackIsNotWrittenIn() async throws {
        let root = try pack(Self.questionLesson)
        await #expect(throws: CommandFailure("--lang de: the pack 'demo' is written in en")) {
            try await workflow().check(root.path, language: "de", staticOnly: true, showsProgress: false)
        }
    }

    @Test func checkWithoutAPackStopsBeforeRunningCode() async throws {
        let root = try pack(Self.questionLesson, manifest: "id: demo\n")
        let runner = ScriptedRunner(always: .ran())
        let passed = try await workflow(runner).check(root.path, language: nil, staticOnly: false, showsProgress: false)
        #expect(!passed)
        #expect(runner.requests.isEmpty)
        #expect(output.all.last?.hasSuffix("(code not run: fix the errors first)") == true, "\(output.all)")
    }

    @Test func aRunnerThatCannotStartIsACommandFailure() async throws {
        let root = try pack(Self.questionLesson)
        var failing = workflow()
        failing.makeRunner = { _ in throw CommandFailure("no swiftc") }
        await #expect(throws: CommandFailure("cannot run the pack's code: no swiftc")) {
            try await failing.check(root.path, language: nil, staticOnly: false, showsProgress: false)
        }
    }

    @Test func installRefusesAPackWhoseCodeFailsItsChecks() async throws {
        let root = try pack(Self.passingStarter)
        let workflow = workflow(ScriptedRunner(always: .ran("hello\n")))
        await #expect(throws: CommandFailure("\(root.path): the pack's code fails its checks (above); not installed")) {
            try await workflow.install(root.path, staticOnly: false, showsProgress: false)
        }
        #expect(PackLocation.installedIDs(context: workflow.context).isEmpty)
    }

    @Test func installCopiesAPackThenListShowsIt() async throws {
        let root = try pack(Self.questionLesson)
        let workflow = workflow()
        workflow.list()
        #expect(output.all.first?.hasPrefix("No packs are installed in ") == true)
        try await workflow.install(root.path, staticOnly: false, showsProgress: false)
        let destination = workflow.context.installedPacks.appendingPathComponent("demo")
        #expect(output.all.contains("Installed 'demo' 1.0.0 in \(destination.path)."), "\(output.all)")
        #expect(output.all.contains("Open it with: seguelab --pack demo"))
        #expect(output.all.last == PackWorkflow.trustNotice)
        workflow.list()
        #expect(output.all.last == "demo  1.0.0  Demo course")
        try await workflow.install(root.path, staticOnly: true, showsProgress: false)
        #expect(output.all.contains { $0.hasPrefix("note: the pack's code was not run (--static-only)") })
        #expect(output.all.contains("Installed 'demo' 1.0.0 (replacing version 1.0.0) in \(destination.path)."))
    }

    @Test func installOfNothingSaysSo() async throws {
        let missing = home.url.appendingPathComponent("nowhere").path
        await #expect(throws: CommandFailure("\(missing): no such file or folder")) {
            try await workflow().install(missing, staticOnly: true, showsProgress: false)
        }
    }

    @Test func newWritesAStarterPackThatPassesTheStaticCheck() async throws {
        let folder = home.url.appendingPathComponent("course").path
        try workflow().new(folder, id: nil, title: "My course")
        #expect(output.all.first == "Created the pack 'course' in \(folder):")
        #expect(PackChecker.checkStatically(at: URL(fileURLWithPath: folder)).pack != nil)
        #expect(throws: CommandFailure.self) { try workflow().new(folder, id: nil, title: nil) }
    }

    @Test func progressNamesEachLessonOnceInCheckingOrder() {
        let lines = Lines()
        let progress = PackCheckProgress(enabled: true, labels: ["a", "b", "a [fr]"], write: { lines.append($0) })
        for (lesson, step) in [("a", "1"), ("a", "2"), ("b", "1"), ("a", "1")] {
            progress.step(StepRef(lesson: lesson, step: step))
        }
        #expect(
            lines.all == [
                "checking lesson a (1/3)…", "checking lesson b (2/3)…",
                "checking lesson a [fr] (3/3)…"
            ])
        let silent = PackCheckProgress(enabled: false, labels: ["a"], write: { lines.append($0) })
        silent.step(StepRef(lesson: "a", step: "1"))
        #expect(lines.all.count == 3)
    }
}

/// `seguelab progress --restore OLD:NEW` and the progress `lessons` and `progress` read.
@Suite struct StoredProgressTests {
    let home = TemporaryDirectory()

    @Test func restoreGivesARenamedLessonItsProgressAndSavesIt() throws {
        let root = try home.write(
            [
                "pack.yaml": PackWorkflowTests.manifest,
                "lessons/01-a.md": PackWorkflowTests.questionLesson
            ], under: "p")
        let pack = try #require(PackLoader.load(from: root).pack)
        let stored = StoredProgress(
            store: ProgressStore(directory: home.url.appendingPathComponent("progress")),
            warn: { _ in })
        var progress = PackProgress(pack: pack, now: Date())
        var passed = StepProgress()
        passed.status = .passed
        var kept = LessonProgress()
        kept.steps["which"] = passed
        progress.unclaimed = ["old": kept]
        try stored.store.save(progress, for: pack)

        #expect(throws: StoredProgress.Refusal("the pack has no lesson 'z'; its lessons: a")) {
            try stored.restore(lesson: "old", as: "z", in: pack)
        }
        #expect(throws: StoredProgress.Refusal("no progress is kept for a lesson 'gone'; kept: old")) {
            try stored.restore(lesson: "gone", as: "a", in: pack)
        }
        #expect(try stored.restore(lesson: "old", as: "a", in: pack) == "Restored 1 step of 'old' to 'a'.")
        let read = stored.read(for: pack)
        #expect(read[StepRef(lesson: "a", step: "which")]?.status == .passed)
    }
}
