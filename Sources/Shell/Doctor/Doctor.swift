import CLibEdit
import Foundation
import LessonKit
import Localization
import Playground
import XDGDirectories

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `seguelab doctor`: checks that this machine can take the lessons (toolchain, libedit, the
/// folders seguelab writes in, the terminal) and compiles SegueKit ahead of time, so that a
/// workshop does not start with a room of learners waiting for their first build.
///
/// Each finding names what was checked; a problem or a warning also says exactly what to do.
/// A problem blocks the lessons (exit status 1); a warning makes them worse but possible.
package struct Doctor {
    package struct Finding: Equatable, Sendable {
        package enum Level: Sendable { case ok, warning, problem }
        package var level: Level
        package var subject: String
        package var text: String
        package var fix: String?
    }

    /// The oldest Swift that builds SegueKit and the lessons' code.
    static let minimumSwift = (major: 6, minor: 2)
    /// Free space the SegueKit build needs in the cache (it takes a few MB; compiles need more).
    static let neededCacheBytes: Int64 = 50 << 20

    var environment: [String: String]
    var directories: XDGDirectories
    var style: Style
    var build: Bool

    package init(environment: [String: String] = ProcessInfo.processInfo.environment, color: ColorChoice, build: Bool) {
        self.environment = environment
        self.directories = XDGDirectories(environment: environment)
        self.style = Style(enabled: color.isEnabled())
        self.build = build
    }

    /// Runs every check, printing each finding as it comes; returns the exit status.
    package func run() async -> Int32 {
        print(style.heading("Checking this machine for SegueLab's lessons"))
        var findings: [Finding] = []
        func report(_ finding: Finding) {
            findings.append(finding)
            show(finding)
        }
        let swiftc = toolchain()
        report(swiftc.finding)
        report(libedit())
        let state = writable(
            directories.seguelabState, subject: "state folder", variable: "XDG_STATE_HOME",
            purpose: "progress, drafts and history could not be saved")
        report(state)
        let cache = writable(
            directories.seguelabCache, subject: "cache folder", variable: "XDG_CACHE_HOME",
            purpose: "SegueKit could not be compiled, so no Swift could run")
        report(cache)
        let space = cache.level == .problem ? nil : freeSpace(directories.seguelabCache)
        if let space { report(space) }
        let temporary = URL(fileURLWithPath: NSTemporaryDirectory()).standardized.path
        report(
            writable(
                temporary, subject: "temporary folder", variable: "TMPDIR",
                purpose: "no program could be compiled", create: false))
        terminal().forEach(report)
        report(containment())
        report(wholeProgramLimits())
        if build, let path = swiftc.path, cache.level != .problem, space?.level != .problem {
            report(await warm(swiftc: path))
        }
        let problems = findings.filter { $0.level == .problem }.count
        let warnings = findings.filter { $0.level == .warning }.count
        print()
        if problems > 0 {
            print(
                style.failure("Not ready: \(Self.counted(problems, "problem")) to fix (✘ above).")
                    + " Fix \(problems == 1 ? "it" : "them") and run `seguelab doctor` again.")
            return 1
        }
        if warnings > 0 {
            print(
                style.warning("Ready, with \(Self.counted(warnings, "warning")) (! above)")
                    + ": the lessons work, but better after the fix.")
        } else {
            print(style.success("Ready: nothing to fix."))
        }
        return 0
    }

    private func show(_ finding: Finding) {
        let mark =
            switch finding.level {
            case .ok: style.success("✔")
            case .warning: style.warning("!")
            case .problem: style.failure("✘")
            }
        print("\(mark) \(finding.subject): \(finding.text)")
        if let fix = finding.fix { print("  Fix: " + fix) }
        fflush(seguelab_stdout())
    }

    // MARK: - Containment

    /// How learners' programs are contained here (`Containment.current`), and what is missing
    /// for the best level.
    func containment() -> Finding {
        switch Containment.current {
        case .sandbox(let bwrap):
            return Finding(
                level: .ok, subject: "containment",
                text: "sandbox (\(bwrap)): each program sees only its own processes, writes only in "
                    + "its own folder and never reaches your terminal")
        case .landlock, .supervisorOnly:
            let level =
                Containment.current == .landlock
                ? "Landlock: programs write only in their own folder, but see your processes and sockets"
                : "supervisor only: programs can write anywhere you can"
            func warning(_ text: String, fix: String) -> Finding {
                Finding(level: .warning, subject: "containment", text: level + text, fix: fix)
            }
            if let failure = Containment.bubblewrapFailure {
                return warning(
                    "; bubblewrap is installed but cannot make a sandbox here (\(failure))",
                    fix: "allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, "
                        + "or an AppArmor profile for bwrap on Ubuntu 24.04)")
            }
            if environment["SEGUELAB_SANDBOX"] == "off", Containment.bubblewrapPath != nil {
                return warning(
                    " (SEGUELAB_SANDBOX=off)",
                    fix: "unset SEGUELAB_SANDBOX to run programs in bubblewrap's sandbox")
            }
            return warning(
                "; bubblewrap is not installed",
                fix: "install bubblewrap (Debian and Ubuntu: apt-get install bubblewrap; "
                    + "Fedora: dnf install bubblewrap)")
        }
    }

    /// How the memory and disk limits are held here: for a whole program, by the supervisor.
    func wholeProgramLimits() -> Finding {
        let period = Containment.wholeProgramWatchPeriodMilliseconds
        let kernel =
            Self.hasCgroupMemoryController
            ? "" : "; this machine delegates no cgroup v2 memory controller, so the kernel does not hold it itself"
        return Finding(
            level: .ok, subject: "memory and disk limits",
            text: "for all of a program's processes and files together, measured by seguelab's supervisor every "
                + "\(period) ms (and for each process and file by the kernel)\(kernel)")
    }

    /// Whether this machine has cgroup v2's memory controller (unified hierarchy).
    static var hasCgroupMemoryController: Bool {
        let controllers = (try? String(contentsOfFile: "/sys/fs/cgroup/cgroup.controllers", encoding: .utf8)) ?? ""
        return controllers.split(whereSeparator: \.isWhitespace).contains("memory")
    }

    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    // MARK: - Toolchain

    struct ToolchainCheck {
        var finding: Finding
        /// swiftc, when it is there and new enough.
        var path: String?
    }

    func toolchain() -> ToolchainCheck {
        let subject = "Swift toolchain"
        let install =
            "install Swift \(Self.minimumSwift.major).\(Self.minimumSwift.minor) or later (https://swift.org/install) and put its usr/bin folder on PATH (export PATH=/path/to/swift/usr/bin:$PATH), or set SWIFTC to its swiftc"
        let swiftc: String
        do {
            swiftc = try Toolchain.locateSwiftc(environment: environment)
        } catch is Toolchain.NotFound {
            return ToolchainCheck(
                finding: Finding(level: .problem, subject: subject, text: "no swiftc on PATH", fix: install))
        } catch {
            return ToolchainCheck(
                finding: Finding(
                    level: .problem, subject: subject, text: "\(error)",
                    fix: "unset SWIFTC to use swiftc from PATH, or set it to swiftc's full path"))
        }
        guard let version = Self.capture(swiftc, ["--version"]) else {
            return ToolchainCheck(
                finding: Finding(
                    level: .problem, subject: subject, text: "\(swiftc) --version failed: the toolchain is broken",
                    fix: install))
        }
        let firstLine = version.split(separator: "\n").first.map(String.init) ?? version
        guard let number = Self.swiftVersion(in: version) else {
            return ToolchainCheck(
                finding: Finding(
                    level: .warning, subject: subject, text: "cannot tell which Swift \(swiftc) is (\(firstLine))",
                    fix: "make sure it is Swift \(Self.minimumSwift.major).\(Self.minimumSwift.minor) or later"),
                path: swiftc)
        }
        guard number >= Self.minimumSwift else {
            return ToolchainCheck(
                finding: Finding(
                    level: .problem, subject: subject,
                    text: "Swift \(number.major).\(number.minor) at \(swiftc) is too old for SegueKit", fix: install))
        }
        return ToolchainCheck(
            finding: Finding(level: .ok, subject: subject, text: "\(firstLine) at \(swiftc)"), path: swiftc)
    }

    /// `(6, 3)` from `Swift version 6.3.1 (swift-6.3.1-RELEASE)`.
    static func swiftVersion(in text: String) -> (major: Int, minor: Int)? {
        guard let match = text.firstMatch(of: /Swift version (\d+)\.(\d+)/), let major = Int(match.1),
            let minor = Int(match.2)
        else { return nil }
        return (major, minor)
    }

    /// Standard output of a short command, nil when it cannot start or fails.
    static func capture(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    // MARK: - libedit

    func libedit() -> Finding {
        // This program runs, so libedit's library loaded; name the file it came from.
        // (procfs files say they are empty: read to the end, not by size.)
        let maps =
            FileHandle(forReadingAtPath: "/proc/self/maps").map {
                String(decoding: $0.readDataToEndOfFile(), as: UTF8.self)
            } ?? ""
        let library =
            maps.split(separator: "\n").lazy.compactMap { $0.split(separator: " ").last }
            .first { $0.contains("/libedit.") }.map(String.init) ?? "linked"
        // Rebuilding SegueLab from source (scripts/seguelab after an update) needs its headers too.
        let headers =
            FileManager.default.fileExists(atPath: "/usr/include/histedit.h")
            || Self.capture("/usr/bin/pkg-config", ["--exists", "libedit"]) != nil
        guard headers else {
            return Finding(
                level: .warning, subject: "libedit",
                text:
                    "\(library) works, but its development files (histedit.h) are missing, so SegueLab cannot be rebuilt from source",
                fix: "sudo apt-get install libedit-dev (Fedora: sudo dnf install libedit-devel)")
        }
        return Finding(level: .ok, subject: "libedit", text: library)
    }

    // MARK: - Folders

    /// Creates the folder when missing, then writes, renames and removes a file in it: what
    /// saving progress does.
    func writable(_ path: String, subject: String, variable: String, purpose: String, create: Bool = true) -> Finding {
        let elsewhere = "export \(variable)=/a/folder/you/can/write"
        if create, let code = Self.makeFolders(path) {
            return Finding(
                level: .problem, subject: subject,
                text: "cannot create \(path): \(String(cString: strerror(code))); \(purpose)",
                fix: Self.advice(errno: code, folder: Self.deepestExisting(path), elsewhere: elsewhere))
        }
        let probe = path + "/.seguelab-doctor-\(getpid())"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        var code = errno
        if descriptor >= 0 {
            let written = write(descriptor, "ok\n", 3)
            code = errno
            close(descriptor)
            if written == 3, rename(probe, probe + ".done") == 0 {
                unlink(probe + ".done")
                return Finding(level: .ok, subject: subject, text: "\(path) is writable")
            }
            if written == 3 { code = errno }
            unlink(probe)
        }
        return Finding(
            level: .problem, subject: subject,
            text: "cannot write in \(path): \(String(cString: strerror(code))); \(purpose)",
            fix: Self.advice(errno: code, folder: path, elsewhere: elsewhere))
    }

    static func advice(errno code: Int32?, folder: String, elsewhere: String) -> String {
        switch code {
        case EROFS:
            return "the file system holding \(folder) is read-only: use a folder on a writable disk: \(elsewhere)"
        case ENOSPC, EDQUOT: return "the disk holding \(folder) is full: free some space, or \(elsewhere)"
        case ENOTDIR: return "a file stands where a folder is needed in \(folder): move it away, or \(elsewhere)"
        default: return "make it yours and writable (chown $USER \(folder); chmod u+rwx \(folder)), or \(elsewhere)"
        }
    }

    static func deepestExisting(_ path: String) -> String {
        var url = URL(fileURLWithPath: path)
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.path) { url.deleteLastPathComponent() }
        return url.path
    }

    /// `mkdir -p`, with the system's own reason (errno) when it fails.
    static func makeFolders(_ path: String) -> Int32? {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o755) != 0 && errno != EEXIST { return errno }
        }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            ? nil : ENOTDIR
    }

    func freeSpace(_ path: String) -> Finding {
        var stats = statvfs()
        guard statvfs(path, &stats) == 0 else {
            return Finding(
                level: .warning, subject: "disk space", text: "cannot tell how much space is free in \(path)", fix: nil)
        }
        let free = Int64(stats.f_bavail) * Int64(stats.f_frsize)
        let needed = Self.neededCacheBytes
        if free < needed {
            return Finding(
                level: .problem, subject: "disk space",
                text:
                    "\(Limits.describe(bytes: Int(free))) free for \(path); SegueKit's build and the programs' compiles need \(Limits.describe(bytes: Int(needed)))",
                fix: "free some space on that disk, or export XDG_CACHE_HOME=/a/folder/on/a/larger/disk")
        }
        return Finding(
            level: .ok, subject: "disk space", text: "\(Limits.describe(bytes: Int(free))) free for the cache")
    }

    // MARK: - Terminal

    func terminal() -> [Finding] {
        var findings: [Finding] = []
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" {
            findings.append(
                Finding(
                    level: .warning, subject: "terminal",
                    text: term.isEmpty
                        ? "TERM is not set: no line editing, no colour" : "TERM=dumb: no line editing, no colour",
                    fix:
                        "use a terminal emulator (GNOME Terminal, Konsole, iTerm2, Windows Terminal…), or export TERM=xterm-256color if yours is one"
                ))
        }
        if isatty(STDOUT_FILENO) == 1 {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                if size.ws_col < 80 || size.ws_row < 24 {
                    findings.append(
                        Finding(
                            level: .warning, subject: "window",
                            text: "\(size.ws_col)×\(size.ws_row); lessons are laid out for 80×24 or more",
                            fix: "make the window larger (or the font smaller)"))
                } else {
                    findings.append(Finding(level: .ok, subject: "window", text: "\(size.ws_col)×\(size.ws_row)"))
                }
            }
        } else {
            findings.append(
                Finding(
                    level: .warning, subject: "window",
                    text: "standard output is not a terminal, so its size is unknown",
                    fix: "run `seguelab doctor` in the terminal window you will use for the lessons"))
        }
        let (name, locale) =
            ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { key in
                self.environment[key].flatMap { $0.isEmpty ? nil : (key, $0) }
            }.first ?? ("LANG", "")
        let utf8 = locale.lowercased().replacingOccurrences(of: "-", with: "").contains("utf8")
        if !utf8 {
            let current = locale.isEmpty ? "no locale is set (LANG, LC_ALL)" : "\(name)=\(locale) is not UTF-8"
            findings.append(
                Finding(
                    level: .warning, subject: "locale", text: "\(current): ✔, → and é may show as other characters",
                    fix: "export LANG=C.UTF-8 (or your language's UTF-8 locale, e.g. fr_FR.UTF-8)"))
        } else if setlocale(LC_CTYPE, locale) == nil {
            findings.append(
                Finding(
                    level: .warning, subject: "locale", text: "\(name)=\(locale) is not installed on this machine",
                    fix: "export LANG=C.UTF-8, or install it (Debian: sudo dpkg-reconfigure locales)"))
        } else {
            findings.append(Finding(level: .ok, subject: "locale", text: "\(name)=\(locale)"))
        }
        return findings
    }

    // MARK: - SegueKit

    /// Compiles SegueKit into the cache (with the progress the shell shows for a first build),
    /// then compiles and runs a first program: the path every exercise takes.
    func warm(swiftc: String) async -> Finding {
        let subject = "SegueKit"
        let sources: URL
        do {
            sources = try SegueKitCache.locateSources(environment: environment)
        } catch {
            return Finding(
                level: .problem, subject: subject, text: "\(error)",
                fix:
                    "install SegueLab again (make install PREFIX=…), or set SEGUELAB_SEGUEKIT_SOURCES to its Sources/SegueKit folder"
            )
        }
        do {
            let playground = try Playground(
                configuration: Playground.Configuration(swiftc: swiftc, segueKitSources: sources),
                progress: SharedPlayground.progressPrinter(style: style, catalog: .english))
            let start = Date()
            let builtNow = try await playground.prepare()
            let built = Int(Date().timeIntervalSince(start).rounded())
            let result = try await playground.run(
                RunRequest(sources: [
                    SourceFile(name: "Ready.swift", text: "import UIKit\nprint(UIViewController() is UIResponder)\n")
                ]))
            guard result.succeeded, result.stdout == "true\n" else {
                let why =
                    result.compile.errors.first.map(\.message) ?? result.stopReason?.text(.english) ?? result.crash?
                    .summary ?? "it ended with status \(result.termination.exitStatus)"
                return Finding(
                    level: .problem, subject: subject, text: "a first program against SegueKit failed: \(why)",
                    fix:
                        "install Swift \(Self.minimumSwift.major).\(Self.minimumSwift.minor) or later from https://swift.org/install; if it persists, remove \(directories.seguelabCache) and run `seguelab doctor` again"
                )
            }
            let first = String(format: "%.1f", result.timings.compile + result.timings.run)
            return Finding(
                level: .ok, subject: subject,
                text: (builtNow ? "compiled in \(built) s" : "already compiled")
                    + "; a first program compiled and ran in \(first) s")
        } catch {
            return Finding(
                level: .problem, subject: subject, text: "\(error)",
                fix:
                    "install Swift \(Self.minimumSwift.major).\(Self.minimumSwift.minor) or later from https://swift.org/install; if it persists, remove \(directories.seguelabCache) and run `seguelab doctor` again"
            )
        }
    }
}
