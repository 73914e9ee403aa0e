import Foundation
import LessonKit
import TestSupport
import Testing

/// A pack's paths stay inside the pack, as its links must; and a folder with a `:` in its name
/// is a folder like any other.
@Suite(.serialized)
struct PackPathTests {
    func check(_ files: [String: String], outside: [String: String] = [:]) throws -> SeguelabBinary.Result {
        let home = try SeguelabBinary.makeHome()
        try CommandLineTests.write(outside, under: home)
        let root = try CommandLineTests.makePack(files, in: home)
        return try CommandLineTests.run(["pack", "check", "--static-only", root.path], home: home)
    }

    static let secret = ["secret/Spy.swift": "let spied = 1\n", "secret/Away.storyboard": "<document/>\n"]

    @Test func supportFilesOutsideThePackAreRefused() throws {
        var files = CommandLineTests.questionPack
        files["pack.yaml"]! += "support: [../secret/Spy.swift, /etc/hostname]\n"
        let result = try check(files, outside: Self.secret)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "p/pack.yaml:6:11: error: support file '../secret/Spy.swift' leads out of the pack ('..' is not allowed in a pack's paths)"
            ), "\(result.stdout)")
        #expect(
            result.stdout.contains("error: support file '/etc/hostname' is not inside the pack"), "\(result.stdout)")
    }

    @Test func storyboardFoldersOutsideThePackAreRefused() throws {
        var files = CommandLineTests.questionPack
        files["pack.yaml"]! += "storyboards: [../secret]\n"
        let result = try check(files, outside: Self.secret)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("error: storyboard folder '../secret' leads out of the pack"), "\(result.stdout)")
    }

    @Test func aStepsStoryboardOutsideThePackIsRefused() throws {
        var files = CommandLineTests.questionPack
        files["lessons/01-a.md"] = files["lessons/01-a.md"]!.replacingOccurrences(
            of: "hints: [It prepares.]", with: "hints: [It prepares.]\nstoryboard: ../../secret/Away")
        let result = try check(files, outside: Self.secret)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("error: storyboard '../../secret/Away' is not a storyboard name"), "\(result.stdout)"
        )
    }

    @Test func aShownCommandsStoryboardOutsideThePackIsRefused() throws {
        var files = CommandLineTests.questionPack
        files["storyboards/.keep"] = ""
        files["lessons/02-b.md"] = files["lessons/02-b.md"]!.replacingOccurrences(
            of: "Enums.\n", with: "Enums.\n\n```seguelab\nstoryboard ../../secret/Away\n```\n")
        let result = try check(files, outside: Self.secret)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("this ```seguelab block cannot run: storyboard '../../secret/Away' not found"),
            "\(result.stdout)")
    }

    /// The storyboard folders reach the program whole: split at `:`, `a:b` was `a` and `b`.
    @Test func aProgramInAFolderWithAColonFindsItsStoryboard() throws {
        let home = try SeguelabBinary.makeHome()
        let folder = home.appendingPathComponent("first:second")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SegueKitTests/Fixtures")
        try FileManager.default.copyItem(
            at: fixtures.appendingPathComponent("Shop.storyboard"),
            to: folder.appendingPathComponent("Shop.storyboard"))
        let file = folder.appendingPathComponent("Main.swift")
        try """
        import UIKit
        let board = UIStoryboard(name: "Shop", bundle: nil)
        print("scenes:", board.document.scenes.count)
        """.write(to: file, atomically: true, encoding: .utf8)
        let result = try SeguelabBinary.runPiped("", arguments: ["run", file.path, "--no-trace"], home: home)
        #expect(result.status == 0, "\(result.stderr.suffix(400))")
        #expect(result.stdout == "scenes: 8\n", "\(result.stdout) \(result.stderr.suffix(400))")
    }
}

/// A pack's error without a place is said once as an error: "seguelab: error: error: …" was said.
@Suite(.serialized)
struct DoubledErrorWordTests {
    @Test func aPacksErrorIsSaidWithOneErrorWord() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try CommandLineTests.makePack(CommandLineTests.questionPack, in: home)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("secrets").path, withDestinationPath: "/etc")
        let result = try CommandLineTests.run(["lessons", "--pack", root.path], home: home)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("seguelab: error: p/secrets: link to '/etc' points outside the pack"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("error: error:"), "\(result.stderr)")
    }
}
