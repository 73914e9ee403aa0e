import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The main run loop of a program, turned as an app's is on iOS: what the current event
/// scheduled (`DispatchQueue.main.async`, `Task { @MainActor in … }`, `RunLoop.main` timers
/// that are due, and the ends of transitions) runs after that event and before the next
/// simulated user action (`sendActions(for:)`, `simulateTap()`, `simulateTapOnRow(at:)`).
/// When the program's own code ends, the loop keeps turning, waiting for timers, until nothing
/// is scheduled; a repeating timer keeps it turning until the time limit, which is said once on
/// standard error.
///
/// Foundation's `RunLoop` on Linux services the main dispatch queue (which main-actor jobs use)
/// as on Apple platforms; whether the queue holds work is read from its wake-up descriptor.
@MainActor
enum MainRunLoop {
    private static var isTurning = false
    private static var didWarnAboutTimer = false

    /// Runs what is scheduled now, without waiting for future timers. Does nothing when called
    /// from work the loop is running (the loop is already turning).
    static func turn() {
        guard Thread.isMainThread, !isTurning else { return }
        isTurning = true
        defer { isTurning = false }
        _ = runReadyWork()
    }

    /// Turns the loop until nothing is scheduled: the end of a program.
    static func runUntilIdle() {
        guard Thread.isMainThread, !isTurning else { return }
        isTurning = true
        defer { isTurning = false }
        var lastTimerDate: Date?
        while let next = runReadyWork() {
            if let lastTimerDate, next > lastTimerDate, !didWarnAboutTimer {
                didWarnAboutTimer = true
                writeToStandardError(
                    "SegueKit: the program's code has ended, but a repeating Timer is still "
                        + "scheduled on the main run loop: it keeps the program running until its time limit "
                        + "(call invalidate() on the timer to let the program end).\n")
            }
            lastTimerDate = next
            _ = RunLoop.main.run(mode: .default, before: next)
        }
    }

    /// Runs the main queue and due timers until neither has work; returns the date of the
    /// next scheduled timer, or nil when none is.
    private static func runReadyWork() -> Date? {
        var polls = 0
        while true {
            let next = RunLoop.main.limitDate(forMode: .default)
            let timer = next.flatMap { $0 == .distantFuture ? nil : $0 }
            if MainQueueProbe.hasWork {
                polls += 1
                // The queue cannot be serviced from inside one of its own blocks (an async main,
                // `dispatchMain()`): check that polling makes progress before polling on.
                if polls.isMultiple(of: 64), !pollingServicesMainQueue() { return timer }
                continue
            }
            if let timer, timer <= Date() { continue }
            return timer
        }
    }

    private static func pollingServicesMainQueue() -> Bool {
        var ran = false
        DispatchQueue.main.async { ran = true }
        for _ in 0..<4 where !ran { _ = RunLoop.main.limitDate(forMode: .default) }
        return ran
    }

    /// A simulated user action: what earlier events scheduled runs first, as on a device where
    /// the loop turns between two touches. An action sent from inside another (a control's
    /// handler calling `sendActions(for:)`) is part of the same event.
    static func userAction(_ body: () -> Void) {
        if eventDepth == 0 { turn() }
        eventDepth += 1
        defer { eventDepth -= 1 }
        body()
    }

    private static var eventDepth = 0

    /// Runs `body` on the next turn of the loop (after what is already scheduled).
    static func later(_ body: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }
}

/// Whether the main dispatch queue holds work: libdispatch signals a descriptor for the run loop
/// (the handle CoreFoundation waits on) whenever work is added to the queue.
private enum MainQueueProbe {
    typealias HandleFunction = @convention(c) () -> Int32

    static let descriptor: Int32? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "_dispatch_get_main_queue_handle_4CF") else { return nil }
        let handle = unsafeBitCast(symbol, to: HandleFunction.self)()
        return handle >= 0 ? handle : nil
    }()

    static var hasWork: Bool {
        guard let descriptor else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}

/// The exit hook that turns the loop once the program's code has ended.
func runMainLoopAtExit() {
    guard Thread.isMainThread else { return }
    MainActor.assumeIsolated { MainRunLoop.runUntilIdle() }
}
