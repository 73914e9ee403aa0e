import Foundation
import Localization
import Playground
import SourceText
import Testing

@testable import LessonKit

@Suite("Program requests")
struct ProgramBuilderTests {
    let pack: Pack
    init() throws { pack = try Fixtures.loadSamplePack() }

    @Test func preludeLearnerCodeAndHarnessAreTopLevelCodeInOrder() throws {
        var step = try #require(pack.lessons[1].step(id: "pass"))
        step.code[.prelude] = CodeBlock(role: .prelude, code: "import UIKit\nlet ready = true", location: step.location)
        let request = ProgramBuilder.request(for: step, code: "print(1)\nprint(2)\n", in: pack)
        let topLevel = request.sources.filter(\.topLevel)
        #expect(topLevel.map(\.name) == ["prelude", "setup-ends", "pass.swift", "checks-begin", "harness"])
        #expect(topLevel.map(\.origin) == [.hidden, .hidden, .learner, .hidden, .hidden])
        // The trace notes where the step's set-up ends and where the checks begin.
        #expect(topLevel[1].text == "__lessonSetupEnds()\n")
        #expect(topLevel[3].text == "__lessonChecksBegin()\n")
        #expect(topLevel[4].text.hasPrefix("let detail = "))
        #expect(request.sources.contains { $0.name == "LessonCheck.swift" && $0.origin == .hidden && !$0.topLevel })
        #expect(request.swiftLanguageMode == .swift5 && request.optimization == .debug && !request.typecheckOnly)
    }

    @Test func plainRunLeavesTheHarnessOut() throws {
        let step = try #require(pack.lessons[1].step(id: "pass"))
        let plain = ProgramBuilder.request(for: step, code: "print(1)", in: pack, judging: false)
        #expect(plain.sources.filter(\.topLevel).map(\.name) == ["pass.swift"])
        #expect(!plain.sources.contains { $0.name == "LessonCheck.swift" })
    }

    @Test func compilerExercisesOnlyTypeCheckAndStepSettingsApply() throws {
        var step = try #require(pack.lessons[0].step(id: "compile-error"))
        step.swiftLanguageMode = .swift6
        step.optimization = .release
        let request = ProgramBuilder.request(for: step, code: "let x = 1", in: pack)
        #expect(request.typecheckOnly && request.swiftLanguageMode == .swift6 && request.optimization == .release)
        #expect(request.sources.filter(\.topLevel).map(\.name) == ["compile-error.swift"])
        let example = try #require(pack.lessons[0].step(id: "run"))
        #expect(
            ProgramBuilder.request(for: example, code: "", in: pack).sources.filter(\.topLevel).map(\.name) == [
                "example.swift"
            ])
    }

    /// The helpers' words come from the catalog (a pack may override them) and are written
    /// into the Swift source as literals: quotes and backslashes cannot end the string or
    /// interpolate, and only the helper's own placeholders become interpolations.
    @Test func theHelpersWordsAreSwiftLiterals() {
        let catalog = Catalog(
            language: "fr",
            overrides: [
                "check.helper.condition_false": #"non "vrai" \(x)"#,
                "check.helper.not_equal": #"{actual} ≠ {expected} "\(y)""#
            ])
        let source = HarnessSupport.helperSource(catalog: catalog)
        #expect(source.contains(#"oneLine.isEmpty ? "non \"vrai\" \\(x)" : oneLine"#), "\(source)")
        #expect(
            source.contains(#"lessonCheck(name, actual == expected, "\(actual) ≠ \(expected) \"\\(y)\"")"#), "\(source)"
        )
    }

    /// A step's program is told the language of the lesson it is written in, so that a pack's
    /// support code can speak it.
    @Test func theProgramIsToldTheLessonsLanguage() throws {
        let text =
            "---\nid: langue\ntitle: Langue\n---\n\n## Lancer {#run}\n\n```step\nkind: example\n```\n\n```swift example\nprint(1)\n```\n"
        let french = try #require(PackLoader.parseLesson(Data(text.utf8), file: "fr/langue.md", language: "fr").lesson)
        let step = try #require(french.step(id: "run"))
        #expect(ProgramBuilder.request(for: step, code: "", in: pack).environment == ["SEGUELAB_LANGUAGE": "fr"])
        let english = try #require(pack.lessons[0].step(id: "run"))
        #expect(ProgramBuilder.request(for: english, code: "", in: pack).environment == ["SEGUELAB_LANGUAGE": "en"])
    }

    /// `device: iphone` runs the step's code on an iPhone (SEGUEKIT_DEVICE); a learner's
    /// `run --device` overrides it for one run; a device that is not one is refused where written.
    @Test func aStepNamesTheDeviceItsCodeRunsOn() throws {
        func lesson(device: String) -> (lesson: Lesson?, diagnostics: [Diagnostic]) {
            let text =
                "---\nid: device\ntitle: Device\n---\n\n## Run {#run}\n\n```step\nkind: example\ndevice: \(device)\n```\n\n```swift example\nprint(1)\n```\n"
            return PackLoader.parseLesson(Data(text.utf8), file: "device.md")
        }
        let step = try #require(lesson(device: "iphone").lesson?.step(id: "run"))
        #expect(step.device == .iphone)
        #expect(ProgramBuilder.request(for: step, code: "", in: pack).device == .iphone)
        let plain = try #require(pack.lessons[0].step(id: "run"))
        #expect(ProgramBuilder.request(for: plain, code: "", in: pack).device == nil)
        let wrong = lesson(device: "watch")
        #expect(wrong.lesson == nil)
        #expect(
            wrong.diagnostics.map(\.description) == [
                "device.md:10:1: error: device must be 'iphone' or 'ipad', not 'watch'"
            ])
    }
}
