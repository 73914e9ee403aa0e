import Foundation
import LessonKit
import TestSupport
import Testing

/// docs/authoring.md, "How a learner sees your checks": checks see the whole run from launch.
@Suite(.serialized)
struct LaunchTraceTests {
    @Test func aTraceCheckSeesTheLaunchOfTheApp() throws {
        let home = try SeguelabBinary.makeHome()
        let folder = home.appendingPathComponent("course")
        let created = try CommandLineTests.run(["pack", "new", folder.path], home: home)
        #expect(created.status == 0, "\(created.stderr)")
        let lesson = folder.appendingPathComponent("lessons/01-first-segue.md")
        // Launching the app and nothing else: only the launch's own events can pass the check.
        let step = """

            ## Launch {#launch}

            Start the app.

            ```step
            kind: exercise
            checks:
              - trace: { kind: viewDidLoad, source: ListViewController }
            hints: [Call launchApp().]
            ```

            ```swift starter
            print("not yet")
            ```

            ```swift solution
            _ = launchApp()
            ```

            """
        let handle = try FileHandle(forWritingTo: lesson)
        handle.seekToEndOfFile()
        handle.write(Data(step.utf8))
        try handle.close()
        let checked = try CommandLineTests.run(["pack", "check", folder.path, "--lang", "en"], home: home)
        #expect(checked.status == 0, "\(checked.stdout)\n\(checked.stderr)")
        #expect(checked.stdout.hasSuffix(": 0 errors, 0 warnings\n"), "\(checked.stdout)")
    }
}
