import CSupervisor
import Foundation

/// How this machine contains a learner's program, best first. Every level keeps the supervisor
/// (deadline, the whole tree killed, death with the shell) and the per-process limits.
package enum Containment: Sendable, Equatable {
    /// bubblewrap: a PID namespace (every descendant dies with the run, whatever it does), a
    /// session of its own (no TIOCSTI), the file system read-only but for the run's folders, a
    /// private /tmp and runtime folder (no terminal multiplexer's or session bus's socket), its
    /// own /dev (no terminal of the learner's) and /proc.
    case sandbox(bwrap: String)
    /// Landlock: writes confined to the run's folders; processes and sockets as the learner's.
    case landlock
    /// The supervisor alone: the program may write wherever the learner may.
    case supervisorOnly

    /// This machine's level, found once: bubblewrap when it is installed and starts a sandbox
    /// here (user namespaces allowed), else Landlock when the kernel has it.
    /// `SEGUELAB_SANDBOX=off` skips bubblewrap.
    package static let current: Containment = {
        if ProcessInfo.processInfo.environment["SEGUELAB_SANDBOX"] != "off", let bwrap = workingBubblewrap() {
            return .sandbox(bwrap: bwrap)
        }
        return sv_landlock_abi() > 0 ? .landlock : .supervisorOnly
    }()

    package var name: String {
        switch self {
        case .sandbox: "sandbox"
        case .landlock: "landlock"
        case .supervisorOnly: "supervisor"
        }
    }

    /// How often the supervisor measures a program's memory (all its processes together) and its
    /// folder's bytes, at every level.
    package static let wholeProgramWatchPeriodMilliseconds = Int(SV_WATCH_PERIOD_MS)

    /// Where bubblewrap is installed, if it is.
    package static var bubblewrapPath: String? {
        ["/usr/bin/bwrap", "/bin/bwrap", "/usr/local/bin/bwrap"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Why the installed bubblewrap cannot make a sandbox here, or nil when it can (or is absent).
    package static var bubblewrapFailure: String? {
        guard let bwrap = bubblewrapPath else { return nil }
        return probe(bwrap).failure
    }

    private static func workingBubblewrap() -> String? {
        guard let bwrap = bubblewrapPath, probe(bwrap).failure == nil else { return nil }
        return bwrap
    }

    private static func probe(_ bwrap: String) -> (failure: String?, Void) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bwrap)
        process.arguments = sandboxArguments(writable: [], workingDirectory: "/") + ["/bin/true"]
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return ("\(bwrap) cannot be started: \(error.localizedDescription)", ())
        }
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let text = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return (text.isEmpty ? "\(bwrap) fails here (status \(process.terminationStatus))" : text, ())
        }
        return (nil, ())
    }

    /// bubblewrap's options for a run: everything read-only but `writable`, which the program
    /// sees at the same paths; /tmp empty but for `readable` and `writable`. The sandbox's own
    /// memory-backed folders (/tmp, /dev/shm, the runtime folder) hold at most `tmpfsBytes` each.
    static func sandboxArguments(
        writable: [String], readable: [String] = [], workingDirectory: String, tmpfsBytes: Int? = nil
    ) -> [String] {
        let size = tmpfsBytes.map { ["--size", String($0)] } ?? []
        var arguments = ["--ro-bind", "/", "/", "--dev", "/dev"] + size + ["--tmpfs", "/dev/shm"]
        arguments += ["--proc", "/proc"] + size + ["--tmpfs", "/tmp"]
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
            FileManager.default.fileExists(atPath: runtime)
        {
            arguments += size + ["--tmpfs", runtime]
        }
        for folder in readable where FileManager.default.fileExists(atPath: folder) {
            arguments += ["--ro-bind", folder, folder]
        }
        for folder in writable where FileManager.default.fileExists(atPath: folder) {
            arguments += ["--bind", folder, folder]
        }
        arguments += ["--unshare-pid", "--die-with-parent", "--new-session", "--chdir", workingDirectory, "--"]
        return arguments
    }

    /// Variables that lead a program to servers outside its run (a terminal multiplexer that
    /// opens windows which outlive it, a session bus, an agent holding keys): never passed on.
    static let withheldVariables: Set<String> = [
        "TMUX", "TMUX_PANE", "STY", "DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS", "SSH_AUTH_SOCK",
        "SSH_AGENT_PID", "GPG_AGENT_INFO", "KITTY_LISTEN_ON", "KITTY_WINDOW_ID", "WEZTERM_UNIX_SOCKET", "ZELLIJ",
        "ZELLIJ_SESSION_NAME", "NVIM", "NVIM_LISTEN_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY",
        "SWAYSOCK", "I3SOCK", "HYPRLAND_INSTANCE_SIGNATURE", "XDG_RUNTIME_DIR"
    ]
}
