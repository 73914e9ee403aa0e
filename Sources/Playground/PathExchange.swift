import CSupervisor

/// Swapping two paths in one step, for replacing a folder so that a reader (or a crash) sees the
/// old one or the new one, never neither.
package enum PathExchange {
    /// Swaps what lies at `a` and at `b`; false where the file system cannot (then nothing moved).
    package static func exchange(_ a: String, _ b: String) -> Bool {
        sv_exchange_paths(a, b) == 0
    }
}
