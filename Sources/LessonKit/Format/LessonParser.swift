import Foundation
import Playground
import SourceText

/// Reads a lesson file: YAML front matter, then Markdown whose `## Title {#id}` headings
/// start steps. Inside a step, a ```step block holds the step's settings (YAML) and
/// ```swift ROLE blocks hold its code. The split is line-oriented so that every
/// diagnostic points to the line and column the author wrote.
struct LessonParser {
    let file: String
    let language: String
    let sink: DiagnosticSink

    private struct Fence {
        var marker: Character
        var length: Int
        var info: String
        var infoColumn: Int
        var line: Int
        var content: [String] = []
        var rawLines: [String] = []
    }

    func parse(_ text: String) -> Lesson? {
        if text.allSatisfy(\.isWhitespace) {
            sink.error(
                "lesson file is empty; it starts with front matter: a '---' line, then id, title and goal, then '---'",
                at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        let lines = Self.lines(text)
        guard let front = parseFrontMatter(lines) else { return nil }

        var intro: [String] = []
        var builders: [StepBuilder] = []
        /// Where each step id was first used: duplicates are found in constant time.
        var firstLines: [String: Int] = [:]
        var fence: Fence?
        var index = front.bodyStart
        while index < lines.count {
            let line = lines[index]
            let lineNumber = index + 1
            index += 1

            if fence != nil {
                if closes(line, fence!) {
                    var closed = fence!
                    fence = nil
                    closed.rawLines.append(line)
                    handle(closed, builders: &builders, intro: &intro)
                } else {
                    // Appended in place: a copy of the block's lines per line is quadratic.
                    fence!.content.append(line)
                    fence!.rawLines.append(line)
                }
                continue
            }
            if let opened = opensFence(line, lineNumber: lineNumber) {
                fence = opened
                continue
            }
            if language.lowercased().hasPrefix("fr"), let slip = FrenchTypography.problem(in: line) {
                sink.warning(slip.message, at: SourceLocation(file: file, line: lineNumber, column: slip.column))
            }
            if line.hasPrefix("## ") {
                if builders.count == Self.maximumSteps {
                    sink.error(
                        "a lesson may have at most \(Self.maximumSteps) steps; split it into several lessons",
                        at: SourceLocation(file: file, line: lineNumber, column: 1))
                    return nil
                }
                builders.append(heading(line, lineNumber: lineNumber, firstLines: &firstLines))
                continue
            }
            if builders.isEmpty { intro.append(line) } else { builders[builders.count - 1].prose.append(line) }
        }
        if let open = fence {
            sink.error(
                "code block opened here is never closed (add a line with \(String(repeating: open.marker, count: open.length)))",
                at: SourceLocation(file: file, line: open.line, column: 1))
            handle(open, builders: &builders, intro: &intro)
        }
        if builders.isEmpty {
            sink.error(
                "lesson has no steps; start each step with a heading like `## Title {#step-id}`",
                at: SourceLocation(file: file, line: front.bodyStart + 1, column: 1))
        }

        let decoder = StepDecoder(file: file, sink: sink)
        let steps = builders.filter(\.valid).compactMap(decoder.decode).map { step in
            var step = step
            step.language = language
            return step
        }
        guard let id = front.id, let title = front.title else { return nil }
        var lesson = Lesson(
            id: id, title: title, goal: front.goal, intro: Self.trimBlankLines(intro),
            steps: steps, language: language, file: file)
        lesson.idLocation = front.idLocation
        lesson.renamedFrom = front.renamedFrom
        lesson.renamedFromLocation = front.renamedFromLocation
        return lesson
    }

    /// The lesson's front matter and step ids, from its front matter and headings alone: what
    /// the lesson list needs. Errors in either are reported as `parse` reports them; everything
    /// else (step settings, code blocks, fences) is left to `parse`, which `steps` runs when the
    /// lesson is opened and `pack check` runs for every lesson.
    func outline(_ text: String) -> (
        id: String, title: String, goal: String?, idLocation: SourceLocation?, stepIDs: [String],
        renamedFrom: [String]
    )? {
        // Only lines that can be front matter, a heading or a fence become Strings: prose and
        // code lines are passed over by their first byte.
        var front: [String] = []
        var candidates: [(number: Int, line: String)] = []
        var text = text
        text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return }
            let end = base + buffer.count
            var start = base
            var number = 0
            var frontOpen = true
            while start <= end {
                number += 1
                let found = memchr(start, Int32(UInt8(ascii: "\n")), end - start).map {
                    UnsafePointer($0.assumingMemoryBound(to: UInt8.self))
                }
                let newline = found ?? end
                var lineEnd = newline
                if lineEnd > start, (lineEnd - 1).pointee == UInt8(ascii: "\r") { lineEnd -= 1 }
                // Headings start with '#', fences (indented or not) and their ends with '`' or '~';
                // a byte above 0x7F may be white space that `trimmed` removes.
                var visible = start
                while visible < lineEnd, visible.pointee == UInt8(ascii: " ") || visible.pointee == UInt8(ascii: "\t") {
                    visible += 1
                }
                let first = visible < lineEnd ? visible.pointee : 0
                if frontOpen || first == UInt8(ascii: "#") || first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
                    || first >= 0x80
                {
                    let line = String(
                        decoding: UnsafeBufferPointer(start: start, count: lineEnd - start), as: UTF8.self)
                    if frontOpen {
                        front.append(line)
                        if front.count > 1 && Self.trimmed(line) == "---" { frontOpen = false }
                    } else {
                        candidates.append((number, line))
                    }
                }
                guard found != nil else { break }
                start = newline + 1
            }
        }
        if front.allSatisfy({ Self.trimmed($0).isEmpty }) && candidates.isEmpty {
            _ = parse(text)
            return nil
        }
        guard let matter = parseFrontMatter(front) else { return nil }
        var ids: [String] = []
        var headings = 0
        var firstLines: [String: Int] = [:]
        var fence: Fence?
        for (number, line) in candidates {
            if let open = fence {
                if closes(line, open) { fence = nil }
                continue
            }
            if let opened = opensFence(line, lineNumber: number) {
                fence = opened
                continue
            }
            guard line.hasPrefix("## ") else { continue }
            if headings == Self.maximumSteps {
                sink.error(
                    "a lesson may have at most \(Self.maximumSteps) steps; split it into several lessons",
                    at: SourceLocation(file: file, line: number, column: 1))
                return nil
            }
            headings += 1
            let step = heading(line, lineNumber: number, firstLines: &firstLines)
            if step.valid { ids.append(step.id) }
        }
        if headings == 0 {
            sink.error(
                "lesson has no steps; start each step with a heading like `## Title {#step-id}`",
                at: SourceLocation(file: file, line: matter.bodyStart + 1, column: 1))
        }
        guard let id = matter.id, let title = matter.title else { return nil }
        return (id, title, matter.goal, matter.idLocation, ids, matter.renamedFrom)
    }

    // MARK: - Front matter

    private struct FrontMatter {
        var id: String?
        var title: String?
        var goal: String?
        var idLocation: SourceLocation?
        var renamedFrom: [String] = []
        var renamedFromLocation: SourceLocation?
        var bodyStart: Int
    }

    private func parseFrontMatter(_ lines: [String]) -> FrontMatter? {
        let start = SourceLocation(file: file, line: 1, column: 1)
        guard lines.first.map(Self.trimmed) == "---" else {
            sink.error(
                "a lesson file starts with front matter: a '---' line, then id, title and goal, then '---'", at: start)
            return nil
        }
        guard let close = lines.indices.dropFirst().first(where: { Self.trimmed(lines[$0]) == "---" }) else {
            sink.error("front matter opened here is never closed with a '---' line", at: start)
            return nil
        }
        let yaml = EmbeddedYAML(text: lines[1..<close].joined(separator: "\n"), file: file, firstLine: 2, anchor: start)
        var front = FrontMatter(bodyStart: close + 1)
        guard let map = yaml.composeMapping(into: sink, what: "front matter") else { return front }
        map.rejectUnknownKeys(["id", "title", "goal", "renamed-from"], in: "front matter")
        front.renamedFrom = map.stringOrStrings("renamed-from") ?? []
        front.renamedFromLocation = map.node("renamed-from").map { map.location(of: $0) }
        front.id = map.string("id", required: "front matter")
        front.idLocation = map.node("id").map { map.location(of: $0) }
        if let id = front.id, !Identifier.isValid(id) {
            sink.error(
                "lesson id '\(id)' may only contain letters, digits, '-', '_' and '.'",
                at: map.location(of: map.node("id")!))
        }
        front.title = map.string("title", required: "front matter")
        front.goal = map.string("goal")
        return front
    }

    // MARK: - Headings and fences

    /// More steps than any lesson a person reads in one sitting; the cap keeps a generated or
    /// runaway file from costing the learner minutes at every start.
    static let maximumSteps = 1_000

    private func heading(_ line: String, lineNumber: Int, firstLines: inout [String: Int]) -> StepBuilder {
        let body = line.dropFirst(3)
        let trimmed = Self.trimmed(String(body))
        let headingLocation = SourceLocation(file: file, line: lineNumber, column: 1)
        guard trimmed.hasSuffix("}"), let open = Self.lastIDOpening(in: trimmed) else {
            sink.error(
                "step heading has no id; write it as `## \(trimmed) {#step-id}` so progress survives edits",
                at: headingLocation)
            return StepBuilder(id: "", title: trimmed, location: headingLocation, valid: false)
        }
        let id = String(trimmed[open.upperBound..<trimmed.index(before: trimmed.endIndex)])
        let title = Self.trimmed(String(trimmed[..<open.lowerBound]))
        let idColumn =
            (Self.firstIndex(of: "{#" + id + "}", in: line).map { line.distance(from: line.startIndex, to: $0) } ?? 0)
            + 3
        var valid = true
        if !Identifier.isValid(id) {
            sink.error(
                "step id '\(id)' may only contain letters, digits, '-', '_' and '.'",
                at: SourceLocation(file: file, line: lineNumber, column: idColumn))
            valid = false
        } else if let first = firstLines[id] {
            sink.error(
                "duplicate step id '\(id)' (first used at line \(first))",
                at: SourceLocation(file: file, line: lineNumber, column: idColumn))
            valid = false
        } else {
            firstLines[id] = lineNumber
        }
        if title.isEmpty {
            sink.error("step heading needs a title before {#\(id)}", at: headingLocation)
        }
        return StepBuilder(id: id, title: title, location: headingLocation, valid: valid)
    }

    private func opensFence(_ line: String, lineNumber: Int) -> Fence? {
        // Most lines are prose: their first byte already says they open nothing.
        guard let first = line.utf8.first,
            first == UInt8(ascii: " ") || first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
        else { return nil }
        // An ASCII line is measured in bytes; other lines by Character, where a combining mark
        // joins the character before it (a backtick with an accent is no backtick).
        let shape: (indent: Int, length: Int, infoStart: Int)? =
            line.utf8.withContiguousStorageIfAvailable { bytes in
                guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
                var index = 0
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
                let indent = index
                guard index < bytes.count else { return (indent, 0, 0) }
                let marker = bytes[index]
                while index < bytes.count, bytes[index] == marker { index += 1 }
                let length = marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~") ? index - indent : 0
                let afterMarker = index
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
                return (indent, length, index - afterMarker)
            } ?? nil
        if let shape {
            guard shape.indent <= 3, shape.length >= 3 else { return nil }
            let marker = Character(
                Unicode.Scalar(line.utf8[line.utf8.index(line.utf8.startIndex, offsetBy: shape.indent)]))
            let info = Self.trimmed(String(line.utf8.dropFirst(shape.indent + shape.length))!)
            return Fence(
                marker: marker, length: shape.length, info: info,
                infoColumn: shape.indent + shape.length + shape.infoStart + 1, line: lineNumber, rawLines: [line])
        }
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        guard let marker = rest.first, marker == "`" || marker == "~" else { return nil }
        let length = rest.prefix { $0 == marker }.count
        guard length >= 3 else { return nil }
        let afterMarker = rest.dropFirst(length)
        let infoStart = afterMarker.prefix { $0 == " " }.count
        let info = Self.trimmed(String(afterMarker))
        return Fence(
            marker: marker, length: length, info: info,
            infoColumn: indent + length + infoStart + 1, line: lineNumber, rawLines: [line])
    }

    private func closes(_ line: String, _ fence: Fence) -> Bool {
        // Code lines rarely start with the fence's marker: one byte settles most of them.
        guard let first = line.utf8.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
            first >= 0x80 || first == fence.marker.asciiValue
        else { return false }
        let trimmed = Self.trimmed(line)
        return trimmed.count >= fence.length && trimmed.allSatisfy { $0 == fence.marker }
    }

    private func handle(_ fence: Fence, builders: inout [StepBuilder], intro: inout [String]) {
        let words = fence.info.split(separator: " ").map(String.init)
        let language = words.first?.lowercased()
        let infoLocation = SourceLocation(file: file, line: fence.line, column: fence.infoColumn)
        let contentLocation = SourceLocation(file: file, line: fence.line + 1, column: 1)

        if language == "step" {
            guard !builders.isEmpty else {
                sink.error("a ```step block must come after a step heading (`## Title {#id}`)", at: infoLocation)
                return
            }
            if let previous = builders[builders.count - 1].settings {
                sink.error(
                    "step '\(builders[builders.count - 1].id)' already has a ```step block at line \(previous.firstLine - 1)",
                    at: infoLocation)
                return
            }
            builders[builders.count - 1].settings = EmbeddedYAML(
                text: fence.content.joined(separator: "\n"), file: file, firstLine: fence.line + 1, anchor: infoLocation
            )
            return
        }
        if language == "swift", words.count >= 2 {
            let roleName = words[1]
            let roleColumn =
                fence.infoColumn
                + (fence.info.range(of: roleName).map {
                    fence.info.distance(from: fence.info.startIndex, to: $0.lowerBound)
                } ?? 0)
            guard let role = CodeRole(rawValue: roleName) else {
                sink.error(
                    "unknown code role '\(roleName)'; expected one of: \(CodeRole.allCases.map(\.rawValue).joined(separator: ", "))",
                    at: SourceLocation(file: file, line: fence.line, column: roleColumn))
                return
            }
            guard !builders.isEmpty else {
                sink.error(
                    "a ```swift \(roleName) block must come after a step heading (`## Title {#id}`)", at: infoLocation)
                return
            }
            if let previous = builders[builders.count - 1].code[role] {
                sink.error(
                    "step '\(builders[builders.count - 1].id)' already has a '\(roleName)' block at line \(previous.location.line - 1)",
                    at: SourceLocation(file: file, line: fence.line, column: roleColumn))
                return
            }
            builders[builders.count - 1].code[role] = CodeBlock(
                role: role, code: fence.content.joined(separator: "\n"), location: contentLocation)
            builders[builders.count - 1].codeOrder.append(role)
            return
        }
        if language == "seguelab" {
            guard !builders.isEmpty else {
                sink.error("a ```seguelab block must come after a step heading (`## Title {#id}`)", at: infoLocation)
                return
            }
            // Kept in the prose: the shell shows the command's real output in its place.
            if let command = ShownCommand.parse(
                fence.content, block: fence.rawLines.joined(separator: "\n"),
                location: contentLocation, sink: sink)
            {
                builders[builders.count - 1].shownCommands.append(command)
            }
            builders[builders.count - 1].prose.append(contentsOf: fence.rawLines)
            return
        }
        // Any other fenced block is part of the prose (shown, never run).
        if language == nil || language == "text" { warnAboutWideLines(fence) }
        if builders.isEmpty {
            intro.append(contentsOf: fence.rawLines)
        } else {
            builders[builders.count - 1].prose.append(contentsOf: fence.rawLines)
        }
    }

    /// The shell shows a fenced block 4 columns in: a diagram line wider than the rest of an
    /// 80-column terminal loses its indent, and one wider still is broken or respaced.
    static let widestDiagramLine = 76

    private func warnAboutWideLines(_ fence: Fence) {
        for (offset, line) in fence.content.enumerated() where line.count > Self.widestDiagramLine {
            sink.warning(
                "line is wider than an 80-column terminal shows: \(line.count + 4) columns with the shell's 4-column indent; keep text block lines to \(Self.widestDiagramLine)",
                at: SourceLocation(file: file, line: fence.line + 1 + offset, column: Self.widestDiagramLine + 1))
        }
    }

    static func trimBlankLines(_ lines: [String]) -> String {
        var slice = lines[...]
        while let first = slice.first, trimmed(first).isEmpty { slice = slice.dropFirst() }
        while let last = slice.last, trimmed(last).isEmpty { slice = slice.dropLast() }
        return slice.joined(separator: "\n")
    }

    /// The file's lines, a CRLF ending read as LF. Cut at each LF found by `memchr`: splitting
    /// the String by character costs seconds per thousand lessons in a debug build.
    static func lines(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { buffer -> [String] in
            guard let base = buffer.baseAddress else { return [""] }
            var lines: [String] = []
            var start = base
            let end = base + buffer.count
            while let found = memchr(start, Int32(UInt8(ascii: "\n")), end - start) {
                let newline = found.assumingMemoryBound(to: UInt8.self)
                var lineEnd = UnsafePointer(newline)
                if lineEnd > start, (lineEnd - 1).pointee == UInt8(ascii: "\r") { lineEnd -= 1 }
                lines.append(String(decoding: UnsafeBufferPointer(start: start, count: lineEnd - start), as: UTF8.self))
                start = UnsafePointer(newline) + 1
            }
            lines.append(String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self))
            return lines
        }
    }

    /// `line` without leading and trailing white space (as `.whitespaces` means it); a line
    /// that starts and ends with a visible ASCII character is returned without a search.
    static func trimmed(_ line: String) -> String {
        guard let first = line.utf8.first, let last = line.utf8.last else { return line }
        func visibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
        if visibleASCII(first) && visibleASCII(last) { return line }
        // What Foundation's `.whitespaces` holds (CoreFoundation's list: the tab, the space
        // separators and U+200B), which the format has always trimmed.
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
            default: false
            }
        }
        let scalars = line.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isSpace($0) }),
            let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[start...end])
    }

    /// Where `needle` first occurs in `text`, by a byte search; `needle` starts with an ASCII
    /// character, so the index found is a character boundary.
    static func firstIndex(of needle: String, in text: String) -> String.Index? {
        var text = text
        var needle = needle
        let offset: Int? = text.withUTF8 { haystack in
            needle.withUTF8 { pattern in
                guard let base = haystack.baseAddress, let start = pattern.baseAddress, pattern.count <= haystack.count
                else { return nil }
                let end = base + haystack.count - pattern.count
                var at = base
                while at <= end, let found = memchr(at, Int32(start.pointee), end - at + 1) {
                    let candidate = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(candidate, start, pattern.count) == 0 { return candidate - base }
                    at = candidate + 1
                }
                return nil
            }
        }
        return offset.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
    }

    /// Where the last `{#` of a heading starts: a byte search (both are ASCII, so the index
    /// found is a character boundary).
    static func lastIDOpening(in text: String) -> Range<String.Index>? {
        let utf8 = text.utf8
        var index = utf8.endIndex
        while index > utf8.startIndex {
            let before = utf8.index(before: index)
            if utf8[before] == UInt8(ascii: "#"), before > utf8.startIndex,
                utf8[utf8.index(before: before)] == UInt8(ascii: "{")
            {
                return utf8.index(before: before)..<index
            }
            index = before
        }
        return nil
    }
}

/// A step as collected from the Markdown, before its settings are decoded.
struct StepBuilder {
    var id: String
    var title: String
    var location: SourceLocation
    var valid: Bool
    var prose: [String] = []
    var settings: EmbeddedYAML?
    var code: [CodeRole: CodeBlock] = [:]
    var codeOrder: [CodeRole] = []
    var shownCommands: [ShownCommand] = []
}
