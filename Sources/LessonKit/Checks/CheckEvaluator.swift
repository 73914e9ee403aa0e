import Foundation
import Localization
import Playground
import SegueKit

/// Judges a program's run against checks. Pure: no running, no state.
package enum CheckEvaluator {
    /// The checks a step's code is really judged by: the author's, plus the implicit
    /// "it compiles" and "it runs to the end" unless the author said otherwise.
    package static func effectiveChecks(for step: Step) -> [CheckSpec] {
        if let fixed = step.kind.rules.fixedChecks(for: step) { return fixed }
        var checks = step.checks
        let mentionsCompiler = checks.contains {
            if case .source = $0.check { return false }
            return !$0.check.needsRun
        }
        if !mentionsCompiler { checks.insert(CheckSpec(.compiles, at: step.location), at: 0) }
        let mentionsEnding = checks.contains {
            if case .exitStatus = $0.check { return true }
            if case .crash = $0.check { return true }
            if case .failsToCompile = $0.check { return true }
            return false
        }
        if !mentionsEnding { checks.insert(CheckSpec(.exitStatus(0), at: step.location), at: 1) }
        if step.code[.harness] != nil, !checks.contains(where: { if case .harness = $0.check { true } else { false } })
        {
            checks.append(CheckSpec(.harness(required: []), at: step.code[.harness]!.location))
        }
        return checks
    }

    /// True when the checks need a second, optimised run of the same program.
    package static func needsReleaseRun(_ checks: [CheckSpec]) -> Bool {
        checks.contains { if case .releaseBuild = $0.check { true } else { false } }
    }

    /// Evaluates every check; all must pass. `release` is the optimised run, for
    /// `release-build` checks.
    /// `source` is the learner's code, for `source` checks.
    package static func evaluate(
        _ checks: [CheckSpec], run outcome: RunResult, release: RunResult? = nil, source: String? = nil,
        catalog: Catalog = .english
    ) -> Verdict {
        var results: [CheckResult] = []
        var feedback: [String] = []
        for spec in checks {
            var result = evaluate(spec.check, run: outcome, release: release, source: source, catalog: catalog)
            result.location = spec.location
            results.append(result)
        }
        if let failure = results.first(where: { $0.status != .pass }) { feedback.append(failure.message) }
        return Verdict(results: results, feedback: feedback, run: outcome)
    }

    /// Evaluates one check.
    package static func evaluate(
        _ check: Check, run outcome: RunResult, release: RunResult? = nil, source: String? = nil,
        catalog: Catalog = .english
    ) -> CheckResult {
        let summary = check.summary
        func pass() -> CheckResult { CheckResult(summary: summary, status: .pass) }
        func fail(_ message: String) -> CheckResult { CheckResult(summary: summary, status: .fail, message: message) }
        func broken(_ message: String) -> CheckResult {
            CheckResult(summary: summary, status: .error, message: message)
        }
        func crashed(_ crash: (kind: CrashName, message: String)) -> String {
            CrashWording.crashed(kind: crash.kind, message: crash.message, catalog: catalog)
        }

        switch check {
        case .compiles:
            if outcome.compile.succeeded { return pass() }
            return fail(compileFailureMessage(outcome, catalog: catalog))

        case .failsToCompile(let pattern):
            // Judged on one error: the first in the learner's code. Any error matching would let
            // a syntax error's follow-on errors, or a change to the wrong line, pass.
            if outcome.compile.succeeded {
                return fail(catalog.text("check.compiled"))
            }
            do {
                for error in outcome.compile.errors
                where !error.inHiddenCode && CompilerErrors.isSyntaxError(error.message) {
                    if try !TextMatching.matches(pattern, in: error.message) {
                        return fail(catalog.text("check.syntax_error", ["error": CompilerErrors.quoted(error)]))
                    }
                }
                guard let judged = CompilerErrors.judged(in: outcome) else {
                    return fail(catalog.text("check.not_compiled"))
                }
                if try TextMatching.matches(pattern, in: judged.message) { return pass() }
                return fail(catalog.text("check.other_error", ["error": CompilerErrors.quoted(judged)]))
            } catch {
                return broken(TextMatching.patternProblem(pattern) ?? "\(error)")
            }

        case .releaseBuild(let crashes):
            guard outcome.compile.succeeded else {
                return fail(catalog.text("check.not_run", ["reason": compileFailureMessage(outcome, catalog: catalog)]))
            }
            guard let release else { return broken(catalog.text("check.release.not_run")) }
            if let crash = release.crashName {
                if crashes { return pass() }
                return fail(catalog.text("check.release.crashed", ["crash": crashed(crash)]))
            }
            if let reason = release.stopReason {
                return fail(catalog.text("check.release.stopped", ["reason": reason.text(catalog)]))
            }
            guard release.compile.succeeded, case .exited = release.termination else {
                return fail(
                    catalog.text(
                        "check.release.not_compiled", ["reason": compileFailureMessage(release, catalog: catalog)]))
            }
            if !crashes { return pass() }
            return fail(catalog.text("check.release.ran_to_end"))

        case .source(let rule):
            guard let source else { return broken(catalog.text("check.source.no_code")) }
            return sourceResult(rule, in: source, pass: pass(), fail: fail, catalog: catalog)

        default:
            break
        }

        // Everything else looks at a finished run.
        if !outcome.compile.succeeded {
            return fail(catalog.text("check.not_run", ["reason": compileFailureMessage(outcome, catalog: catalog)]))
        }
        let crash = outcome.crashName
        if crash == nil, let reason = outcome.stopReason {
            return fail(reason.text(catalog))
        }
        if crash == nil, outcome.termination == .notRun {
            return broken(catalog.text("check.program_not_run"))
        }
        let output = outcome.learnerStdout

        switch check {
        case .outputEquals(let expected):
            let want = TextMatching.normalizedLines(expected)
            let got = TextMatching.normalizedLines(output)
            if want == got { return pass() }
            return fail(outputDifference(want: want, got: got, catalog: catalog))

        case .outputContains(let needle):
            let haystack = TextMatching.normalizedLines(output).joined(separator: "\n")
            let wanted = TextMatching.normalizedLines(needle).joined(separator: "\n")
            if haystack.contains(wanted) { return pass() }
            return fail(
                catalog.text("check.output.missing", ["text": wanted, "output": indent(output, catalog: catalog)]))

        case .outputMatches(let pattern):
            do {
                let text = TextMatching.normalizedLines(output).joined(separator: "\n")
                if try TextMatching.matches(pattern, in: text) { return pass() }
                return fail(catalog.text("check.output.unexpected", ["output": indent(output, catalog: catalog)]))
            } catch {
                return broken(TextMatching.patternProblem(pattern) ?? "\(error)")
            }

        case .trace(let pattern):
            let navigation = outcome.navigation
            if navigation.contains(where: { matches($0, pattern) }) { return pass() }
            return fail(
                catalog.text(
                    "check.trace.missing",
                    [
                        "expected": pattern.summary(catalog),
                        "instead": nearestMiss(pattern, in: navigation, catalog: catalog)
                    ]))

        case .noTrace(let pattern):
            if let event = outcome.navigation.first(where: { matches($0, pattern) }) {
                return fail(catalog.text("check.trace.unwanted", ["event": describe(event, catalog: catalog)]))
            }
            return pass()

        case .traceOrder(let patterns):
            return traceOrderResult(patterns, in: outcome.navigation, pass: pass(), fail: fail, catalog: catalog)

        case .topOfStack(let name):
            guard let state = outcome.endState else {
                return missingEndState(outcome, summary: summary, catalog: catalog)
            }
            if TextMatching.sameClass(state.topOfStack, name) { return pass() }
            return fail(
                catalog.text(
                    "check.top",
                    [
                        "top": state.topOfStack.map(TextMatching.bareClassName) ?? catalog.text("check.top.nothing"),
                        "expected": name
                    ]))

        case .presented(let name):
            guard let state = outcome.endState else {
                return missingEndState(outcome, summary: summary, catalog: catalog)
            }
            if state.presented.contains(where: { TextMatching.sameClass($0, name) }) { return pass() }
            let shown =
                state.presented.isEmpty
                ? catalog.text("check.presented.nothing")
                : catalog.text(
                    "check.presented.list",
                    ["list": state.presented.map(TextMatching.bareClassName).joined(separator: ", ")])
            return fail(catalog.text("check.presented", ["expected": name, "shown": shown]))

        case .exitStatus(let status):
            if let crash { return fail(crashed(crash)) }
            switch outcome.termination {
            case .exited(let actual) where actual == status: return pass()
            case .exited(let actual):
                return fail(catalog.text("check.exit_status", ["actual": actual, "expected": status]))
            default: return broken(catalog.text("check.unfinished"))
            }

        case .crash(let kind, let messagePattern):
            guard case (let actualKind, let message)? = crash else {
                return fail(
                    kind.map { catalog.text("check.crash.none.kind", ["kind": $0]) } ?? catalog.text("check.crash.none")
                )
            }
            if let kind, !actualKind.text.lowercased().contains(kind.lowercased()) {
                return fail(
                    catalog.text("check.crash.other_kind", ["crash": crashed((actualKind, message)), "kind": kind]))
            }
            if let messagePattern {
                do {
                    if try !TextMatching.matches(messagePattern, in: message) {
                        return fail(catalog.text("check.crash.other", ["crash": crashed((actualKind, message))]))
                    }
                } catch {
                    return broken(TextMatching.patternProblem(messagePattern) ?? "\(error)")
                }
            }
            return pass()

        case .harness(let required):
            return harnessResult(summary: summary, required: required, outcome: outcome, catalog: catalog)

        case .compiles, .failsToCompile, .releaseBuild, .source:
            return pass()  // handled above
        }
    }

    // MARK: - Helpers

    /// A source rule's verdict, quoting the learner's own line where the rule is broken.
    static func sourceResult(
        _ rule: SourceRule, in source: String, pass: CheckResult, fail: (String) -> CheckResult, catalog: Catalog
    ) -> CheckResult {
        switch rule.judge(source) {
        case .holds: return pass
        case .broken(let finding):
            let place: [String: any CustomStringConvertible] = ["line": finding.line, "code": finding.text]
            switch rule {
            case .noStringIdentifier:
                if finding.passesString { return fail(catalog.text("check.source.string_argument", place)) }
                return fail(catalog.text("check.source.string_identifier", place))
            case .noStringSwitch: return fail(catalog.text("check.source.string_switch", place))
            case .noForceCast(let name):
                var values = place
                values["type"] = name ?? "as!"
                return fail(
                    catalog.text(name == nil ? "check.source.force_cast_any" : "check.source.force_cast", values))
            case .calls, .conforms, .assigns, .uses, .declares: return pass
            }
        case .missing:
            switch rule {
            case .calls(let name, let inFunction?):
                return fail(
                    catalog.text(
                        "check.source.calls_missing_in", ["name": name.description, "function": inFunction.description])
                )
            case .calls(let name, nil):
                return fail(catalog.text("check.source.calls_missing", ["name": name.description]))
            case .conforms(let name): return fail(catalog.text("check.source.conforms_missing", ["name": name]))
            case .assigns(let name): return fail(catalog.text("check.source.assigns_missing", ["name": name]))
            case .uses(let name): return fail(catalog.text("check.source.uses_missing", ["name": name]))
            case .declares(let name): return fail(catalog.text("check.source.declares_missing", ["name": name]))
            default: return pass
            }
        }
    }

    static func matches(_ event: TraceEvent, _ pattern: TracePattern) -> Bool {
        if let kind = pattern.kind, kind != event.event { return false }
        if let identifier = pattern.identifier, identifier != event.identifier { return false }
        if let source = pattern.source, !TextMatching.sameClass(event.subject, source) { return false }
        if let destination = pattern.destination, !TextMatching.sameClass(event.destination, destination) {
            return false
        }
        for (key, value) in pattern.properties {
            guard let actual = event.properties?[key],
                TextMatching.collapse(actual) == TextMatching.collapse(value)
            else { return false }
        }
        return true
    }

    static func describe(_ event: TraceEvent, catalog: Catalog) -> String {
        var text = event.event.rawValue
        if let identifier = event.identifier { text += " '\(identifier)'" }
        if let source = event.subject {
            text += " " + catalog.text("trace.from", ["name": TextMatching.bareClassName(source)])
        }
        if let destination = event.destination {
            text += " " + catalog.text("trace.to", ["name": TextMatching.bareClassName(destination)])
        }
        let properties = (event.properties ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if !properties.isEmpty { text += " (" + properties.joined(separator: ", ") + ")" }
        return text
    }

    /// Finds each pattern after the event that matched the one before it; on a miss, says
    /// whether the event came too early or never came.
    private static func traceOrderResult(
        _ patterns: [TracePattern], in trace: [TraceEvent],
        pass: CheckResult, fail: (String) -> CheckResult, catalog: Catalog
    ) -> CheckResult {
        var next = trace.startIndex
        for (position, pattern) in patterns.enumerated() {
            if let found = trace[next...].firstIndex(where: { matches($0, pattern) }) {
                next = found + 1
                continue
            }
            guard position > 0 else {
                return fail(
                    catalog.text(
                        "check.trace.missing",
                        [
                            "expected": pattern.summary(catalog),
                            "instead": nearestMiss(pattern, in: trace, catalog: catalog)
                        ]))
            }
            let previous = patterns[position - 1].summary(catalog)
            if let early = trace[..<next].first(where: { matches($0, pattern) }) {
                return fail(
                    catalog.text(
                        "check.trace.early", ["event": describe(early, catalog: catalog), "previous": previous]))
            }
            return fail(
                catalog.text(
                    "check.trace.missing_after",
                    [
                        "expected": pattern.summary(catalog), "previous": previous,
                        "instead": nearestMiss(pattern, in: Array(trace[next...]), catalog: catalog)
                    ]))
        }
        return pass
    }

    /// Explains the closest event to what was expected, so the learner sees what happened.
    private static func nearestMiss(_ pattern: TracePattern, in trace: [TraceEvent], catalog: Catalog) -> String {
        if trace.isEmpty { return catalog.text("check.trace.none") }
        var loose = pattern
        loose.properties = [:]
        if let near = trace.first(where: { matches($0, loose) }) {
            let wrong = pattern.properties.sorted { $0.key < $1.key }.map { key, value in
                near.properties?[key].map {
                    catalog.text("check.trace.property", ["key": key, "actual": $0, "expected": value])
                }
                    ?? catalog.text("check.trace.property.unset", ["key": key, "expected": value])
            }
            return catalog.text(
                "check.trace.in", ["event": describe(near, catalog: catalog), "wrong": wrong.joined(separator: ", ")])
        }
        loose.destination = nil
        loose.source = nil
        // The event the learner needs to see first: same segue and kind, then same segue, then
        // same kind; launching the app (instantiate, viewDidLoad…) is never the point.
        let moves = trace.filter { $0.isTransition && !HarnessSupport.isChecksMarker($0) }
        var sameSegue = loose
        sameSegue.kind = nil
        var sameKind = loose
        sameKind.identifier = nil
        for candidate in [loose, sameSegue] where candidate != TracePattern() {
            if let near = moves.first(where: { matches($0, candidate) }) {
                return catalog.text("check.trace.did", ["event": describe(near, catalog: catalog)])
            }
        }
        // The same kind of event for another segue (a prepare for 'cancel' instead of 'save'):
        // the latest one is the closest to what the learner just did.
        if sameKind != TracePattern(), let near = moves.last(where: { matches($0, sameKind) }) {
            return catalog.text("check.trace.did", ["event": describe(near, catalog: catalog)])
        }
        if moves.isEmpty { return catalog.text("check.trace.none") }
        let shown = moves.prefix(6).map { describe($0, catalog: catalog) }.joined(separator: "; ")
        return catalog.text("check.trace.was", ["events": shown + (moves.count > 6 ? "; …" : "")])
    }

    private static func harnessResult(summary: String, required: [String], outcome: RunResult, catalog: Catalog)
        -> CheckResult
    {
        let verdicts = CheckLine.results(in: outcome.stdout)
        if let failed = verdicts.first(where: { $0.status == .fail }) {
            return CheckResult(
                summary: summary, status: .fail,
                message: catalog.text("check.harness.failed", ["check": failed.summary, "message": failed.message]))
        }
        if let broken = verdicts.first(where: { $0.status == .error }) {
            return CheckResult(
                summary: summary, status: .error,
                message: catalog.text("check.harness.failed", ["check": broken.summary, "message": broken.message]))
        }
        let reported = Set(verdicts.map(\.summary))
        if let missing = required.first(where: { !reported.contains($0) }) {
            // The usual reason is a crash: name it, it is what the learner has to fix.
            let reason =
                outcome.crashName.map {
                    catalog.text(
                        "check.harness.missing.crash",
                        [
                            "check": missing,
                            "crash": CrashWording.crashed(kind: $0.kind, message: $0.message, catalog: catalog)
                        ])
                }
                ?? catalog.text("check.harness.missing", ["check": missing])
            return CheckResult(summary: summary, status: .fail, message: reason)
        }
        if verdicts.isEmpty {
            let reason =
                outcome.crashName.map {
                    catalog.text(
                        "check.harness.none.crash",
                        ["crash": CrashWording.crashed(kind: $0.kind, message: $0.message, catalog: catalog)])
                }
                ?? catalog.text("check.harness.none")
            return CheckResult(summary: summary, status: .fail, message: reason)
        }
        return CheckResult(summary: summary, status: .pass)
    }

    /// No final screen: a crash is the learner's to fix (the check fails with it); a run that
    /// ended normally without one is the lesson's problem.
    private static func missingEndState(_ outcome: RunResult, summary: String, catalog: Catalog) -> CheckResult {
        if case (let kind, let message)? = outcome.crashName {
            return CheckResult(
                summary: summary, status: .fail,
                message: CrashWording.crashed(kind: kind, message: message, catalog: catalog))
        }
        return CheckResult(summary: summary, status: .error, message: catalog.text("judge.no_end_state"))
    }

    private static func compileFailureMessage(_ outcome: RunResult, catalog: Catalog) -> String {
        let errors = outcome.compile.errors
        guard let first = errors.first else { return catalog.text("check.not_compiled") }
        let more =
            errors.count == 1
            ? ""
            : errors.count == 2
                ? catalog.text("check.not_compiled.one_more")
                : catalog.text("check.not_compiled.more", ["count": errors.count - 1])
        let place =
            first.inHiddenCode
            ? catalog.text("check.not_compiled.hidden") : "\(first.file):\(first.line):\(first.column)"
        return catalog.text("check.not_compiled.at", ["place": place, "message": first.message, "more": more])
    }

    private static func outputDifference(want: [String], got: [String], catalog: Catalog) -> String {
        for index in 0..<max(want.count, got.count) {
            let expected =
                index < want.count
                ? catalog.text("quote", ["text": want[index]]) : catalog.text("check.output.nothing_more")
            let actual =
                index < got.count
                ? catalog.text("quote", ["text": got[index]]) : catalog.text("check.output.nothing_more")
            if expected != actual {
                return catalog.text("check.output.line", ["line": index + 1, "expected": expected, "actual": actual])
            }
        }
        return catalog.text("check.output.differs")
    }

    private static func indent(_ text: String, catalog: Catalog) -> String {
        let lines = TextMatching.normalizedLines(text)
        if lines.isEmpty { return "    " + catalog.text("check.output.none") }
        return lines.prefix(12).map { "    " + $0 }.joined(separator: "\n")
    }
}
