import Foundation
import TestSupport
import Testing

/// Lessons 1–3 of the built-in course, done in a real terminal of 80×24 and of 110×35 with the
/// answers of their walkthroughs (wrong first, then right; `edit` through an editor): every line
/// the shell prints fits the window, no word is broken at a line's end, and each step's first
/// screen fits the window or is paged. Nothing here quotes the lessons: the test holds for
/// whatever they say.
///
/// A break is judged against the same session in a terminal too wide to break anything. The
/// words on either side of a line's end must follow each other there too (the break fell
/// between words), or the first must end with `-` or `/`; if they make one word there, the break
/// cut it. Exempt: only the learner's own typing on the prompt line, which the terminal wraps as
/// it is typed. Code and compiler excerpts are not exempt: they break between words, the
/// continuation marked `↪` (see `ShellOutput.code`).
@Suite(.serialized) struct SmallTerminalCourseTests {
    /// The English walkthroughs of the course's first three lessons.
    static let scripts: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: CourseWalkthroughTests.walkthroughs.path)) ?? [])
        .filter { name in name.hasSuffix(".en.txt") && ["01-", "02-", "03-"].contains { name.hasPrefix($0) } }
        .sorted()

    static let sizes: [(columns: UInt16, rows: UInt16)] = [(80, 24), (110, 35)]

    @Test func theFirstThreeLessonsHaveWalkthroughs() {
        #expect(Self.scripts.count == 3, "\(Self.scripts)")
    }

    @Test(arguments: scripts) func aLessonFitsSmallTerminals(_ script: String) throws {
        let text = try String(
            contentsOf: CourseWalkthroughTests.walkthroughs.appendingPathComponent(script), encoding: .utf8)
        let inputs = WalkthroughInputs(script: text)
        // The reference and the small terminals run side by side: the machine's two cores.
        let terminals = [(UInt16(400), UInt16(2000))] + Self.sizes
        nonisolated(unsafe) var transcripts = [ScreenTranscript?](repeating: nil, count: terminals.count)
        nonisolated(unsafe) var failures = [String?](repeating: nil, count: terminals.count)
        DispatchQueue.concurrentPerform(iterations: terminals.count) { index in
            do {
                transcripts[index] = try Self.drive(inputs, columns: terminals[index].0, rows: terminals[index].1)
            } catch {
                failures[index] = "\(terminals[index].0)×\(terminals[index].1): \(error)"
            }
        }
        for failure in failures.compactMap({ $0 }) { Issue.record("\(failure)") }
        guard let reference = transcripts[0] else { return }
        let verdicts = reference.lines.filter(WalkthroughScript.isVerdict).count
        #expect(verdicts > 0, "the walkthrough was not taken as answers:\n\(reference.lines.joined(separator: "\n"))")
        for (index, size) in Self.sizes.enumerated() {
            guard let small = transcripts[index + 1] else { continue }
            let name = "\(script) at \(size.columns)×\(size.rows)"
            // The same session, judged the same: nothing was lost or answered differently.
            #expect(
                small.lines.filter(WalkthroughScript.isVerdict).count == verdicts,
                "\(name): verdicts differ from the wide terminal's")
            for problem in small.problems(columns: Int(size.columns), rows: Int(size.rows), reference: reference) {
                Issue.record("\(name): \(problem)")
            }
        }
    }

    /// The checks themselves: a line too wide, a word cut at the edge, a step taller than the window.
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
        // Up to two lines over the window scroll rather than wait at the pager; before it, none.
        let nearly = ScreenTranscript(lines: ["seguelab> next", "── Step 1/2: A", "a", "b", "c", "d", "seguelab:a> "])
        #expect(nearly.problems(columns: 30, rows: 4, reference: nearly).isEmpty)
        let paged = ScreenTranscript(lines: [
            "seguelab> next", "── Step 1/2: A", "a", "b", "c", "-- 2 more lines: Enter --"
        ])
        #expect(
            paged.problems(columns: 30, rows: 4, reference: paged)
                == ["a step's first screen is 4 lines, taller than the window: ── Step 1/2: A"])
    }

    // MARK: - Driving the shell

    /// Types each input, answering the pager with Enter, and returns what the screen showed.
    static func drive(_ inputs: WalkthroughInputs, columns: UInt16, rows: UInt16) throws -> ScreenTranscript {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let editor = try inputs.editor(in: home.appendingPathComponent("editor"))
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path,
            arguments: [
                "--pack", CourseWalkthroughTests.packageRoot.appendingPathComponent("Lessons").path, "--no-color"
            ],
            environment: SeguelabBinary.environment(home: home, extra: ["EDITOR": editor]),
            columns: columns, rows: rows)
        var waiting = try waitForInput(terminal, after: 0)
        for input in inputs.lines {
            while waiting == .pager {
                let offset = terminal.transcript.utf8.count
                terminal.type("\r")
                waiting = try waitForInput(terminal, after: offset)
            }
            let offset = terminal.transcript.utf8.count
            terminal.type(input + "\r")
            waiting = try waitForInput(terminal, after: offset)
        }
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 120)
        return ScreenTranscript(raw: terminal.transcript)
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

    static func isPager(_ line: String) -> Bool {
        line.firstMatch(of: /^-- \d+ more lines?: .* --\s*$/) != nil
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
        let joined = "\u{1}" + referenceWords.joined(separator: "\u{1}") + "\u{1}"
        for (first, second) in zip(output, output.dropFirst()) where second.index == first.index + 1 {
            guard let end = Self.words(first.line).last, let start = Self.words(second.line).first,
                !neighbours.contains("\(end) \(start)"), !end.hasSuffix("-"), !end.hasSuffix("/"),
                joined.contains(end + start)
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
            let showsStep = screen.first { $0.hasPrefix("── Step ") || $0.hasPrefix("━━ ") }
            let tallest = Self.isPager(line) ? rows - 1 : rows + 1
            if let title = showsStep ?? (afterPager ? "(the pager's next screen)" : nil), screen.count > tallest {
                problems.append("a step's first screen is \(screen.count) lines, taller than the window: \(title)")
            }
            afterPager = Self.isPager(line)
            screen = []
        }
        return problems
    }
}
