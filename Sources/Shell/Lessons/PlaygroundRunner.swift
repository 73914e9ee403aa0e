import Foundation
import LessonKit
import Playground

/// Runs lesson programs on the Playground: LessonKit composes the program and judges the
/// outcome, the Playground compiles and runs it. This type only translates between the two.
public struct PlaygroundRunner: CodeRunner {
    public let playground: Playground
    public var limits: Limits
    /// Told how long each program took to compile and run.
    var report: @Sendable (Timings) -> Void

    public init(playground: Playground, limits: Limits = .standard) {
        self.init(playground: playground, limits: limits, report: { _ in })
    }

    init(playground: Playground, limits: Limits, report: @escaping @Sendable (Timings) -> Void) {
        self.playground = playground
        self.limits = limits
        self.report = report
    }

    public func run(_ program: LessonProgram) async throws -> ProgramOutcome {
        // LessonKit maps `main.swift` lines back to its segments (prelude, learner code, harness)
        // itself, so every file goes to the compiler as it is and positions stay raw.
        let sources = program.sources.map { SourceFile(name: $0.name, text: $0.text, origin: .learner) }
        let mode: SwiftLanguageMode = program.swiftLanguageMode >= 6 ? .swift6 : .swift5
        if program.typecheckOnly {
            let compile = try await playground.typecheck(sources, swiftLanguageMode: mode)
            return ProgramOutcome(compiled: compile.succeeded, diagnostics: Self.diagnostics(compile.diagnostics))
        }
        let request = RunRequest(
            sources: sources,
            storyboardDirectories: program.storyboardDirectories,
            limits: limits,
            swiftLanguageMode: mode,
            optimization: program.optimization == .release ? .release : .debug
        )
        let result = try await playground.run(request)
        report(result.timings)
        var outcome = ProgramOutcome(
            compiled: result.compile.succeeded,
            diagnostics: Self.diagnostics(result.compile.diagnostics),
            termination: Self.termination(result),
            stdout: result.stdout,
            stderr: result.stderr
        )
        outcome.setNavigation(from: result.trace)
        return outcome
    }

    /// The compiler's messages about the program's own file layout (the `#sourceLocation`
    /// lines that map positions back to lesson files) say nothing about the learner's code.
    static func diagnostics(_ all: [PlaygroundDiagnostic]) -> [CompilerDiagnostic] {
        all.filter { !($0.severity == .warning && $0.message.contains("#sourceLocation")) }.map(diagnostic)
    }

    static func diagnostic(_ d: PlaygroundDiagnostic) -> CompilerDiagnostic {
        let severity: CompilerDiagnostic.Severity = switch d.severity {
        case .error: .error
        case .warning: .warning
        default: .note
        }
        return CompilerDiagnostic(file: d.file, line: d.line, column: d.column, severity: severity, message: d.message)
    }

    static func termination(_ result: RunResult) -> LessonKit.Termination {
        if let crash = result.crash {
            return .crashed(kind: crash.exceptionName ?? crash.kind.readableName, message: crash.message)
        }
        if let reason = result.stopReason { return .stopped(reason: reason) }
        switch result.termination {
        case .exited(let code): return .exited(code)
        case .signaled(let signal): return .crashed(kind: "signal \(signal)", message: "")
        case .notRun, .timedOut, .suspended, .memoryLimit, .fileSizeLimit, .outputCapped, .interrupted: return .notRun
        }
    }
}
