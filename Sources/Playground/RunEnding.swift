import Foundation

// How a run's ending is put to the learner: why it was stopped (naming the limit), and what the
// program itself wrote on stderr once the runtime's crash report is taken out (the crash is
// summarised in one line instead; its stack trace means nothing to a learner).

/// Why the program was stopped before it ended by itself, with the limit it hit. The words are
/// the shell's, in the learner's language (LessonKit's `StopReason.text(_:)`).
package enum StopReason: Sendable, Hashable {
    /// It ran longer than its time limit (seconds).
    case timedOut(limit: Double)
    /// It stopped itself (SIGSTOP, SIGTSTP) and was still stopped at its time limit.
    case suspended(limit: Double)
    /// It wrote a file larger than its limit (bytes), when one was set.
    case fileSize(limit: Int?)
    /// Its files together passed the limit (bytes) of what it may write in its folder.
    case folderSize(limit: Int?)
    /// It printed more than the output limit (bytes); the rest was cut.
    case outputCapped(limit: Int)
    /// It used more memory than its limit (bytes), when one was set.
    case memory(limit: Int?)
    /// The learner pressed Ctrl-C.
    case interrupted
}

extension Termination {
    /// Why the program was stopped before it ended by itself; nil when it ended by itself (or never ran).
    package func stopReason(limits: Limits) -> StopReason? {
        switch self {
        case .timedOut: return .timedOut(limit: limits.timeout)
        case .suspended: return .suspended(limit: limits.timeout)
        case .fileSizeLimit: return .fileSize(limit: limits.fileBytes)
        case .folderLimit: return .folderSize(limit: limits.folderBytes)
        case .outputCapped: return .outputCapped(limit: limits.outputBytes)
        case .memoryLimit: return .memory(limit: limits.memoryBytes)
        case .interrupted: return .interrupted
        case .exited, .signaled, .notRun: return nil
        }
    }
}

extension Limits {
    /// `5 s`, `0.5 s`, `90 s`.
    package static func describe(seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%g s", seconds)
    }

    /// `1 MB`, `512 KB`, `1 GB` (binary units, as the limits are set).
    package static func describe(bytes: Int) -> String {
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
    package var stopReason: StopReason? { termination.stopReason(limits: limits) }

    /// The crash as checks and the learner name it: the UIKit exception (`NSInvalidArgumentException`),
    /// the runtime's trap ("fatal error") or the signal, with the runtime's message; nil when the
    /// program did not crash.
    package var crashName: (kind: CrashName, message: String)? {
        if let crash { return (crash.exceptionName.map(CrashName.exception) ?? .runtime(crash.kind), crash.message) }
        if case .signaled(let signal) = termination { return (.signal(signal), "") }
        return nil
    }

    /// What the program wrote on stderr, without the runtime's crash report when it crashed or
    /// ran out of memory (the crash or the limit is reported on its own).
    package var programErrorOutput: String {
        crash != nil || termination == .memoryLimit ? RuntimeCrashText.removed(from: stderr) : stderr
    }
}

/// What crashed: the Swift runtime's crash of a known kind, a UIKit exception nobody caught, or
/// a signal with no runtime message.
package enum CrashName: Sendable, Hashable {
    case runtime(CrashReport.Kind)
    case exception(String)
    case signal(Int32)

    /// The name a `crash` check's `kind` is matched against: `failed cast`,
    /// `NSInvalidArgumentException`, `signal 9`.
    package var text: String {
        switch self {
        case .runtime(let kind): kind.readableName
        case .exception(let name): name
        case .signal(let signal): "signal \(signal)"
        }
    }
}
