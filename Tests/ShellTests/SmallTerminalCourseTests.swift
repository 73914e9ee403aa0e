import Foundation
import LessonKit
import TestSupport
import Testing

/// Every lesson of the built-in course, in English and in French, done in a real terminal of 80×24
/// with colour on, with the answers of its walkthrough (wrong first, then right; `edit` through
/// an editor). Besides the answers it types what a learner would: an empty Enter on each example,
/// question or exercise it has not yet run or answered, which must keep the step; and, on every
/// other tall output, the next entry at the pager's question instead of a key of the pager, which
/// must stop the page and run whole. The screen is then judged:
///
/// - every line fits the window, and no word is broken at a line's end;
/// - no escape sequence shows as text (`[2m`, `^[`);
/// - each step's first screen fits the window or is paged, and no step, folded, is taller than
///   two windows;
/// - the answers are judged as in the piped walkthroughs: as many verdicts.
///
/// A break is judged against the text the shell had to lay out: the lessons' prose, the catalog,
/// the walkthrough and the screen's own lines. The words on either side of a line's end must
/// follow each other there, or the first must end with `-` or `/`, or together they must not
/// make a word found there; otherwise the break cut a word. Exempt: only the learner's own
/// typing on the prompt line, which the terminal wraps as it is typed. Code and compiler
/// excerpts are not exempt: they break between words, the continuation marked `↪` (see
/// `ShellOutput.code`). Nothing here quotes the lessons: the test holds for whatever they say.
@Suite(.serialized) struct SmallTerminalCourseTests {
    /// Every lesson's walkthrough, in each language (not the extra answer sets beside them).
    static let scripts: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: CourseWalkthroughTests.walkthroughs.path)) ?? [])
        .filter { ($0.hasSuffix(".en.txt") || $0.hasSuffix(".fr.txt")) && $0.first?.isNumber == true }
        .sorted()

    static let columns: UInt16 = 80
    static let rows: UInt16 = 24
    /// Walks at once: each spends most of its time waiting for a compiler or for the screen to
    /// settle, so a few share the machine's two cores.
    static let walksAtOnce = 4

    @Test func everyLessonHasWalkthroughsInBothLanguages() throws {
        let lessons = try FileManager.default.contentsOfDirectory(
            atPath: CourseWalkthroughTests.packageRoot.appendingPathComponent("Lessons/lessons").path
        ).filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }
        #expect(lessons.count == 8, "\(lessons)")
        // Besides a walkthrough per lesson and language, others may cross lessons (fresh answers).
        #expect(
            Set(lessons.flatMap { ["\($0).en.txt", "\($0).fr.txt"] }).isSubset(of: Set(Self.scripts)), "\(Self.scripts)"
        )
    }

    @Test func everyLessonFitsAnEightyByTwentyFourTerminalInBothLanguages() throws {
        let scripts = Self.scripts
        nonisolated(unsafe) var outcomes = [String](repeating: "", count: scripts.count)
        nonisolated(unsafe) var problems = [[String]](repeating: [], count: scripts.count)
        let lock = NSLock()
        let slots = DispatchSemaphore(value: Self.walksAtOnce)
        let group = DispatchGroup()
        for (index, script) in scripts.enumerated() {
            slots.wait()
            group.enter()
            DispatchQueue.global().async {
                defer {
                    slots.signal()
                    group.leave()
                }
                let started = Date()
                let found: [String]
                do { found = try Self.walk(script) } catch { found = ["\(error)"] }
                let seconds = Date().timeIntervalSince(started)
                lock.withLock {
                    problems[index] = found
                    outcomes[index] = "\(script): \(String(format: "%.0f", seconds)) s"
                }
            }
        }
        group.wait()
        print("Walks at \(Self.columns)×\(Self.rows): \(outcomes.joined(separator: ", "))")
        for (script, found) in zip(scripts, problems) {
            for problem in found {
                Issue.record(Comment(rawValue: "\(script) at \(Self.columns)×\(Self.rows): \(problem)"))
            }
        }
    }

    /// A lesson's last step seen with nothing of the lesson done lists every step left: in each
    /// language, each lesson's last step, reached by `goto`, still fits two screens at 80×24.
    @Test func everyLessonsLastStepFitsWithNothingOfTheLessonDone() throws {
        let pack = try #require(
            PackLoader.load(from: CourseWalkthroughTests.packageRoot.appendingPathComponent("Lessons")).pack)
        for language in ["en", "fr"] {
            let lessons = pack.lessons(in: language)
            var lines = lessons.compactMap { lesson in lesson.steps.last.map { "goto \(lesson.id)/\($0.id)" } }
            #expect(lines.count == 8)
            // Something after the last, so its pages are all shown.
            lines.append("lessons")
            var inputs = WalkthroughInputs(script: "")
            inputs.lines = lines
            let screen = try Self.drive(inputs, language: language, columns: Self.columns, rows: Self.rows).transcript
            let ends = screen.lines.filter { $0.hasPrefix("━━ ") }
            #expect(ends.count == lessons.count, "\(screen.lines.joined(separator: "\n"))")
            let reference = try ScreenTranscript.reference(
                language: language, script: lines.joined(separator: "\n"), screen: screen)
            let problems = screen.problems(columns: Int(Self.columns), rows: Int(Self.rows), reference: reference)
            #expect(problems.isEmpty, "\(language): \(problems.joined(separator: "\n"))")
        }
    }

    /// One walkthrough at 80×24: what was wrong, one line each.
    static func walk(_ script: String) throws -> [String] {
        let text = try String(
            contentsOf: CourseWalkthroughTests.walkthroughs.appendingPathComponent(script), encoding: .utf8)
        let language = script.hasSuffix(".fr.txt") ? "fr" : "en"
        let inputs = WalkthroughInputs(script: text)
        let walk = try drive(inputs, language: language, columns: columns, rows: rows, probing: true)
        let screen = walk.transcript
        var problems = walk.problems
        // As many verdicts as the walkthrough expects (it expects every one the shell prints).
        let expected = WalkthroughScript(text: text).expectations.filter { WalkthroughScript.isVerdict($0.text) }.count
        let verdicts = screen.verdicts
        if verdicts != expected {
            problems.append("\(verdicts) verdicts, where the walkthrough expects \(expected)")
        }
        let reference = try ScreenTranscript.reference(language: language, script: text, screen: screen)
        problems += screen.problems(columns: Int(columns), rows: Int(rows), reference: reference)
        return problems
    }

    /// The checks themselves: a line too wide, a word cut at the edge, a step taller than the
    /// window or than two, escape sequences shown as text, verdicts counted once per entry.
    @Test func theChecksFindWhatTheyLookFor() {
        let reference = ScreenTranscript(lines: ["seguelab> next", "The storyboard names each segue.", "Type `next`."])
        let cut = ScreenTranscript(lines: ["seguelab> next", "The storyboard names each se", "gue.", "Type `next`."])
        #expect(
            cut.problems(columns: 30, rows: 24, reference: reference)
                == ["a word is cut at a line's end: 'The storyboard names each se' / 'gue.'"])
        let between = ScreenTranscript(lines: ["seguelab> next", "The storyboard names", "each segue.", "Type `next`."])
        #expect(between.problems(columns: 30, rows: 24, reference: reference).isEmpty)
        let wide = ScreenTranscript(lines: ["seguelab> next", "The storyboard names each segue.", "Type `next`."])
        #expect(
            wide.problems(columns: 20, rows: 24, reference: reference) == [
                "a line of 32 columns: 'The storyboard names each segue.'"
            ])
        let tall = ScreenTranscript(lines: ["seguelab> next", "── Step 1/2: A", "a", "b", "c", "d", "e", "seguelab:a> "]
        )
        #expect(
            tall.problems(columns: 30, rows: 4, reference: tall)
                == ["a step's first screen is 6 lines, taller than the window: ── Step 1/2: A"])
        #expect(
            tall.problems(columns: 30, rows: 2, reference: tall) == [
                "a step's first screen is 6 lines, taller than the window: ── Step 1/2: A",
                "a step is 6 lines, taller than two windows (4 lines) even folded: ── Step 1/2: A"
            ])
        // Up to two lines over the window scroll rather than wait at the pager; before it, none.
        let nearly = ScreenTranscript(lines: ["seguelab> next", "── Step 1/2: A", "a", "b", "c", "d", "seguelab:a> "])
        #expect(nearly.problems(columns: 30, rows: 4, reference: nearly).isEmpty)
        let paged = ScreenTranscript(lines: [
            "seguelab> next", "── Step 1/2: A", "a", "b", "c", "-- 2 more lines: Enter --"
        ])
        #expect(
            paged.problems(columns: 30, rows: 4, reference: paged)
                == ["a step's first screen is 4 lines, taller than the window: ── Step 1/2: A"])
        // A step stopped at the pager counts the lines it did not show.
        let stopped = ScreenTranscript(lines: [
            "seguelab> next", "── Étape 1/2 : A", "a",
            "-- encore 9 lignes\u{00A0}: Entrée ou espace les affiche, q arrête --",
            "(`step` réaffiche toute l'étape.)", "seguelab:a> run"
        ])
        #expect(
            stopped.problems(columns: 80, rows: 4, reference: stopped)
                == ["a step is 11 lines, taller than two windows (8 lines) even folded: ── Étape 1/2 : A"])
        let escapes = ScreenTranscript(lines: ["seguelab> next", "[2m-- 80 more lines --[0m", "^[[1mStep"])
        #expect(
            escapes.problems(columns: 80, rows: 24, reference: escapes) == [
                "an escape sequence shown as text: '[2m-- 80 more lines --[0m'",
                "an escape sequence shown as text: '^[[1mStep'"
            ])
        // A verdict said again after a stopped page is the same verdict.
        let again = ScreenTranscript(lines: [
            "seguelab:a> check", "✘ Not yet: no", "(`step` shows the whole step again.)", "✘ Not yet: no",
            "seguelab:a> check", "✔ Correct."
        ])
        #expect(again.verdicts == 2)
    }

    // MARK: - Driving the shell

    /// What a walk showed, and what went wrong while typing it.
    struct Walk {
        var transcript: ScreenTranscript
        var problems: [String]
    }

    /// Types each input and returns what the screen showed, answering the pager with Enter.
    /// Probing as a learner, with colour on: at the pager, every other entry's pages are shown
    /// with Enter or space and the others are stopped by typing the next entry there; on a step
    /// first shown that waits for a run or an answer, an empty Enter comes first.
    static func drive(
        _ inputs: WalkthroughInputs, language: String = "en", columns: UInt16, rows: UInt16, probing: Bool = false
    ) throws -> Walk {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let editor = try inputs.editor(in: home.appendingPathComponent("editor"))
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path,
            arguments: [
                "--pack", CourseWalkthroughTests.packageRoot.appendingPathComponent("Lessons").path, "--lang", language
            ] + (probing ? [] : ["--no-color"]),
            environment: SeguelabBinary.environment(home: home, extra: ["EDITOR": editor]),
            columns: columns, rows: rows)
        var problems: [String] = []
        var seen: Set<String> = []
        var offset = 0
        var waiting = try waitForInput(terminal, after: 0)
        var pagerKey = "\r"
        for (index, input) in inputs.lines.enumerated() {
            var typedAtPager = false
            while waiting == .pager {
                // The next entry typed at the question: it must stop the page and run whole.
                if probing, index.isMultiple(of: 2), let first = input.first, !" qQ".contains(first),
                    input.count + 30 < columns
                {
                    typedAtPager = true
                    break
                }
                let before = terminal.transcript.utf8.count
                terminal.type(pagerKey)
                pagerKey = pagerKey == "\r" ? " " : "\r"
                waiting = try waitForInput(terminal, after: before)
            }
            let shown = String(decoding: terminal.transcript.utf8.dropFirst(offset), as: UTF8.self)
            if probing, !typedAtPager, let step = waitingStep(in: shown), seen.insert(step.place).inserted {
                // Enter on a step not yet run or answered: it stays, and says what to do.
                let before = terminal.transcript.utf8.count
                let prompt = ScreenTranscript.visible(ScreenTranscript.rawLines(shown).last ?? "")
                terminal.type("\r")
                waiting = try waitForInput(terminal, after: before)
                let said = ScreenTranscript(
                    raw: String(decoding: terminal.transcript.utf8.dropFirst(before), as: UTF8.self))
                let left = said.lines.contains { ScreenTranscript.isStepHeading($0) }
                if left || said.lines.last != prompt {
                    problems.append(
                        "an empty Enter left \(step.kind) step \(step.place) before it was run or answered:\n"
                            + said.lines.joined(separator: "\n"))
                }
            } else if let step = waitingStep(in: shown) {
                seen.insert(step.place)
            }
            offset = terminal.transcript.utf8.count
            terminal.type(input + "\r")
            if input == "quit" || input == "exit" {
                _ = try terminal.waitForExit(timeout: 120)
                return Walk(transcript: ScreenTranscript(raw: terminal.transcript), problems: problems)
            }
            waiting = try waitForInput(terminal, after: offset)
            if typedAtPager {
                let after = PseudoTerminal.stripEscapes(
                    String(decoding: terminal.transcript.utf8.dropFirst(offset), as: UTF8.self))
                let flat = after.replacingOccurrences(of: "\n", with: "")
                if !flat.contains("> " + input) {
                    problems.append("'\(input)' typed at the pager did not reach the prompt whole:\n\(after)")
                }
                if after.contains("unknown command") || after.contains("commande inconnue") {
                    problems.append("'\(input)' typed at the pager was refused:\n\(after)")
                }
            }
        }
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 120)
        return Walk(transcript: ScreenTranscript(raw: terminal.transcript), problems: problems)
    }

    /// The step a text shows last, when it waits for a run or an answer (its kind is not prose).
    static func waitingStep(in raw: String) -> (kind: String, place: String)? {
        let text = PseudoTerminal.stripEscapes(raw).replacingOccurrences(of: "\n", with: " ")
        guard let heading = text.matches(of: /\[([^\s\]]+) · ([\w-]+\/ ?[\w-]+)\]/).last else { return nil }
        let kind = String(heading.output.1)
        guard kind != "prose" && kind != "lecture" else { return nil }
        return (kind, heading.output.2.replacingOccurrences(of: " ", with: ""))
    }

    enum Waiting { case prompt, pager }

    /// Waits until the shell, having answered what was typed after `offset`, waits for a key.
    static func waitForInput(_ terminal: PseudoTerminal, after offset: Int) throws -> Waiting {
        var waiting = Waiting.prompt
        try terminal.waitUntilQuiet { transcript in
            let new = String(decoding: transcript.utf8.dropFirst(offset), as: UTF8.self)
            guard offset == 0 || new.unicodeScalars.contains("\n"),
                let tail = ScreenTranscript.rawLines(new).last
            else { return false }
            // The last line holds only a prompt or a question: nothing typed, nothing printed after.
            let last = ScreenTranscript.visible(tail)
            if ScreenTranscript.isPager(last) {
                waiting = .pager
                return true
            }
            waiting = .prompt
            return last.firstMatch(of: /^(seguelab(:[^\s>]+)?|\.\.\.)> $/) != nil || last.hasSuffix("[y/N] ")
                || last.hasSuffix("[o/N] ")
        }
        return waiting
    }
}

/// A walkthrough's inputs for a terminal: its lines as typed, and the code of each `edit`,
/// which an editor script writes into the draft in turn.
struct WalkthroughInputs {
    var lines: [String] = []
    var edits: [String] = []

    init(script: String) {
        var code: [String]?
        for line in script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var body = code {
                if line == "." {
                    edits.append(body.joined(separator: "\n") + "\n")
                    code = nil
                } else {
                    body.append(line)
                    code = body
                }
                continue
            }
            if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            lines.append(line)
            if line == "edit" { code = [] }
        }
    }

    /// An editor that replaces the file it is given with the next edit's code.
    func editor(in directory: URL) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (index, code) in edits.enumerated() {
            try code.write(
                to: directory.appendingPathComponent("edit-\(index).swift"), atomically: true, encoding: .utf8)
        }
        try "0".write(to: directory.appendingPathComponent("next"), atomically: true, encoding: .utf8)
        let script = directory.appendingPathComponent("editor.sh")
        try """
        #!/bin/sh
        n=$(cat '\(directory.path)/next')
        cp '\(directory.path)/edit-'"$n"'.swift' "$1"
        echo $((n + 1)) > '\(directory.path)/next'

        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }
}

/// The lines a terminal showed, as a person reads them: escape sequences gone, a line rewritten
/// after a carriage return shown as last written.
struct ScreenTranscript {
    var lines: [String]

    init(lines: [String]) { self.lines = lines }

    init(raw: String) {
        // The pager's question, erased (`\r` and erase-line) once answered, was a line of its own.
        lines = Self.rawLines(raw).flatMap { $0.components(separatedBy: "\r\u{1B}[K") }.map(Self.visible)
        if lines.last == "" { lines.removeLast() }
    }

    /// Split at line feeds, by scalar: to Swift, a "\r\n" is one character.
    static func rawLines(_ raw: String) -> [String] {
        raw.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
    }

    /// A line as last written: after a carriage return the line is written over.
    static func visible(_ line: String) -> String {
        let parts = line.unicodeScalars.split(separator: "\r", omittingEmptySubsequences: true)
            .map { PseudoTerminal.stripEscapes(String(String.UnicodeScalarView($0))) }
        return parts.last { !$0.isEmpty } ?? ""
    }

    static func isPrompt(_ line: String) -> Bool {
        line.firstMatch(of: #/^(seguelab(:[^\s>]+)?|\.\.\.)> /#) != nil
    }

    static func isPager(_ line: String) -> Bool { pagerCount(line) != nil }

    /// The lines the pager's question says are left, in English or French.
    static func pagerCount(_ line: String) -> Int? {
        guard
            let match = line.firstMatch(of: /^-- (?:encore )?(\d+) (?:more )?(?:lines?|lignes?)[ \u{00A0}]?: .* --\s*$/)
        else { return nil }
        return Int(match.output.1)
    }

    /// What the pager says when stopped before the end.
    static func isPagingStopped(_ line: String) -> Bool {
        line == "(`step` shows the whole step again.)" || line == "(`step` réaffiche toute l'étape.)"
    }

    static func isStepHeading(_ line: String) -> Bool {
        line.hasPrefix("── Step ") || line.hasPrefix("── Étape ")
    }

    /// The verdicts shown: the same one said again after a stopped page, before the next
    /// prompt, is counted once.
    var verdicts: Int {
        var count = 0
        var sinceInput: Set<String> = []
        for line in lines {
            if Self.isPrompt(line) {
                sinceInput = []
            } else if WalkthroughScript.isVerdict(line), sinceInput.insert(line).inserted {
                count += 1
            }
        }
        return count
    }

    /// The text the shell had to lay out, unbroken: the lessons' prose of `language` (a
    /// paragraph to a line), its catalog, the walkthrough (its expected lines and its code), and
    /// the screen's own lines.
    static func reference(language: String, script: String, screen: ScreenTranscript) throws -> ScreenTranscript {
        let root = CourseWalkthroughTests.packageRoot
        let folder = root.appendingPathComponent(language == "en" ? "Lessons/lessons" : "Lessons/lessons/\(language)")
        var texts = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
        texts.append(
            try String(
                contentsOf: root.appendingPathComponent("Sources/Localization/Resources/\(language).yaml"),
                encoding: .utf8))
        var lines: [String] = []
        for text in texts {
            // Hard-wrapped prose: each paragraph becomes one line.
            var paragraph: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty {
                    lines.append(paragraph.joined(separator: " "))
                    paragraph = []
                } else {
                    paragraph.append(trimmed)
                }
            }
            lines.append(paragraph.joined(separator: " "))
        }
        lines += script.split(separator: "\n").map {
            $0.hasPrefix("#= ") || $0.hasPrefix("#~ ") ? String($0.dropFirst(3)) : String($0)
        }
        return ScreenTranscript(lines: lines + screen.lines)
    }

    /// The learner's typing, which the terminal wraps itself, is not the shell's output.
    var output: [(index: Int, line: String)] {
        lines.enumerated().filter { !Self.isPrompt($0.element) }.map { ($0.offset, $0.element) }
    }

    static func words(_ line: String) -> [String] {
        line.replacing(/0x[0-9a-f]+/, with: "0x…").split(whereSeparator: \.isWhitespace).map(String.init)
            .filter { $0 != "↪" }
    }

    func problems(columns: Int, rows: Int, reference: ScreenTranscript) -> [String] {
        var problems: [String] = []
        for (_, line) in output where line.count > columns {
            problems.append("a line of \(line.count) columns: '\(line)'")
        }
        // Words that follow each other in the unbroken text, and the text itself.
        let referenceWords = reference.output.flatMap { Self.words($0.line) }
        let neighbours = Set(zip(referenceWords, referenceWords.dropFirst()).map { "\($0.0) \($0.1)" })
        let known = Set(referenceWords)
        for (first, second) in zip(output, output.dropFirst()) where second.index == first.index + 1 {
            guard let end = Self.words(first.line).last, let start = Self.words(second.line).first,
                !neighbours.contains("\(end) \(start)"), !end.hasSuffix("-"), !end.hasSuffix("/"),
                known.contains(end + start)
            else { continue }
            problems.append("a word is cut at a line's end: '\(first.line)' / '\(second.line)'")
        }
        // Each screenful between two waits for the keyboard: a step's first one, and the pager's.
        // The last line or two of a text are not worth a question: a screenful that ends at the
        // prompt may scroll them.
        var screen: [String] = []
        var afterPager = false
        for line in lines {
            guard Self.isPrompt(line) || Self.isPager(line) else {
                screen.append(line)
                continue
            }
            let showsStep = screen.first { Self.isStepHeading($0) || $0.hasPrefix("━━ ") }
            let tallest = Self.isPager(line) ? rows - 1 : rows + 1
            if let title = showsStep ?? (afterPager ? "(the pager's next screen)" : nil), screen.count > tallest {
                problems.append("a step's first screen is \(screen.count) lines, taller than the window: \(title)")
            }
            afterPager = Self.isPager(line)
            screen = []
        }
        // A step, from its heading to the prompt: the lines shown, and those a stopped pager
        // said were left.
        var shown: Int?
        var left = 0
        var heading = ""
        for line in lines {
            if Self.isStepHeading(line) {
                (shown, left, heading) = (0, 0, line)
            } else if shown == 1 && heading.contains("  [") && !heading.hasSuffix("]") {
                // A heading wrapped before its step's place: the place, whole.
                heading += " " + line
            }
            guard let height = shown else { continue }
            if Self.isPrompt(line) {
                if height + left > 2 * rows {
                    problems.append(
                        "a step is \(height + left) lines, taller than two windows (\(2 * rows) lines) even folded: "
                            + heading)
                }
                shown = nil
            } else if let count = Self.pagerCount(line) {
                left = count
            } else if !Self.isPagingStopped(line) {
                shown = height + 1
                left = max(0, left - 1)
            }
        }
        for line in lines
        where line.contains("\u{1B}") || line.contains("^[") || line.firstMatch(of: /\[[0-9;]+m/) != nil {
            problems.append("an escape sequence shown as text: '\(line)'")
        }
        return problems
    }
}
