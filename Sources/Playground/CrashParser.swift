import Foundation
import SourceText

/// Recognises how a program crashed from what the Swift runtime and SegueKit print on stderr
/// and from the signal that ended it.
enum CrashParser {
    // What the Swift runtime and SegueKit print when a program dies; `RuntimeCrashText` cuts
    // stderr at the first of them, so the lists are kept here, once.
    static let uncaughtExceptionMarker = "*** Terminating app due to uncaught exception"
    static let trapMarkers: [(String, CrashReport.Kind)] = [
        ("Fatal error: ", .fatalError), ("Precondition failed", .precondition), ("Assertion failed", .assertion)
    ]
    static let failedCastMarker = "Could not cast value of type"
    /// The runtime's words when an allocation failed under the address-space limit.
    static let memoryExhaustionMarkers = [
        "Could not allocate memory", "failed to allocate", "std::bad_alloc", "Cannot allocate memory", "out of memory"
    ]

    /// `knownFiles` are the learner's file names; a runtime location in one of them (the runtime
    /// prints `Module/File.swift:LINE:` or a path) is kept, locations in the standard library are not.
    static func parse(stderr: String, termination: Termination, knownFiles: Set<String>) -> CrashReport? {
        let signal: Int32?
        switch termination {
        case .signaled(let number): signal = number
        case .exited(let code) where code != 0: signal = nil
        default: return nil
        }
        let lines = stderr.split(separator: "\n").map(String.init)

        if let line = lines.first(where: { $0.contains(uncaughtExceptionMarker) }) {
            let name = between(line, "exception '", "'")
            let reason = between(line, "reason: '", "'", last: true) ?? line
            return CrashReport(kind: .uikitException, message: reason, exceptionName: name, signal: signal)
        }
        for (marker, kind) in trapMarkers {
            guard let line = lines.first(where: { $0.contains(marker) }) else { continue }
            let range = line.range(of: marker)!
            var message = String(line[range.upperBound...])
            if message.hasPrefix(": ") { message.removeFirst(2) }
            if kind == .fatalError, message.hasPrefix("Unexpectedly found nil while") {
                return CrashReport(
                    kind: .forceUnwrapNil, message: message,
                    location: location(in: String(line[..<range.lowerBound]), knownFiles: knownFiles), signal: signal)
            }
            return CrashReport(
                kind: kind, message: message.trimmingCharacters(in: .whitespaces),
                location: location(in: String(line[..<range.lowerBound]), knownFiles: knownFiles), signal: signal)
        }
        if let line = lines.first(where: { $0.contains(failedCastMarker) }) {
            let message = String(line[line.range(of: failedCastMarker)!.lowerBound...])
            return CrashReport(kind: .failedCast, message: iOSTypeNames(message), signal: signal)
        }
        guard let signal else { return nil }
        switch signal {
        case SIGSEGV, SIGBUS:
            // Swift code without unsafe pointers faults this way almost only on stack overflow.
            return CrashReport(kind: .stackOverflow, message: CrashReport.segmentationFaultMessage, signal: signal)
        case SIGILL, SIGTRAP:
            return CrashReport(kind: .other, message: CrashReport.trappedMessage, signal: signal)
        case SIGABRT:
            return CrashReport(kind: .other, message: CrashReport.abortedMessage, signal: signal)
        default:
            return CrashReport(kind: .other, message: CrashReport.terminatedMessage(signal: signal), signal: signal)
        }
    }

    /// `SegueLabApp/Exercise.swift:12: ` or `/path/Exercise.swift:12: ` → Exercise.swift:12.
    static func location(in prefix: String, knownFiles: Set<String>) -> SourceLocation? {
        let trimmed = prefix.trimmingCharacters(in: CharacterSet(charactersIn: ": "))
        guard let colon = trimmed.lastIndex(of: ":"), let line = Int(trimmed[trimmed.index(after: colon)...]) else {
            return nil
        }
        let path = String(trimmed[..<colon])
        if knownFiles.contains(path) { return SourceLocation(file: path, line: line) }
        let last = (path as NSString).lastPathComponent
        guard knownFiles.contains(last) else { return nil }
        return SourceLocation(file: last, line: line)
    }

    /// The runtime names SegueKit's classes `SegueKit.UINavigationController`; on iOS they are
    /// Objective-C classes, printed without a module (`UINavigationController`).
    static func iOSTypeNames(_ text: String) -> String {
        text.replacingOccurrences(of: #"(?<=['<(, ])SegueKit\."#, with: "", options: .regularExpression)
    }

    private static func between(_ text: String, _ start: String, _ end: String, last: Bool = false) -> String? {
        guard let lower = text.range(of: start)?.upperBound else { return nil }
        let rest = text[lower...]
        guard let upper = (last ? rest.range(of: end, options: .backwards) : rest.range(of: end))?.lowerBound else {
            return nil
        }
        return String(rest[..<upper])
    }

    static func looksLikeMemoryExhaustion(_ stderr: String) -> Bool {
        memoryExhaustionMarkers.contains { stderr.contains($0) }
    }
}

extension CrashReport {
    /// The Playground's own words for a crash the runtime said nothing about (a signal alone),
    /// which LessonKit says in the learner's language (`CrashWording.message(_:catalog:)`).
    package static let trappedMessage = "Trapped (a failed check; in -O builds messages are dropped)"
    package static let segmentationFaultMessage = "Segmentation fault (likely unbounded recursion)"
    package static let abortedMessage = "Aborted"
    static let terminatedPrefix = "Terminated by signal "
    package static func terminatedMessage(signal: Int32) -> String { terminatedPrefix + String(signal) }
    /// The signal of a `terminatedMessage`, nil for any other message.
    package static func terminatingSignal(in message: String) -> Int32? {
        message.hasPrefix(terminatedPrefix) ? Int32(message.dropFirst(terminatedPrefix.count)) : nil
    }
}
