import Foundation
import Workshop

/// One learner as the room sees them, rebuilt from their events (so a restarted server that
/// replays the store sees exactly what it saw before).
struct LearnerState: Sendable {
    struct StepState: Codable, Sendable, Equatable {
        /// `seen`, `attempted`, `passed` or `skipped` (as in `progress --json`).
        var status = "seen"
        var attempts = 0
        var wrong = 0
        var hints = 0
        var solution = false
        var seconds = 0.0
    }

    struct Wrong: Codable, Sendable, Equatable {
        var step: String
        var feedback: String?
        var problem: String?
        var at: Double
    }

    var id: String
    var name: String
    var current: String?
    var enteredAt: Double?
    var steps: [String: StepState] = [:]
    var lastWrong: Wrong?
    var handRaised: Double?
    var code: [String: String] = [:]
    var lastEvent: Double = 0

    /// A visit counts at most this long: a learner who went to lunch is not "30 minutes on it".
    static let longestVisit = 20.0 * 60

    mutating func apply(_ event: WorkshopEvent, handsClearedAt cleared: Double?) {
        lastEvent = max(lastEvent, event.at)
        let ref = event.step
        switch event.kind {
        case .entered:
            leaveCurrent(at: event.at)
            current = ref
            enteredAt = event.at
            if let ref, steps[ref] == nil { steps[ref] = StepState() }
        case .right:
            update(ref) { $0.attempts += 1; $0.status = "passed" }
            if let ref, let code = event.code { self.code[ref] = code }
        case .wrong:
            update(ref) {
                $0.attempts += 1
                $0.wrong += 1
                if $0.status == "seen" { $0.status = "attempted" }
            }
            if let ref {
                lastWrong = Wrong(step: ref, feedback: event.feedback, problem: event.problem, at: event.at)
                if let code = event.code { self.code[ref] = code }
            }
        case .hint:
            update(ref) { $0.hints += 1 }
        case .solution:
            update(ref) { $0.solution = true }
        case .skip:
            update(ref) { if $0.status != "passed" { $0.status = "skipped" } }
        case .hand:
            if event.at > (cleared ?? -1) { handRaised = event.at }
        }
    }

    private mutating func update(_ ref: String?, _ change: (inout StepState) -> Void) {
        guard let ref else { return }
        var state = steps[ref] ?? StepState()
        change(&state)
        steps[ref] = state
    }

    private mutating func leaveCurrent(at time: Double) {
        guard let current, let enteredAt, time >= enteredAt else { return }
        update(current) { $0.seconds += min(time - enteredAt, Self.longestVisit) }
    }

    /// Several wrong answers, or a long time, on a step not yet done.
    func isStruggling(now: Double) -> Bool {
        guard let current, let state = steps[current], !["passed", "skipped"].contains(state.status) else { return false }
        if state.wrong >= 3 { return true }
        return enteredAt.map { now - $0 > 8 * 60 } ?? false
    }
}
