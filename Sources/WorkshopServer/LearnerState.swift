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

    /// One wrong answer's words on a step: how often, and when last (for ties).
    struct WrongCount: Sendable {
        var count = 0
        var last = 0.0
    }

    var id: String
    var name: String
    var current: String?
    var enteredAt: Double?
    /// Server time the learner arrived at `current`: time on the step is on the server's clock.
    var enteredReceived: Double?
    var steps: [String: StepState] = [:]
    var lastWrong: Wrong?
    var handRaised: Double?
    /// The step the hand went up on (nil: outside any step).
    var handStep: String?
    var code: [String: String] = [:]
    var lastEvent: Double = 0
    /// Server time of the latest event stored for this learner.
    var lastReceived: Double = 0
    /// Events applied so far: the server's sequence for this learner.
    var applied = 0
    /// Every wrong answer's words, per step.
    var wrongAnswers: [String: [String: WrongCount]] = [:]

    /// A visit counts at most this long: a learner who went to lunch is not "30 minutes on it".
    static let longestVisit = 20.0 * 60

    /// Applies the learner's next event. `clearedThrough`: the sequence number up to which
    /// the instructor cleared this learner's hand; `clearedAt`: the older, clock-based record.
    mutating func apply(_ event: WorkshopEvent, received: Double, clearedThrough: Int?, clearedAt: Double?) {
        applied += 1
        lastEvent = max(lastEvent, event.at)
        lastReceived = max(lastReceived, received)
        let ref = event.step
        switch event.kind {
        case .entered:
            leaveCurrent(at: event.at)
            current = ref
            enteredAt = event.at
            enteredReceived = received
            if let ref, steps[ref] == nil { steps[ref] = StepState() }
        case .right:
            update(ref) {
                $0.attempts += 1
                $0.status = "passed"
            }
            if let ref, let code = event.code { self.code[ref] = code }
            if lastWrong?.step == ref { lastWrong = nil }
        case .wrong:
            update(ref) {
                $0.attempts += 1
                $0.wrong += 1
                if $0.status == "seen" { $0.status = "attempted" }
            }
            if let ref {
                lastWrong = Wrong(step: ref, feedback: event.feedback, problem: event.problem, at: event.at)
                if let code = event.code { self.code[ref] = code }
                if let words = event.feedback ?? event.problem {
                    wrongAnswers[ref, default: [:]][words, default: WrongCount()].count += 1
                    wrongAnswers[ref]![words]!.last = received
                }
            }
        case .hint:
            update(ref) { $0.hints += 1 }
        case .solution:
            update(ref) { $0.solution = true }
        case .skip:
            update(ref) { if $0.status != "passed" { $0.status = "skipped" } }
            if lastWrong?.step == ref { lastWrong = nil }
        case .hand:
            let up = clearedThrough.map { applied > $0 } ?? (event.at > (clearedAt ?? -1))
            if up {
                handRaised = received
                handStep = ref
            }
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

    /// Seconds on the current step so far (server clock), at most `longestVisit`.
    func secondsOnCurrent(now: Double) -> Double {
        guard current != nil, let enteredReceived else { return 0 }
        return min(max(0, now - enteredReceived), Self.longestVisit)
    }

    /// Several wrong answers, or a long time (`after` seconds, the room's `stuckAfter`), on a
    /// step not yet done. Time counts only while the room is working (`roomIdle` false): after a
    /// pause nobody is "eight minutes" on it.
    func isStruggling(now: Double, roomIdle: Bool = false, after: Double = Room.defaultStuckAfter) -> Bool {
        guard let current, let state = steps[current], !["passed", "skipped"].contains(state.status) else {
            return false
        }
        if state.wrong >= 3 { return true }
        guard !roomIdle, let enteredReceived else { return false }
        return now - enteredReceived > after
    }
}
