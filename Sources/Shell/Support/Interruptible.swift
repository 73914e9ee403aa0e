import Foundation

/// Runs work (a learner's program) so that Ctrl-C cancels the work, never the process: the
/// work's task is cancelled, which makes the Playground stop the program and its session.
/// The one way Ctrl-C becomes cancellation, for the shell and for `seguelab run` alike (the
/// signal is caught by the C handler `InterruptFlag` installs). The terminal's modes and
/// window size are put back afterwards, whatever the program did to them (`TerminalModes`).
package enum Interruptible<Value: Sendable>: Sendable {
    case finished(Value)
    case failed(any Error)
    /// Ctrl-C came. `partial` is what the work returned anyway — a run stopped part-way, with
    /// the output it printed until then — or nil when it was cut short before it had any.
    case interrupted(partial: Value?)

    package static func run(_ work: @escaping @Sendable () async throws -> Value) async -> Interruptible<Value> {
        _ = InterruptFlag.take()
        let terminal = TerminalModes.save()
        defer { terminal.restore() }
        let task = Task { try await work() }
        let watcher = Task {
            while !Task.isCancelled {
                if InterruptFlag.take() {
                    task.cancel()
                    return true
                }
                try? await Task.sleep(for: .milliseconds(40))
            }
            return false
        }
        let result = await task.result
        watcher.cancel()
        let interrupted = await watcher.value || task.isCancelled
        switch result {
        case .success(let value): return interrupted ? .interrupted(partial: value) : .finished(value)
        case .failure(let error):
            return interrupted || error is CancellationError ? .interrupted(partial: nil) : .failed(error)
        }
    }
}

extension Interruptible {
    /// Runs `work` under Ctrl-C and returns what is to be shown: the value, or a run stopped
    /// part-way (unless `keepsPartial` is false: a judged answer cut short is not judged).
    /// Every program the shell or `seguelab run` shows goes through here. `interrupted` is told
    /// when Ctrl-C came, with the partial value if there is one; `failed` reports an error or
    /// throws it. Returns nil after either.
    package static func value<Failure: Error>(
        of work: @escaping @Sendable () async throws -> Value, keepsPartial: Bool = true,
        interrupted: (Value?) -> Void, failed: (any Error) throws(Failure) -> Void
    ) async throws(Failure) -> Value? {
        switch await run(work) {
        case .finished(let value): return value
        case .interrupted(let partial):
            interrupted(partial)
            return keepsPartial ? partial : nil
        case .failed(let error):
            try failed(error)
            return nil
        }
    }
}
