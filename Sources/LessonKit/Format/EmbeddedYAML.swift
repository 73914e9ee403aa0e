import Foundation
import Playground
import SourceText
import Yams

/// A YAML text that sits at a known place in a file (the manifest, a lesson's front matter,
/// a ```step block), so that every position Yams reports maps back to the original file.
struct EmbeddedYAML {
    let text: String
    let file: String
    /// The file line holding the snippet's first line.
    let firstLine: Int
    /// Where to point when the snippet as a whole is at fault (e.g. a missing key).
    let anchor: SourceLocation

    init(text: String, file: String, firstLine: Int, anchor: SourceLocation? = nil) {
        self.text = text
        self.file = file
        self.firstLine = firstLine
        self.anchor = anchor ?? SourceLocation(file: file, line: firstLine, column: 1)
    }

    /// Maps a Yams mark (1-based within the snippet) to the file.
    func location(_ mark: Mark?) -> SourceLocation {
        guard let mark, mark.line > 0 else { return anchor }
        return SourceLocation(file: file, line: firstLine + mark.line - 1, column: max(mark.column, 1))
    }

    /// Tags only decide what `Node.bool` accepts (`true`, `yes`, `on`… unquoted): the only rule
    /// our readers depend on. Each rule is a regular expression tried on every scalar (also
    /// every key, each time Yams hashes one to find duplicates), so the default set of seven
    /// was most of the time spent reading a pack. Numbers are read from the text either way.
    static let resolver = Resolver.basic.appending(.bool)

    /// Parses the snippet; a syntax error becomes one diagnostic at the right file position.
    /// libyaml stops at the first error, so the broken line (with the lines indented under it)
    /// is blanked and the rest parsed again: independent errors of the same snippet are all
    /// reported in one run, each at its own line. The snippet with an error gives no node.
    func compose(into sink: DiagnosticSink) -> Node? {
        do {
            // UTF-8 named outright: Yams's default reads the whole environment at every call.
            return try Yams.compose(yaml: text, Self.resolver, .default, .utf8)
        } catch let error as YamlError {
            report(error, into: sink)
            reportFurtherErrors(after: error, into: sink)
        } catch {
            sink.error("invalid YAML: \(error)", at: anchor)
        }
        return nil
    }

    /// The errors after the first: each broken construct blanked in turn, at most 20 rounds.
    /// The construct is the line libyaml names as the context of the error ("while parsing a
    /// flow sequence at line 2"), else the line of the error, with the lines indented under it;
    /// an error of the same construct again is not another mistake.
    private func reportFurtherErrors(after first: YamlError, into sink: DiagnosticSink) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var error = first
        var blanked: Set<Int> = []
        for _ in 0..<20 {
            guard let broken = Self.syntaxErrorLines(error) else { return }
            for line in [broken.start, broken.error] where line >= 1 && line <= lines.count && !blanked.contains(line) {
                blanked.insert(line)
                let indent = lines[line - 1].prefix { $0 == " " }.count
                lines[line - 1] = ""
                var next = line
                while next < lines.count {
                    let following = lines[next]
                    let blank = following.trimmingCharacters(in: .whitespaces).isEmpty
                    if !blank && following.prefix(while: { $0 == " " }).count <= indent { break }
                    lines[next] = ""
                    blanked.insert(next + 1)
                    next += 1
                }
            }
            do {
                _ = try Yams.compose(yaml: lines.joined(separator: "\n"), Self.resolver, .default, .utf8)
                return
            } catch let again as YamlError {
                guard let lines = Self.syntaxErrorLines(again), !blanked.contains(lines.error),
                    !blanked.contains(lines.start)
                else { return }
                report(again, into: sink)
                error = again
            } catch {
                return
            }
        }
    }

    /// The snippet lines (1-based) of a scanner or parser error: where the broken construct
    /// starts (its context, else the error's own line) and the error's line; nil for others.
    private static func syntaxErrorLines(_ error: YamlError) -> (start: Int, error: Int)? {
        switch error {
        case .scanner(let context, _, let mark, _), .parser(let context, _, let mark, _):
            (context.map { min($0.mark.line, mark.line) } ?? mark.line, mark.line)
        default: nil
        }
    }

    /// Parses the snippet and insists on a mapping at the top.
    func composeMapping(into sink: DiagnosticSink, what: String) -> YAMLMap? {
        let before = sink.diagnostics.count
        guard let node = compose(into: sink) else {
            // Nothing but blank lines or comments: Yams gives no node and no error.
            if sink.diagnostics.count == before {
                sink.error("\(what) is empty; it needs `key: value` lines", at: anchor)
            }
            return nil
        }
        guard let mapping = node.mapping else {
            sink.error("\(what) must be a YAML mapping of `key: value` lines", at: location(node.mark))
            return nil
        }
        return YAMLMap(mapping: mapping, source: self, sink: sink)
    }

    private func report(_ error: YamlError, into sink: DiagnosticSink) {
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            // libyaml's own wording names its C API; say what it means.
            let problem =
                problem.hasPrefix("Maximum nesting level reached") ? "lists or mappings are nested too deeply" : problem
            var message = "invalid YAML: \(problem)"
            if let context {
                let place = location(context.mark)
                message += " (\(context.text) at line \(place.line), column \(place.column))"
            }
            if problem.hasPrefix("mapping values are not allowed"), let quoted = quotedValue(atLine: mark.line) {
                let isHint = quoted.drop { $0 == " " || $0 == "-" }.hasPrefix("hints: ")
                message += "; a value holding `: ` must be quoted\(isHint ? " (quote the hint)" : ""): \(quoted)"
            }
            sink.error(message, at: location(mark))
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            let second = duplicates.first.flatMap { secondOccurrence(of: $0, inMappingAt: context.mark) }
            sink.error("duplicate key \(names) in the same mapping", at: second ?? location(context.mark))
        case .reader(let problem, let offset, _, _):
            sink.error("unreadable YAML: \(problem)", at: offset.map(locationOfOffset) ?? anchor)
        default:
            sink.error("invalid YAML: \(error)", at: anchor)
        }
    }

    /// Yams points a duplicate key at the start of its mapping; the author needs the line
    /// that repeats it: the second `key:` at the mapping's indentation.
    private func secondOccurrence(of key: String, inMappingAt mark: Mark) -> SourceLocation? {
        let indent = mark.column - 1
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count, indent >= 0 else { return nil }
        var seen = 0
        for index in (mark.line - 1)..<lines.count {
            let line = lines[index]
            guard line.count > indent else { continue }
            let rest = line.dropFirst(indent)
            if index > mark.line - 1, line.prefix(indent).contains(where: { $0 != " " && $0 != "-" }) { break }
            if rest.hasPrefix(key + ":") || rest.hasPrefix("\"\(key)\":") || rest.hasPrefix("'\(key)':") {
                seen += 1
                if seen == 2 { return SourceLocation(file: file, line: firstLine + index, column: indent + 1) }
            }
        }
        return nil
    }

    /// The snippet's line `line` (1-based) with its value in double quotes: `- text: a: b`
    /// becomes `- text: "a: b"`. Nil when the line has no `key: value` to quote.
    func quotedValue(atLine line: Int) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return nil }
        let original = String(lines[line - 1])
        let body = original.drop { $0 == " " || $0 == "-" }
        guard let separator = body.range(of: ": ") else { return nil }
        let value = body[separator.upperBound...].trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty, !value.hasPrefix("\""), !value.hasPrefix("'") else { return nil }
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let lead = original.prefix(original.count - body.count)
        return String(lead) + String(body[..<separator.upperBound]) + "\"" + escaped + "\""
    }

    private func locationOfOffset(_ offset: Int) -> SourceLocation {
        let prefix = text.prefix(offset)
        let line = prefix.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        let column =
            prefix.count
            - (prefix.lastIndex(of: "\n").map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0)
        return SourceLocation(file: file, line: firstLine + line, column: column + 1)
    }
}

/// Read access to a YAML mapping that reports wrong types and unknown keys with positions.
struct YAMLMap {
    let mapping: Node.Mapping
    let source: EmbeddedYAML
    let sink: DiagnosticSink
    /// Values by key, found once: `Node.Mapping`'s own lookup compares whole nodes, resolving
    /// every key's tag through regular expressions at each call.
    private let values: [String: Node]

    init(mapping: Node.Mapping, source: EmbeddedYAML, sink: DiagnosticSink) {
        self.mapping = mapping
        self.source = source
        self.sink = sink
        var values: [String: Node] = [:]
        for (key, value) in mapping {
            if let name = key.scalar?.string, values[name] == nil { values[name] = value }
        }
        self.values = values
    }

    var location: SourceLocation { source.location(mapping.mark) }

    var keys: [String] { mapping.keys.compactMap(\.string) }

    func node(_ key: String) -> Node? { values[key] }

    /// The position of `key:` itself, or the mapping's when it is absent.
    func keyLocation(_ key: String) -> SourceLocation {
        for (k, _) in mapping where k.string == key { return source.location(k.mark) }
        return location
    }

    func location(of node: Node) -> SourceLocation { source.location(node.mark) }

    /// `renamed-from:` and the like: one string or a list of them.
    func stringOrStrings(_ key: String) -> [String]? {
        guard let node = node(key) else { return nil }
        if node.scalar != nil { return string(key).map { [$0] } }
        return strings(key)
    }

    /// Reports keys that are not in `allowed` (typos would otherwise be ignored silently).
    func rejectUnknownKeys(_ allowed: [String], in what: String) {
        for (k, _) in mapping {
            guard let name = k.string, !allowed.contains(name) else { continue }
            let suggestion = allowed.first {
                $0.lowercased() == name.lowercased() || $0.hasPrefix(name) || name.hasPrefix($0)
            }
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            sink.error(
                "unknown key '\(name)' in \(what)\(hint); expected one of: \(allowed.joined(separator: ", "))",
                at: source.location(k.mark))
        }
    }

    func string(_ key: String, required: String? = nil) -> String? {
        guard let node = node(key) else {
            if let required { sink.error("missing '\(key)' in \(required)", at: location) }
            return nil
        }
        guard let scalar = node.scalar else {
            sink.error("'\(key)' must be a single value, not a list or mapping", at: location(of: node))
            return nil
        }
        return scalar.string
    }

    func int(_ key: String, required: String? = nil) -> Int? {
        guard let text = string(key, required: required) else { return nil }
        guard let value = Int(text) else {
            sink.error("'\(key)' must be a whole number, found '\(text)'", at: location(of: node(key)!))
            return nil
        }
        return value
    }

    func bool(_ key: String) -> Bool? {
        guard let node = node(key) else { return nil }
        guard let value = node.bool else {
            sink.error("'\(key)' must be true or false", at: location(of: node))
            return nil
        }
        return value
    }

    /// A list of strings; a single scalar is accepted as a one-element list.
    func strings(_ key: String, required: String? = nil) -> [String]? {
        guard let node = node(key) else {
            if let required { sink.error("missing '\(key)' in \(required)", at: location) }
            return nil
        }
        return YAMLMap.strings(from: node, key: key, source: source, sink: sink)
    }

    static func strings(from node: Node, key: String, source: EmbeddedYAML, sink: DiagnosticSink) -> [String]? {
        if let scalar = node.scalar { return [scalar.string] }
        guard let sequence = node.sequence else {
            sink.error("'\(key)' must be a list", at: source.location(node.mark))
            return nil
        }
        var result: [String] = []
        for item in sequence {
            guard let scalar = item.scalar else {
                var message = "each item of '\(key)' must be a single value"
                // `- Tap it: it performs the segue` reads as a key and a value.
                if let pair = item.mapping, pair.count == 1, let (name, value) = pair.first,
                    let name = name.scalar?.string, let value = value.scalar?.string
                {
                    let what = key == "hints" ? "the hint" : "the item"
                    message +=
                        "; it holds `: `, which YAML reads as a key and a value: quote \(what): \""
                        + "\(name): \(value)\""
                }
                sink.error(message, at: source.location(item.mark))
                continue
            }
            result.append(scalar.string)
        }
        return result
    }

    func sequence(_ key: String) -> [Node]? {
        guard let node = node(key) else { return nil }
        guard let sequence = node.sequence else {
            sink.error("'\(key)' must be a list (lines starting with '- ')", at: location(of: node))
            return nil
        }
        return Array(sequence)
    }

    func map(_ node: Node, what: String) -> YAMLMap? {
        guard let mapping = node.mapping else {
            sink.error("\(what) must be a mapping of `key: value` pairs", at: location(of: node))
            return nil
        }
        return YAMLMap(mapping: mapping, source: source, sink: sink)
    }
}
