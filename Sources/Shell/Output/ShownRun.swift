import Foundation
import Playground

/// A program run the shell shows — `run FILE`, a `swift` entry, a lesson's `run` — taken one
/// way: under Ctrl-C (which stops the program, not the shell), its timings reported, then drawn.
enum ShownRun {
    /// Runs `work`. Ctrl-C before it returned anything says `interrupted`; an error is failed as
    /// `failed` words it; a run stopped part-way is shown like a finished one. `timings` reports
    /// how long it took (nil when the runner reports it itself). The lines are paged on a
    /// terminal; the last `closing` of them (how it ended) are shown again when the learner stops
    /// the pager before them. Returns what was shown.
    @discardableResult
    static func run<Value: Sendable>(
        in context: ShellContext, interrupted: String, failed: (any Error) -> String,
        timings: ((Value) -> Void)? = nil, closing: (Value) -> Int = { _ in 0 },
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
        let shown = lines(value)
        let closingFrom = shown.count - closing(value)
        context.paged {
            for (index, line) in shown.enumerated() {
                if index >= closingFrom { context.output.verdict(line) } else { context.output.line(line) }
            }
        }
        return value
    }
}
