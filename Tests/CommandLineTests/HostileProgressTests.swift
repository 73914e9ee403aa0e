import Foundation
import LessonKit
import TestSupport
import Testing

/// A progress file that is valid JSON but holds absurd numbers (edited by hand, damaged) is read
/// with its numbers held to their bounds: `progress`, its exports, `lessons` and the shell all
/// go on.
@Suite(.serialized)
struct HostileProgressTests {
    @Test func hugeNumbersInProgressAreHeldToTheirBounds() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try CommandLineTests.makePack(CommandLineTests.questionPack, in: home)
        let pack = try #require(PackLoader.load(from: root).pack)
        var progress = PackProgress(pack: pack, now: Date())
        var record = StepProgress()
        record.status = .attempted
        record.attempts = 7
        record.hintsUsed = 8
        record.secondsSpent = 9
        progress[StepRef(lesson: "a", step: "which")] = record
        progress[StepRef(lesson: "b", step: "intro")] = record
        let state = ProgressStore.defaultDirectory(environment: SeguelabBinary.environment(home: home))
        let store = ProgressStore(directory: state)
        try store.save(progress, for: pack)
        let url = store.fileURL(for: pack)
        let text = try String(contentsOf: url, encoding: .utf8)
            .replacingOccurrences(of: "\"secondsSpent\" : 9", with: "\"secondsSpent\" : 1e300")
            .replacingOccurrences(of: "\"attempts\" : 7", with: "\"attempts\" : 9223372036854775807")
            .replacingOccurrences(of: "\"hintsUsed\" : 8", with: "\"hintsUsed\" : -9223372036854775807")
        #expect(text.contains("1e300") && text.contains("9223372036854775807"))
        try text.write(to: url, atomically: true, encoding: .utf8)

        for arguments in [["progress"], ["progress", "--csv"], ["progress", "--json"], ["lessons"]] {
            let result = try CommandLineTests.run(arguments + ["--pack", root.path], home: home)
            #expect(result.status == 0, "\(arguments): status \(result.status); \(result.stderr)")
        }
        let csv = try CommandLineTests.run(["progress", "--pack", root.path, "--csv"], home: home)
        // Attempts held to a million, hints to none, time to a century.
        let row = "\na,Identifiers,which,Which,text,attempted,1000000,0,no,3153600000\n"
        #expect(csv.stdout.contains(row), "\(csv.stdout)")

        let shell = try SeguelabBinary.runPiped(
            "progress\nquit\n", arguments: ["--pack", root.path], home: home,
            hangGuard: 300)
        #expect(shell.status == 0, "the shell ended with \(shell.status): \(shell.stderr.suffix(400))")
        #expect(!shell.hung)
    }
}
