import Foundation
import SourceText
import Testing

@testable import Playground

@Suite("Compiling and running learner code")
struct RunTests {
    @Test func runsAndCapturesOutputAndTrace() async throws {
        let result = try await Fixture.run(
            """
            import SegueKit
            print("hello")
            recordTrace("push")
            """)
        #expect(result.termination == .exited(0))
        #expect(result.stdout == "hello\n")
        #expect(result.traceLines == [#"{"event":"push"}"#])
    }

    @Test func aProgramOfOnlyDeclarationsStillRunsInOrder() async throws {
        // `let` lines parse as declarations, but in the program's main file they run, in order.
        let result = try await Fixture.run(
            """
            func greet() -> String { print("ran"); return "hi" }
            let greeting = greet()
            let again = greet()
            """)
        #expect(result.compile.succeeded)
        #expect(result.stdout == "ran\nran\n")
    }

    @Test func importUIKitReexportsSegueKit() async throws {
        let result = try await Fixture.run(
            """
            import UIKit
            final class ListViewController: UIViewController {}
            let controller = ListViewController()
            controller.title = "List"
            print(controller.title ?? "none", controller is UIViewController)
            """)
        #expect(result.compile.succeeded)
        #expect(result.stdout == "List true\n")
    }

    @Test func compileErrorIsMappedToTheLearnersLineDespiteAHiddenPrelude() async throws {
        let prelude = "import UIKit\nlet preludeValue = 1\nfunc helper() -> Int { 2 }\n"
        let result = try await Fixture.run(
            "let total = helper()\nlet wrong: Int = \"text\"\nprint(total)\n", prelude: prelude)
        #expect(result.termination == .notRun)
        let error = try #require(result.compile.errors.first)
        #expect(error.file == "Exercise.swift")
        #expect(error.line == 2)
        #expect(error.column == 18)
        #expect(error.sourceLine == "let wrong: Int = \"text\"")
        #expect(error.rendered().hasSuffix("let wrong: Int = \"text\"\n                 ^"))
        #expect(result.fullCompilerOutput.contains("cannot convert value"))
    }

    @Test func topLevelFilesRunInOrderAndKeepTheirOwnPositions() async throws {
        // A hidden prelude of declarations only, the learner's code and a hidden harness: a
        // lesson's program. The prelude's global runs first only because it is top-level code.
        var sources = [
            SourceFile(
                name: "prelude", text: "let announced: Void = print(\"prelude\")\nlet greeting = \"hello\"\n",
                origin: .hidden, topLevel: true),
            SourceFile(name: "Exercise.swift", text: "print(greeting)\n", topLevel: true),
            SourceFile(name: "harness", text: "print(\"checked\")\n", origin: .hidden, topLevel: true)
        ]
        let playground = try await Fixture.playground()
        let ran = try await playground.run(RunRequest(sources: sources))
        #expect(ran.stdout == "prelude\nhello\nchecked\n")

        sources[1].text = "print(greeting)\nlet wrong: Int = \"text\"\n"
        sources[2].text = "\nundefinedCheck()\n"
        let failed = try await playground.run(RunRequest(sources: sources))
        let errors = failed.compile.errors
        #expect(errors.map(\.file) == ["Exercise.swift", "harness"])
        #expect(errors.first?.location == SourceLocation(file: "Exercise.swift", line: 2, column: 18))
        // The harness's error is the lesson's: no place shown to the learner, its own line kept for the author.
        #expect(errors.last?.inHiddenCode == true && errors.last?.location == nil && errors.last?.line == 2)
        #expect(!failed.compile.diagnostics.contains { $0.message.contains("sourceLocation") })
    }

    @Test func typecheckOnlyRequestIsNotRun() async throws {
        let playground = try await Fixture.playground()
        let request = RunRequest(
            sources: [SourceFile(name: "A.swift", text: "print(1)\n1.missing()\n")], typecheckOnly: true)
        let result = try await playground.run(request)
        #expect(result.termination == .notRun && result.stdout.isEmpty)
        #expect(result.compile.errors.first?.line == 2)
    }

    /// The Playground holds the default limits; a request that sets its own is run under them.
    @Test func aRequestsLimitsOverrideThePlaygrounds() async throws {
        let shared = try await Fixture.playground()
        let playground = try Playground(configuration: await shared.configuration, limits: Limits(timeout: 1))
        let forever = [SourceFile(name: "A.swift", text: "while true {}\n")]
        let own = try await playground.run(RunRequest(sources: forever))
        #expect(own.stopReason == .timedOut(limit: 1))
        let overridden = try await playground.run(RunRequest(sources: forever, limits: Limits(timeout: 2)))
        #expect(overridden.stopReason == .timedOut(limit: 2))
        #expect(overridden.limits == Limits(timeout: 2))
    }

    @Test func typecheckReportsWithoutRunning() async throws {
        let playground = try await Fixture.playground()
        let good = try await playground.typecheck([SourceFile(name: "A.swift", text: "let a = 1\nprint(a)\n")])
        #expect(good.succeeded)
        let bad = try await playground.typecheck([SourceFile(name: "A.swift", text: "let a = 1\na.missing()\n")])
        #expect(!bad.succeeded)
        #expect(bad.errors.first?.line == 2)
    }

    @Test func fatalErrorIsReportedWithTheLearnersLocation() async throws {
        let result = try await Fixture.run(
            "print(\"before\")\nfatalError(\"the sky fell\")\n", prelude: "let unused = 0\n")
        let crash = try #require(result.crash)
        #expect(crash.kind == .fatalError)
        #expect(crash.message == "the sky fell")
        #expect(crash.location == SourceLocation(file: "Exercise.swift", line: 2))
        #expect(result.stdout == "before\n")  // printed output before a crash is not lost
        #expect(result.termination != .exited(0))
    }

    @Test func forceUnwrappingNilIsNamed() async throws {
        let result = try await Fixture.run("let value: Int? = nil\n\nprint(value!)\n")
        let crash = try #require(result.crash)
        #expect(crash.kind == .forceUnwrapNil)
        #expect(crash.location?.line == 3)
    }

    @Test func failedForcedCastIsNamed() async throws {
        let result = try await Fixture.run("class A {}\nclass B: A {}\nlet a: Any = A()\nlet b = a as! B\nprint(b)\n")
        let crash = try #require(result.crash)
        #expect(crash.kind == .failedCast)
        #expect(crash.message.contains("to 'SegueLabApp.B'"))
    }

    @Test func preconditionInReleaseModeStillCrashes() async throws {
        let playground = try await Fixture.playground()
        let source = SourceFile(
            name: "Exercise.swift",
            text:
                "let n = Int(CommandLine.arguments.count)\nassert(n == 99, \"assert\")\nprecondition(n == 99, \"pre\")\nprint(\"unreached\")\n"
        )
        let debug = try await playground.run(RunRequest(sources: [source]))
        #expect(debug.crash?.kind == .assertion)
        let release = try await playground.run(RunRequest(sources: [source], optimization: .release))
        #expect(release.stdout.isEmpty)  // -O drops the assert but keeps the precondition
        #expect(release.crash != nil)
    }

    // A watchdog that never fires would loop for ever: the time limit turns that into a failure.
    // No bound on the run's duration here: on a loaded machine stopping and reaping a spinning
    // program took 83 s of wall time (timings are for bench/, not tests).
    @Test(.timeLimit(.minutes(10))) func timeoutStopsTheProgram() async throws {
        // 5 s, not 1: on a loaded machine a program can take over a second just to start and
        // print, and the limit must stop the loop, not the start.
        let result = try await Fixture.run("print(\"start\")\nwhile true {}\n", limits: Limits(timeout: 5))
        #expect(result.termination == .timedOut)
        #expect(result.stdout == "start\n")
    }

    @Test func outputIsCappedAndKept() async throws {
        let result = try await Fixture.run(
            "while true { print(\"spam spam spam\") }\n", limits: Limits(outputBytes: 10_000))
        #expect(result.termination == .outputCapped)
        #expect(result.stdout.utf8.count <= 10_000)
        #expect(result.stdout.hasPrefix("spam spam spam\n"))
    }

    @Test func unboundedRecursionIsAStackOverflow() async throws {
        let result = try await Fixture.run("func deeper(_ n: Int) -> Int { deeper(n + 1) + 1 }\nprint(deeper(0))\n")
        #expect(result.crash?.kind == .stackOverflow)
        #expect(result.termination != .exited(0))
    }

    @Test func memoryLimitIsEnforced() async throws {
        let program =
            "var blocks: [[UInt8]] = []\nfor _ in 0..<40 { blocks.append([UInt8](repeating: 1, count: 100_000_000)) }\nprint(blocks.count)\n"
        let result = try await Fixture.run(program, limits: Limits(memoryBytes: 512 << 20))
        #expect(result.termination == .memoryLimit)
        #expect(result.stdout.isEmpty)
    }

    @Test func stdinIsEmptyAndNeverBlocks() async throws {
        let result = try await Fixture.run("print(readLine() ?? \"end of input\")\n", limits: Limits(timeout: 3))
        #expect(result.stdout == "end of input\n")
    }

    @Test func storyboardDirectoriesAndEnvironmentReachTheProgram() async throws {
        let directory = try Fixture.temporaryDirectory("boards")
        let playground = try await Fixture.playground()
        let source = SourceFile(
            name: "Main.swift",
            text: """
                import Foundation
                print(ProcessInfo.processInfo.environment["SEGUEKIT_STORYBOARD_PATH"] ?? "unset")
                print(ProcessInfo.processInfo.environment["LESSON"] ?? "unset")
                """)
        let result = try await playground.run(
            RunRequest(
                sources: [source], storyboardDirectories: [directory],
                environment: ["LESSON": "segues"]))
        #expect(result.stdout == "\(directory.path)\nsegues\n")
    }

    @Test func unwindActionsAreRegisteredThroughTheExportedHook() async throws {
        let result = try await Fixture.run(
            """
            import UIKit
            class ListViewController: UIViewController {
                @IBAction private func unwindToList(_ segue: UIStoryboardSegue) { print("unwound to list") }
            }
            extension ListViewController {
                @IBAction func cancel(segue: UIStoryboardSegue) { print("cancelled") }
            }
            let list = ListViewController()
            print(UnwindActionRegistry.perform("unwindToList:", on: list))
            print(UnwindActionRegistry.perform("cancelWithSegue:", on: list))
            print(UnwindActionRegistry.perform("missing:", on: list))
            """)
        #expect(result.compile.succeeded, "\(result.fullCompilerOutput)")
        #expect(result.stdout == "unwound to list\ntrue\ncancelled\ntrue\nfalse\n")
    }

    @Test func aLearnerFileNamedMainSwiftIsReportedUnderItsName() async throws {
        let playground = try await Fixture.playground()
        let result = try await playground.run(
            RunRequest(sources: [
                SourceFile(name: "Model.swift", text: "struct Product { var name: String }\n"),
                SourceFile(
                    name: "main.swift",
                    text: "let tea = Product(name: \"Tea\")\nprint(tea.name)\nfatalError(\"stop\")\n")
            ]))
        #expect(result.compile.diagnostics.isEmpty, "\(result.compile.diagnostics)")
        #expect(result.stdout == "Tea\n")
        #expect(result.crash?.location == SourceLocation(file: "main.swift", line: 3))
    }

    @Test func separateFilesCompileTogether() async throws {
        let playground = try await Fixture.playground()
        let result = try await playground.run(
            RunRequest(sources: [
                SourceFile(name: "Model.swift", text: "struct Product { var name: String }\n"),
                SourceFile(name: "Main.swift", text: "print(Product(name: \"Tea\").name)\nlet x: Int = nil\n")
            ]))
        #expect(result.compile.errors.map(\.file) == ["Main.swift"])
        #expect(result.compile.errors.first?.line == 2)
        #expect(!result.compile.diagnostics.contains { $0.severity == .warning }, "\(result.compile.diagnostics)")
    }

    @Test func swift6ModeIsOnRequestOnly() async throws {
        let playground = try await Fixture.playground()
        // Typical iOS code touching a main-actor class from a nonisolated function.
        let source = SourceFile(
            name: "Exercise.swift",
            text: """
                import UIKit
                func rename(_ controller: UIViewController) { controller.title = "Renamed" }
                """)
        let five = try await playground.typecheck([source], swiftLanguageMode: .swift5)
        #expect(five.diagnostics.isEmpty)
        let six = try await playground.typecheck([source], swiftLanguageMode: .swift6)
        let isolation = try #require(six.diagnostics.first { $0.file == "Exercise.swift" && $0.severity != .note })
        #expect(isolation.line == 2)
        #expect(isolation.message.contains("main actor-isolated"))
    }
}
