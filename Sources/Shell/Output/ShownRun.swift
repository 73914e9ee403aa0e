import Foundation
import Playground

/// A program run the shell shows — `run FILE`, a `swift` entry, a lesson's `run` — taken one
/// way: under Ctrl-C (which stops the program, not the shell), its timings reported, then drawn.
enum ShownRun {
    /// Runs `work`. Ctrl-C before it returned anything says `interrupted`; an error is failed as
    /// `failed` words it; a run stopped part-way is shown like a finished one. `timings` reports
    /// how long it took (nil when the runner reports it itself). Returns what was shown.
    @discardableResult
    static func run<Value: Sendable>(
        in context: ShellContext, interrupted: String, failed: (any Error) -> String,
        timings: ((Value) -> Void)? = nil,
        _ work: @escaping @Sendable () async throws -> Value,
        lines: (Value) -> [String]
    ) async -> Value? {
        let value = await Interruptible.value(
            of: work,
            interrupted: { partial in
                if partial == nil { context.output.line(context.output.style.warning(interrupted)) }
                context.interruptedRun()
            },
            failed: { context.fail(failed($0)) })
        guard let value else { return nil }
        timings?(value)
        lines(value).forEach(context.output.line)
        return value
    }
}
