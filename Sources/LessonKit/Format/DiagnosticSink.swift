import Foundation
import Playground
import SourceText

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
