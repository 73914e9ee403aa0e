import Foundation
import Playground
import SegueKit
import SourceText

/// A `ProgramRunner` for tests: answers each request with a result computed by a script from
/// the request, and records every request it was given.
package final class ScriptedRunner: ProgramRunner, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [RunRequest] = []
    private let script: @Sendable (RunRequest) throws -> RunResult

    package init(_ script: @escaping @Sendable (RunRequest) throws -> RunResult) {
        self.script = script
    }

    /// A runner that always answers the same result.
    package convenience init(always result: RunResult) {
        self.init { _ in result }
    }

    package var requests: [RunRequest] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    package func run(_ request: RunRequest) async throws -> RunResult {
        lock.withLock { received.append(request) }
        return try script(request)
    }
}

extension RunRequest {
    /// The learner's (or example's) code.
    package var learnerCode: String { sources.first { $0.origin == .learner }?.text ?? "" }
}

extension RunResult {
    /// A program that compiled and exited with `status`, having printed `stdout` and caused `trace`,
    /// ending with `endState` on screen.
    package static func ran(
        _ stdout: String = "", status: Int32 = 0, trace: [TraceEvent] = [], endState: EndState? = nil
    ) -> RunResult {
        var events = trace
        if let endState { events.append(TraceEvent(event: .snapshot, snapshot: HierarchySnapshot(showing: endState))) }
        let encoder = JSONEncoder()
        let lines = events.map { String(decoding: try! encoder.encode($0), as: UTF8.self) }
        return RunResult(
            compile: .succeeded(warnings: []), termination: .exited(status), stdout: stdout, traceLines: lines)
    }

    package static func rejected(_ message: String, file: String = "main.swift", line: Int = 1, column: Int = 1)
        -> RunResult
    {
        rejected([Diagnostic(file: file, line: line, column: column, severity: .error, message: message)])
    }

    package static func rejected(_ diagnostics: [Diagnostic]) -> RunResult {
        RunResult(compile: .failed(diagnostics), termination: .notRun)
    }

    /// A program that compiled and crashed: `kind` is a UIKit exception's name or "fatal error".
    package static func crashed(_ kind: String, _ message: String, stdout: String = "") -> RunResult {
        let crash =
            kind.hasPrefix("NS")
            ? CrashReport(kind: .uikitException, message: message, exceptionName: kind)
            : CrashReport(kind: .fatalError, message: message)
        return RunResult(compile: .succeeded(warnings: []), termination: .signaled(4), stdout: stdout, crash: crash)
    }

    /// A program that compiled and was stopped by its time limit.
    package static let timedOut = RunResult(compile: .succeeded(warnings: []), termination: .timedOut)
}

extension HierarchySnapshot {
    /// A window showing `state`: a navigation stack with its top, and the presented chain over it.
    package init(showing state: EndState) {
        var shown: ControllerNode?
        for name in state.presented.reversed() { shown = ControllerNode(className: name, presented: shown) }
        if let top = state.topOfStack {
            self.init(
                root: ControllerNode(
                    className: "UINavigationController", container: .navigation,
                    children: [ControllerNode(className: top, presented: shown)]))
        } else {
            self.init(root: shown)
        }
    }
}
