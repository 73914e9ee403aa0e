import Foundation
import SourceText
import SwiftParser
import SwiftSyntax

/// The `swift` prompt's engine, a REPL: entries (declarations, statements, expressions) are entered one at
/// a time, each running in the context of everything accepted before it.
///
/// How: every entry compiles the accepted history plus the new entry as one program, in order,
/// and runs it. Just before the new entry the program calls a marker that prints a per-run token
/// on stdout and stderr and notes how many trace lines exist; only what comes after the marker is
/// shown. Earlier entries' side effects are therefore re-executed but never shown again, and
/// declarations naturally persist. An entry that does not compile, crashes or exceeds a limit is
/// rejected and not kept. A bare expression's value is shown REPL-style (`$R0: Int = 3`).
package actor SwiftREPL {
    package enum EntryKind: String, Sendable {
        case declaration, statement, expression
    }

    package struct Entry: Sendable, Equatable {
        package var text: String
        package var kind: EntryKind
        /// Shown through the value display (expressions); values are numbered `$R0, $R1…` at run
        /// time so entries of type `Void` take no number, like Swift's REPL.
        var showsValue: Bool { kind == .expression }
    }

    package struct Response: Sendable {
        package var accepted: Bool
        package var kind: EntryKind
        /// The entry's own part of the run: its diagnostics (on the entry's lines, file `entry`,
        /// and errors anywhere), what it printed (stdout, including an expression's
        /// `$R0: Int = 3` line, and stderr, in order), the trace events it caused, and how the
        /// run ended.
        package var run: RunResult
    }

    package static let entryFileName = "entry"

    private let playground: Playground
    package private(set) var entries: [Entry] = []
    package var prelude: [SourceFile]
    package var swiftLanguageMode: SwiftLanguageMode
    /// The entries' limits; nil uses the Playground's.
    package var limits: Limits?
    package var storyboardDirectories: [URL]
    /// The device the entries run on; nil runs as SegueKit's default.
    package var device: DeviceIdiom?

    package init(
        playground: Playground, prelude: [SourceFile] = [], swiftLanguageMode: SwiftLanguageMode = .swift5,
        limits: Limits? = nil, storyboardDirectories: [URL] = [], device: DeviceIdiom? = nil
    ) {
        self.device = device
        self.playground = playground
        self.prelude = prelude
        self.swiftLanguageMode = swiftLanguageMode
        self.limits = limits
        self.storyboardDirectories = storyboardDirectories
    }

    /// Classifies an entry with swift-syntax: all declarations, a lone expression, or statements.
    package nonisolated static func classify(_ text: String) -> EntryKind {
        let items = Parser.parse(source: text).statements
        if items.count == 1, case .expr(let expression) = items.first!.item, !Self.isAssignment(expression) {
            return .expression
        }
        if !items.isEmpty, items.allSatisfy({ if case .decl = $0.item { return true } else { return false } }) {
            return .declaration
        }
        return .statement
    }

    /// Declarations whose only effect is to exist: no stored global is initialised, nothing runs.
    nonisolated static func hasNoRuntimeEffect(_ text: String) -> Bool {
        let items = Parser.parse(source: text).statements
        return !items.isEmpty
            && items.allSatisfy { item in
                guard case .decl(let decl) = item.item else { return false }
                return decl.is(ClassDeclSyntax.self) || decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
                    || decl.is(ProtocolDeclSyntax.self) || decl.is(ExtensionDeclSyntax.self)
                    || decl.is(FunctionDeclSyntax.self)
                    || decl.is(TypeAliasDeclSyntax.self) || decl.is(ImportDeclSyntax.self)
                    || decl.is(ActorDeclSyntax.self)
                    || decl.is(OperatorDeclSyntax.self) || decl.is(PrecedenceGroupDeclSyntax.self)
            }
    }

    /// `a = b` and `a += b`: statements with no value to show. The parser leaves operator
    /// sequences unfolded, so look at the operators in the sequence.
    private nonisolated static func isAssignment(_ expression: ExprSyntax) -> Bool {
        let operators: [ExprSyntax]
        if let sequence = expression.as(SequenceExprSyntax.self) {
            operators = Array(sequence.elements)
        } else if let infix = expression.as(InfixOperatorExprSyntax.self) {
            operators = [infix.operator]
        } else {
            return false
        }
        return operators.contains { element in
            if element.is(AssignmentExprSyntax.self) { return true }
            guard let binary = element.as(BinaryOperatorExprSyntax.self) else { return false }
            return ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&+=", "&-=", "&*="].contains(
                binary.operator.text)
        }
    }

    /// Runs one entry in the context of the accepted ones; keeps it only if it compiles and runs cleanly.
    package func submit(_ text: String) async throws -> Response {
        let kind = Self.classify(text)
        let wrapPrefix = kind == .expression ? "\(Self.showFunction)(" : ""
        let entryText = kind == .expression ? wrapPrefix + text + "\n)" : text

        let token = "<<<seguelab-mark-\(UInt64.random(in: 0...UInt64.max))>>>"
        let work = try WorkDirectory()
        defer { work.remove() }
        let markFile = work.url.appendingPathComponent("trace-mark")
        let history = entries.map(\.display).joined(separator: "\n")
        var sources = [SourceFile(name: "seguelab_session.swift", text: Self.support, origin: .hidden)] + prelude
        // UIKit is imported for the learner, as in a lesson's code: `swift` mode is for UIKit
        // code. Joined into the entries' file (learner files are), where an import must be.
        sources.append(SourceFile(name: "imports", text: "import UIKit\n", origin: .learner))
        if !history.isEmpty { sources.append(SourceFile(name: "history", text: history, origin: .learner)) }
        sources.append(SourceFile(name: "mark", text: "\(Self.markFunction)(\"\(token)\")\n", origin: .hidden))
        sources.append(SourceFile(name: Self.entryFileName, text: entryText, origin: .learner))

        // History and entry run in order, declarations included.
        sources = sources.map {
            var source = $0
            source.topLevel = source.origin == .learner
            return source
        }
        var request = RunRequest(
            sources: sources, storyboardDirectories: storyboardDirectories, limits: limits,
            swiftLanguageMode: swiftLanguageMode,
            environment: ["SEGUELAB_TRACE_MARK": markFile.path])
        request.writableDirectories = [work.url]  // the mark file
        request.device = device
        let result: RunResult
        if Self.hasNoRuntimeEffect(text) {
            // Types, functions, imports: nothing to run, so type-checking is the whole verdict
            // (about a third of the cost of compiling, linking and running).
            let start = Date()
            let checked = try await playground.typecheck(request)
            let termination: Termination = checked.outcome.succeeded ? .exited(0) : .notRun
            result = RunResult(
                compile: checked.outcome, termination: termination, fullCompilerOutput: checked.output,
                timings: Timings(compile: Date().timeIntervalSince(start)),
                limits: limits ?? playground.limits)
        } else {
            result = try await playground.run(request)
        }

        let diagnostics = result.compile.diagnostics.map {
            Self.unwrap($0, original: text, prefixLength: wrapPrefix.count)
        }
        .filter { $0.file == Self.entryFileName || $0.severity == .error }
        var entryRun = result
        entryRun.compile = result.compile.succeeded ? .succeeded(warnings: diagnostics) : .failed(diagnostics)
        entryRun.stdout = Self.after(token, in: result.stdout)
        entryRun.stderr = Self.after(token, in: result.stderr)
        entryRun.interleaved = result.programOutputInOrder.dropping(
            outputBytes: Self.end(of: token, in: result.stdout),
            errorBytes: Self.end(of: token, in: result.programErrorOutput))
        let traceStart = (try? String(contentsOf: markFile, encoding: .utf8)).flatMap { Int($0) } ?? 0
        entryRun.traceLines = Array(result.traceLines.dropFirst(traceStart))
        let accepted = result.compile.succeeded && result.termination == .exited(0)
        if accepted { entries.append(Entry(text: text, kind: kind)) }
        return Response(accepted: accepted, kind: kind, run: entryRun)
    }

    /// `:list` — the accepted entries, in order.
    package func list() -> [String] { entries.map(\.text) }

    /// `:undo` — forgets the last accepted entry and returns it.
    @discardableResult
    package func undo() -> String? { entries.popLast()?.text }

    /// `:reset` — forgets every entry.
    package func reset() { entries.removeAll() }

    /// `:save FILE` — writes the accepted entries as a Swift file that `seguelab run` can run.
    package func save(to url: URL) throws {
        // UIKit is implied in the session, as in lessons; a file on its own must say it.
        let importsUIKit = entries.contains {
            $0.text.range(of: #"(?m)^\s*import\s+UIKit\b"#, options: .regularExpression) != nil
        }
        let text = (importsUIKit ? "" : "import UIKit\n\n") + entries.map(\.text).joined(separator: "\n") + "\n"
        try AtomicFile.write(Data(text.utf8), to: url)
    }

    // MARK: - Program pieces

    static let showFunction = "__seguelabShow"
    static let markFunction = "__seguelabMark"

    /// Marker and value display, with no Foundation import (keeps each compile fast).
    static let support =
        BuildLayout.platformImports + """

            func \(markFunction)(_ token: String) {
                fflush(stdout)
                fputs(token + "\\n", stdout)
                fflush(stdout)
                fputs(token + "\\n", stderr)
                guard let tracePath = getenv("SEGUEKIT_TRACE_FILE"), let markPath = getenv("SEGUELAB_TRACE_MARK") else { return }
                var lines = 0
                if let trace = fopen(tracePath, "r") {
                    while true {
                        let c = getc(trace)
                        if c == EOF { break }
                        if c == 10 { lines += 1 }
                    }
                    fclose(trace)
                }
                if let mark = fopen(markPath, "w") {
                    fputs(String(lines), mark)
                    fclose(mark)
                }
            }

            nonisolated(unsafe) var __seguelabResultCount = 0

            func \(showFunction)<T>(_ value: T) {
                print("$R\\(__seguelabResultCount): \\(type(of: value)) = \\(String(reflecting: value))")
                __seguelabResultCount += 1
            }

            func \(showFunction)(_ value: Void) {}

            """

    /// How many bytes of `text` come up to the end of the token's line (all of them without it).
    private static func end(of token: String, in text: String) -> Int {
        guard let range = text.range(of: token + "\n") else { return Int.max }
        return text.utf8.distance(from: text.startIndex, to: range.upperBound)
    }

    private static func after(_ token: String, in text: String) -> String {
        String(decoding: text.utf8.dropFirst(end(of: token, in: text)), as: UTF8.self)
    }

    /// Puts a diagnostic back on the learner's text when the entry was wrapped for display.
    private static func unwrap(_ diagnostic: Diagnostic, original: String, prefixLength: Int) -> Diagnostic {
        guard diagnostic.file == entryFileName else { return diagnostic }
        var fixed = diagnostic
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false)
        if fixed.line == 1 { fixed.column = max(1, fixed.column - prefixLength) }
        fixed.line = min(fixed.line, lines.count)
        fixed.sourceLine = fixed.line >= 1 ? String(lines[fixed.line - 1]) : nil
        fixed.fixIts = nil
        return fixed
    }
}

extension SwiftREPL.Entry {
    /// The entry as it replays in history: expressions keep their display call so `$R` numbering
    /// and side effects match what the learner saw.
    var display: String {
        guard showsValue else { return text }
        return "\(SwiftREPL.showFunction)(\(text)\n)"
    }
}
