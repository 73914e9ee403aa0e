import Foundation
import Playground
import TestSupport
import Testing

/// `seguelab doctor` on broken machines: each finding says exactly what to fix, and the exit
/// status says whether anything blocks the lessons.
@Suite(.serialized) struct DoctorTests {
    func doctor(_ extra: [String: String], arguments: [String] = ["--no-build"]) throws -> SeguelabBinary.Result {
        let home = try SeguelabBinary.makeHome()
        return try SeguelabBinary.runPiped("", arguments: ["doctor"] + arguments, home: home, extra: extra)
    }

    @Test func noToolchainOnPathBlocksAndSaysHowToInstallOne() throws {
        let result = try doctor(["PATH": "/usr/bin:/bin"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                """
                ✘ Swift toolchain: no swiftc on PATH
                  Fix: install Swift 6.2 or later (https://swift.org/install) and put its usr/bin folder on PATH \
                (export PATH=/path/to/swift/usr/bin:$PATH), or set SWIFTC to its swiftc

                """), "\(result.stdout)")
        #expect(
            result.stdout.hasSuffix("Not ready: 1 problem to fix (✘ above). Fix it and run `seguelab doctor` again.\n"))
    }

    @Test func aToolchainTooOldForSegueKitBlocks() throws {
        let home = try SeguelabBinary.makeHome()
        let swiftc = home.appendingPathComponent("swiftc")
        try ExecutableScript.write("#!/bin/sh\necho 'Swift version 5.10.1 (swift-5.10.1-RELEASE)'\n", to: swiftc)
        let result = try SeguelabBinary.runPiped("", arguments: ["doctor"], home: home, extra: ["SWIFTC": swiftc.path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                """
                ✘ Swift toolchain: Swift 5.10 at \(swiftc.path) is too old for SegueKit
                  Fix: install Swift 6.2 or later (https://swift.org/install) and put its usr/bin folder on PATH \
                (export PATH=/path/to/swift/usr/bin:$PATH), or set SWIFTC to its swiftc

                """), "\(result.stdout)")
        #expect(!result.stdout.contains("SegueKit:"), "no build with a toolchain that cannot build it")
    }

    @Test func missingSegueKitSourcesBlockWithWhereToFindThem() throws {
        let result = try doctor(["SEGUELAB_SEGUEKIT_SOURCES": "/nonexistent"], arguments: [])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                """
                ✘ SegueKit: SEGUELAB_SEGUEKIT_SOURCES=/nonexistent holds no .swift files
                  Fix: install SegueLab again (make install PREFIX=…), or set SEGUELAB_SEGUEKIT_SOURCES to its Sources/SegueKit folder

                """), "\(result.stdout)")
    }

    @Test func aSwiftcThatIsNotAProgramIsNamed() throws {
        let result = try doctor(["SWIFTC": "/nonexistent/swiftc"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                """
                ✘ Swift toolchain: SWIFTC=/nonexistent/swiftc is not an executable file
                  Fix: unset SWIFTC to use swiftc from PATH, or set it to swiftc's full path

                """), "\(result.stdout)")
    }

    @Test(.enabled(if: TinyFileSystem.canMount, "needs permission to mount a tmpfs"))
    func aReadOnlyStateFolderBlocksAndSaysWhere() throws {
        let mount = try TinyFileSystem(options: "ro,size=64k")
        defer { mount.unmount() }
        let result = try doctor(["XDG_STATE_HOME": mount.url.path])
        #expect(result.status == 1)
        let state = mount.url.path + "/seguelab"
        #expect(
            result.stdout.contains(
                """
                ✘ state folder: cannot create \(state): Read-only file system; progress, drafts and history could not be saved
                  Fix: the file system holding \(mount.url.path) is read-only: use a folder on a writable disk: \
                export XDG_STATE_HOME=/a/folder/you/can/write

                """), "\(result.stdout)")
    }

    @Test func aFileWhereTheCacheFolderShouldBeBlocks() throws {
        let home = try SeguelabBinary.makeHome()
        let file = home.appendingPathComponent("cache")
        try "not a folder".write(to: file, atomically: true, encoding: .utf8)
        let result = try SeguelabBinary.runPiped(
            "", arguments: ["doctor", "--no-build"], home: home, extra: ["XDG_CACHE_HOME": file.path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                """
                ✘ cache folder: cannot create \(file.path)/seguelab: Not a directory; SegueKit could not be compiled, so no Swift could run
                  Fix: a file stands where a folder is needed in \(file.path): move it away, or export XDG_CACHE_HOME=/a/folder/you/can/write

                """), "\(result.stdout)")
    }

    @Test(.enabled(if: TinyFileSystem.canMount, "needs permission to mount a tmpfs"))
    func aNearlyFullDiskForTheCacheBlocks() throws {
        let mount = try TinyFileSystem(options: "size=1m")
        defer { mount.unmount() }
        let result = try doctor(["XDG_CACHE_HOME": mount.url.path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                """
                ✘ disk space: 1 MB free for \(mount.url.path)/seguelab; SegueKit's build and the programs' compiles need 50 MB
                  Fix: free some space on that disk, or export XDG_CACHE_HOME=/a/folder/on/a/larger/disk

                """), "\(result.stdout)")
    }

    /// A dumb terminal and a locale that is not UTF-8 make the lessons worse, not impossible.
    @Test func aDumbTerminalAndAPlainLocaleAreWarningsWithTheirFix() throws {
        let result = try doctor(["TERM": "dumb", "LANG": "C"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                """
                ! terminal: TERM=dumb: no line editing, no colour
                  Fix: use a terminal emulator (GNOME Terminal, Konsole, iTerm2, Windows Terminal…), or export TERM=xterm-256color if yours is one

                """), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                """
                ! locale: LANG=C is not UTF-8: ✔, → and é may show as other characters
                  Fix: export LANG=C.UTF-8 (or your language's UTF-8 locale, e.g. fr_FR.UTF-8)

                """), "\(result.stdout)")
        // A machine without a sandbox for programs has one warning more (the containment's).
        let warnings = Self.sandboxed ? 3 : 4
        #expect(
            result.stdout.hasSuffix(
                "Ready, with \(warnings) warnings (! above): the lessons work, but better after the fix.\n"))
    }

    /// On a learner's terminal: everything checked, SegueKit compiled (or found compiled) and a
    /// first program run, with nothing to fix.
    @Test func aHealthyMachineIsReadyAndSegueKitIsWarm() throws {
        let home = try SeguelabBinary.makeHome()
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path, arguments: ["doctor"],
            environment: SeguelabBinary.environment(home: home), columns: 100, rows: 30)
        #expect(try terminal.waitForExit(timeout: 900) == 0)
        let screen = terminal.screen
        #expect(screen.contains("✔ Swift toolchain: Swift version 6."), "\(screen)")
        #expect(screen.contains("✔ state folder: \(home.path)/state/seguelab is writable"))
        #expect(screen.contains("✔ window: 100×30"))
        #expect(screen.contains("✔ locale: LANG=C.UTF-8"))
        #expect(screen.contains("; a first program compiled and ran in "))
        if Self.sandboxed {
            #expect(screen.contains("Ready: nothing to fix."))
            #expect(!screen.contains("✘") && !screen.contains("! "))
        } else {
            #expect(screen.contains("Ready, with 1 warning (! above)"), "\(screen)")
            #expect(!screen.contains("✘"))
        }
    }

    /// Whether programs run in a sandbox here (doctor warns otherwise).
    static let sandboxed: Bool = { if case .sandbox = Containment.current { true } else { false } }()

    /// The containment this machine gives learners' programs is named, with what is missing.
    @Test func theContainmentLevelIsNamed() throws {
        let result = try doctor([:])
        let line = result.stdout.split(separator: "\n").first { $0.contains(" containment: ") }.map(String.init)
        #expect(line != nil, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "✔ memory and disk limits: for all of a program's processes and files together, measured by "
                    + "seguelab's supervisor every 50 ms"), "\(result.stdout)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap") {
            let off = try doctor(["SEGUELAB_SANDBOX": "off"])
            #expect(
                off.stdout.contains("! containment: Landlock: programs write only in their own folder")
                    || off.stdout.contains("! containment: supervisor only"), "\(off.stdout)")
            #expect(off.stdout.contains("(SEGUELAB_SANDBOX=off)"), "\(off.stdout)")
            #expect(off.stdout.contains("Fix: unset SEGUELAB_SANDBOX"), "\(off.stdout)")
        }
    }
}
