import Foundation

/// Compiles and runs lesson code. LessonKit never compiles Swift itself: the Playground
/// is adapted to this protocol by the executable, and tests use scripted runners.
public protocol CodeRunner: Sendable {
    /// Compile (and unless typecheckOnly, run) the program; hidden files are not shown to the learner.
    func run(_ program: LessonProgram) async throws -> ProgramOutcome
}

/// One Swift file of a program.
public struct ProgramSource: Sendable, Hashable {
    public var name: String
    public var text: String
    /// Hidden files (support code, prelude, harness) are never shown to the learner.
    public var hidden: Bool

    public init(name: String, text: String, hidden: Bool) {
        self.name = name
        self.text = text
        self.hidden = hidden
    }
}

/// A program to compile and run: the learner's code plus whatever the lesson adds.
///
/// Top-level code must run in order (prelude, learner code, harness), and Swift allows
/// top-level statements only in `main.swift`; so LessonKit composes `main.swift` from
/// segments and records them in `segments` to map compiler positions back.
public struct LessonProgram: Sendable, Hashable {
    /// A stretch of `main.swift` that came from one origin.
    public struct Segment: Sendable, Hashable {
        /// Name shown for this code (e.g. `exercise.swift`, `prelude`).
        public var name: String
        /// First line of the segment in `main.swift` (1-based).
        public var firstLine: Int
        public var lineCount: Int
        public var hidden: Bool
    }

    /// `main.swift` first, then support files. Exactly one source is named `main.swift`.
    public var sources: [ProgramSource]
    public var segments: [Segment]
    /// Directories searched for `NAME.storyboard` (absolute paths).
    public var storyboardDirectories: [URL]
    /// 5 or 6.
    public var swiftLanguageMode: Int
    public var optimization: OptimizationMode
    /// Only type-check (compiler exercises): nothing is run.
    public var typecheckOnly: Bool

    public init(sources: [ProgramSource], segments: [Segment] = [], storyboardDirectories: [URL] = [],
                swiftLanguageMode: Int = 5, optimization: OptimizationMode = .debug, typecheckOnly: Bool = false) {
        self.sources = sources
        self.segments = segments
        self.storyboardDirectories = storyboardDirectories
        self.swiftLanguageMode = swiftLanguageMode
        self.optimization = optimization
        self.typecheckOnly = typecheckOnly
    }

    /// Maps a `main.swift` line to the segment it came from and the line within it.
    public func locate(mainLine line: Int) -> (segment: Segment, line: Int)? {
        guard let segment = segments.first(where: { line >= $0.firstLine && line < $0.firstLine + $0.lineCount }) else {
            return nil
        }
        return (segment, line - segment.firstLine + 1)
    }
}

/// A compiler message.
public struct CompilerDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable { case error, warning, note }

    public var file: String
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String
    /// True when the position is in code the learner cannot see (prelude, harness, support).
    public var inHiddenCode: Bool

    public init(file: String, line: Int, column: Int, severity: Severity, message: String, inHiddenCode: Bool = false) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.inHiddenCode = inHiddenCode
    }

    public var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}

/// How the program ended.
public enum Termination: Sendable, Hashable {
    /// Not run: it did not compile, or only type-checking was asked.
    case notRun
    case exited(Int32)
    /// An uncaught UIKit exception (`kind` is e.g. `NSInvalidArgumentException`), a Swift
    /// runtime trap (`kind` "fatal error") or a signal (`kind` e.g. "SIGSEGV").
    case crashed(kind: String, message: String)
    /// Stopped by a limit (time, output or memory) or Ctrl-C; `reason` says which, in the
    /// learner's words ("the program ran longer than its time limit of 5 s").
    case stopped(reason: String)
}

/// One navigation event of the learner's program.
///
/// Mirrors what LessonKit needs of SegueKit's `TraceEvent`; the executable maps one onto the
/// other (kind names as SegueKit writes them: `perform`, `push`, `present`, `unwind`, …).
public struct NavigationEvent: Sendable, Hashable, Codable {
    public var kind: String
    public var segueIdentifier: String?
    /// Class of the source view controller (module prefix allowed).
    public var source: String?
    public var destination: String?
    /// Observed values, e.g. destination properties set in `prepare(for:sender:)`.
    public var properties: [String: String]

    public init(kind: String, segueIdentifier: String? = nil, source: String? = nil,
                destination: String? = nil, properties: [String: String] = [:]) {
        self.kind = kind
        self.segueIdentifier = segueIdentifier
        self.source = source
        self.destination = destination
        self.properties = properties
    }
}

extension NavigationEvent {
    /// Events that move the learner between screens, or stop the app; launching it
    /// (instantiating the first controller, loading its view) is the same in every program.
    public static let transitionKinds: Set<String> = [
        "shouldPerform", "prepare", "perform", "push", "pop", "present", "dismiss", "showDetail", "warning", "note",
        "show", "embed", "unwind", "unwindAction", "setStack", "selectTab", "exception",
    ]

    public var isTransition: Bool { Self.transitionKinds.contains(kind) }
}

/// What was on screen when the program ended (from SegueKit's final snapshot).
public struct EndState: Sendable, Hashable {
    /// Class of the top view controller of the (front-most) navigation stack.
    public var topOfStack: String?
    /// Classes of presented view controllers, outermost first.
    public var presented: [String]
    /// Class of the window's root view controller.
    public var root: String?

    public init(topOfStack: String? = nil, presented: [String] = [], root: String? = nil) {
        self.topOfStack = topOfStack
        self.presented = presented
        self.root = root
    }

    /// The class the learner sees: the last presented controller, else the stack's top, else the root.
    public var visible: String? { presented.last ?? topOfStack ?? root }
}

/// The result of compiling and possibly running a `LessonProgram`.
public struct ProgramOutcome: Sendable, Hashable {
    public var compiled: Bool
    public var diagnostics: [CompilerDiagnostic]
    public var termination: Termination
    public var stdout: String
    public var stderr: String
    public var trace: [NavigationEvent]
    public var endState: EndState?

    public init(compiled: Bool, diagnostics: [CompilerDiagnostic] = [], termination: Termination = .notRun,
                stdout: String = "", stderr: String = "", trace: [NavigationEvent] = [], endState: EndState? = nil) {
        self.compiled = compiled
        self.diagnostics = diagnostics
        self.termination = termination
        self.stdout = stdout
        self.stderr = stderr
        self.trace = trace
        self.endState = endState
    }

    /// Compiler errors only.
    public var errors: [CompilerDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Standard output as the learner should see it: harness `CHECK` lines removed.
    public var learnerStdout: String { HarnessProtocol.strippingVerdicts(from: stdout) }
}
