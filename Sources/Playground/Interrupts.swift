import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C while a program runs: the terminal's SIGINT reaches this process (the program runs in
/// a session of its own), so it is turned into cancellation of the run, which sends SIGINT to the
/// program's group and then ends its whole session. The host keeps running.
public enum Interrupts {
    /// Runs `body` with SIGINT cancelling it; the previous SIGINT disposition is restored after.
    public static func cancelOnInterrupt<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await body() }
        let previous = signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { task.cancel() }
        source.resume()
        defer {
            source.cancel()
            signal(SIGINT, previous)
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
