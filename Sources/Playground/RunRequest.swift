import Foundation

/// One Swift source file handed to the playground.
public struct SourceFile: Sendable, Hashable {
    /// Who wrote the file: the learner sees diagnostics and crash locations in their own files;
    /// hidden files (a lesson's prelude or harness) are compiled alongside but never shown as theirs.
    public enum Origin: Sendable, Hashable {
        case learner
        case hidden
    }

    /// A file name such as `Exercise.swift`; used in diagnostics and crash locations.
    public var name: String
    public var text: String
    public var origin: Origin

    public init(name: String, text: String, origin: Origin = .learner) {
        self.name = name
        self.text = text
        self.origin = origin
    }
}

/// Resource limits for the learner's program (not the compiler).
public struct Limits: Sendable, Hashable {
    /// Wall-clock time for the program to run, in seconds.
    public var timeout: Double
    /// Bytes of stdout plus stderr kept; past this the program is stopped.
    public var outputBytes: Int
    /// Address-space limit (RLIMIT_AS) in bytes; `nil` for none.
    public var memoryBytes: Int?
    /// Largest file the program may write (RLIMIT_FSIZE) in bytes; `nil` for none.
    public var fileBytes: Int?

    public init(timeout: Double = 5, outputBytes: Int = 1 << 20, memoryBytes: Int? = 1 << 30, fileBytes: Int? = 64 << 20) {
        self.timeout = timeout
        self.outputBytes = outputBytes
        self.memoryBytes = memoryBytes
        self.fileBytes = fileBytes
    }

    public static let standard = Limits()
}

public enum SwiftLanguageMode: String, Sendable, Hashable, CaseIterable {
    case swift5 = "5"
    case swift6 = "6"
}

public enum Optimization: String, Sendable, Hashable, CaseIterable {
    /// `-Onone`: assertions and preconditions both checked, with messages.
    case debug
    /// `-O`: assertions removed, preconditions trap without their message.
    case release
}

/// What to compile and how to run it.
public struct RunRequest: Sendable {
    public var sources: [SourceFile]
    /// Searched for `NAME.storyboard` (becomes `SEGUEKIT_STORYBOARD_PATH`).
    public var storyboardDirectories: [URL]
    public var limits: Limits
    public var swiftLanguageMode: SwiftLanguageMode
    public var optimization: Optimization
    public var arguments: [String]
    /// Added to the program's environment (over the host's).
    public var environment: [String: String]
    /// Record SegueKit's navigation trace (sets `SEGUEKIT_TRACE_FILE`).
    public var collectTrace: Bool
    /// Every source goes into `main.swift` in order, declarations included (the REPL's history).
    var joinsAllSourcesIntoMain = false
    /// Folders the program may write in besides its own (where the kernel confines writes).
    var writableDirectories: [URL] = []

    public init(
        sources: [SourceFile],
        storyboardDirectories: [URL] = [],
        limits: Limits = .standard,
        swiftLanguageMode: SwiftLanguageMode = .swift5,
        optimization: Optimization = .debug,
        arguments: [String] = [],
        environment: [String: String] = [:],
        collectTrace: Bool = true
    ) {
        self.sources = sources
        self.storyboardDirectories = storyboardDirectories
        self.limits = limits
        self.swiftLanguageMode = swiftLanguageMode
        self.optimization = optimization
        self.arguments = arguments
        self.environment = environment
        self.collectTrace = collectTrace
    }
}
