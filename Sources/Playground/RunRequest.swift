import Foundation

/// One Swift source file handed to the playground.
package struct SourceFile: Sendable, Hashable {
    /// Who wrote the file: the learner sees diagnostics and crash locations in their own files;
    /// hidden files (a lesson's prelude or harness) are compiled alongside but never shown as theirs.
    package enum Origin: Sendable, Hashable {
        case learner
        case hidden
    }

    /// A file name such as `Exercise.swift`; used in diagnostics and crash locations.
    package var name: String
    package var text: String
    package var origin: Origin
    /// Part of the program's top-level code: joined into `main.swift` in request order even when
    /// it holds only declarations (a lesson's prelude must run before the learner's code, and
    /// the REPL's history before its entry).
    package var topLevel: Bool
    /// Shared by many programs unchanged (a pack's support code): compiled once into objects of
    /// the program's module, cached by their text (`SharedObjectCache`), and only read by the
    /// compiler of each program that uses them. Ignored for a file that is part of top-level code.
    package var shared: Bool

    package init(name: String, text: String, origin: Origin = .learner, topLevel: Bool = false, shared: Bool = false) {
        self.name = name
        self.text = text
        self.origin = origin
        self.topLevel = topLevel
        self.shared = shared
    }
}

/// Resource limits for the learner's program (not the compiler).
package struct Limits: Sendable, Hashable {
    /// Wall-clock time for the program to run, in seconds.
    package var timeout: Double
    /// Bytes of stdout plus stderr kept; past this the program is stopped.
    package var outputBytes: Int
    /// Address-space limit (RLIMIT_AS) in bytes; `nil` for none.
    package var memoryBytes: Int?
    /// Largest file the program may write (RLIMIT_FSIZE) in bytes; `nil` for none.
    package var fileBytes: Int?
    /// What the program may write in its folder, all its files together, in bytes; `nil` for none.
    package var folderBytes: Int?

    package init(
        timeout: Double = 5, outputBytes: Int = 1 << 20, memoryBytes: Int? = 1 << 30, fileBytes: Int? = 64 << 20,
        folderBytes: Int? = 256 << 20
    ) {
        self.timeout = timeout
        self.outputBytes = outputBytes
        self.memoryBytes = memoryBytes
        self.fileBytes = fileBytes
        self.folderBytes = folderBytes
    }

    package static let standard = Limits()
}

package enum SwiftLanguageMode: String, Sendable, Hashable, CaseIterable, Codable {
    case swift5 = "5"
    case swift6 = "6"
}

package enum Optimization: String, Sendable, Hashable, CaseIterable, Codable {
    /// `-Onone`: assertions and preconditions both checked, with messages.
    case debug
    /// `-O`: assertions removed, preconditions trap without their message.
    case release
}

/// The device a program runs on (`SEGUEKIT_DEVICE`): on an iPhone, in compact width, split
/// view controllers collapse and popovers and form sheets adapt to full screen.
package enum DeviceIdiom: String, Sendable, Hashable, CaseIterable, Codable {
    case iphone, ipad

    /// SegueKit's variable for it.
    package static let variable = "SEGUEKIT_DEVICE"

    /// The idiom named on a command line or in a step (`iphone`, `iPad`...).
    package init?(name: String) {
        self.init(rawValue: name.lowercased())
    }
}

/// What to compile and how to run it.
package struct RunRequest: Sendable {
    package var sources: [SourceFile]
    /// Searched for `NAME.storyboard` (becomes `SEGUEKIT_STORYBOARD_PATH`).
    package var storyboardDirectories: [URL]
    /// What the program may use; nil runs it under the Playground's own limits.
    package var limits: Limits?
    package var swiftLanguageMode: SwiftLanguageMode
    package var optimization: Optimization
    package var arguments: [String]
    /// Added to the program's environment (over the host's).
    package var environment: [String: String]
    /// Record SegueKit's navigation trace (sets `SEGUEKIT_TRACE_FILE`).
    package var collectTrace: Bool
    /// Only type-check (compiler exercises): the result has the compiler's verdict and nothing ran.
    package var typecheckOnly: Bool
    /// Folders the program may write in besides its own (where the kernel confines writes).
    package var writableDirectories: [URL] = []
    /// The device to run on; nil runs as SegueKit does by default (an iPad).
    package var device: DeviceIdiom?

    package init(
        sources: [SourceFile],
        storyboardDirectories: [URL] = [],
        limits: Limits? = nil,
        swiftLanguageMode: SwiftLanguageMode = .swift5,
        optimization: Optimization = .debug,
        arguments: [String] = [],
        environment: [String: String] = [:],
        collectTrace: Bool = true,
        typecheckOnly: Bool = false
    ) {
        self.sources = sources
        self.storyboardDirectories = storyboardDirectories
        self.limits = limits
        self.swiftLanguageMode = swiftLanguageMode
        self.optimization = optimization
        self.arguments = arguments
        self.environment = environment
        self.collectTrace = collectTrace
        self.typecheckOnly = typecheckOnly
    }
}

/// Compiles and runs a request: the `Playground`, or a scripted stand-in where no compiler should run.
package protocol ProgramRunner: Sendable {
    func run(_ request: RunRequest) async throws -> RunResult
}
