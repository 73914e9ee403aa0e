import Foundation
import Playground
import SegueKit
import SourceText
import Yams

/// Turns a collected step (prose, ```step settings, code blocks) into a `Step`,
/// checking that it has what its kind needs.
struct StepDecoder {
    let file: String
    let sink: DiagnosticSink

    /// Every key of a ```step block, as listed to authors: the common ones and the kinds' own
    /// (a kind's keys not listed here are added at the end).
    static let keys: [String] = {
        let listed = [
            "kind", "question", "choices", "multiple", "accept", "pattern", "predict", "answer",
            "checks", "hints", "explanation", "storyboard", "continues", "expect", "diagnostic",
            "swift-version", "optimize", "file", "wrong-answers", "right-answers", "device",
            "renamed-from", "why", "fold"
        ]
        var added: [String] = []
        for key in StepKind.allCases.flatMap(\.allowedKeys) where !listed.contains(key) && !added.contains(key) {
            added.append(key)
        }
        return listed + added
    }()

    func decode(_ builder: StepBuilder) -> Step? {
        var step = Step(
            id: builder.id, title: builder.title, prose: LessonParser.trimBlankLines(builder.prose),
            body: .prose, location: builder.location)
        step.code = builder.code
        step.shownCommands = builder.shownCommands
        let what = "step '\(builder.id)'"

        guard let settings = builder.settings else {
            if builder.code[.example] != nil
                && builder.code.count == builder.code.filter({ [.example, .prelude].contains($0.key) }).count
            {
                step.body = .example
            } else if let first = builder.codeOrder.first {
                sink.error(
                    "\(what) has a '\(first.rawValue)' code block but no ```step block saying its kind",
                    at: builder.code[first]!.location.previousLine)
                return nil
            }
            return step
        }
        guard let map = settings.composeMapping(into: sink, what: "a ```step block") else { return nil }
        map.rejectUnknownKeys(Self.keys, in: "a ```step block")
        guard let kindName = map.string("kind", required: "the ```step block of \(what)") else { return nil }
        guard let kind = StepKind(rawValue: kindName) else {
            sink.error(
                "unknown step kind '\(kindName)'; expected one of: \(StepKind.allCases.map(\.rawValue).joined(separator: ", "))",
                at: map.location(of: map.node("kind")!))
            return nil
        }
        step.question = map.string("question")
        step.hints = map.strings("hints") ?? []
        checkHints(map, solution: builder.code[.solution]?.code)
        step.explanation = map.string("explanation")
        step.why = map.string("why")
        step.storyboard = map.string("storyboard")
        step.continuesFrom = map.string("continues")
        step.storyboardLocation = map.node("storyboard").map { map.location(of: $0) }
        step.continuesLocation = map.node("continues").map { map.location(of: $0) }
        step.renamedFrom = map.stringOrStrings("renamed-from") ?? []
        step.renamedFromLocation = map.node("renamed-from").map { map.location(of: $0) }
        step.fileName = map.string("file")
        if let mode = map.int("swift-version") {
            if let mode = SwiftLanguageMode(rawValue: String(mode)) {
                step.swiftLanguageMode = mode
            } else {
                sink.error("swift-version must be 5 or 6", at: map.keyLocation("swift-version"))
            }
        }
        if let device = map.string("device") {
            if let idiom = DeviceIdiom(name: device) {
                step.device = idiom
            } else {
                sink.error("device must be 'iphone' or 'ipad', not '\(device)'", at: map.keyLocation("device"))
            }
        }
        if let optimize = map.string("optimize") {
            if let mode = Optimization(rawValue: optimize) {
                step.optimization = mode
            } else {
                sink.error("optimize must be 'debug' or 'release'", at: map.keyLocation("optimize"))
            }
        }
        if let nodes = map.sequence("checks") {
            step.checks = nodes.compactMap { decodeCheck($0, map: map) }
        }
        if let fold = map.stringOrStrings("fold") {
            step.fold = fold
            checkFold(fold, code: builder.code[.example] ?? builder.code[.starter], map: map)
        }

        checkRoles(builder, kind: kind, what: what, continues: step.continuesFrom != nil)
        let headingOnly = builder.location

        // Keys that some kinds take and this one does not.
        for key in Self.kindKeys where map.node(key) != nil && !kind.allowedKeys.contains(key) {
            sink.error("'\(key)' does not apply to a \(kind.rawValue) step", at: map.keyLocation(key))
        }
        step.body = kind.rules.decode(map, step: step, sink: sink)
        if kind.allowedKeys.contains("wrong-answers") {
            step.wrongAnswers = listedAnswers("wrong-answers", map: map, kind: kind)
            step.rightAnswers = listedAnswers("right-answers", map: map, kind: kind)
        }
        if kind.needsAnswer && step.hints.isEmpty {
            sink.warning("\(what) has no hints; learners who are stuck can only ask for the solution", at: headingOnly)
        }
        return step
    }

    /// Keys that only some kinds take, in the order of `keys`.
    static let kindKeys = keys.filter { key in StepKind.allCases.contains { $0.allowedKeys.contains(key) } }

    /// A prompt or exercise needs checks or a harness: without them no answer could fail.
    static func requireChecks(_ map: YAMLMap, step: Step, sink: DiagnosticSink) {
        if step.checks.isEmpty && step.code[.harness] == nil && map.node("checks") == nil {
            sink.error(
                "step '\(step.id)' needs 'checks' or a ```swift harness block, or no answer could ever fail",
                at: map.location)
        }
    }

    /// `- typed answer` for any kind; `- {replace: TEXT, with: TEXT}` (an edit of the solution)
    /// for code steps, so a wrong exercise answer need not repeat the whole program.
    private func listedAnswers(_ key: String, map: YAMLMap, kind: StepKind) -> [ListedAnswer] {
        guard let nodes = map.sequence(key) else { return [] }
        var answers: [ListedAnswer] = []
        for node in nodes {
            let location = map.location(of: node)
            if let text = node.scalar?.string {
                if let problem = kind.rules.listedAnswerProblem(text, key: key) {
                    sink.error(problem, at: location)
                    continue
                }
                answers.append(ListedAnswer(.typed(text), at: location))
            } else if let edit = node.mapping != nil ? map.map(node, what: "an answer in '\(key)'") : nil,
                edit.node("answer") != nil || kind.answersWithCode
            {
                let allowed = (kind.answersWithCode ? ["replace", "with", "in"] : []) + ["answer", "feedback"]
                edit.rejectUnknownKeys(allowed, in: "an answer in '\(key)'")
                var feedback = edit.string("feedback")
                if let given = feedback, TextMatching.collapse(given).isEmpty {
                    sink.error(
                        "this feedback is empty; say what the mistake is, or leave it out",
                        at: edit.keyLocation("feedback"))
                    feedback = nil
                }
                if feedback != nil && key != "wrong-answers" {
                    sink.error("only a wrong answer takes 'feedback'", at: edit.keyLocation("feedback"))
                }
                if let text = edit.string("answer") {
                    if edit.node("replace") != nil || edit.node("with") != nil {
                        sink.error(
                            "an answer is typed (`answer`) or an edit (`replace`, `with`), not both", at: edit.location)
                        continue
                    }
                    if let problem = kind.rules.listedAnswerProblem(text, key: key) {
                        sink.error(problem, at: location)
                        continue
                    }
                    answers.append(ListedAnswer(.typed(text), at: location, feedback: feedback))
                    continue
                }
                guard let replace = edit.string("replace", required: "an edit in '\(key)'"),
                    let with = edit.string("with", required: "an edit in '\(key)'")
                else { continue }
                var base = CodeRole.solution
                if let named = edit.string("in") {
                    guard named == "starter" || named == "solution", kind.codeRoles.allowed.contains(.starter) else {
                        sink.error(
                            "'in' names the code an edit starts from: `solution` (the default) or `starter`",
                            at: edit.keyLocation("in"))
                        continue
                    }
                    base = named == "starter" ? .starter : .solution
                }
                answers.append(
                    ListedAnswer(.edit(replace: replace, with: with, in: base), at: location, feedback: feedback))
            } else {
                sink.error(
                    "each item of '\(key)' is an answer as the learner types it, `{answer: TEXT, feedback: TEXT}`"
                        + (kind.answersWithCode ? ", or `{replace: TEXT, with: TEXT}`" : ""), at: location)
            }
        }
        return answers
    }

    /// Hints that cannot help are refused: an empty one, or one the step already gives. A hint
    /// that repeats the whole solution is allowed (some steps want it) but warned about.
    private func checkHints(_ map: YAMLMap, solution: String?) {
        guard let node = map.node("hints") else { return }
        let items = node.scalar != nil ? [node] : Array(node.sequence ?? [])
        let answer = solution.map(TextMatching.collapse) ?? ""
        var seen: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            guard let text = item.scalar?.string else { continue }
            let location = map.location(of: item)
            let hint = TextMatching.collapse(text)
            if hint.isEmpty {
                sink.error("this hint is empty; write what would help a stuck learner, or remove it", at: location)
                continue
            }
            if let first = seen[hint] {
                sink.error(
                    "this hint repeats hint \(first + 1) of the step; "
                        + "a learner asking again would learn nothing new", at: location)
                continue
            }
            seen[hint] = index
            if !answer.isEmpty && hint.contains(answer) {
                sink.warning(
                    "a hint that gives the whole answer: it repeats the step's solution verbatim; "
                        + "point the learner towards it instead", at: location)
            }
        }
    }

    /// Every name in `fold:` must be a top-level declaration of the code the step shows.
    private func checkFold(_ entries: [String], code: CodeBlock?, map: YAMLMap) {
        let location = map.keyLocation("fold")
        guard let code else {
            sink.error(
                "'fold' names declarations of the step's example or starter, and this step has neither", at: location)
            return
        }
        let declarations = TopLevelDeclarations.declarations(in: code.code)
        let names = declarations.map(\.name)
        for entry in entries where !declarations.contains(where: { $0.isNamed(by: entry) }) {
            let hint = NearMiss.suggestion(for: entry, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            sink.error(
                "'fold' names '\(entry)', which the step's code does not declare at its top level\(hint)", at: location)
        }
    }

    private func checkRoles(_ builder: StepBuilder, kind: StepKind, what: String, continues: Bool) {
        var (required, allowed) = kind.codeRoles
        // A step that continues an earlier one starts from that step's code.
        if continues { required.removeAll { $0 == .starter } }
        for role in builder.codeOrder where !allowed.contains(role) {
            sink.error(
                "a \(kind.rawValue) step has no use for a '\(role.rawValue)' code block",
                at: builder.code[role]!.location.previousLine)
        }
        for role in required where builder.code[role] == nil {
            sink.error("\(what) (\(kind.rawValue)) needs a ```swift \(role.rawValue) block", at: builder.location)
        }
    }

    private func decodeCheck(_ node: Node, map: YAMLMap) -> CheckSpec? {
        let location = map.location(of: node)
        guard let mapping = node.mapping, mapping.count == 1, let (keyNode, value) = mapping.first,
            let key = keyNode.string
        else {
            sink.error("each check is one `name: value` pair, e.g. `- output-contains: Hello`", at: location)
            return nil
        }
        let valueLocation = map.location(of: value)
        func text() -> String? {
            guard let scalar = value.scalar else {
                sink.error("'\(key)' takes a single value", at: valueLocation)
                return nil
            }
            return scalar.string
        }
        func needle() -> String? {
            guard let needle = text() else { return nil }
            if TextMatching.collapse(needle).isEmpty {
                sink.error("'\(key)' needs the text to look for; an empty one is in every output", at: valueLocation)
                return nil
            }
            return needle
        }
        func pattern() -> String? {
            guard let pattern = text() else { return nil }
            if let problem = TextMatching.patternProblem(pattern) {
                sink.error(problem, at: valueLocation)
                return nil
            }
            return pattern
        }
        let check: Check?
        switch key {
        case "output": check = text().map(Check.outputEquals)
        case "output-contains": check = needle().map(Check.outputContains)
        case "output-matches":
            check = pattern().flatMap { pattern in
                guard TextMatching.matchesAnything(pattern) else { return Check.outputMatches(pattern) }
                sink.error(
                    "/\(pattern)/ matches any output, even none, so this check can never fail; "
                        + "match something only a right answer prints", at: valueLocation)
                return nil
            }
        case "trace": check = tracePattern(value, map: map).map(Check.trace)
        case "no-trace": check = tracePattern(value, map: map).map(Check.noTrace)
        case "trace-order": check = traceOrder(value, map: map)
        case "top": check = text().map(Check.topOfStack)
        case "presented": check = text().map(Check.presented)
        case "compiles":
            if value.bool == true {
                check = .compiles
            } else {
                sink.error(
                    "'compiles' takes `true`; to expect a compiler error use `fails-to-compile: PATTERN`",
                    at: valueLocation)
                check = nil
            }
        case "fails-to-compile": check = pattern().map { Check.failsToCompile(diagnosticPattern: $0) }
        case "exit":
            if let status = value.int, let status32 = Int32(exactly: status) {
                check = .exitStatus(status32)
            } else {
                sink.error("'exit' takes a whole number (the exit status)", at: valueLocation)
                check = nil
            }
        case "crash": check = crash(value, map: map)
        case "release-build":
            switch value.scalar?.string {
            case "crashes"?: check = .releaseBuild(crashes: true)
            case "runs"?: check = .releaseBuild(crashes: false)
            default:
                sink.error(
                    "'release-build' takes `runs` (an -O build must not crash) or `crashes` (it must)",
                    at: valueLocation)
                check = nil
            }
        case "source": check = sourceRule(value, map: map).map(Check.source)
        case "harness":
            if value.bool == true {
                check = .harness(required: [])
            } else {
                check = YAMLMap.strings(from: value, key: "harness", source: map.source, sink: sink).map {
                    Check.harness(required: $0)
                }
            }
        default:
            sink.error(
                "unknown check '\(key)'; expected one of: output, output-contains, output-matches, trace, no-trace, trace-order, top, presented, compiles, fails-to-compile, exit, crash, release-build, harness, source",
                at: map.location(of: keyNode))
            check = nil
        }
        return check.map { CheckSpec($0, at: location) }
    }

    private func tracePattern(_ node: Node, map: YAMLMap) -> TracePattern? {
        guard let fields = map.map(node, what: "a trace check") else { return nil }
        fields.rejectUnknownKeys(["kind", "identifier", "source", "destination", "properties"], in: "a trace check")
        var kind: TraceEvent.Kind?
        if let name = fields.string("kind") {
            guard let known = TraceEvent.Kind(rawValue: name), Self.traceKinds.contains(known) else {
                let names = Self.traceKinds.map(\.rawValue)
                let hint = NearMiss.suggestion(for: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
                sink.error(
                    "unknown trace kind '\(name)'\(hint); expected one of: \(names.joined(separator: ", "))",
                    at: fields.location(of: fields.node("kind")!))
                return nil
            }
            kind = known
        }
        func named(_ key: String) -> String? {
            guard let name = fields.string(key) else { return nil }
            if TextMatching.collapse(name).isEmpty {
                sink.error(
                    "an empty '\(key)' in a trace check names no event; name one, or leave '\(key)' out",
                    at: fields.location(of: fields.node(key)!))
            }
            return name
        }
        var pattern = TracePattern(
            kind: kind, identifier: named("identifier"),
            source: named("source"), destination: named("destination"))
        if let properties = fields.node("properties") {
            guard let propertyMap = fields.map(properties, what: "'properties'") else { return nil }
            for (key, value) in propertyMap.mapping {
                if let name = key.string, let text = value.scalar?.string {
                    pattern.properties[name] = text
                } else {
                    sink.error("each property is `name: value`", at: map.location(of: key))
                }
            }
        }
        if pattern == TracePattern() {
            sink.error(
                "a trace check needs at least one of kind, identifier, source, destination, properties",
                at: map.location(of: node))
            return nil
        }
        return pattern
    }

    /// The events a trace check can name: every kind of SegueKit's trace but its hierarchy
    /// snapshots, which are not navigation.
    static let traceKinds = TraceEvent.Kind.allCases.filter { $0 != .snapshot }

    /// `trace-order: [{kind: prepare}, {kind: unwindAction}, {kind: dismiss}]`: two or more patterns.
    private func traceOrder(_ node: Node, map: YAMLMap) -> Check? {
        guard let items = node.sequence, items.count >= 2 else {
            sink.error(
                "'trace-order' takes a list of two or more trace patterns, e.g. `[{ kind: prepare }, { kind: dismiss }]`",
                at: map.location(of: node))
            return nil
        }
        let patterns = items.compactMap { tracePattern($0, map: map) }
        return patterns.count == items.count ? .traceOrder(patterns) : nil
    }

    /// `source: no-string-identifier`, `source: no-string-switch`, `source: {no-force-cast: TYPE}`
    /// (`any` for every type), `source: {conforms: PROTOCOL}`,
    /// `source: {calls: "super.prepare(for:sender:)", in: "prepare(for:sender:)"}`.
    private func sourceRule(_ node: Node, map: YAMLMap) -> SourceRule? {
        let location = map.location(of: node)
        func unknown(_ name: String, at location: SourceLocation) {
            let hint = NearMiss.suggestion(for: name, among: SourceRule.names).map { " (did you mean '\($0)'?)" } ?? ""
            sink.error(
                "unknown source rule '\(name)'\(hint); expected one of: \(SourceRule.names.joined(separator: ", "))",
                at: location)
        }
        if let name = node.scalar?.string {
            switch name {
            case "no-string-identifier": return .noStringIdentifier
            case "no-string-switch": return .noStringSwitch
            case "no-force-cast": return .noForceCast(nil)
            case "calls", "conforms", "assigns", "uses", "declares":
                sink.error("source rule '\(name)' needs what it names, e.g. `source: {\(name): NAME}`", at: location)
                return nil
            default:
                unknown(name, at: location)
                return nil
            }
        }
        guard let fields = map.map(node, what: "a source check") else { return nil }
        guard let rule = fields.keys.first(where: { $0 != "in" }) else {
            sink.error(
                "a source check names one rule, e.g. `source: {calls: \"super.prepare(for:sender:)\"}`", at: location)
            return nil
        }
        let keys = fields.keys
        if keys.count > (keys.contains("in") ? 2 : 1) || keys.contains("in") && rule != "calls" {
            sink.error("a source check names one rule; only `calls` also takes `in`", at: location)
            return nil
        }
        guard let argument = fields.string(rule), !TextMatching.collapse(argument).isEmpty else {
            sink.error("source rule '\(rule)' needs what it names", at: fields.keyLocation(rule))
            return nil
        }
        func functionName(_ text: String, key: String) -> FunctionName? {
            guard let name = FunctionName(text) else {
                sink.error(
                    "'\(text)' is not a function name; write it as Swift names it, e.g. `super.prepare(for:sender:)`",
                    at: fields.location(of: fields.node(key)!))
                return nil
            }
            return name
        }
        switch rule {
        case "calls":
            guard let name = functionName(argument, key: "calls") else { return nil }
            var inFunction: FunctionName?
            if let text = fields.string("in") {
                guard let name = functionName(text, key: "in") else { return nil }
                inFunction = name
            }
            return .calls(name, inFunction: inFunction)
        case "declares":
            guard FunctionName(argument)?.labels == nil, FunctionName(argument) != nil, !argument.contains(".") else {
                sink.error("'\(argument)' is not a name", at: fields.location(of: fields.node(rule)!))
                return nil
            }
            return .declares(argument)
        case "assigns", "uses":
            guard FunctionName(argument)?.labels == nil, FunctionName(argument) != nil else {
                sink.error("'\(argument)' is not a property name", at: fields.location(of: fields.node(rule)!))
                return nil
            }
            return rule == "assigns" ? .assigns(argument) : .uses(argument)
        case "conforms", "no-force-cast":
            guard FunctionName(argument)?.labels == nil, FunctionName(argument) != nil else {
                sink.error("'\(argument)' is not a type name", at: fields.location(of: fields.node(rule)!))
                return nil
            }
            if rule == "conforms" { return .conforms(argument) }
            return .noForceCast(argument == "any" ? nil : argument)
        case "no-string-identifier", "no-string-switch":
            sink.error("source rule '\(rule)' takes no value: write `source: \(rule)`", at: fields.keyLocation(rule))
            return nil
        default:
            unknown(rule, at: fields.keyLocation(rule))
            return nil
        }
    }

    private func crash(_ node: Node, map: YAMLMap) -> Check? {
        if node.bool == true { return .crash(kind: nil, messagePattern: nil) }
        guard let fields = map.map(node, what: "a crash check") else { return nil }
        fields.rejectUnknownKeys(["kind", "message"], in: "a crash check")
        let message = fields.string("message")
        if let message, let problem = TextMatching.patternProblem(message) {
            sink.error(problem, at: fields.keyLocation("message"))
            return nil
        }
        return .crash(kind: fields.string("kind"), messagePattern: message)
    }
}

extension SourceLocation {
    /// The line above (a code block's fence line, from its first content line).
    var previousLine: SourceLocation { SourceLocation(file: file, line: max(line - 1, 1), column: 1) }
}
