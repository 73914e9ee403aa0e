import Foundation

/// Runs work (a learner's program) so that Ctrl-C cancels the work, never the shell: the
/// work's task is cancelled, which makes the Playground kill the program's process group.
enum Interruptible<Value: Sendable> {
    case finished(Value)
    case failed(any Error)
    case interrupted

    static func run(_ work: @escaping @Sendable () async throws -> Value) async -> Interruptible<Value> {
        _ = InterruptFlag.take()
        let task = Task { try await work() }
        let watcher = Task {
            while !Task.isCancelled {
                if InterruptFlag.take() { task.cancel(); return true }
                try? await Task.sleep(for: .milliseconds(40))
            }
            return false
        }
        let result = await task.result
        watcher.cancel()
        if await watcher.value || task.isCancelled { return .interrupted }
        switch result {
        case .success(let value): return .finished(value)
        case .failure(let error): return error is CancellationError ? .interrupted : .failed(error)
        }
    }
}
