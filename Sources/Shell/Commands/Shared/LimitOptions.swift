import ArgumentParser
import Playground

/// What a learner's program may use before it is stopped: options of `seguelab` (for the shell)
/// and of `seguelab run`.
package struct LimitOptions: ParsableArguments {
    package init() {}

    @Option(
        name: [.customLong("time-limit"), .customLong("timeout")],
        help: ArgumentHelp("Seconds a program may run before it is stopped.", valueName: "seconds"))
    package var timeLimit: Double = Limits.standard.timeout

    @Option(
        name: .customLong("memory-limit"),
        help: ArgumentHelp("Memory a program may use, in MB.", valueName: "MB"))
    package var memoryLimit: Int = (Limits.standard.memoryBytes ?? 1 << 30) >> 20

    @Option(
        name: .customLong("file-size-limit"),
        help: ArgumentHelp("Largest file a program may write, in MB.", valueName: "MB"))
    package var fileSizeLimit: Int = (Limits.standard.fileBytes ?? 64 << 20) >> 20

    @Option(
        name: .customLong("output-limit"),
        help: ArgumentHelp("Output a program may print before it is stopped, in KB.", valueName: "KB"))
    package var outputLimit: Int = Limits.standard.outputBytes >> 10

    package func validate() throws {
        guard timeLimit > 0, timeLimit <= 3600 else {
            throw ValidationError("--time-limit must be between 0 and 3600 seconds, not \(timeLimit)")
        }
        // Below ~64 MB the Swift runtime itself cannot start under an address-space limit.
        guard memoryLimit >= 64 else {
            throw ValidationError("--memory-limit must be at least 64 (MB), not \(memoryLimit)")
        }
        guard fileSizeLimit >= 1 else {
            throw ValidationError("--file-size-limit must be at least 1 (MB), not \(fileSizeLimit)")
        }
        guard outputLimit >= 1 else {
            throw ValidationError("--output-limit must be at least 1 (KB), not \(outputLimit)")
        }
    }

    package var limits: Limits {
        Limits(
            timeout: timeLimit, outputBytes: outputLimit << 10, memoryBytes: memoryLimit << 20,
            fileBytes: fileSizeLimit << 20,
            // A folder always holds a few files of the largest size a program may write.
            folderBytes: max(Limits.standard.folderBytes ?? 0, (fileSizeLimit << 20) * 4))
    }
}

/// `--timings`, shared by the shell and `run` (declared once so either command sees it).
package struct TimingOptions: ParsableArguments {
    package init() {}

    @Flag(help: "After each program, print how long compiling and running took, on stderr.")
    package var timings = false
}
