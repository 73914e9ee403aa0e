import Foundation
import Playground
import SourceText
import Testing

@testable import LessonKit

@Suite("Lesson format")
struct LessonParserTests {
    @Test func samplePackLoadsWithStepsKindsAndCode() throws {
        let result = PackLoader.load(from: Fixtures.samplePack)
        #expect(result.diagnostics.map(\.description) == [])
        let pack = try #require(result.pack)
        #expect(pack.manifest.id == "segue-basics")
        #expect(pack.lessons.map(\.id) == ["identifiers", "prepare"])
        let lesson = pack.lessons[0]
        #expect(lesson.goal == "Trigger segues by identifier.")
        #expect(lesson.intro == "Segues have names.")
        #expect(
            lesson.steps.map(\.id) == ["intro", "run", "asks", "method", "predict-top", "typed", "fix", "compile-error"]
        )
        #expect(lesson.steps.map(\.kind) == [.prose, .example, .choice, .text, .predict, .prompt, .exercise, .compiler])
        #expect(lesson.steps[0].prose == "An identifier names a segue in the storyboard.")

        let choice = lesson.steps[2]
        #expect(choice.choiceQuestion?.multipleAnswers == true)
        #expect(choice.choiceQuestion?.choices.map(\.correct) == [true, true, false])
        #expect(choice.choiceQuestion?.choices[2].feedback == "Setting a property starts nothing.")

        let exercise = lesson.steps[6]
        #expect(exercise.code(.starter)?.contains("\"detail\"") == true)
        #expect(
            exercise.code[.starter]?.location
                == SourceLocation(file: "sample-pack/lessons/01-identifiers.md", line: 100, column: 1))
        #expect(
            exercise.checks.map(\.check) == [
                .outputContains("Top is DetailViewController"),
                .trace(TracePattern(kind: .perform, identifier: "showDetail", destination: "DetailViewController"))
            ])
        #expect(lesson.steps[7].compilerExpectation == .rejects(diagnosticPattern: "must be unwrapped"))
        #expect(pack.translations["fr"]?["identifiers"]?.title == "Identifiants de segue")
        #expect(pack.supportSources.map(\.name) == ["Screens.swift"])
    }

    /// The parser trims lines without Foundation; what it removes is still exactly what
    /// `.whitespaces` means (tab and Unicode's space separators, no line breaks).
    @Test func trimmingMatchesFoundationsWhitespaces() {
        let samples = [
            "", " ", "\t", "a", " a ", "\ta\t", "\u{00A0}Titre\u{00A0}", "\u{3000}全角\u{3000}",
            "\u{2003}\u{2009}x\u{202F}",
            "\u{200B}zero\u{200B}", "\u{FEFF}bom", "line\n", "\r\n", " \u{301}accent ", "e\u{301} ", "  ```  ",
            "## Title {#id} \t",
            "\u{1680}ogham\u{1680}", "\u{85}next\u{85}", " 👩‍💻 ", "\u{2028}sep\u{2029}", "\u{180E}mongolian\u{180E}",
            "\u{205F}math\u{205F}", "\u{2060}joiner"
        ]
        for sample in samples {
            #expect(
                LessonParser.trimmed(sample) == sample.trimmingCharacters(in: .whitespaces),
                "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func theLastIDOpeningOfAHeadingIsFound() {
        let heading = "A {#not} title {#real}"
        let found = LessonParser.lastIDOpening(in: heading)
        #expect(found.map { String(heading[$0.lowerBound...]) } == "{#real}")
        #expect(LessonParser.lastIDOpening(in: "no id here #}") == nil)
        #expect(
            LessonParser.lastIDOpening(in: "{#") == heading.range(of: "{#").map { _ in "{#".startIndex..<"{#".endIndex }
        )
        #expect(LessonParser.lastIDOpening(in: "é{#x}").map { "é{#x}"[$0.lowerBound...] } == "{#x}")
    }

    @Test func stepHeadingWithoutIdIsAnErrorAtItsLine() throws {
        let dir = TemporaryDirectory()
        let diagnostics = try PackBuilder(lesson: lessonFile("\n## Just a title\n\nText.\n")).diagnostics(in: dir)
        #expect(
            diagnostics == [
                "p/lessons/01-a.md:6:1: error: step heading has no id; write it as `## Just a title {#step-id}` so progress survives edits"
            ])
    }

    @Test func yamlSyntaxErrorInStepBlockPointsIntoTheLessonFile() throws {
        let dir = TemporaryDirectory()
        let body = "\n## One {#one}\n\n```step\nkind: text\naccept: [a, b\nhints: [x]\n```\n"
        let diagnostics = try PackBuilder(lesson: lessonFile(body)).diagnostics(in: dir)
        // The flow list opened on line 10, column 9 is still open when line 11 starts.
        #expect(
            diagnostics == [
                "p/lessons/01-a.md:11:6: error: invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 10, column 9)"
            ])
    }

    @Test func aColonInAChoiceSaysToQuoteItAndShowsTheQuotedLine() throws {
        let dir = TemporaryDirectory()
        let body =
            "\n## One {#one}\n\n```step\nkind: choice\nchoices:\n  - text: Note: the destination exists\n    correct: true\n  - text: No\n```\n"
        let diagnostics = try PackBuilder(lesson: lessonFile(body)).diagnostics(in: dir)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hasPrefix("p/lessons/01-a.md:11:") == true, "\(diagnostics)")
        #expect(
            diagnostics.first?.hasSuffix(
                "; a value holding `: ` must be quoted:   - text: \"Note: the destination exists\"") == true,
            "\(diagnostics)")
    }

    @Test func unknownKeysKindsAndRolesAreAllReported() throws {
        let dir = TemporaryDirectory()
        let body = """

            ## One {#one}

            ```step
            kind: text
            accept: [yes]
            hint: try harder
            ```

            ## Two {#two}

            ```step
            kind: quiz
            ```

            ## Three {#three}

            ```swift startr
            print(1)
            ```

            """
        let diagnostics = try PackBuilder(lesson: lessonFile(body)).diagnostics(in: dir)
        #expect(
            diagnostics
                == [
                    "p/lessons/01-a.md:11:1: error: unknown key 'hint' in a ```step block (did you mean 'hints'?); expected one of: \(StepDecoder.keys.joined(separator: ", "))",
                    "p/lessons/01-a.md:17:7: error: unknown step kind 'quiz'; expected one of: \(StepKind.allCases.map(\.rawValue).joined(separator: ", "))",
                    "p/lessons/01-a.md:22:10: error: unknown code role 'startr'; expected one of: example, starter, solution, prelude, harness",
                    "p/lessons/01-a.md:6:1: warning: step 'one' has no hints; learners who are stuck can only ask for the solution"
                ].sorted(by: lineOrder))
    }

    @Test func duplicateStepIdsAndUnclosedFences() throws {
        let dir = TemporaryDirectory()
        let body = "\n## One {#same}\n\nText.\n\n## Two {#same}\n\n```swift example\nprint(1)\n"
        let diagnostics = try PackBuilder(lesson: lessonFile(body)).diagnostics(in: dir)
        #expect(
            diagnostics == [
                "p/lessons/01-a.md:10:10: error: duplicate step id 'same' (first used at line 6)",
                "p/lessons/01-a.md:12:1: error: code block opened here is never closed (add a line with ```)"
            ])
    }

    /// Fence lines are read by Character, as CommonMark reads them: a backtick carrying a
    /// combining accent is no backtick, so that line opens nothing and the later fence is the
    /// one left open. An indented fence's language is found at its column.
    @Test func aFenceIsCountedInCharactersNotBytes() throws {
        let dir = TemporaryDirectory()
        let body = "\n## One {#one}\n\nText.\n\n``\u{0060}\u{0301}\ncode\n   ~~~  swift startr\nlet a = 1\n"
        let diagnostics = try PackBuilder(lesson: lessonFile(body)).diagnostics(in: dir)
        #expect(
            diagnostics.contains(
                "p/lessons/01-a.md:12:1: error: code block opened here is never closed (add a line with ~~~)"),
            "\(diagnostics)")
        #expect(
            diagnostics.contains(
                "p/lessons/01-a.md:12:15: error: unknown code role 'startr'; expected one of: example, starter, solution, prelude, harness"
            ), "\(diagnostics)")
    }

    @Test func missingOrUnclosedFrontMatter() throws {
        let dir = TemporaryDirectory()
        let missing = try PackBuilder(lesson: "## One {#one}\n").diagnostics(in: dir)
        #expect(
            missing == [
                "p/lessons/01-a.md:1:1: error: a lesson file starts with front matter: a '---' line, then id, title and goal, then '---'"
            ])
        let dir2 = TemporaryDirectory()
        let unclosed = try PackBuilder(lesson: "---\nid: a\n\n## One {#one}\n").diagnostics(in: dir2)
        #expect(
            unclosed == ["p/lessons/01-a.md:1:1: error: front matter opened here is never closed with a '---' line"])
        let dir3 = TemporaryDirectory()
        let noTitle = try PackBuilder(lesson: "---\nid: a\n---\n## One {#one}\n").diagnostics(in: dir3)
        #expect(noTitle == ["p/lessons/01-a.md:2:1: error: missing 'title' in front matter"])
    }

    @Test func stepKindsRequireTheirParts() throws {
        let dir = TemporaryDirectory()
        let body = """

            ## Choose {#choose}

            ```step
            kind: choice
            choices:
              - text: A
                correct: true
              - text: B
                correct: true
            hints: [h]
            ```

            ## Exercise {#ex}

            ```step
            kind: exercise
            hints: [h]
            ```

            ```swift starter
            let x = 1
            ```

            ## Compiler {#cc}

            ```step
            kind: compiler
            expect: rejects
            hints: [h]
            ```

            """
        let diagnostics = try PackBuilder(lesson: lessonFile(body)).diagnostics(in: dir)
        #expect(
            diagnostics == [
                "p/lessons/01-a.md:10:1: error: step 'choose' has 2 correct choices; add `multiple: true` if learners must pick several",
                "p/lessons/01-a.md:18:1: error: step 'ex' (exercise) needs a ```swift solution block",
                "p/lessons/01-a.md:21:1: error: step 'ex' needs 'checks' or a ```swift harness block, or no answer could ever fail",
                "p/lessons/01-a.md:29:1: error: step 'cc' (compiler) needs a ```swift starter block",
                "p/lessons/01-a.md:29:1: error: step 'cc' (compiler) needs a ```swift solution block",
                "p/lessons/01-a.md:32:1: error: missing 'diagnostic' in the ```step block of step 'cc' (the error message pattern to expect)"
            ])
    }

    @Test func checksAreDecodedAndBadOnesReported() throws {
        let dir = TemporaryDirectory()
        let body = """

            ## Exercise {#ex}

            ```step
            kind: exercise
            hints: [h]
            checks:
              - output: "Done"
              - output-matches: "count: \\\\d+"
              - trace: { kind: push, destination: DetailViewController, properties: { item: Books } }
              - no-trace: { kind: present }
              - presented: LoginViewController
              - crash: { kind: NSInvalidArgumentException, message: "no segue" }
              - exit: 3
              - harness: [item, title]
              - output-matches: "(unclosed"
              - smell: good
            ```

            ```swift starter
            ```

            ```swift solution
            print("Done")
            ```

            """
        let result = try PackBuilder(lesson: lessonFile(body)).load(in: dir)
        #expect(
            result.diagnostics.map(\.description) == [
                "p/lessons/01-a.md:20:21: error: invalid regular expression /(unclosed/",
                "p/lessons/01-a.md:21:5: error: unknown check 'smell'; expected one of: output, output-contains, output-matches, trace, no-trace, trace-order, top, presented, compiles, fails-to-compile, exit, crash, release-build, harness, source"
            ])
    }

    @Test func traceOrderIsDecodedAndAShortListReported() throws {
        func lesson(_ check: String) -> String {
            """

            ## Exercise {#ex}

            ```step
            kind: exercise
            hints: [h]
            checks:
              - \(check)
            ```

            ```swift starter
            ```

            ```swift solution
            print("Done")
            ```

            """
        }
        let good = try PackBuilder(
            lesson: lessonFile(
                lesson(
                    "trace-order: [{ kind: prepare, source: EditorViewController }, { kind: unwindAction }, { kind: dismiss }]"
                ))
        )
        .load(in: TemporaryDirectory())
        #expect(good.diagnostics.isEmpty)
        let step = try #require(good.pack?.lessons.first?.steps.first)
        #expect(
            step.checks.first?.check
                == .traceOrder([
                    TracePattern(kind: .prepare, source: "EditorViewController"),
                    TracePattern(kind: .unwindAction), TracePattern(kind: .dismiss)
                ]))
        let short = try PackBuilder(lesson: lessonFile(lesson("trace-order: [{ kind: dismiss }]"))).load(
            in: TemporaryDirectory())
        #expect(
            short.diagnostics.map(\.description) == [
                "p/lessons/01-a.md:12:18: error: 'trace-order' takes a list of two or more trace patterns, e.g. `[{ kind: prepare }, { kind: dismiss }]`"
            ])
    }

    /// A trace check names one of SegueKit's event kinds exactly; anything else is an error at
    /// the kind's place, with the kind meant when it is a near miss.
    @Test func aTraceChecksKindIsValidatedWhenThePackIsRead() throws {
        func lesson(_ check: String) -> String {
            """

            ## Exercise {#ex}

            ```step
            kind: exercise
            hints: [h]
            checks:
              - \(check)
            ```

            ```swift starter
            ```

            ```swift solution
            print("Done")
            ```

            """
        }
        let kinds =
            "shouldPerform, instantiate, relationship, prepare, perform, push, pop, setStack, present, dismiss, "
            + "showDetail, embed, selectTab, setRoot, unwind, unwindAction, viewDidLoad, warning, exception, note"
        func errors(_ check: String) throws -> [String] {
            try PackBuilder(lesson: lessonFile(lesson(check))).load(in: TemporaryDirectory()).diagnostics.map(
                \.description)
        }
        #expect(
            try errors("trace: { kind: pussh }") == [
                "p/lessons/01-a.md:12:20: error: unknown trace kind 'pussh' (did you mean 'push'?); expected one of: \(kinds)"
            ])
        #expect(
            try errors("no-trace: { kind: Present }") == [
                "p/lessons/01-a.md:12:23: error: unknown trace kind 'Present' (did you mean 'present'?); expected one of: \(kinds)"
            ])
        #expect(
            try errors("trace-order: [{ kind: prepare }, { kind: teleport }]") == [
                "p/lessons/01-a.md:12:46: error: unknown trace kind 'teleport'; expected one of: \(kinds)"
            ])
        #expect(try errors("trace: { kind: unwindAction }").isEmpty)
    }

    /// Orders diagnostics strings by line, as `sortedByLocation` does.
    private func lineOrder(_ a: String, _ b: String) -> Bool {
        func line(_ s: String) -> Int { Int(s.split(separator: ":")[1]) ?? 0 }
        return line(a) < line(b)
    }
}
