import Foundation

/// A position in a pack file: 1-based line and column, like a compiler's.
public struct SourceLocation: Hashable, Sendable, Codable {
    /// Path as the author should see it (relative to the pack folder's parent when possible).
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// One problem found in a pack, printed as `file:line:col: severity: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case error, warning, note

        private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    public var severity: Severity
    public var location: SourceLocation?
    public var message: String

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    public var description: String {
        guard let location else { return "\(severity.rawValue): \(message)" }
        return "\(location.file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}

extension Array where Element == Diagnostic {
    /// True when at least one diagnostic is an error (warnings do not fail a pack).
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Diagnostics ordered by file, then position, so output reads like a compiler's.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            let la = a.element.location, lb = b.element.location
            if la?.file != lb?.file { return (la?.file ?? "") < (lb?.file ?? "") }
            if la?.line != lb?.line { return (la?.line ?? 0) < (lb?.line ?? 0) }
            if la?.column != lb?.column { return (la?.column ?? 0) < (lb?.column ?? 0) }
            return a.offset < b.offset
        }.map(\.element)
    }
}

/// Collects diagnostics while a file is parsed; parsing goes on after an error so the
/// author sees every problem at once.
final class DiagnosticSink {
    private(set) var diagnostics: [Diagnostic] = []

    func error(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.error, message, at: location))
    }

    func warning(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.warning, message, at: location))
    }

    func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }
}
