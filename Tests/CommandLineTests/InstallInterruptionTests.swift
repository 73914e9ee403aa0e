import Foundation
import LessonKit
import TestSupport
import Testing

/// `pack install` killed at any moment leaves a working pack in place, the old version or the
/// new one, and the next install clears what the killed one left beside it.
@Suite(.serialized)
struct InstallInterruptionTests {
    static func install(
        _ root: URL, home: URL,
        killedAt phase: PackInstaller.Phase? = nil
    ) throws -> SeguelabBinary.Result {
        try SeguelabBinary.runPiped(
            "", arguments: ["pack", "install", "--static-only", root.path], home: home,
            extra: [
                "XDG_CACHE_HOME": CommandLineTests.sharedCache.path,
                "SEGUELAB_INSTALL_FAULT": phase?.rawValue ?? ""
            ])
    }

    static func installedVersion(home: URL) throws -> String? {
        let lessons = try CommandLineTests.run(["lessons", "--pack", "demo"], home: home)
        guard lessons.status == 0 else { return nil }
        return ["1.0.0", "2.0.0"].first { lessons.stdout.contains("(demo \($0))") }
    }

    @Test(arguments: PackInstaller.Phase.allCases)
    func killedAtEachPhaseTheInstallLeavesTheOldPackOrTheNew(_ phase: PackInstaller.Phase) throws {
        let home = try SeguelabBinary.makeHome()
        let first = try CommandLineTests.makePack(CommandLineTests.questionPack, in: home, name: "one")
        var files = CommandLineTests.questionPack
        files["pack.yaml"] = files["pack.yaml"]!.replacingOccurrences(of: "version: 1.0.0", with: "version: 2.0.0")
        let second = try CommandLineTests.makePack(files, in: home, name: "two")
        let installed = home.appendingPathComponent(".local/share/seguelab/packs")

        #expect(try Self.install(first, home: home).status == 0)
        let killed = try Self.install(second, home: home, killedAt: phase)
        #expect(killed.status == SIGKILL, "\(phase): the installer was not killed (status \(killed.status))")
        let expected = [.cleaned, .copied].contains(phase) ? "1.0.0" : "2.0.0"
        #expect(try Self.installedVersion(home: home) == expected, "\(phase)")

        let again = try Self.install(second, home: home)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.installedVersion(home: home) == "2.0.0")
        #expect(try FileManager.default.contentsOfDirectory(atPath: installed.path) == ["demo"])
    }

    /// Where the file system cannot swap two folders in one step, the old copy is renamed aside
    /// before the new one comes in: killed between the two, the next install puts it back.
    @Test func anOldCopyLeftAsideWithNothingInPlaceIsPutBack() throws {
        let home = try SeguelabBinary.makeHome()
        let first = try CommandLineTests.makePack(CommandLineTests.questionPack, in: home, name: "one")
        #expect(try Self.install(first, home: home).status == 0)
        let installed = home.appendingPathComponent(".local/share/seguelab/packs")
        try FileManager.default.moveItem(
            at: installed.appendingPathComponent("demo"),
            to: installed.appendingPathComponent(".old-demo-1234"))
        try FileManager.default.createDirectory(
            at: installed.appendingPathComponent(".incoming-demo-5678/lessons"),
            withIntermediateDirectories: true)
        var files = CommandLineTests.questionPack
        files["pack.yaml"] = files["pack.yaml"]!.replacingOccurrences(of: "id: demo", with: "id: other")
        let other = try CommandLineTests.makePack(files, in: home, name: "other")
        #expect(try Self.install(other, home: home).status == 0)
        #expect(try Self.installedVersion(home: home) == "1.0.0")
        #expect(try FileManager.default.contentsOfDirectory(atPath: installed.path).sorted() == ["demo", "other"])
    }
}

/// An install that fails says why in one line: the cause, not Foundation's error dump.
@Suite(.serialized)
struct InstallFailureWordingTests {
    @Test(.enabled(if: TinyFileSystem.canMount, "needs permission to mount a tmpfs"))
    func aFullDiskIsSaidInPlainWords() throws {
        let home = try SeguelabBinary.makeHome()
        var files = CommandLineTests.questionPack
        files["support/Big.swift"] = "// " + String(repeating: "x", count: 200_000) + "\n"
        files["pack.yaml"]! += "support: [support/Big.swift]\n"
        let root = try CommandLineTests.makePack(files, in: home)
        let mount = try TinyFileSystem(options: "size=64k")
        defer { mount.unmount() }
        let result = try SeguelabBinary.runPiped(
            "", arguments: ["pack", "install", "--static-only", root.path],
            home: home,
            extra: [
                "XDG_CACHE_HOME": CommandLineTests.sharedCache.path,
                "XDG_DATA_HOME": mount.url.path
            ])
        #expect(result.status == 1)
        let packs = mount.url.appendingPathComponent("seguelab/packs").path
        #expect(
            result.stderr == "seguelab: error: cannot install 'demo' in \(packs): the disk is full\n",
            "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: packs) == [])
    }
}

/// `pack new` on a full disk says so, not "The operation could not be completed".
@Suite(.serialized)
struct PackNewFailureWordingTests {
    @Test(.enabled(if: TinyFileSystem.canMount, "needs permission to mount a tmpfs"))
    func aFullDiskIsSaidInPlainWords() throws {
        let home = try SeguelabBinary.makeHome()
        let mount = try TinyFileSystem(options: "size=8k")
        defer { mount.unmount() }
        let folder = mount.url.appendingPathComponent("course").path
        let result = try CommandLineTests.run(["pack", "new", folder], home: home)
        #expect(result.status == 1)
        #expect(
            result.stderr == "seguelab: error: cannot write the pack in \(folder): the disk is full\n",
            "\(result.stderr)")
    }
}
