import CShellSignals
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opens the learner's draft in `$VISUAL` / `$EDITOR` (falling back to `vi`), the way git
/// does, and reads back what they saved.
struct DraftEditor {
    var environment: [String: String] = ProcessInfo.processInfo.environment

    /// The editor command split into program and arguments, e.g. `code --wait`.
    var command: [String]? {
        for key in ["VISUAL", "EDITOR"] {
            if let value = environment[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty,
                let words = try? CommandLineParser.split(value), !words.isEmpty
            {
                return words
            }
        }
        return FileManager.default.isExecutableFile(atPath: "/usr/bin/vi") ? ["/usr/bin/vi"] : nil
    }

    /// Writes `code` to `file`, runs the editor on it with the terminal, and returns the file's
    /// text afterwards.
    func edit(_ code: String, file: URL) throws -> String {
        guard var words = command else { throw EditorError.noEditor }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try code.write(to: file, atomically: true, encoding: .utf8)
        let program = words.removeFirst()
        let executable = program.contains("/") ? program : try Self.locate(program)
        let status = Self.runInForeground(
            executable, arguments: [program] + words + [file.path], environment: environment)
        guard status >= 0 else { throw EditorError.cannotStart(program, String(cString: strerror(errno))) }
        guard status == 0 else { throw EditorError.failed(program, status) }
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// The editor owns the terminal while it runs, as a shell's foreground job does (see
    /// Sources/CShellSignals/foreground_job.c); the shell's line editor gets it back after.
    private static func runInForeground(_ executable: String, arguments: [String], environment: [String: String])
        -> Int32
    {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        fflush(nil)
        return seguelab_run_foreground(executable, argv, envp)
    }

    static func locate(_ program: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw EditorError.notFound(program)
    }

    enum EditorError: Error, CustomStringConvertible {
        case noEditor
        case notFound(String)
        case failed(String, Int32)
        case cannotStart(String, String)

        var description: String {
            switch self {
            case .noEditor: "no editor: set $VISUAL or $EDITOR (or paste the code at the prompt)"
            case .notFound(let program): "editor '\(program)' not found on PATH"
            case .failed(let program, let status): "\(program) exited with status \(status); the draft was not changed"
            case .cannotStart(let program, let reason): "cannot start \(program): \(reason); the draft was not changed"
            }
        }
    }
}
