import Foundation

/// How a run's ending is put to the learner: why it was stopped (naming the limit), and what the
/// program itself wrote on stderr once the runtime's crash report is taken out (the crash is
/// summarised in one line instead; its stack trace means nothing to a learner).
extension Termination {
    /// Why the program was stopped before it ended by itself, e.g. "it ran longer than its time
    /// limit of 5 s"; nil when it ended by itself (or never ran).
    public func stopReason(limits: Limits) -> String? {
        switch self {
        case .timedOut:
            return "the program ran longer than its time limit of \(Limits.describe(seconds: limits.timeout)) (a loop that never ends?)"
        case .outputCapped:
            return "the program printed more than \(Limits.describe(bytes: limits.outputBytes)), the output limit; the rest was cut"
        case .memoryLimit:
            let limit = limits.memoryBytes.map { " of \(Limits.describe(bytes: $0))" } ?? ""
            return "the program used more memory than its limit\(limit)"
        case .interrupted:
            return "interrupted with Ctrl-C"
        case .exited, .signaled, .notRun:
            return nil
        }
    }
}

extension Limits {
    /// `5 s`, `0.5 s`, `90 s`.
    public static func describe(seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%g s", seconds)
    }

    /// `1 MB`, `512 KB`, `1 GB` (binary units, as the limits are set).
    public static func describe(bytes: Int) -> String {
        let units = [(1 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "KB")]
        for (size, name) in units where bytes >= size {
            let value = Double(bytes) / Double(size)
            return value == value.rounded() ? "\(Int(value)) \(name)" : String(format: "%.1f \(name)", value)
        }
        return "\(bytes) bytes"
    }
}
extension RunResult {
    /// Why the program was stopped, naming the limit it hit; nil when it ended by itself.
    public var stopReason: String? { termination.stopReason(limits: limits) }

    /// The crash as checks and the learner name it: the UIKit exception (`NSInvalidArgumentException`),
    /// the runtime's trap ("fatal error") or the signal, with the runtime's message; nil when the
    /// program did not crash.
    public var crashName: (kind: String, message: String)? {
        if let crash { return (crash.exceptionName ?? crash.kind.readableName, crash.message) }
        if case .signaled(let signal) = termination { return ("signal \(signal)", "") }
        return nil
    }

    /// What the program wrote on stderr, without the runtime's crash report when it crashed or
    /// ran out of memory (the crash or the limit is reported on its own).
    public var programErrorOutput: String {
        crash != nil || termination == .memoryLimit ? RuntimeCrashText.removed(from: stderr) : stderr
    }
}
