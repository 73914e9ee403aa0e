import Foundation
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

    /// A check's result before it is worded: passed, or failed (or not judged) and why.
    package struct Judgement: Sendable, Equatable {
        package var status: CheckResult.Status
        package var failure: CheckFailure?

        static let pass = Judgement(status: .pass, failure: nil)
        static func fail(_ failure: CheckFailure) -> Judgement { Judgement(status: .fail, failure: failure) }
        /// The check could not be judged.
        static func broken(_ failure: CheckFailure) -> Judgement { Judgement(status: .error, failure: failure) }
    }

    /// Judges one check. `release` is the optimised run, for `release-build` checks; `source` is
    /// the learner's code, for `source` checks.
    package static func judge(
        _ check: Check, run outcome: RunResult, release: RunResult? = nil, source: String? = nil
    ) -> Judgement {
        switch check {
        case .compiles:
            if outcome.compile.succeeded { return .pass }
            return .fail(.notCompiled(CompileFailure(outcome)))

        case .failsToCompile(let pattern):
            // Judged on one error: the first in the learner's code. Any error matching would let
            // a syntax error's follow-on errors, or a change to the wrong line, pass.
            if outcome.compile.succeeded { return .fail(.compiled) }
            do {
                for error in outcome.compile.errors
                where !error.inHiddenCode && CompilerErrors.isSyntaxError(error.message) {
                    if try !TextMatching.matches(pattern, in: error.message) { return .fail(.syntaxError(error)) }
                }
                guard let judged = CompilerErrors.judged(in: outcome) else { return .fail(.noJudgedError) }
                if try TextMatching.matches(pattern, in: judged.message) { return .pass }
                return .fail(.otherCompileError(judged))
            } catch {
                return .broken(.badPattern(TextMatching.patternProblem(pattern) ?? "\(error)"))
            }

        case .releaseBuild(let crashes):
            guard outcome.compile.succeeded else { return .fail(.notRun(CompileFailure(outcome))) }
            guard let release else { return .broken(.releaseNotRun) }
            if let crash = release.crashSeen {
                if crashes { return .pass }
                return .fail(.releaseCrashed(crash))
            }
            if let reason = release.stopReason { return .fail(.releaseStopped(reason)) }
            guard release.compile.succeeded, case .exited = release.termination else {
                return .fail(.releaseNotCompiled(CompileFailure(release)))
            }
            if !crashes { return .pass }
            return .fail(.releaseRanToEnd)

        case .source(let rule):
            guard let source else { return .broken(.sourceNoCode) }
            // A rule that forbids something is broken at a line; one that asks for something is
            // missing.
            switch (rule.judge(source), rule) {
            case (.holds, _): return .pass
            case (.broken(let finding), .noStringIdentifier):
                return .fail(finding.passesString ? .sourceStringArgument(finding) : .sourceStringIdentifier(finding))
            case (.broken(let finding), .noStringSwitch): return .fail(.sourceStringSwitch(finding))
            case (.broken(let finding), .noForceCast(let type)): return .fail(.sourceForceCast(type: type, finding))
            case (.missing, .calls(let name, let inFunction)):
                return .fail(.sourceCallMissing(name, inFunction: inFunction))
            case (.missing, .conforms(let name)): return .fail(.sourceConformanceMissing(name))
            case (.missing, .assigns(let name)): return .fail(.sourceAssignmentMissing(name))
            case (.missing, .uses(let name)): return .fail(.sourceUseMissing(name))
            case (.missing, .declares(let name)): return .fail(.sourceDeclarationMissing(name))
            case (.broken, _), (.missing, _): return .pass  // not this rule's way of failing
            }

        default:
            break
        }

        // Everything else looks at a finished run.
        if !outcome.compile.succeeded { return .fail(.notRun(CompileFailure(outcome))) }
        let crash = outcome.crashSeen
        if crash == nil, let reason = outcome.stopReason { return .fail(.stopped(reason)) }
        if crash == nil, outcome.termination == .notRun { return .broken(.programNotRun) }
        let output = outcome.learnerStdout

        switch check {
        case .outputEquals(let expected):
            let want = TextMatching.normalizedLines(expected)
            let got = TextMatching.normalizedLines(output)
            if want == got { return .pass }
            for index in 0..<max(want.count, got.count) {
                let expected = index < want.count ? want[index] : nil
                let actual = index < got.count ? got[index] : nil
                guard expected == actual else {
                    return .fail(.outputLine(line: index + 1, expected: expected, actual: actual))
                }
            }
            return .fail(.outputDiffers)

        case .outputContains(let needle):
            let haystack = TextMatching.normalizedLines(output).joined(separator: "\n")
            let wanted = TextMatching.normalizedLines(needle).joined(separator: "\n")
            if haystack.contains(wanted) { return .pass }
            return .fail(.outputMissing(text: wanted, output: output))

        case .outputMatches(let pattern):
            do {
                let text = TextMatching.normalizedLines(output).joined(separator: "\n")
                if try TextMatching.matches(pattern, in: text) { return .pass }
                return .fail(.outputUnexpected(output: output))
            } catch {
                return .broken(.badPattern(TextMatching.patternProblem(pattern) ?? "\(error)"))
            }

        case .trace(let pattern):
            let navigation = outcome.navigation
            if navigation.contains(where: { matches($0, pattern) }) { return .pass }
            return .fail(.traceMissing(expected: pattern, instead: nearestMiss(pattern, in: navigation)))

        case .noTrace(let pattern):
            if let event = outcome.navigation.first(where: { matches($0, pattern) }) {
                return .fail(.traceUnwanted(event))
            }
            return .pass

        case .traceOrder(let patterns):
            return traceOrder(patterns, in: outcome.navigation)

        case .topOfStack(let name):
            guard let state = outcome.endState else { return missingEndState(outcome) }
            if TextMatching.sameClass(state.topOfStack, name) { return .pass }
            return .fail(.topOfStack(actual: state.topOfStack.map(TextMatching.bareClassName), expected: name))

        case .presented(let name):
            guard let state = outcome.endState else { return missingEndState(outcome) }
            if state.presented.contains(where: { TextMatching.sameClass($0, name) }) { return .pass }
            return .fail(.presented(expected: name, shown: state.presented.map(TextMatching.bareClassName)))

        case .exitStatus(let status):
            if let crash { return .fail(.crashed(crash)) }
            switch outcome.termination {
            case .exited(let actual) where actual == status: return .pass
            case .exited(let actual): return .fail(.exitStatus(actual: actual, expected: status))
            default: return .broken(.unfinished)
            }

        case .crash(let kind, let messagePattern):
            guard let crash else { return .fail(.noCrash(kind: kind)) }
            if let kind, !crash.kind.text.lowercased().contains(kind.lowercased()) {
                return .fail(.otherCrashKind(crash, expected: kind))
            }
            if let messagePattern {
                do {
                    if try !TextMatching.matches(messagePattern, in: crash.message) {
                        return .fail(.otherCrash(crash))
                    }
                } catch {
                    return .broken(.badPattern(TextMatching.patternProblem(messagePattern) ?? "\(error)"))
                }
            }
            return .pass

        case .harness(let required):
            return harness(required: required, outcome: outcome)

        case .compiles, .failsToCompile, .releaseBuild, .source:
            return .pass  // handled above
        }
    }

    // MARK: - Helpers

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

    /// Finds each pattern after the event that matched the one before it; on a miss, says
    /// whether the event came too early or never came.
    private static func traceOrder(_ patterns: [TracePattern], in trace: [TraceEvent]) -> Judgement {
        var next = trace.startIndex
        for (position, pattern) in patterns.enumerated() {
            if let found = trace[next...].firstIndex(where: { matches($0, pattern) }) {
                next = found + 1
                continue
            }
            guard position > 0 else {
                return .fail(.traceMissing(expected: pattern, instead: nearestMiss(pattern, in: trace)))
            }
            let previous = patterns[position - 1]
            if let early = trace[..<next].first(where: { matches($0, pattern) }) {
                return .fail(.traceEarly(early, previous: previous))
            }
            let instead = nearestMiss(pattern, in: Array(trace[next...]))
            return .fail(.traceMissingAfter(expected: pattern, previous: previous, instead: instead))
        }
        return .pass
    }

    /// The closest event to what was expected, so the learner sees what happened. Only what the
    /// learner's code did is "what the program did"; what happened while the checks ran comes
    /// second and is said to be the checks' (UIKit's warnings about the checks' own taps left
    /// out); what the step's hidden set-up did is never named (`TraceOrigins`).
    private static func nearestMiss(_ pattern: TracePattern, in trace: [TraceEvent]) -> TraceMiss {
        let origins = TraceOrigins(trace)
        let parts: [(events: [TraceEvent], checking: Bool)] = [
            (origins.learner, false), (origins.checks.filter { $0.event != .warning }, true)
        ]
        if parts.allSatisfy(\.events.isEmpty) { return .nothing }
        var loose = pattern
        loose.properties = [:]
        for part in parts {
            if let near = part.events.first(where: { matches($0, loose) }) {
                let wrong = pattern.properties.sorted { $0.key < $1.key }.map { key, value in
                    PropertyMismatch(key: key, expected: value, actual: near.properties?[key])
                }
                return .differs(near, wrong)
            }
        }
        loose.destination = nil
        loose.source = nil
        // The event the learner needs to see first: same segue and kind, then same segue, then
        // same kind; launching the app (instantiate, viewDidLoad…) is never the point.
        let moves: [(events: [TraceEvent], checking: Bool)] = parts.map {
            ($0.events.filter { $0.isTransition }, $0.checking)
        }
        var sameSegue = loose
        sameSegue.kind = nil
        var sameKind = loose
        sameKind.identifier = nil
        for candidate in [loose, sameSegue] where candidate != TracePattern() {
            for part in moves {
                if let near = part.events.first(where: { matches($0, candidate) }) {
                    return part.checking ? .didWhileChecking(near) : .did(near)
                }
            }
        }
        // The same kind of event for another segue (a prepare for 'cancel' instead of 'save'):
        // the latest one is the closest to what the learner just did.
        if sameKind != TracePattern() {
            for part in moves {
                if let near = part.events.last(where: { matches($0, sameKind) }) {
                    return part.checking ? .didWhileChecking(near) : .did(near)
                }
            }
        }
        guard let part = moves.first(where: { !$0.events.isEmpty }) else { return .nothing }
        let shown = Array(part.events.prefix(6))
        let more = part.events.count > 6
        return part.checking ? .wasWhileChecking(shown, more: more) : .was(shown, more: more)
    }

    private static func harness(required: [String], outcome: RunResult) -> Judgement {
        let verdicts = CheckLine.results(in: outcome.stdout)
        if let failed = verdicts.first(where: { $0.status == .fail }) {
            return .fail(.harnessFailed(check: failed.summary, message: failed.message))
        }
        if let broken = verdicts.first(where: { $0.status == .error }) {
            return .broken(.harnessFailed(check: broken.summary, message: broken.message))
        }
        let reported = Set(verdicts.map(\.summary))
        if let missing = required.first(where: { !reported.contains($0) }) {
            // The usual reason is a crash: name it, it is what the learner has to fix.
            return .fail(.harnessMissing(check: missing, crash: outcome.crashSeen))
        }
        if verdicts.isEmpty { return .fail(.harnessNone(crash: outcome.crashSeen)) }
        return .pass
    }

    /// No final screen: a crash is the learner's to fix (the check fails with it); a run that
    /// ended normally without one is the lesson's problem.
    private static func missingEndState(_ outcome: RunResult) -> Judgement {
        if let crash = outcome.crashSeen { return .fail(.crashed(crash)) }
        return .broken(.noEndState)
    }
}
