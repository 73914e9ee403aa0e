/// A request refused with a 4xx status and a message saying what was wrong. Nothing of a
/// refused request is stored.
package struct RequestFailure: Error, Sendable, Equatable {
    package var status: Int
    package var message: String
    /// A word the learner's side acts on (`unknown-join-code`), sent beside the message.
    package var reason: String?

    package init(_ status: Int, _ message: String, reason: String? = nil) {
        self.status = status
        self.message = message
        self.reason = reason
    }
}

/// Per-learner token bucket: a steady rate with a burst allowance, so one learner flooding the
/// server is refused (429) while everyone else's requests go on.
struct RateLimiter: Sendable {
    var perSecond: Double
    var burst: Double
    private var buckets: [String: (tokens: Double, at: Double)] = [:]

    init(perSecond: Double, burst: Double) {
        self.perSecond = perSecond
        self.burst = burst
    }

    mutating func allow(_ key: String, now: Double) -> Bool {
        var bucket = buckets[key] ?? (burst, now)
        bucket.tokens = min(burst, bucket.tokens + (now - bucket.at) * perSecond)
        bucket.at = now
        let allowed = bucket.tokens >= 1
        if allowed { bucket.tokens -= 1 }
        buckets[key] = bucket
        return allowed
    }
}
