import CSupervisor
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs one program in its own session (and so its own process group) with stdin on /dev/null,
/// collecting its output under a byte cap and a wall-clock deadline.
///
/// The program is started by a small supervisor process (`CSupervisor`) that is the subreaper
/// of everything the program starts: a descendant that leaves the session (`setsid`), clears
/// its environment or is orphaned is handed to the supervisor by the kernel, which cannot be
/// shed. When the program ends, times out, overflows its output or is cancelled, the
/// supervisor kills every descendant, one generation after another, until none is left, and
/// only then exits. As a second net, members of the session and processes carrying the run's
/// tag in their environment are killed too.
///
/// Limits are set in the program's process before it starts: memory (RLIMIT_AS), file size
/// (RLIMIT_FSIZE) and, where the kernel has Landlock, the folders it may write in.
struct ChildProcess: Sendable {
    var executable: String
    var arguments: [String]
    var environment: [String: String]
    var workingDirectory: String?
    var timeout: Double?
    var outputLimit: Int?
    /// RLIMIT_AS in bytes. For a learner's program (one with `writableDirectories`) it also bounds
    /// the private resident memory of all its processes together, which the supervisor measures.
    var memoryLimit: Int?
    /// RLIMIT_FSIZE in bytes: a larger write ends the program with SIGXFSZ.
    var fileSizeLimit: Int?
    /// Where the program may create, change or delete files; nil: anywhere. A learner's program
    /// (given these) runs contained as well as the machine allows (`Containment.current`):
    /// in a bubblewrap sandbox, else under Landlock; either way without the variables that
    /// lead to servers outside the run (`Containment.withheldVariables`).
    var writableDirectories: [String]?
    /// What the program reads besides the system (libraries, storyboards): in a sandbox, where
    /// /tmp is the program's own, these stay visible (read-only) wherever they are.
    var readableDirectories: [String] = []
    /// The bytes the program may add to these folders, all its files together (RLIMIT_FSIZE bounds
    /// one file only); the supervisor measures them.
    var folderLimit: FolderLimit?
    /// How the program is contained; nil: as `Containment.current` for a learner's program
    /// (one with `writableDirectories`), the supervisor alone for others.
    var containment: Containment?

    struct FolderLimit: Sendable, Equatable {
        var bytes: Int
        var folders: [String]
    }

    enum Ending: Sendable, Equatable {
        case exited(Int32)
        case signaled(Int32)
        case timedOut
        case outputCapped
        case cancelled
        /// Its processes together held more memory than `memoryLimit`.
        case memoryLimit
        /// Its files together passed `folderLimit`.
        case folderLimit
    }

    /// What came back from the child: how it ended, what it wrote, how long it ran.
    struct Report: Sendable {
        var ending: Ending
        var stdout: Data
        var stderr: Data
        var duration: Double
        /// True when, at the deadline, the program was stopped (SIGSTOP, SIGTSTP) rather than running.
        var wasSuspended = false
        /// Which stream each run of bytes came from, in the order they were read.
        var order: [StreamRun] = []
    }

    /// `bytes` bytes read in a row from one stream.
    struct StreamRun: Sendable, Equatable {
        var isError: Bool
        var bytes: Int
    }

    struct SpawnError: Error, CustomStringConvertible {
        var executable: String
        var code: Int32
        var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
    }

    /// Runs to completion. Cancelling the calling task sends SIGINT to the child's group, then
    /// SIGKILL shortly after, and reports `.cancelled`.
    func run() async throws -> Report {
        let cancelPipe = try CloseOnExecPipe()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Report, Error>) in
                let thread = Thread {
                    do {
                        continuation.resume(returning: try supervise(cancelFD: cancelPipe.read))
                    } catch {
                        continuation.resume(throwing: error)
                    }
                    cancelPipe.close()
                }
                thread.stackSize = 8 << 20  // Foundation's file reading is deep in a debug build
                thread.start()
            }
        } onCancel: {
            cancelPipe.signal()
        }
    }

    // MARK: - Supervision (runs on a dedicated thread; only blocking system calls)

    private func supervise(cancelFD: Int32) throws -> Report {
        let start = DispatchTime.now()
        let stdoutPipe = try CloseOnExecPipe()
        let stderrPipe = try CloseOnExecPipe()
        let verdictPipe = try CloseOnExecPipe()
        defer { verdictPipe.close() }
        let tag = RunTag()
        let pid = try spawn(stdout: stdoutPipe.write, stderr: stderrPipe.write, verdict: verdictPipe.write, tag: tag)
        Glibc.close(stdoutPipe.write)
        Glibc.close(stderrPipe.write)
        defer {
            Glibc.close(stdoutPipe.read)
            Glibc.close(stderrPipe.read)
        }

        var out = Data()
        var err = Data()
        var order: [StreamRun] = []
        func record(isError: Bool, _ count: Int) {
            if let last = order.last, last.isError == isError {
                order[order.count - 1].bytes += count
            } else {
                order.append(StreamRun(isError: isError, bytes: count))
            }
        }
        var open: [Int32] = [stdoutPipe.read, stderrPipe.read]
        var ending: Ending?
        let deadline = timeout.map { start.uptimeNanoseconds + UInt64($0 * 1e9) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var leaderExited = false

        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }

        while ending == nil {
            if !leaderExited, Self.hasExited(pid) {
                // The program is done; anything it left behind in its session goes with it,
                // which also closes pipes a grandchild may still hold.
                leaderExited = true
                Self.killSession(pid, tag: tag)
            }
            if open.isEmpty {
                if leaderExited { break }
                // Pipes closed but the program still runs: wait on it, honouring deadline and cancel.
                var fds = [pollfd(fd: cancelFD, events: Int16(POLLIN), revents: 0)]
                _ = poll(&fds, 1, 10)
                if fds[0].revents != 0 { ending = .cancelled }
            } else {
                var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                fds.append(pollfd(fd: cancelFD, events: Int16(POLLIN), revents: 0))
                var wait: Int32 = leaderExited ? 100 : 50
                if let deadline {
                    let now = DispatchTime.now().uptimeNanoseconds
                    wait = now >= deadline ? 0 : Int32(min(UInt64(wait), (deadline - now) / 1_000_000 + 1))
                }
                let ready = poll(&fds, nfds_t(fds.count), wait)
                if ready < 0 && errno != EINTR { break }
                if fds.last!.revents != 0 {
                    ending = .cancelled
                    break
                }
                for entry in fds.dropLast() where entry.revents != 0 {
                    let count = read(entry.fd, &buffer, buffer.count)
                    if count <= 0 {
                        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                        open.removeAll { $0 == entry.fd }
                        continue
                    }
                    if entry.fd == stdoutPipe.read {
                        out.append(contentsOf: buffer[0..<count])
                    } else {
                        err.append(contentsOf: buffer[0..<count])
                    }
                    record(isError: entry.fd != stdoutPipe.read, count)
                    if let outputLimit, out.count + err.count > outputLimit {
                        // Keep what fits, drop the rest, stop the program.
                        let excess = out.count + err.count - outputLimit
                        if entry.fd == stdoutPipe.read {
                            out.removeLast(min(excess, out.count))
                        } else {
                            err.removeLast(min(excess, err.count))
                        }
                        order[order.count - 1].bytes -= min(excess, order[order.count - 1].bytes)
                        ending = .outputCapped
                        break
                    }
                }
                if leaderExited && ready == 0 { break }  // session killed; pipes should close at once
            }
            if ending == nil, let deadline, DispatchTime.now().uptimeNanoseconds >= deadline, !leaderExited {
                ending = .timedOut
            }
        }

        var wasSuspended = false
        switch ending {
        case .cancelled:
            // Ctrl-C semantics: the program's group gets SIGINT first, then no more chances.
            kill(-pid, SIGINT)
            var grace = 20  // × 10 ms
            while grace > 0 && !Self.hasExited(pid) {
                usleep(10_000)
                grace -= 1
            }
            Self.stop(pid)
        case .timedOut:
            wasSuspended = Self.sessionHasSuspendedProcess(pid)
            Self.stop(pid)
        case .outputCapped:
            Self.stop(pid)
        default:
            break
        }
        // The session may still hold members if the leader ended on its own; clear it before
        // reaping so the session id cannot be reused underneath us.
        Self.killSession(pid, tag: tag)
        let status = Self.reap(pid)
        if ending == nil || ending == .timedOut, let verdict = Self.verdict(verdictPipe.read) {
            // The supervisor ended the run for a limit of the whole program.
            ending = verdict
        }
        if ending == nil {
            ending = Self.decode(status)
            // bubblewrap ends with 128 + N when the program was killed by signal N.
            if case .sandbox = effectiveContainment, case .exited(let code) = ending!, code > 128, code < 128 + 65 {
                ending = .signaled(code - 128)
            }
        }
        return Report(
            ending: ending!, stdout: out, stderr: err, duration: elapsed(), wasSuspended: wasSuspended, order: order)
    }

    /// Asks the supervisor to end the run (it kills the program and every descendant, then
    /// exits) and waits for it to be done.
    private static func stop(_ supervisor: pid_t) {
        kill(supervisor, SIGTERM)
        // Killing and reaping a tree takes milliseconds; the bound only guards against a
        // supervisor that is gone or stuck, after which the session is killed from here.
        for _ in 0..<5000 where !hasExited(supervisor) { usleep(1000) }
    }

    /// True when a process of the run (of its session, or descended from its supervisor: in a
    /// sandbox the program has a session of its own) is stopped by a signal (state T).
    private static func sessionHasSuspendedProcess(_ sid: pid_t) -> Bool {
        guard let proc = opendir("/proc") else { return false }
        defer { closedir(proc) }
        var parents: [pid_t: pid_t] = [:]
        var stopped: [pid_t] = []
        while let entry = readdir(proc) {
            let name = Self.name(of: entry)
            guard let pid = pid_t(name), let stat = Self.readStat(of: name),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, let parent = pid_t(fields[1]) else { continue }
            if fields[0] == "T", Int32(fields[3]) == sid { return true }
            parents[pid] = parent
            if fields[0] == "T" { stopped.append(pid) }
        }
        for pid in stopped {
            var current = pid
            for _ in 0..<64 {
                guard let parent = parents[current], parent > 1 else { break }
                if parent == sid { return true }
                current = parent
            }
        }
        return false
    }

    /// How this run is contained.
    var effectiveContainment: Containment {
        containment ?? (writableDirectories == nil ? .supervisorOnly : Containment.current)
    }

    /// What the supervisor said it ended the run for, if anything (read without waiting).
    private static func verdict(_ fd: Int32) -> Ending? {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) == 1 else { return nil }
        var byte: UInt8 = 0
        guard read(fd, &byte, 1) == 1 else { return nil }
        switch Int32(byte) {
        case SV_VERDICT_MEMORY: return .memoryLimit
        case SV_VERDICT_FOLDER: return .folderLimit
        default: return nil
        }
    }

    private func spawn(stdout: Int32, stderr: Int32, verdict: Int32, tag: RunTag) throws -> pid_t {
        var command = [executable] + arguments
        var environment = environment
        let containment = effectiveContainment
        if writableDirectories != nil {
            for name in Containment.withheldVariables { environment[name] = nil }
        }
        if case .sandbox(let bwrap) = containment {
            let folders = (writableDirectories ?? []) + (workingDirectory.map { [$0] } ?? [])
            command =
                [bwrap]
                + Containment.sandboxArguments(
                    writable: folders, readable: readableDirectories,
                    workingDirectory: workingDirectory ?? "/", tmpfsBytes: folderLimit?.bytes) + command
        }
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [strdup(tag.variable), nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var ruleset: Int32 = -1
        // In a sandbox the file system is read-only but for these folders already; Landlock
        // would also forbid bubblewrap the mounts that make the sandbox.
        if let writableDirectories, containment == .landlock {
            ruleset = Self.landlockRuleset(writable: writableDirectories)
        }
        defer { if ruleset >= 0 { Glibc.close(ruleset) } }
        var error: Int32 = 0
        let deadline = timeout.map { Int64(($0 + Self.supervisorGrace) * 1000) } ?? 0
        let treeMemory = writableDirectories == nil ? 0 : Int64(memoryLimit ?? 0)
        let folders: [UnsafeMutablePointer<CChar>?] = (folderLimit?.folders ?? []).map { strdup($0) } + [nil]
        defer { folders.forEach { free($0) } }
        let pid: pid_t = workingDirectory.withOptionalCString { cwd in
            argv.withUnsafeBufferPointer { argvBuffer in
                envp.withUnsafeBufferPointer { envpBuffer in
                    folders.withUnsafeBufferPointer { foldersBuffer in
                        var request = sv_request(
                            path: argv[0], argv: argvBuffer.baseAddress, envp: envpBuffer.baseAddress,
                            stdout_fd: stdout, stderr_fd: stderr, cwd: cwd,
                            memory_bytes: Int64(memoryLimit ?? 0), file_bytes: Int64(fileSizeLimit ?? 0),
                            landlock_ruleset: ruleset,
                            deadline_ms: deadline, tree_memory_bytes: treeMemory,
                            folder_bytes: Int64(folderLimit?.bytes ?? 0),
                            folders: UnsafeRawPointer(foldersBuffer.baseAddress!)
                                .assumingMemoryBound(to: UnsafePointer<CChar>?.self),
                            verdict_fd: verdict)
                        spawnLock.lock()
                        defer { spawnLock.unlock() }
                        return sv_spawn(&request, &error)
                    }
                }
            }
        }
        guard pid > 0 else { throw SpawnError(executable: executable, code: error) }
        return pid
    }

    /// How long after the deadline the supervisor ends the run on its own, when the host did not
    /// (it is stopped, stuck or gone): the host's own stop, at the deadline, comes first.
    static let supervisorGrace = 2.0

    /// A Landlock ruleset for a run, or -1 where the kernel has no Landlock.
    private static func landlockRuleset(writable: [String]) -> Int32 {
        let dirs: [UnsafeMutablePointer<CChar>?] = writable.map { strdup($0) } + [nil]
        let files: [UnsafeMutablePointer<CChar>?] = [strdup("/dev/null"), nil]
        defer { (dirs + files).forEach { free($0) } }
        return dirs.withUnsafeBufferPointer { dirs in
            files.withUnsafeBufferPointer { files in
                sv_landlock_ruleset(
                    UnsafeRawPointer(dirs.baseAddress!).assumingMemoryBound(to: UnsafePointer<CChar>?.self),
                    UnsafeRawPointer(files.baseAddress!).assumingMemoryBound(to: UnsafePointer<CChar>?.self))
            }
        }
    }

    /// Whether this kernel lets a run's writes be confined to its own folder (Landlock).
    package static var canConfineWrites: Bool { sv_landlock_abi() > 0 }

    /// SIGKILLs every live process in the session `sid` (its group first) or carrying the run's
    /// tag, repeating until none is left so a process forked during the scan is caught on the next pass.
    static func killSession(_ sid: pid_t, tag: RunTag) {
        kill(-sid, SIGKILL)
        for _ in 0..<10 {
            var found = false
            guard let proc = opendir("/proc") else { return }
            while let entry = readdir(proc) {
                let name = Self.name(of: entry)
                guard let pid = pid_t(name), pid != getpid(),
                    let stat = Self.readStat(of: name),
                    let close = stat.lastIndex(of: ")")
                else { continue }
                // Fields after "(comm)": state ppid pgrp session ...
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                guard fields.count > 3, fields[0] != "Z", fields[0] != "X", Int32(fields[3]) == sid else { continue }
                kill(pid, SIGKILL)
                found = true
            }
            closedir(proc)
            if !found { break }
            usleep(1000)
        }
        killTagged(tag)
    }

    /// SIGKILLs the processes carrying the run's tag (those that left its session while the
    /// supervisor, their subreaper, was gone). Reading `/proc/PID/environ` can sleep without end
    /// in the kernel while that process forks without pause, so the scan runs on a thread of its
    /// own and the run waits for it at most `tagScanBound` seconds.
    static func killTagged(_ tag: RunTag) {
        let done = DispatchSemaphore(value: 0)
        let scan = Thread {
            for _ in 0..<10 {
                var found = false
                guard let proc = opendir("/proc") else { break }
                while let entry = readdir(proc) {
                    let name = Self.name(of: entry)
                    guard let pid = pid_t(name), pid != getpid(), tag.isCarried(byProcess: name),
                        let stat = Self.readStat(of: name), let close = stat.lastIndex(of: ")")
                    else { continue }
                    let state = stat[stat.index(after: close)...].split(separator: " ").first
                    guard state != "Z", state != "X" else { continue }
                    kill(pid, SIGKILL)
                    found = true
                }
                closedir(proc)
                if !found { break }
                usleep(1000)
            }
            done.signal()
        }
        scan.stackSize = 1 << 20
        scan.start()
        _ = done.wait(timeout: .now() + tagScanBound)
    }

    static let tagScanBound = 1.0

    /// A directory entry's name, read up to its NUL. Never `entry.pointee.d_name`: that copies
    /// the whole 256-byte field, while an entry may end sooner, at the end of readdir's buffer;
    /// the copy then read past the buffer and crashed the shell when it ended a mapping.
    static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return String(cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
    }

    /// `/proc/PID/stat` (one short line) read with plain system calls: the scan reads it for
    /// every process on the machine.
    private static func readStat(of pid: String) -> String? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }

    /// True once the process has ended, without reaping it (its session id stays reserved).
    private static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        return result == 0 && info._sifields._sigchld.si_pid == pid
    }

    private static func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    private static func decode(_ status: Int32) -> Ending {
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(signal)
    }
}

/// A mark put in the environment of a run's program, which its descendants inherit: a process
/// that left the run's session (`setsid`) is still recognised as the run's by it.
struct RunTag: Sendable {
    let variable = "SEGUELAB_RUN=\(getpid())-\(UInt64.random(in: 1...UInt64.max))"

    /// True when `/proc/PID/environ` holds the tag (processes of other users cannot be read, and
    /// are not the learner's anyway).
    func isCarried(byProcess pid: String) -> Bool {
        let fd = open("/proc/\(pid)/environ", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        // Read into one buffer framed by NULs and search it with memcmp: this runs for every
        // process on the machine at the end of each run, and per-byte generic code made that
        // take seconds in a debug build on a busy machine.
        var environ: [UInt8] = [0]
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            environ.append(contentsOf: chunk[0..<count])
        }
        environ.append(0)
        // Entries are NUL-separated `NAME=value`; only a whole entry counts.
        let entry: [UInt8] = [0] + Array(variable.utf8) + [0]
        return environ.withUnsafeBytes { haystack in
            entry.withUnsafeBytes { needle in
                // Each NUL starts a candidate entry: compare from there (memchr and memcmp,
                // as memmem is not exposed to Swift on Glibc).
                guard let base = haystack.baseAddress, let wanted = needle.baseAddress else { return false }
                var offset = 0
                while offset + needle.count <= haystack.count {
                    if memcmp(base + offset, wanted, needle.count) == 0 { return true }
                    guard let next = memchr(base + offset + 1, 0, haystack.count - offset - 1) else { return false }
                    offset = base.distance(to: UnsafeRawPointer(next))
                }
                return false
            }
        }
    }
}

extension Optional where Wrapped == String {
    fileprivate func withOptionalCString<Result>(_ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        switch self {
        case .some(let string): return string.withCString { body($0) }
        case .none: return body(nil)
        }
    }
}

/// Serialises pipe creation with spawning (see `CloseOnExecPipe.init`).
private let spawnLock = NSLock()

/// A pipe with close-on-exec ends, so concurrent spawns never inherit each other's pipes.
final class CloseOnExecPipe: @unchecked Sendable {
    let read: Int32
    let write: Int32
    private let lock = NSLock()
    private var closed = false

    init() throws {
        var fds: [Int32] = [0, 0]
        // pipe2(O_CLOEXEC) is hidden from Swift; setting the flag under the spawn lock gives the
        // same guarantee: no posix_spawn of ours can run between pipe() and fcntl().
        spawnLock.lock()
        defer { spawnLock.unlock() }
        guard pipe(&fds) == 0 else {
            throw ChildProcess.SpawnError(executable: "pipe", code: errno)
        }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        read = fds[0]
        write = fds[1]
    }

    /// Wakes whoever polls the read end (used for cancellation).
    func signal() {
        lock.lock()
        defer { lock.unlock() }
        if !closed {
            var byte: UInt8 = 1
            _ = Glibc.write(write, &byte, 1)
        }
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        if !closed {
            closed = true
            Glibc.close(read)
            Glibc.close(write)
        }
    }
}
