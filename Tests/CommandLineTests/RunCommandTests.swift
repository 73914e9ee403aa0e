import Foundation
import Testing
import TestSupport

/// `seguelab run` against the real SegueKit: iOS code as it is, and the isolation rules of
/// each language mode.
@Suite(.serialized) struct RunCommandTests {
    static let isolationSample = """
        import UIKit
        final class Screen: UIViewController {}
        func make() -> String {
            let screen = Screen()
            return screen.title ?? "none"
        }
        print(make())
        """

    func run(_ code: String, arguments: [String]) throws -> SeguelabBinary.Result {
        let home = try SeguelabBinary.makeHome()
        let file = home.appendingPathComponent("Sample.swift")
        try code.write(to: file, atomically: true, encoding: .utf8)
        return try SeguelabBinary.runPiped("", arguments: ["run", file.path, "--no-trace"] + arguments, home: home)
    }

    @Test func swift5CodeCompilesAsItDoesAgainstUIKit() throws {
        let result = try run(Self.isolationSample, arguments: [])
        #expect(result.status == 0)
        #expect(result.stdout == "none\n")
        #expect(!result.stderr.contains("warning"))
    }

    @Test func swift6ModeRejectsMainActorMisuseAsXcodeWould() throws {
        let result = try run(Self.isolationSample, arguments: ["--swift-version", "6"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Sample.swift:4:18: error: call to main actor-isolated initializer 'init()' in a synchronous nonisolated context"))
    }

    @Test func aUIKitExceptionEndsTheProgramLikeACrashedApp() throws {
        let result = try run("""
            import UIKit
            let screen = UIViewController()
            screen.performSegue(withIdentifier: "next", sender: nil)
            """, arguments: [])
        #expect(result.status != 0)
        #expect(result.stderr.contains("has no segue with identifier 'next'"))
    }
}
