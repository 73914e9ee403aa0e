import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Helper programs written by one test must run at once while other tests start processes
/// (the whole suite runs in parallel in one process).
@Suite("Helper programs and inherited files")
struct ExecutableScriptTests {
    /// A file the test process has open (here on purpose, without close-on-exec, as Foundation's
    /// temporary files are) must not stay open in the shell a test starts.
    @Test func aProgramInATerminalInheritsNoOtherOpenFile() throws {
        let leaked = open("/dev/null", O_RDONLY)
        #expect(leaked > 2)
        defer { close(leaked) }
        let terminal = try PseudoTerminal(executable: "/bin/sleep", arguments: ["30"], environment: [:])
        // Until execve, /proc shows the forked test process; wait for sleep itself.
        var started = false
        for _ in 0..<2000 where !started {
            started = ((try? String(contentsOfFile: "/proc/\(terminal.pid)/cmdline", encoding: .utf8)) ?? "").hasPrefix(
                "/bin/sleep")
            if !started { usleep(5000) }
        }
        #expect(started)
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(terminal.pid)/fd").compactMap {
            Int32($0)
        }.sorted()
        #expect(open == [0, 1, 2])
    }

    /// Writes and runs helper programs while another thread keeps starting processes in
    /// terminals; every run must start ("Text file busy" otherwise).
    @Test func aHelperProgramRunsAtOnceWhileOthersStartProcesses() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stop = Flag()
        let spawner = Thread {
            var terminals: [PseudoTerminal] = []
            while !stop.isSet {
                if let terminal = try? PseudoTerminal(executable: "/bin/sleep", arguments: ["0.5"], environment: [:]) {
                    terminals.append(terminal)
                }
                if terminals.count > 8 { terminals.removeFirst() }
            }
        }
        spawner.start()
        defer { stop.set() }
        for index in 0..<40 {
            let script = directory.appendingPathComponent("helper-\(index)")
            try ExecutableScript.write("#!/bin/sh\necho ran \(index)\n", to: script)
            let process = Process()
            process.executableURL = script
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(text == "ran \(index)\n")
        }
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }
}
