import Foundation
import TestSupport
import Testing

/// `swift` mode knows UIKit as lessons do, and what `:save` writes runs as it ran.
@Suite(.serialized) struct SwiftModeTests {
    @Test func uikitIsImpliedAndASavedSessionRunsWithoutAPack() throws {
        let home = try SeguelabBinary.makeHome()
        let file = home.appendingPathComponent("session.swift").path
        let script = """
            swift
            let screen = UIViewController()
            print("made \\(type(of: screen))")
            :save \(file)
            :quit
            run \(file)
            """
        let result = try SeguelabBinary.runPiped(script + "\n", arguments: ["--no-pack"], home: home)
        #expect(result.status == 0, "stderr:\n\(result.stderr)")
        #expect(
            result.stdout.components(separatedBy: "made UIViewController").count == 3,
            "printed in the mode and by `run`:\n\(result.stdout)")
        #expect(result.stdout.contains("`run \(file)` runs it, here or as `seguelab run \(file)`"))
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("import UIKit\n"))
    }

    @Test func aSessionOnAPackIsSavedToRunWithThePacksSupportCode() throws {
        let home = try SeguelabBinary.makeHome()
        let file = home.appendingPathComponent("pack-session.swift").path
        let script = """
            swift
            let navigation = launchApp()
            print("top: \\(type(of: navigation.topViewController!))")
            :save \(file)
            :quit
            run \(file)
            """
        let result = try SeguelabBinary.runPiped(
            script + "\n", arguments: ["--pack", LessonSessionTests.pack], home: home)
        #expect(result.status == 0, "stderr:\n\(result.stderr)")
        #expect(
            result.stdout.components(separatedBy: "top: ListViewController").count == 3,
            "printed in the mode and by `run`:\n\(result.stdout)")
        #expect(result.stdout.contains("runs it in this shell, with the pack's support code and storyboards"))
    }
}
