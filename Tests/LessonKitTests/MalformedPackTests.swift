import Foundation
import Playground
import SegueKit
import Testing

@testable import LessonKit

/// The malformed corpus: one small pack per case under Fixtures/Malformed/CASE, each with an
/// `expected.txt` giving the outcome and the exact diagnostics (`file:line:col: error: …`).
/// Every bad file must be answered with a precise message, never a crash or a hang, and a
/// broken lesson must not take the rest of the pack down with it.
@Suite("Malformed packs")
struct MalformedPackTests {
    static let corpus = Fixtures.root.appendingPathComponent("Malformed", isDirectory: true)

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { !$0.hasPrefix(".") }
            .sorted()
    }

    /// What loading a case must produce: the first line of expected.txt, then diagnostics.
    struct Expectation {
        enum Outcome: Equatable {
            case loads
            case brokenLesson(String)
            case noPack
        }
        var outcome: Outcome
        var diagnostics: [String]

        init(_ text: String) {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while lines.last == "" { lines.removeLast() }
            let first = lines.removeFirst()
            switch first {
            case "outcome: loads": outcome = .loads
            case "outcome: no pack": outcome = .noPack
            default: outcome = .brokenLesson(String(first.dropFirst("outcome: broken ".count)))
            }
            diagnostics = lines
        }
    }

    @Test func corpusIsLargeEnough() {
        #expect(Self.cases.count >= 30)
    }

    @Test(.timeLimit(.minutes(1)), arguments: cases)
    func eachCaseGetsItsExactDiagnostics(_ name: String) throws {
        let folder = Self.corpus.appendingPathComponent(name, isDirectory: true)
        let expectedText = try String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)
        let expected = Expectation(expectedText)

        // A hang or blow-up is caught by the one-minute limit on the test, not by timing it.
        let result = PackLoader.load(from: folder)

        #expect(result.diagnostics.map(\.description) == expected.diagnostics)
        switch expected.outcome {
        case .loads:
            #expect(!result.diagnostics.hasErrors)
            #expect(result.pack?.brokenLessons.isEmpty == true)
            #expect(result.usablePack?.lessons.count == result.pack?.lessons.count)
        case .noPack:
            #expect(result.pack == nil && result.usablePack == nil)
            #expect(result.diagnostics.hasErrors)
        case .brokenLesson(let lesson):
            // Not a valid pack (pack check fails), but the broken lesson is left out with its
            // diagnostics and the good one still loads for learners.
            #expect(result.pack == nil)
            let pack = try #require(result.usablePack, "a broken lesson must not stop the pack loading")
            #expect(pack.lessons.map(\.id).contains("good"))
            let broken = try #require(pack.brokenLessons.first)
            #expect(pack.brokenLessons.map(\.name) == [lesson])
            #expect(broken.diagnostics.hasErrors)
            #expect(broken.diagnostics.allSatisfy { result.diagnostics.contains($0) })
        }
        // Every error says where, except for a folder that is not a pack at all.
        for diagnostic in result.diagnostics where name != "manifest-missing" {
            #expect(diagnostic.location != nil, "\(diagnostic)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aTenMegabyteLessonIsRefusedQuicklyWithItsSize() throws {
        let dir = TemporaryDirectory()
        let good = "---\nid: good\ntitle: Good\n---\n\n## Start {#start}\n\nText.\n"
        let root = try dir.write(
            [
                "pack.yaml": "id: demo\ntitle: Demo\nversion: 1.0.0\nformat: 1\nlessons: [00-good, 01-huge]\n",
                "lessons/00-good.md": good
            ], under: "p")
        let line = "A line of prose that goes on and on, repeated until the file is ten megabytes.\n"
        let huge = good + String(repeating: line, count: 10 * 1024 * 1024 / line.utf8.count + 1)
        try Data(huge.utf8).write(to: root.appendingPathComponent("lessons/01-huge.md"))

        // Refused by its size before being read (the message gives the size, not a parse error).
        let result = PackLoader.load(from: root)
        #expect(
            result.diagnostics.map(\.description) == [
                "p/lessons/01-huge.md:1:1: error: file is 10.0 MB, larger than the 1.0 MB a pack's text files may have; is it the right file?"
            ])
        #expect(result.usablePack?.lessons.map(\.id) == ["good"])
        #expect(result.usablePack?.brokenLessons.map(\.name) == ["01-huge"])
    }

    /// 25,000 steps (about 800 KB, under the size limit) used to take over a minute to load:
    /// reading stops at the cap with an error naming where, and the rest of the pack loads.
    @Test func aLessonWithTooManyStepsIsRefusedAtTheFirstStepPastTheCap() throws {
        let dir = TemporaryDirectory()
        let good = "---\nid: good\ntitle: Good\n---\n\n## Start {#start}\n\nText.\n"
        var huge = "---\nid: huge\ntitle: Huge\n---\n"
        for index in 0..<25_000 { huge += "\n## Step \(index) {#s\(index)}\n\nText.\n" }
        let root = try dir.write(
            [
                "pack.yaml": "id: demo\ntitle: Demo\nversion: 1.0.0\nformat: 1\nlessons: [00-good, 01-huge]\n",
                "lessons/00-good.md": good,
                "lessons/01-huge.md": huge
            ], under: "p")
        let result = PackLoader.load(from: root)
        // Front matter (4 lines), then 4 lines per step: step 1,001's heading is line 4 + 4,000 + 2.
        #expect(
            result.diagnostics.map(\.description) == [
                "p/lessons/01-huge.md:4006:1: error: a lesson may have at most 1000 steps; split it into several lessons"
            ])
        #expect(result.usablePack?.lessons.map(\.id) == ["good"])
    }

    /// A pack's title in its other languages: used for those languages, refused with its place
    /// for a language the pack is not written in.
    @Test func translatedTitlesAreReadAndCheckedAgainstThePacksLanguages() {
        let good = PackLoader.parseManifest(
            Data(
                """
                id: demo
                title: Demo
                titles:
                  fr: Démo
                version: 1.0.0
                format: 1
                languages: [en, fr]
                lessons: [01-a]
                """.utf8), file: "pack.yaml")
        #expect(good.diagnostics.isEmpty)
        #expect(good.manifest?.title(in: "fr") == "Démo")
        #expect(good.manifest?.title(in: "en") == "Demo")
        #expect(good.manifest?.title(in: "de") == "Demo")

        let bad = PackLoader.parseManifest(
            Data(
                """
                id: demo
                title: Demo
                titles:
                  de: Demo auf Deutsch
                version: 1.0.0
                format: 1
                languages: [en, fr]
                lessons: [01-a]
                """.utf8), file: "pack.yaml")
        #expect(
            bad.diagnostics.map(\.description) == [
                "pack.yaml:4:3: error: 'titles' names 'de', which is not one of the pack's languages (en, fr)"
            ])
    }

    @Test func aPackWhoseEveryLessonIsBrokenDoesNotLoad() throws {
        let dir = TemporaryDirectory()
        var builder = PackBuilder(lesson: "---\nid: a\ntitle: A\n---\n\n## One {#one}\n\n```step\nkind: quiz\n```\n")
        builder.manifest = "id: demo\ntitle: Demo\nversion: 1.0.0\nformat: 1\nlessons: [01-a]\n"
        let result = try builder.load(in: dir)
        #expect(result.pack == nil && result.usablePack == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "p/lessons/01-a.md:9:7: error: unknown step kind 'quiz'; expected one of: \(StepKind.allCases.map(\.rawValue).joined(separator: ", "))"
            ])
    }

    @Test func bytesAreDecodedWithPositionsOfTheFirstBadByte() {
        let sink = DiagnosticSink()
        // "é" is two bytes but one column; the stray 0xC3 is on line 2, column 3.
        let data = Data("ab\nxé".utf8) + Data([0xC3, 0x28])
        #expect(PackText.decode(data, file: "f.md", sink: sink) == nil)
        #expect(
            sink.diagnostics.map(\.description) == [
                "f.md:2:3: error: file is not valid UTF-8 text (byte 0xC3 here); save it as UTF-8"
            ])
        #expect(
            PackText.decode(Data([0xEF, 0xBB, 0xBF]) + Data("---".utf8), file: "f.md", sink: DiagnosticSink()) == "---")
    }
}

/// Inputs the fuzzers (fuzz/run.sh) found crashing, kept so the fixes stay fixed.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("fuzz/regressions", isDirectory: true)

    static func inputs(_ target: String) -> [String] {
        let dir = folder.appendingPathComponent(target).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { !$0.hasPrefix(".") }
            .sorted()
    }

    @Test func regressionInputsArePresent() {
        #expect(!Self.inputs("storyboard").isEmpty)
    }

    @Test(arguments: inputs("storyboard"))
    func storyboardInputIsRejectedWithALocation(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("storyboard/\(name)"))
        #expect(throws: StoryboardError.self) { try StoryboardDocument.parse(data, path: "Fuzz.storyboard") }
    }

    @Test(arguments: inputs("lesson"))
    func lessonInputGetsDiagnostics(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("lesson/\(name)"))
        let lesson = PackLoader.parseLesson(data, file: "fuzz.md")
        let manifest = PackLoader.parseManifest(data, file: "pack.yaml")
        #expect(lesson.lesson != nil || lesson.diagnostics.hasErrors)
        #expect(manifest.manifest != nil || manifest.diagnostics.hasErrors)
    }

    @Test func storyboardWithABadByteNamesItsPosition() {
        let data = Data("<?xml version=\"1.0\"?>\n<document a".utf8) + Data([0xFF, 0xFF]) + Data("=\"1\"/>".utf8)
        do {
            _ = try StoryboardDocument.parse(data, path: "S.storyboard")
            Issue.record("a storyboard with a byte that is not UTF-8 was accepted")
        } catch let error as StoryboardError {
            #expect(
                "\(error.location): \(error.message)"
                    == "S.storyboard:2:12: storyboard is not valid UTF-8 text (byte 0xFF here)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func storyboardWithAStrayProcessingInstructionNamesItsPosition() {
        let data = Data("<?xml version=\"1.0\"?>\n<document>\n  <?x?></document>".utf8)
        do {
            _ = try StoryboardDocument.parse(data, path: "S.storyboard")
            Issue.record("a storyboard with a stray processing instruction was accepted")
        } catch let error as StoryboardError {
            #expect(
                "\(error.location): \(error.message)"
                    == "S.storyboard:3:3: malformed XML: a processing instruction (<?…?>) is allowed only as the <?xml …?> declaration at the top"
            )
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// Thousands of elements on one line used to cost a copy of the whole line per element:
    /// 30,000 copies of 800,000 characters. Linear, this takes a few seconds in a debug build.
    @Test(.timeLimit(.minutes(3)))
    func oneLineStoryboardParsesInLinearTime() throws {
        let scene = #"<scene sceneID="s%d"><objects><viewController id="v%d"/></objects></scene>"#
        let scenes = (0..<10_000).map { String(format: scene, $0, $0) }.joined()
        let xml = #"<?xml version="1.0"?><document><scenes>"# + scenes + "</scenes></document>"
        let started = Date()
        let document = try StoryboardDocument.parse(Data(xml.utf8), path: "Flat.storyboard")
        #expect(document.scenes.count == 10_000)
        #expect(Date().timeIntervalSince(started) < 60)
    }
}
