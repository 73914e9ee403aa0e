import Foundation
import SourceText

/// Compiles and runs Swift against SegueKit with the installed toolchain.
///
/// ```swift
/// let playground = try Playground()
/// let result = try await playground.run(RunRequest(sources: [SourceFile(name: "Main.swift", text: code)]))
/// ```
/// The first call compiles SegueKit into the cache (announced through `progress`); later calls
/// compile only the request's sources. Cancelling the calling task stops the program and
/// everything it started (its whole session).
package actor Playground {
    package struct Configuration: Sendable {
        package var swiftc: String?
        package var segueKitSources: URL?
        package var cacheRoot: URL?
        /// `prlimit(1)`, used to apply the memory limit before the program starts.
        package var prlimit: String?

        package init(swiftc: String? = nil, segueKitSources: URL? = nil, cacheRoot: URL? = nil, prlimit: String? = nil)
        {
            self.swiftc = swiftc
            self.segueKitSources = segueKitSources
            self.cacheRoot = cacheRoot
            self.prlimit = prlimit
        }
    }

    package let configuration: Configuration
    /// What a program may use when its request does not say (`RunRequest.limits`).
    package nonisolated let limits: Limits
    private let progress: @Sendable (BuildProgress) -> Void
    private var prepared: (toolchain: Toolchain, build: SegueKitCache.Build)?
    private var preparedFingerprintCheck = Date.distantPast
    private var preparing: Task<Ready, Error>?
    /// The objects of shared files (a pack's support code), compiled once per content.
    private let sharedObjects: SharedObjectCache

    /// Resolves swiftc, SegueKit's sources and the cache directory now (cheap, no compiling).
    package init(
        configuration: Configuration = Configuration(), limits: Limits = .standard,
        progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }
    ) throws {
        var resolved = configuration
        resolved.swiftc = try configuration.swiftc ?? Toolchain.locateSwiftc()
        resolved.segueKitSources = try configuration.segueKitSources ?? SegueKitCache.locateSources()
        resolved.cacheRoot = configuration.cacheRoot ?? SegueKitCache.defaultCacheRoot()
        resolved.prlimit = configuration.prlimit ?? Self.locatePrlimit()
        self.configuration = resolved
        sharedObjects = SharedObjectCache(root: resolved.cacheRoot!.appendingPathComponent("support"))
        self.limits = limits
        self.progress = progress
    }

    private static func locatePrlimit() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") + ["/usr/bin", "/bin"] {
            let candidate = "\(directory)/prlimit"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Makes sure SegueKit is compiled for this toolchain and these sources; returns true when
    /// it had to compile it now.
    @discardableResult
    package func prepare() async throws -> Bool {
        try await ready().build.builtNow
    }

    private typealias Ready = (toolchain: Toolchain, build: SegueKitCache.Build)

    /// The toolchain and SegueKit build to compile against. Sources are re-fingerprinted at most
    /// once a second; concurrent callers share one check (and one build).
    private func ready() async throws -> Ready {
        if let prepared, Date().timeIntervalSince(preparedFingerprintCheck) < 1 {
            return (prepared.toolchain, SegueKitCache.Build(directory: prepared.build.directory, builtNow: false))
        }
        let task: Task<Ready, Error>
        if let preparing {
            task = preparing
        } else {
            let configuration = configuration
            let progress = progress
            task = Task {
                let cacheRoot = configuration.cacheRoot!
                let toolchain = try await Toolchain.discover(swiftc: configuration.swiftc!, cacheRoot: cacheRoot)
                let cache = SegueKitCache(sourcesDirectory: configuration.segueKitSources!, cacheRoot: cacheRoot)
                return (toolchain, try await cache.prepare(toolchain: toolchain, progress: progress))
            }
            preparing = task
        }
        do {
            let ready = try await task.value
            prepared = ready
            preparedFingerprintCheck = Date()
            preparing = nil
            return ready
        } catch {
            preparing = nil
            throw error
        }
    }

    /// The directory holding the compiled SegueKit and UIKit modules (after `prepare`).
    package func segueKitBuildDirectory() async throws -> URL {
        try await ready().build.directory
    }

    /// Compiles without running: the compiler's verdict on the sources, for compiler exercises.
    package func typecheck(_ sources: [SourceFile], swiftLanguageMode: SwiftLanguageMode = .swift5) async throws
        -> CompileOutcome
    {
        try await typecheck(RunRequest(sources: sources, swiftLanguageMode: swiftLanguageMode)).outcome
    }

    /// The request's sources type-checked only (no code generation, no run).
    func typecheck(_ request: RunRequest) async throws -> (outcome: CompileOutcome, output: String) {
        let compiler = try await compiler()
        let work = try WorkDirectory()
        defer { work.remove() }
        let layout = try work.layout(request)
        let output = try await compiler.typecheck(layout, mode: request.swiftLanguageMode)
        return (outcome(output, sources: request.sources), output.text)
    }

    /// Compiles and runs the request's program under its limits (only compiles it when the
    /// request says `typecheckOnly`).
    package func run(_ request: RunRequest) async throws -> RunResult {
        let limits = request.limits ?? self.limits
        if request.typecheckOnly {
            let start = Date()
            let checked = try await typecheck(request)
            return RunResult(
                compile: checked.outcome, termination: .notRun, fullCompilerOutput: checked.output,
                timings: Timings(compile: Date().timeIntervalSince(start)), limits: limits)
        }
        var timings = Timings()
        var clock = Date()
        func lap() -> Double {
            let now = Date()
            defer { clock = now }
            return now.timeIntervalSince(clock)
        }

        let compiler = try await compiler()
        timings.prepare = lap()
        let work = try WorkDirectory()
        defer { work.remove() }
        let layout = try work.layout(request)
        // Named after the module: SegueKit tries the executable's name when resolving storyboard classes.
        let executable = work.url.appendingPathComponent(Compiler.moduleName)
        let output = try await compiler.build(
            layout, mode: request.swiftLanguageMode, optimization: request.optimization, output: executable)
        timings.compile = lap()
        let compile = outcome(output, sources: request.sources)
        guard compile.succeeded else {
            return RunResult(compile: compile, termination: .notRun, fullCompilerOutput: output.text, timings: timings)
        }

        let traceFile = work.url.appendingPathComponent("trace.jsonl")
        var environment = ProcessInfo.processInfo.environment
        // The runtime's crash backtracer takes seconds and prints pages; the crash line is enough.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["SEGUEKIT_TRACE_FILE"] = nil
        environment["SEGUEKIT_MODULES"] = Compiler.moduleName
        environment[DeviceIdiom.variable] = request.device?.rawValue
        if request.collectTrace { environment["SEGUEKIT_TRACE_FILE"] = traceFile.path }
        if !request.storyboardDirectories.isEmpty {
            environment["SEGUEKIT_STORYBOARD_PATH"] = request.storyboardDirectories.map(\.path).joined(separator: ":")
            // Whole paths, whatever they hold (a ':' splits the colon-separated form above).
            let paths = (try? JSONEncoder().encode(request.storyboardDirectories.map(\.path))) ?? Data("[]".utf8)
            environment["SEGUEKIT_STORYBOARD_DIRECTORIES"] = String(decoding: paths, as: UTF8.self)
        }
        environment.merge(request.environment) { _, new in new }

        // The program writes only in its own folder (its trace, its temporary files) where the
        // kernel allows confining it: never in the SegueKit cache, progress or the learner's files.
        environment["TMPDIR"] = work.url.path
        let process = ChildProcess(
            executable: executable.path, arguments: request.arguments, environment: environment,
            workingDirectory: work.url.path, timeout: limits.timeout,
            outputLimit: limits.outputBytes, memoryLimit: limits.memoryBytes,
            fileSizeLimit: limits.fileBytes,
            writableDirectories: [work.url.path] + request.writableDirectories.map(\.path)
                + Self.extraWritableDirectories(environment),
            readableDirectories: [compiler.segueKit.path]
                + request.storyboardDirectories.map(\.path),
            folderLimit: limits.folderBytes.map {
                // The run's own folders; those SEGUELAB_WRITABLE names are the learner's to fill.
                ChildProcess.FolderLimit(bytes: $0, folders: [work.url.path] + request.writableDirectories.map(\.path))
            })
        let finished = try await process.run()
        timings.run = lap()

        let stdout = String(decoding: finished.stdout, as: UTF8.self)
        let stderr = String(decoding: finished.stderr, as: UTF8.self)
        var termination: Termination
        switch finished.ending {
        case .exited(let code): termination = .exited(code)
        case .signaled(let signal): termination = .signaled(signal)
        case .timedOut: termination = finished.wasSuspended ? .suspended : .timedOut
        case .outputCapped: termination = .outputCapped
        case .cancelled: termination = .interrupted
        case .memoryLimit: termination = .memoryLimit
        case .folderLimit: termination = .folderLimit
        }
        if limits.memoryBytes != nil, termination != .exited(0), CrashParser.looksLikeMemoryExhaustion(stderr) {
            termination = .memoryLimit
        }
        if limits.fileBytes != nil, termination == .signaled(SIGXFSZ) {
            termination = .fileSizeLimit
        }
        let learnerFiles = Set(request.sources.filter { $0.origin == .learner }.map(\.name))
        let crash =
            termination == .memoryLimit || termination == .fileSizeLimit || termination == .folderLimit
            ? nil : CrashParser.parse(stderr: stderr, termination: termination, knownFiles: learnerFiles)
        let trace =
            (try? String(contentsOf: traceFile, encoding: .utf8))?
            .split(separator: "\n").map(String.init) ?? []
        var result = RunResult(
            compile: compile, termination: termination, stdout: stdout, stderr: stderr,
            traceLines: trace, crash: crash, fullCompilerOutput: output.text, timings: timings,
            limits: limits)
        result.interleaved = Self.interleave(finished)
        return result
    }

    private func compiler() async throws -> Compiler {
        let ready = try await ready()
        return Compiler(toolchain: ready.toolchain, segueKit: ready.build.directory, shared: sharedObjects)
    }

    /// How many times this playground compiled a set of shared files (a pack's support code)
    /// because the cache had no build of it.
    package func sharedObjectBuilds() async -> Int {
        await sharedObjects.builds
    }

    private func outcome(_ output: Compiler.Output, sources: [SourceFile]) -> CompileOutcome {
        let byName = Dictionary(sources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let parser = DiagnosticParser { printed in
            byName[printed] ?? byName[(printed as NSString).lastPathComponent]
        }
        // A learner file named main.swift is joined into our main.swift under its own name; the
        // compiler then warns that two paths share one #fileID, which is what we want.
        let diagnostics = parser.parse(output.text).filter {
            !$0.message.contains("directive produces '#fileID' string")
                && !$0.message.hasPrefix("change file in '#sourceLocation'")
        }
        if output.succeeded { return .succeeded(warnings: diagnostics) }
        if diagnostics.contains(where: { $0.severity == .error }) { return .failed(diagnostics) }
        // The compiler failed without a diagnostic we understand (a linker error, say): show it whole.
        return .failed(
            diagnostics + [
                Diagnostic(
                    file: "", line: 0, column: 0, severity: .error,
                    message: output.text.trimmingCharacters(in: .whitespacesAndNewlines))
            ])
    }
}

extension Playground: ProgramRunner {}

extension Playground {
    /// The two streams cut into the runs they were read in.
    static func interleave(_ outcome: ChildProcess.Report) -> [OutputRun] {
        var offsets = (out: 0, err: 0)
        return outcome.order.map { run in
            let data = run.isError ? outcome.stderr : outcome.stdout
            let start = run.isError ? offsets.err : offsets.out
            let end = min(start + run.bytes, data.count)
            if run.isError { offsets.err = end } else { offsets.out = end }
            return OutputRun(
                isError: run.isError,
                text: String(decoding: data[data.startIndex + start..<data.startIndex + end], as: UTF8.self))
        }
    }

    /// `SEGUELAB_WRITABLE`: folders (separated by `:`) where programs may also write, for a
    /// learner whose program must leave a file somewhere of their choosing.
    static let writableVariable = "SEGUELAB_WRITABLE"

    static func extraWritableDirectories(_ environment: [String: String]) -> [String] {
        (environment[writableVariable] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    }

    /// One line on what the limits protect on this machine, for `pack install` and the README's promise.
    package static var confinementSummary: String {
        switch Containment.current {
        case .sandbox:
            "programs run in a sandbox (bubblewrap): they may write files only in their own temporary folder, "
                + "see none of your other processes and not your terminal"
        case .landlock: "programs may write files only in their own temporary folder (Landlock)"
        case .supervisorOnly:
            "this kernel lacks Landlock and bubblewrap is not installed, so programs can write anywhere you can"
        }
    }
}

/// A private temporary directory for one build, removed afterwards.
struct WorkDirectory {
    let url: URL

    init() throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
        var template = Array(base.appendingPathComponent("seguelab-XXXXXX").path.utf8CString)
        guard mkdtemp(&template) != nil else {
            throw ToolchainError(
                "cannot create a temporary directory in \(base.path) (TMPDIR): \(String(cString: strerror(errno)))")
        }
        url = URL(
            fileURLWithPath: String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The folder at `url`, made by the caller.
    init(url: URL) { self.url = url }

    /// Removes the folder and all in it, even where the program took the permissions away
    /// (chmod 000 on a folder stops its listing, so removal failed and it stayed behind).
    func remove() {
        if (try? FileManager.default.removeItem(at: url)) != nil { return }
        WorkDirectory.restorePermissions(url.path)
        try? FileManager.default.removeItem(at: url)
    }

    /// Gives every folder beneath `path` (never following links) back read, write and search
    /// permission for its owner.
    static func restorePermissions(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return }
        chmod(path, 0o700)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for entry in entries { restorePermissions(path + "/" + entry) }
    }

    /// The request's sources written out for the compiler; a failure (a full TMPDIR) is said in
    /// words, not as Foundation's error dump.
    func layout(_ request: RunRequest) throws -> BuildLayout {
        do {
            return try BuildLayout(sources: request.sources, in: url)
        } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            let reason =
                underlying?.domain == NSPOSIXErrorDomain
                ? String(cString: strerror(Int32(underlying!.code)))
                : (error as NSError).localizedDescription
            throw ToolchainError("cannot write the program's files in \(url.path) (TMPDIR): \(reason)")
        }
    }
}
