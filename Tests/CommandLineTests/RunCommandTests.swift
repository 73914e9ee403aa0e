import Foundation
import TestSupport
import Testing

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
        #expect(
            result.stderr.contains(
                "Sample.swift:4:18: error: call to main actor-isolated initializer 'init()' in a synchronous nonisolated context"
            ))
    }

    static let splitSample = """
        import UIKit
        let split = UISplitViewController()
        let master = UIViewController()
        master.title = "Shelf"
        let detail = UIViewController()
        detail.title = "Book"
        split.viewControllers = [UINavigationController(rootViewController: master), detail]
        let window = UIWindow()
        window.rootViewController = split
        window.makeKeyAndVisible()
        print(UIDevice.current.userInterfaceIdiom == .phone ? "phone" : "pad", split.isCollapsed, split.viewControllers.count)
        """

    /// `--device iphone` runs in compact width: the split view collapses (collapseSecondaryViewController(_:for:):
    /// "The primary view controller associated with the split view controller is displayed");
    /// `--device ipad`, and no option, keep both columns.
    @Test func deviceChoosesTheIdiomTheProgramRunsOn() throws {
        #expect(try run(Self.splitSample, arguments: ["--device", "iphone"]).stdout == "phone true 1\n")
        #expect(try run(Self.splitSample, arguments: ["--device", "iPad"]).stdout == "pad false 2\n")
        #expect(try run(Self.splitSample, arguments: []).stdout == "pad false 2\n")
        // Entry by entry, as the swift prompt takes them, every entry runs on the device too.
        let session = try run(Self.splitSample, arguments: ["--device", "iphone", "--as-session"])
        #expect(session.stdout.contains("phone true 1\n"), "\(session.stdout)")
        let wrong = try run(Self.splitSample, arguments: ["--device", "watch"])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("--device must be iphone or ipad, not watch"), "\(wrong.stderr)")
    }

    @Test func aUIKitExceptionEndsTheProgramLikeACrashedApp() throws {
        let result = try run(
            """
            import UIKit
            let screen = UIViewController()
            screen.performSegue(withIdentifier: "next", sender: nil)
            """, arguments: [])
        #expect(result.status != 0)
        #expect(result.stderr.contains("has no segue with identifier 'next'"))
    }
}

/// What a program prints reaches the terminal as text: colour passes, but it cannot set the
/// clipboard, retitle the window, switch screens or clear it; and both streams are cut alike.
@Suite(.serialized) struct ProgramOutputTests {
    static let hostile = #"""
        import Foundation
        let sequences = "\u{1B}]52;c;cm0gLXJmIH4K\u{07}|\u{1B}]0;pwned\u{07}|\u{1B}[?1049h|\u{1B}[2J|\u{1B}[31mred\u{1B}[0m"
        print(sequences)
        FileHandle.standardError.write(Data((sequences + "\n").utf8))
        """#

    @Test func seguelabRunShowsControlSequencesInsteadOfObeyingThem() throws {
        let home = try SeguelabBinary.makeHome()
        let file = home.appendingPathComponent("Hostile.swift")
        try Self.hostile.write(to: file, atomically: true, encoding: .utf8)
        let result = try SeguelabBinary.runPiped("", arguments: ["run", file.path, "--no-trace"], home: home)
        let expected = "^[]52;c;cm0gLXJmIH4K^G|^[]0;pwned^G|^[[?1049h|^[[2J|\u{1B}[31mred\u{1B}[0m\n"
        #expect(result.stdout == expected)
        #expect(result.stderr.contains(expected))
        #expect(!(result.stdout + result.stderr).contains("\u{1B}]"))
    }

    @Test func theShellShowsControlSequencesAndCutsALongErrorOutputLikeOutput() throws {
        let home = try SeguelabBinary.makeHome()
        let file = home.appendingPathComponent("Hostile.swift")
        try (Self.hostile + "\nfor i in 0..<50_000 { FileHandle.standardError.write(Data(\"e\\(i)\\n\".utf8)) }\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try SeguelabBinary.runPiped(
            "run \(file.path)\n", arguments: ["--no-pack", "--output-limit", "4096"], home: home)
        #expect(result.stdout.contains("^[]52;c;cm0gLXJmIH4K^G|^[]0;pwned^G"), "\(result.stdout.prefix(500))")
        #expect(!(result.stdout + result.stderr).contains("\u{1B}]"))
        // 50,000 lines on stderr: its beginning and end are shown, not all of it.
        #expect(result.stdout.contains("e49999"))
        #expect(result.stdout.contains("more lines not shown"))
        #expect(result.stdout.utf8.count < 32_768, "\(result.stdout.utf8.count) bytes shown")
    }

    /// Both streams into one file, as `seguelab run F > log 2>&1` does: every line arrives
    /// whole, stdout's in their order and stderr's in theirs, and the crash line after them,
    /// whole. (Across streams, the order is the order they were read in: exact when the program
    /// pauses between writes, not for writes microseconds apart, so it is not asserted here.)
    @Test func bothStreamsArriveWholeAndTheCrashLineLast() throws {
        let home = try SeguelabBinary.makeHome()
        let file = home.appendingPathComponent("Order.swift")
        try """
        import Foundation
        print("out 1")
        FileHandle.standardError.write(Data("err 2\\n".utf8))
        print("out 3")
        FileHandle.standardError.write(Data("err 4\\n".utf8))
        let missing: Int? = nil
        print(missing!)
        """.write(to: file, atomically: true, encoding: .utf8)
        let log = home.appendingPathComponent("log.txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(SeguelabBinary.path)' run '\(file.path)' --no-trace > '\(log.path)' 2>&1"]
        process.environment = SeguelabBinary.environment(home: home)
        try process.run()
        process.waitUntilExit()
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Set(lines.prefix(4)) == ["out 1", "err 2", "out 3", "err 4"], "\(lines)")
        #expect(
            lines.filter { $0.hasPrefix("out") } == ["out 1", "out 3"]
                && lines.filter { $0.hasPrefix("err") } == ["err 2", "err 4"])
        #expect(lines.dropFirst(4).first?.hasPrefix("The program crashed (force-unwrap of nil)") == true, "\(lines)")
    }
}

/// The shell shows a program's output and error output as one account, in the order written.
@Suite(.serialized) struct OutputOrderInTheShellTests {
    @Test func errorOutputIsShownWhereItWasWrittenAndMarked() throws {
        let home = try SeguelabBinary.makeHome()
        let file = home.appendingPathComponent("Order.swift")
        try OrderedWrites.program([("loading the shelf\n", 1), ("no cover for Dune\n", 2), ("On screen: Dune\n", 1)])
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try SeguelabBinary.runPiped("run \(file.path)\n", arguments: ["--no-pack"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix("loading the shelf\nstderr│ no cover for Dune\nOn screen: Dune\n"),
            "\(result.stdout)")
    }
}
