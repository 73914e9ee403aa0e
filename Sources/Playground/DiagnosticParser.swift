import Foundation
import SourceText

/// the source line, a caret line and optional fix-it lines).
struct DiagnosticParser {
    /// Maps a file name as the compiler printed it to a learner-visible name, or nil to drop
    /// the diagnostic's location (hidden files).
    var resolveFile: (String) -> SourceFile?

    func parse(_ output: String) -> [Diagnostic] {
        var result: [Diagnostic] = []
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard let header = Self.parseHeader(lines[index]) else { continue }
            var diagnostic: Diagnostic
            if let source = resolveFile(header.file) {
                let sourceLines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
                let text =
                    header.line >= 1 && header.line <= sourceLines.count ? String(sourceLines[header.line - 1]) : nil
                if source.origin == .hidden {
                    diagnostic = Diagnostic(
                        file: source.name, line: header.line, column: header.column,
                        severity: header.severity, message: header.message, inHiddenCode: true)
                } else {
                    diagnostic = Diagnostic(
                        file: source.name, line: header.line, column: header.column,
                        severity: header.severity, message: header.message, sourceLine: text)
                }
            } else {
                diagnostic = Diagnostic(
                    file: header.file, line: header.line, column: header.column,
                    severity: header.severity, message: header.message)
            }
            // Fix-it lines follow the caret line in LLVM style; they are indented text that is
            // neither a header nor blank.
            var next = index + 1
            if next < lines.count, Self.parseHeader(lines[next]) == nil, !lines[next].isEmpty { next += 1 }  // source
            if next < lines.count, lines[next].contains("^"), Self.parseHeader(lines[next]) == nil {
                next += 1
                var fixIts: [Diagnostic.FixIt] = []
                while next < lines.count, Self.parseHeader(lines[next]) == nil,
                    !lines[next].trimmingCharacters(in: .whitespaces).isEmpty,
                    lines[next].hasPrefix(" ")
                {
                    fixIts.append(.init(text: lines[next].trimmingCharacters(in: .whitespaces)))
                    next += 1
                }
                if !fixIts.isEmpty, diagnostic.sourceLine != nil { diagnostic.fixIts = fixIts }
                index = next - 1
            }
            result.append(diagnostic)
        }
        return result
    }

    struct Header {
        var file: String
        var line: Int
        var column: Int
        var severity: Diagnostic.Severity
        var message: String
    }

    /// `path:line:col: error: message` or `<unknown>:0: error: message` or `error: message`.
    static func parseHeader(_ line: String) -> Header? {
        for severity in [Diagnostic.Severity.error, .warning, .note, .remark] {
            let marker = ": \(severity.rawValue): "
            if line.hasPrefix("\(severity.rawValue): ") {
                return Header(
                    file: "", line: 0, column: 0, severity: severity,
                    message: String(line.dropFirst(severity.rawValue.count + 2)))
            }
            guard let range = line.range(of: marker) else { continue }
            let location = line[..<range.lowerBound]
            let message = String(line[range.upperBound...])
            let parts = location.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 3, let lineNumber = Int(parts[parts.count - 2]),
                let column = Int(parts[parts.count - 1])
            else {
                if parts.count >= 2, let lineNumber = Int(parts[parts.count - 1]) {
                    return Header(
                        file: parts.dropLast().joined(separator: ":"), line: lineNumber, column: 0,
                        severity: severity, message: message)
                }
                continue
            }
            return Header(
                file: parts.dropLast(2).joined(separator: ":"), line: lineNumber, column: column,
                severity: severity, message: message)
        }
        return nil
    }
}
