import Foundation
import Testing

@testable import Shell

@Suite(.serialized) struct InterruptibleTests {
    @Test func ctrlCCancelsTheWorkNotTheProcess() async {
        InterruptFlag.install()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            kill(getpid(), SIGINT)
        }
        // Not interrupted, the work would finish after 20 s with a value.
        let outcome = await Interruptible<Int>.run {
            try await Task.sleep(for: .seconds(20))
            return 1
        }
        guard case .interrupted = outcome else {
            Issue.record("expected the work to be interrupted, got \(outcome)")
            return
        }
    }

    @Test func finishedWorkKeepsItsValue() async {
        let outcome = await Interruptible<Int>.run { 42 }
        guard case .finished(let value) = outcome else {
            Issue.record("expected a value")
            return
        }
        #expect(value == 42)
    }
}
