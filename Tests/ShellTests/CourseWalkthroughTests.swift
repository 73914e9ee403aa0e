import Foundation
import TestSupport
import Testing

/// A scripted learner works through each lesson of the built-in course (Lessons/) in the shell,
/// with piped standard input: wrong answers first, then right ones, often written differently
/// from the reference solution. The scripts live in Walkthroughs/, one per lesson and language.
///
/// Besides `#` comments for the reader, a script holds its expectations, also as comments
/// (the shell ignores them):
///
///     #= TEXT   the next expected output line is exactly TEXT (trailing spaces ignored)
///     #~ TEXT   the next expected output line contains TEXT (`…` in TEXT stands for any text)
///     #! TEXT   the next expected line of standard error contains TEXT
///
/// Expectations are met in order, each at or after the line that met the previous one. Verdict
/// lines (`✔ Correct.`, `✘ …`) cannot be passed over: every verdict the shell prints must
/// be expected where it comes, so a wrong answer that passes, or a right one that fails, is caught.
@Suite(.serialized) struct CourseWalkthroughTests {
    @Test func lesson1InEnglish() throws {
        try walk("01-stringly-typed.en", lesson: "stringly-typed", answered: 9)
    }

    @Test func lesson2InEnglish() throws {
        try walk("02-enum-identifiers.en", lesson: "enum-identifiers", answered: 8)
    }

    @Test func lesson3InEnglish() throws {
        try walk("03-segue-handler.en", lesson: "segue-handler", answered: 9)
    }

    @Test func handlerLimitsInEnglish() throws {
        try walk("03b-segue-handler-limits.en", lesson: "segue-handler-limits", answered: 3)
    }

    @Test func lesson4InEnglish() throws {
        try walk("04-unwind-segues.en", lesson: "unwind-segues", answered: 9)
    }

    @Test func lesson6InEnglish() throws {
        try walk("06-generic-controllers.en", lesson: "generic-controllers", answered: 13)
    }

    @Test func lesson1InFrench() throws {
        try walk("01-stringly-typed.fr", lesson: "stringly-typed", answered: 9, language: "fr")
    }

    @Test func lesson2InFrench() throws {
        try walk("02-enum-identifiers.fr", lesson: "enum-identifiers", answered: 8, language: "fr")
    }

    @Test func lesson3InFrench() throws {
        try walk("03-segue-handler.fr", lesson: "segue-handler", answered: 9, language: "fr")
    }

    @Test func handlerLimitsInFrench() throws {
        try walk("03b-segue-handler-limits.fr", lesson: "segue-handler-limits", answered: 3, language: "fr")
    }

    @Test func lesson4InFrench() throws {
        try walk("04-unwind-segues.fr", lesson: "unwind-segues", answered: 9, language: "fr")
    }

    @Test func lesson5InEnglish() throws {
        try walk("05-injection.en", lesson: "injection", answered: 11)
    }

    @Test func lesson5InFrench() throws {
        try walk("05-injection.fr", lesson: "injection", answered: 11, language: "fr")
    }

    /// `seguelab lessons` lists the injection and capstone lessons in each of the course's
    /// languages, their titles whole.
    @Test func lessonsListsLessons5And7InBothLanguages() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let pack = Self.packageRoot.appendingPathComponent("Lessons").path
        let expected = [
            ("en", "injection", "Dependency injection through segues", "0/16"),
            ("fr", "injection", "Injecter des dépendances par les segues", "0/16"),
            ("en", "capstone", "From storyboard to safe code", "0/13"),
            ("fr", "capstone", "Du storyboard au code sûr", "0/13")
        ]
        for (language, lesson, title, count) in expected {
            let result = try SeguelabBinary.runPiped(
                "", arguments: ["lessons", "--pack", pack, "--lang", language], home: home)
            #expect(result.status == 0, "stderr:\n\(result.stderr)")
            let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("  \(lesson) ") }
            #expect(
                line.map { $0.contains(" \(title) ") && $0.contains(count) } == true, "\(language): \(result.stdout)")
        }
    }

    @Test func lesson6InFrench() throws {
        try walk("06-generic-controllers.fr", lesson: "generic-controllers", answered: 13, language: "fr")
    }

    @Test func lesson7InEnglish() throws {
        try walk("07-capstone.en", lesson: "capstone", answered: 10)
    }

    @Test func lesson7InFrench() throws {
        try walk("07-capstone.fr", lesson: "capstone", answered: 10, language: "fr")
    }

    /// Answers written fresh for lessons 3b–7, in none of the lessons' own lists: right answers
    /// in a learner's own words and the mistakes learners make, each judged as a tutor would.
    @Test func freshAnswersForLessons3bTo7() throws {
        let name = "fresh-answers.en.txt"
        let url = Self.walkthroughs.appendingPathComponent(name)
        let script = WalkthroughScript(text: try String(contentsOf: url, encoding: .utf8), name: name)
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let arguments = ["--pack", Self.packageRoot.appendingPathComponent("Lessons").path, "--no-color"]
        let result = try SeguelabBinary.runPiped(script.text, arguments: arguments, home: home)
        for problem in script.problems(stdout: result.stdout, stderr: result.stderr) {
            Issue.record("\(problem)")
        }
        #expect(result.status == 0, "stderr:\n\(result.stderr)")
    }

    /// The expectation syntax itself: a verdict nobody expected fails the walk.
    @Test func anUnexpectedVerdictIsReported() {
        let script = WalkthroughScript(text: "b\n#~ Correct\n")
        let problems = script.problems(stdout: "✘ Not yet: wrong\n✔ Correct.\n", stderr: "")
        #expect(
            problems == [
                "<script>:2: the verdict '✘ Not yet: wrong' came before the expected line containing 'Correct'"
            ])
        #expect(script.problems(stdout: "✔ Correct.\n", stderr: "").isEmpty)
        #expect(
            script.problems(stdout: "✔ Correct.\n✔ Correct.\n", stderr: "")
                == ["output: the verdict '✔ Correct.' was not expected"])
    }

    // MARK: - Running a walkthrough

    /// Runs one script on a fresh home, checks its expectations, then the saved progress:
    /// every step of `lesson` recorded, `answered` of them passed, none skipped, no solution shown.
    private func walk(
        _ name: String, lesson: String, answered: Int, skipped: Set<String> = [],
        language: String? = nil
    ) throws {
        let scriptURL = Self.walkthroughs.appendingPathComponent("\(name).txt")
        let script = WalkthroughScript(text: try String(contentsOf: scriptURL, encoding: .utf8), name: "\(name).txt")
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var arguments = ["--pack", Self.packageRoot.appendingPathComponent("Lessons").path, "--no-color"]
        if let language { arguments += ["--lang", language] }
        // SeguelabBinary's environment shares one SegueKit build cache across tests and runs.
        let result = try SeguelabBinary.runPiped(script.text, arguments: arguments, home: home)
        for problem in script.problems(stdout: result.stdout, stderr: result.stderr) {
            Issue.record("\(problem)")
        }
        #expect(result.status == 0, "stderr:\n\(result.stderr)")

        let progress = try Self.progress(in: home)
        let outline = try #require(progress.outline[lesson], "no outline for \(lesson) in the progress file")
        let steps = progress.lessons[lesson]?.steps ?? [:]
        #expect(Set(steps.keys) == Set(outline), "every step of \(lesson) was visited")
        let passed = steps.filter { $0.value.status == "passed" }.count
        #expect(passed == answered, "steps passed in \(lesson)")
        #expect(Set(steps.filter { $0.value.status == "skipped" }.keys) == skipped)
        #expect(steps.filter { $0.value.solutionShown }.isEmpty, "no solution was shown")
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let walkthroughs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Walkthroughs")

    /// The parts of the progress file these tests read.
    struct Progress: Decodable {
        struct Record: Decodable {
            var status: String
            var solutionShown: Bool
        }
        struct LessonRecord: Decodable { var steps: [String: Record] }
        var outline: [String: [String]]
        var lessons: [String: LessonRecord]
    }

    static func progress(in home: URL) throws -> Progress {
        let directory = home.appendingPathComponent("state/seguelab/progress")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        let file = try #require(
            files.count == 1 ? files.first : nil, "one progress file expected in \(directory.path), found \(files)")
        return try JSONDecoder().decode(Progress.self, from: Data(contentsOf: directory.appendingPathComponent(file)))
    }
}

/// A walkthrough script and the expectations written in it.
struct WalkthroughScript {
    enum Match { case exact, contains }
    struct Expectation {
        var match: Match
        var text: String
        var scriptLine: Int
        var isError: Bool

        func accepts(_ line: String) -> Bool {
            if match == .exact { return line == text }
            // `…` stands for any text (such as an address), so one line can be checked whole.
            var rest = line[...]
            for fragment in text.components(separatedBy: "…") where !fragment.isEmpty {
                guard let range = rest.range(of: fragment) else { return false }
                rest = rest[range.upperBound...]
            }
            return true
        }
        var description: String {
            "\(isError ? "error " : "")line \(match == .exact ? "" : "containing ")'\(text)'"
        }
    }

    var text: String
    var name = "<script>"
    var expectations: [Expectation] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let prefixes: [(String, Match, Bool)] = [
                ("#= ", .exact, false), ("#~ ", .contains, false), ("#! ", .contains, true)
            ]
            for (prefix, match, isError) in prefixes where line.hasPrefix(prefix) {
                return Expectation(
                    match: match, text: String(line.dropFirst(prefix.count)), scriptLine: index + 1, isError: isError)
            }
            return nil
        }
    }

    /// A verdict in either language: `✔ Correct.` / `✔ Bonne réponse.`, or any `✘` line.
    static func isVerdict(_ line: String) -> Bool {
        line.hasPrefix("✔ Correct.") || line.hasPrefix("✔ Bonne réponse.") || line.hasPrefix("✘ ")
    }

    /// What went wrong, one message per problem; empty when the output meets every expectation.
    func problems(stdout: String, stderr: String) -> [String] {
        var problems: [String] = []
        problems += check(
            lines(stdout), against: expectations.filter { !$0.isError }, stream: "output", strictVerdicts: true)
        // The first run of a machine compiles SegueKit into the cache and says so.
        let errors = lines(stderr).filter {
            !$0.hasPrefix("Compiling SegueKit") && !$0.hasPrefix("SegueKit compiled in")
                && !$0.hasPrefix("Compilation de SegueKit") && !$0.hasPrefix("SegueKit compilé en")
        }
        problems += check(errors, against: expectations.filter(\.isError), stream: "stderr", strictVerdicts: false)
        return problems
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }.filter { !$0.isEmpty }
    }

    private func check(_ lines: [String], against expectations: [Expectation], stream: String, strictVerdicts: Bool)
        -> [String]
    {
        var position = 0
        for expectation in expectations {
            let start = position
            var found = false
            while position < lines.count {
                let line = lines[position]
                position += 1
                if expectation.accepts(line) {
                    found = true
                    break
                }
                if strictVerdicts && Self.isVerdict(line) {
                    return [
                        "\(name):\(expectation.scriptLine): the verdict '\(line)' came before the expected \(expectation.description)"
                    ]
                }
                if !strictVerdicts {
                    return [
                        "\(name):\(expectation.scriptLine): \(stream) line '\(line)' came before the expected \(expectation.description)"
                    ]
                }
            }
            if !found {
                return [
                    "\(name):\(expectation.scriptLine): the expected \(expectation.description) is missing from \(stream)"
                        + " (searched from: \(lines[min(start, lines.count)...].prefix(8).joined(separator: " | ")))"
                ]
            }
        }
        let rest = lines[position...]
        if strictVerdicts, let stray = rest.first(where: Self.isVerdict) {
            return ["\(stream): the verdict '\(stray)' was not expected"]
        }
        if !strictVerdicts, let stray = rest.first {
            return ["\(stream): unexpected line '\(stray)'"]
        }
        return []
    }
}
