import Foundation
import Playground
import Testing

@testable import LessonKit

@Suite("Pack loading and static validation")
struct PackLoaderTests {
    /// As in an archive, a link in a folder pack may point only inside it; one leading out is
    /// refused (so `pack check` says so and `pack install` copies nothing from outside).
    @Test func aLinkLeadingOutOfAFolderPackIsRefused() throws {
        let directory = TemporaryDirectory()
        let root = try directory.write(
            ["pack.yaml": PackBuilder().manifest, "lessons/01-a.md": lessonFile("\n## S {#s}\n\nText.\n")], under: "p")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("notes.md").path, withDestinationPath: "lessons/01-a.md")
        #expect(PackLoader.load(from: root).pack != nil)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("secrets").path, withDestinationPath: "/etc")
        let result = PackLoader.load(from: root)
        #expect(result.pack == nil)
        #expect(result.diagnostics.map(\.description) == ["error: p/secrets: link to '/etc' points outside the pack"])
    }

    /// The lesson list reads front matter and headings only: a step whose settings are wrong
    /// is not parsed, so its lesson is listed with all its step ids; the full load (pack check,
    /// the shell) still reports the error at its line and column.
    @Test func aListingLoadParsesNoStepUntilTheLessonIsOpened() throws {
        let broken = lessonFile(
            "\n## One {#one}\n\nText.\n\n```swift\n## not a heading\n```\n\n## Two {#two}\n\n```step\nkind: text\nhint: [A type.]\n```\n\n## Three {#three}\n"
        )
        let directory = TemporaryDirectory()
        let root = try directory.write(["pack.yaml": PackBuilder().manifest, "lessons/01-a.md": broken], under: "p")

        let full = PackLoader.load(from: root)
        #expect(full.usablePack == nil)
        #expect(
            full.diagnostics.map(\.description).contains {
                $0.hasPrefix(
                    "p/lessons/01-a.md:18:1: error: unknown key 'hint' in a ```step block (did you mean 'hints'?)")
            },
            "\(full.diagnostics)")

        let listed = PackLoader.load(from: root, steps: .whenOpened)
        #expect(listed.diagnostics.isEmpty, "\(listed.diagnostics)")
        let lesson = try #require(listed.pack?.lessons.first)
        #expect(lesson.id == "a" && lesson.title == "A")
        #expect(lesson.stepIDs == ["one", "two", "three"])
        // Read, the steps are parsed from the file.
        #expect(lesson.steps.map(\.id) == ["one", "two", "three"])
        #expect(lesson.steps[1].kind == .text)
        #expect(lesson.steps.first?.prose.hasPrefix("Text.") == true)
    }

    /// Heading errors are found by the listing load too, at the same place as the full load.
    @Test func aListingLoadReportsFrontMatterAndHeadingErrorsAsTheFullLoadDoes() throws {
        let lessons = [
            lessonFile("\n## One {#one}\n\n## Again {#one}\n"),
            lessonFile("\n## No id here\n"),
            lessonFile("\nJust prose.\n"),
            "---\nid: a\n---\n\n## One {#one}\n",
            "no front matter\n## One {#one}\n",
            " \n\n"
        ]
        let directory = TemporaryDirectory()
        for (index, text) in lessons.enumerated() {
            let root = try directory.write(
                ["pack.yaml": PackBuilder().manifest, "lessons/01-a.md": text], under: "p\(index)")
            let full = PackLoader.load(from: root).diagnostics.map(\.description)
            let listed = PackLoader.load(from: root, steps: .whenOpened).diagnostics.map(\.description)
            #expect(!listed.isEmpty && listed == full, "\(text)")
        }
    }

    /// Every lesson of the sample pack reads the same either way.
    @Test func aListingLoadOpensToTheSameLessons() throws {
        let full = try Fixtures.loadSamplePack()
        let listed = try #require(PackLoader.load(from: Fixtures.samplePack, steps: .whenOpened).pack)
        #expect(listed.lessons.map(\.id) == full.lessons.map(\.id))
        for (lazy, eager) in zip(listed.lessons, full.lessons) {
            #expect(lazy.title == eager.title && lazy.goal == eager.goal)
            #expect(lazy.stepIDs == eager.steps.map(\.id))
            #expect(lazy.intro == eager.intro)
            #expect(lazy.steps.map(\.prose) == eager.steps.map(\.prose))
        }
    }

    let proseLesson = lessonFile("\n## One {#one}\n\nText.\n")

    @Test func manifestProblemsAreAllReportedAtTheirEntries() throws {
        let dir = TemporaryDirectory()
        var builder = PackBuilder(lesson: proseLesson)
        builder.manifest = """
            id: demo pack
            version: 1.0.0
            format: 9
            colour: blue
            lessons:
              - 01-a
              - 02-missing
              - 01-a

            """
        let diagnostics = try builder.diagnostics(in: dir)
        #expect(
            diagnostics
                == [
                    "p/pack.yaml:1:5: error: pack id 'demo pack' may only contain letters, digits, '-', '_' and '.'",
                    "p/pack.yaml:1:1: error: missing 'title' in pack.yaml",
                    "p/pack.yaml:3:9: error: pack format 9 is newer than this seguelab understands (1); update seguelab",
                    "p/pack.yaml:4:1: error: unknown key 'colour' in pack.yaml; expected one of: \(Manifest.keys.joined(separator: ", "))",
                    "p/pack.yaml:8:5: error: lesson '01-a' is listed twice"
                ].sortedLikeDiagnostics())
    }

    @Test func yamlErrorInManifestHasItsPosition() throws {
        let dir = TemporaryDirectory()
        var builder = PackBuilder(lesson: proseLesson)
        builder.manifest = "id: demo\ntitle: \"Demo\nversion: 1\n"
        let diagnostics = try builder.diagnostics(in: dir)
        #expect(diagnostics.count == 1)
        #expect(
            diagnostics[0].hasPrefix("p/pack.yaml:4:1: error: invalid YAML: found unexpected end of stream"),
            "\(diagnostics)")
    }

    @Test func missingLessonFileIsReportedAtTheOrderEntryAndOrphansWarned() throws {
        let dir = TemporaryDirectory()
        var builder = PackBuilder(lesson: proseLesson)
        builder.manifest = "id: demo\ntitle: Demo\nversion: 1.0.0\nformat: 1\nlessons:\n  - 01-a\n  - 02-b\n"
        builder.files["lessons/03-draft.md"] = proseLesson
        let diagnostics = try builder.diagnostics(in: dir)
        #expect(
            diagnostics == [
                "p/lessons/03-draft.md:1:1: warning: lesson file is not listed in pack.yaml 'lessons', so learners never see it",
                "p/pack.yaml:7:5: error: lesson '02-b' has no file lessons/02-b.md"
            ])
    }

    @Test func referencesToStoryboardsSupportFilesAndEarlierStepsMustResolve() throws {
        let dir = TemporaryDirectory()
        let body = """

            ## Example {#ex}

            ```step
            kind: example
            storyboard: Missing
            ```

            ```swift example
            print(1)
            ```

            ## Go on {#go}

            ```step
            kind: exercise
            continues: later
            checks: [output: "1"]
            hints: [h]
            ```

            ```swift solution
            print(1)
            ```

            """
        var builder = PackBuilder(lesson: lessonFile(body))
        builder.manifest += "support: [support/Gone.swift]\nstoryboards: [boards]\n"
        let diagnostics = try builder.diagnostics(in: dir)
        #expect(
            diagnostics == [
                "p/lessons/01-a.md:10:13: error: storyboard 'Missing' not found: no Missing.storyboard in (the pack has no storyboard folder)",
                "p/lessons/01-a.md:21:12: error: 'continues: later' must name an earlier step of this lesson",
                "p/pack.yaml:6:11: error: support file 'support/Gone.swift' does not exist",
                "p/pack.yaml:7:15: error: storyboard folder 'boards' does not exist"
            ])
    }

    @Test func supportFileNamesMustNotClashAndChoicesMustDiffer() throws {
        let dir = TemporaryDirectory()
        let body = """

            ## Pick {#pick}

            ```step
            kind: choice
            choices:
              - text: Push
                correct: true
              - text: "push "
                feedback: Same as the first.
            hints: [h]
            ```

            """
        var builder = PackBuilder(lesson: lessonFile(body))
        builder.manifest += "support: [support/main.swift]\n"
        builder.files["support/main.swift"] = "let x = 1\n"
        let diagnostics = try builder.diagnostics(in: dir)
        #expect(
            diagnostics == [
                "p/lessons/01-a.md:13:5: error: choice repeats the text of the choice at line 11",
                "p/pack.yaml:6:11: error: support file name 'main.swift' is taken; rename it (main.swift and LessonCheck.swift are reserved, and names must be unique)"
            ])
    }

    @Test func minimumSeguelabVersionIsEnforced() throws {
        let dir = TemporaryDirectory()
        var builder = PackBuilder(lesson: proseLesson)
        builder.manifest += "minimum-seguelab: 99.0\n"
        let diagnostics = try builder.diagnostics(in: dir)
        #expect(
            diagnostics == [
                "p/pack.yaml:6:1: error: this pack needs seguelab 99.0 or newer; this is \(SeguelabVersion.current)"
            ])
    }

    @Test func translationsMustKeepStepIdsKindsAndChoices() throws {
        let dir = TemporaryDirectory()
        let original = lessonFile(
            """

            ## One {#one}

            Text.

            ## Two {#two}

            ```step
            kind: text
            accept: [x]
            hints: [h]
            ```

            ## Three {#three}

            Text.

            """)
        let translated = lessonFile(
            """

            ## Un {#one}

            ```step
            kind: text
            accept: [x]
            hints: [h]
            ```

            ## Quatre {#four}

            Texte.

            """)
        var builder = PackBuilder(lesson: original)
        builder.manifest += "languages: [en, fr]\n"
        builder.files["lessons/fr/01-a.md"] = translated
        builder.files["lessons/01-a.de.md"] = original
        let diagnostics = try builder.diagnostics(in: dir)
        #expect(
            diagnostics == [
                "p/lessons/01-a.de.md:1:1: warning: translation language 'de' is not listed in pack.yaml 'languages'",
                "p/lessons/fr/01-a.md:1:1: error: translation lacks step 'two' (p/lessons/01-a.md:10)",
                "p/lessons/fr/01-a.md:1:1: error: translation lacks step 'three' (p/lessons/01-a.md:18)",
                "p/lessons/fr/01-a.md:6:1: error: step 'one' is a text step here but a prose step in p/lessons/01-a.md",
                "p/lessons/fr/01-a.md:14:1: error: step 'four' is not in p/lessons/01-a.md; translations must keep the original's step ids"
            ])
    }

    /// `messages/LANG.yaml` adds or overrides the shell's messages for a language; a key the
    /// shell lacks is a warning, placeholders that differ an error, each at its line; only the
    /// sound messages are kept.
    @Test func packMessagesAreLoadedAndChecked() throws {
        let directory = TemporaryDirectory()
        var builder = PackBuilder(lesson: lessonFile("## One {#one}\n\nText.\n"))
        builder.manifest += "languages: [en, de]\n"
        builder.files["messages/de.yaml"] = """
            verdict.correct: "✔ Richtig."
            verdict.nope: "✘ Nein"
            hint.label: "Tipp {number}: "
            step.heading: "── Schritt {index}/{count}: {title}"
            """
        builder.files["messages/it.yaml"] = "verdict.correct: \"✔ Giusto.\"\n"
        let result = try builder.load(in: directory)
        #expect(
            result.diagnostics.map(\.description) == [
                "p/messages/de.yaml:2:1: warning: unknown message key 'verdict.nope': the shell has no such message, so it is never shown",
                "p/messages/de.yaml:3:1: error: message 'hint.label' has placeholders {number}; the English message has {number}, {total}",
                "p/messages/it.yaml:1:1: warning: messages for 'it', a language not listed in pack.yaml 'languages': learners never see them"
            ])
        #expect(
            result.usablePack?.messages["de"] == [
                "verdict.correct": "✔ Richtig.", "step.heading": "── Schritt {index}/{count}: {title}"
            ])
    }

    @Test func languageChoiceFallsBackPerLesson() throws {
        let pack = try Fixtures.loadSamplePack()
        #expect(pack.language(preferred: nil, environment: ["LANG": "fr_FR.UTF-8"]) == "fr")
        #expect(pack.language(preferred: "de", environment: [:]) == "en")
        #expect(pack.language(preferred: "fr", environment: ["LANG": "en_US.UTF-8"]) == "fr")
        // Lesson 1 is translated, lesson 2 is not: French learners get it in English.
        #expect(pack.lesson(id: "identifiers", language: "fr")?.language == "fr")
        #expect(pack.lesson(id: "prepare", language: "fr")?.language == "en")
    }
}

extension Array where Element == String {
    /// Sorted as `sortedByLocation` sorts diagnostics (file, line, column).
    func sortedLikeDiagnostics() -> [String] {
        sorted { a, b in
            let pa = a.split(separator: ":")
            let pb = b.split(separator: ":")
            if pa[0] != pb[0] { return pa[0] < pb[0] }
            if Int(pa[1])! != Int(pb[1])! { return Int(pa[1])! < Int(pb[1])! }
            return Int(pa[2])! < Int(pb[2])!
        }
    }
}
