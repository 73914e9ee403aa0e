import Foundation
import SourceText

/// The compiler's verdict.
package enum CompileOutcome: Sendable, Hashable {
    case succeeded(warnings: [Diagnostic])
    case failed([Diagnostic])

    package var succeeded: Bool {
        if case .succeeded = self { return true }
        return false
    }

    /// Every diagnostic, errors and warnings alike, in compiler order.
    package var diagnostics: [Diagnostic] {
        switch self {
        case .succeeded(let warnings): return warnings
        case .failed(let all): return all
        }
    }

    package var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// How the learner's program ended.
package enum Termination: Sendable, Hashable {
    case exited(Int32)
    case signaled(Int32)
    case timedOut
    /// Still stopped by a signal (SIGSTOP, SIGTSTP) at its time limit.
    case suspended
    case memoryLimit
    /// It wrote a file larger than its limit (SIGXFSZ).
    case fileSizeLimit
    /// Its files together passed the folder limit.
    case folderLimit
    case outputCapped
    case interrupted
    /// The program never ran (the compile failed).
    case notRun

    /// The exit status a shell would report for this ending.
    package var exitStatus: Int32 {
        switch self {
        case .exited(let code): return code
        case .signaled(let signal): return 128 + signal
        case .timedOut, .suspended: return 124
        case .memoryLimit: return 137
        case .fileSizeLimit, .folderLimit: return 128 + SIGXFSZ
        case .outputCapped: return 141
        case .interrupted: return 130
        case .notRun: return 1
        }
    }
}

/// A crash, named for what it is.
package struct CrashReport: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
        case fatalError
        case precondition
        case assertion
        case forceUnwrapNil
        case failedCast
        case uikitException
        case stackOverflow
        case other
    }

    package var kind: Kind
    /// The runtime's own words, e.g. `Unexpectedly found nil while unwrapping an Optional value`.
    package var message: String
    /// The learner's file and line when the runtime reported one inside learner code.
    package var location: SourceLocation?
    /// For UIKit exceptions: `NSInvalidArgumentException` and the like.
    package var exceptionName: String?
    package var signal: Int32?

    package init(
        kind: Kind, message: String, location: SourceLocation? = nil, exceptionName: String? = nil, signal: Int32? = nil
    ) {
        self.kind = kind
        self.message = message
        self.location = location
        self.exceptionName = exceptionName
        self.signal = signal
    }

    /// One line for the learner: `Crash (force-unwrap of nil) at Exercise.swift:4: Unexpectedly found nil ...`.
    package var summary: String {
        // `.other` has no name of its own: its message says what happened ("Trapped …").
        var text = kind == .other ? "Crash" : "Crash (\(kind.readableName))"
        if let location { text += " at \(location)" }
        if !message.isEmpty { text += ": \(message)" }
        return text
    }
}

extension CrashReport.Kind {
    package var readableName: String {
        switch self {
        case .fatalError: return "fatal error"
        case .precondition: return "precondition failure"
        case .assertion: return "assertion failure"
        case .forceUnwrapNil: return "force-unwrap of nil"
        case .failedCast: return "failed cast"
        case .uikitException: return "uncaught UIKit exception"
        case .stackOverflow: return "stack overflow"
        case .other: return "crash"
        }
    }
}

/// Where the time went, in seconds.
package struct Timings: Sendable, Hashable {
    /// Building SegueKit into the cache (zero when the cache was warm).
    package var prepare: Double = 0
    package var compile: Double = 0
    package var run: Double = 0
    package var total: Double { prepare + compile + run }

    /// `time: compile 0.512 s, run 2.004 s, total 2.516 s`, as `--timings` prints it.
    package var summary: String {
        String(format: "time: compile %.3f s, run %.3f s, total %.3f s", compile, run, total)
    }

    package init(prepare: Double = 0, compile: Double = 0, run: Double = 0) {
        self.prepare = prepare
        self.compile = compile
        self.run = run
    }
}

/// A piece of a program's output from one stream.
package struct OutputRun: Sendable, Hashable {
    package var isError: Bool
    package var text: String

    package init(isError: Bool, text: String) {
        self.isError = isError
        self.text = text
    }
}

package struct RunResult: Sendable, Hashable {
    package var compile: CompileOutcome
    package var termination: Termination
    package var stdout: String
    package var stderr: String
    /// SegueKit's trace, one JSON object per line, as the program wrote it.
    package var traceLines: [String]
    package var crash: CrashReport?
    /// The compiler's output exactly as printed (diagnostics in LLVM style).
    package var fullCompilerOutput: String
    package var timings: Timings
    /// The limits the program ran under (to say which one stopped it).
    package var limits: Limits
    /// The program's output as it wrote it: runs of stdout and stderr in the order they came.
    package var interleaved: [OutputRun] = []

    package init(
        compile: CompileOutcome, termination: Termination, stdout: String = "", stderr: String = "",
        traceLines: [String] = [], crash: CrashReport? = nil, fullCompilerOutput: String = "",
        timings: Timings = Timings(),
        limits: Limits = .standard
    ) {
        self.limits = limits
        self.compile = compile
        self.termination = termination
        self.stdout = stdout
        self.stderr = stderr
        self.traceLines = traceLines
        self.crash = crash
        self.fullCompilerOutput = fullCompilerOutput
        self.timings = timings
    }

    /// `interleaved`, with stderr cut where `programErrorOutput` ends (the runtime's crash
    /// report is summarised on its own): what to show, in order, where both streams meet.
    package var programOutputInOrder: [OutputRun] {
        guard !interleaved.isEmpty else {
            return [OutputRun(isError: false, text: stdout), OutputRun(isError: true, text: programErrorOutput)]
        }
        var errorBudget = programErrorOutput.utf8.count
        return interleaved.compactMap { run in
            guard run.isError else { return run }
            let text = String(decoding: run.text.utf8.prefix(errorBudget), as: UTF8.self)
            errorBudget -= min(errorBudget, run.text.utf8.count)
            return text.isEmpty ? nil : OutputRun(isError: true, text: text)
        }
    }

    /// True when the program compiled and exited with status 0.
    package var succeeded: Bool { compile.succeeded && termination == .exited(0) }
}

extension [OutputRun] {
    /// The runs without the first `outputBytes` bytes of stdout and `errorBytes` of stderr
    /// (what came before a point both streams marked).
    package func dropping(outputBytes: Int, errorBytes: Int) -> [OutputRun] {
        var skip = (out: outputBytes, err: errorBytes)
        return compactMap { run in
            let budget = run.isError ? skip.err : skip.out
            let cut = Swift.min(budget, run.text.utf8.count)
            if run.isError { skip.err -= cut } else { skip.out -= cut }
            let rest = String(decoding: run.text.utf8.dropFirst(cut), as: UTF8.self)
            return rest.isEmpty ? nil : OutputRun(isError: run.isError, text: rest)
        }
    }
}
