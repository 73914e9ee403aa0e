import Localization
import Playground
import SegueKit
import SourceText

/// The checks' verdicts in the learner's words: `CheckEvaluator.judge` says why a check failed
/// as data (`CheckFailure`); this layer words it, in the catalog's language.
extension CheckEvaluator {
    /// Evaluates every check; all must pass. `release` is the optimised run, for
    /// `release-build` checks; `source` is the learner's code, for `source` checks. The first failure is the verdict's feedback.
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

    /// Evaluates one check, its failure worded. `source` is the learner's code, for `source` checks.
    package static func evaluate(
        _ check: Check, run outcome: RunResult, release: RunResult? = nil, source: String? = nil,
        catalog: Catalog = .english
    ) -> CheckResult {
        let judgement = judge(check, run: outcome, release: release, source: source)
        return CheckResult(
            summary: check.summary, status: judgement.status, message: judgement.failure?.text(catalog) ?? "",
            reason: judgement.failure)
    }

    /// A trace event as the learner reads it: `push 'showBook' from Shelf to Book (book=Dune)`.
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
}

extension CheckFailure {
    /// What happened instead of what the check expected, in the catalog's language.
    package func text(_ catalog: Catalog) -> String {
        let crashed = { (crash: CrashSeen) in
            CrashWording.crashed(kind: crash.kind, message: crash.message, catalog: catalog)
        }
        let describe = { (event: TraceEvent) in CheckEvaluator.describe(event, catalog: catalog) }
        switch self {
        case .notCompiled(let failure): return failure.text(catalog)
        case .compiled: return catalog.text("check.compiled")
        case .syntaxError(let error):
            return catalog.text("check.syntax_error", ["error": CompilerErrors.quoted(error)])
        case .noJudgedError: return catalog.text("check.not_compiled")
        case .otherCompileError(let error):
            return catalog.text("check.other_error", ["error": CompilerErrors.quoted(error)])
        case .badPattern(let problem): return problem
        case .notRun(let failure): return catalog.text("check.not_run", ["reason": failure.text(catalog)])
        case .releaseNotRun: return catalog.text("check.release.not_run")
        case .releaseCrashed(let crash): return catalog.text("check.release.crashed", ["crash": crashed(crash)])
        case .releaseStopped(let reason):
            return catalog.text("check.release.stopped", ["reason": reason.text(catalog)])
        case .releaseNotCompiled(let failure):
            return catalog.text("check.release.not_compiled", ["reason": failure.text(catalog)])
        case .releaseRanToEnd: return catalog.text("check.release.ran_to_end")
        case .sourceNoCode: return catalog.text("check.source.no_code")
        case .sourceStringIdentifier(let finding):
            return catalog.text("check.source.string_identifier", Self.place(finding))
        case .sourceStringArgument(let finding):
            return catalog.text("check.source.string_argument", Self.place(finding))
        case .sourceStringSwitch(let finding): return catalog.text("check.source.string_switch", Self.place(finding))
        case .sourceForceCast(let type?, let finding):
            return catalog.text("check.source.force_cast", Self.place(finding).merging(["type": type]) { $1 })
        case .sourceForceCast(nil, let finding):
            return catalog.text("check.source.force_cast_any", Self.place(finding))
        case .sourceCallMissing(let name, let inFunction?):
            return catalog.text(
                "check.source.calls_missing_in", ["name": name.description, "function": inFunction.description])
        case .sourceCallMissing(let name, nil):
            return catalog.text("check.source.calls_missing", ["name": name.description])
        case .sourceConformanceMissing(let name): return catalog.text("check.source.conforms_missing", ["name": name])
        case .sourceAssignmentMissing(let name): return catalog.text("check.source.assigns_missing", ["name": name])
        case .sourceUseMissing(let name): return catalog.text("check.source.uses_missing", ["name": name])
        case .sourceDeclarationMissing(let name): return catalog.text("check.source.declares_missing", ["name": name])
        case .stopped(let reason): return reason.text(catalog)
        case .programNotRun: return catalog.text("check.program_not_run")
        case .outputLine(let line, let expected, let actual):
            let quoted = { (text: String?) in
                text.map { catalog.text("quote", ["text": $0]) } ?? catalog.text("check.output.nothing_more")
            }
            return catalog.text(
                "check.output.line", ["line": line, "expected": quoted(expected), "actual": quoted(actual)])
        case .outputDiffers: return catalog.text("check.output.differs")
        case .outputMissing(let text, let output):
            return catalog.text("check.output.missing", ["text": text, "output": Self.indent(output, catalog)])
        case .outputUnexpected(let output):
            return catalog.text("check.output.unexpected", ["output": Self.indent(output, catalog)])
        case .traceMissing(let expected, let instead):
            return catalog.text(
                "check.trace.missing", ["expected": expected.summary(catalog), "instead": instead.text(catalog)])
        case .traceUnwanted(let event): return catalog.text("check.trace.unwanted", ["event": describe(event)])
        case .traceEarly(let event, let previous):
            return catalog.text("check.trace.early", ["event": describe(event), "previous": previous.summary(catalog)])
        case .traceMissingAfter(let expected, let previous, let instead):
            return catalog.text(
                "check.trace.missing_after",
                [
                    "expected": expected.summary(catalog), "previous": previous.summary(catalog),
                    "instead": instead.text(catalog)
                ])
        case .topOfStack(let actual, let expected):
            return catalog.text(
                "check.top", ["top": actual ?? catalog.text("check.top.nothing"), "expected": expected])
        case .presented(let expected, let shown):
            let list =
                shown.isEmpty
                ? catalog.text("check.presented.nothing")
                : catalog.text("check.presented.list", ["list": shown.joined(separator: ", ")])
            return catalog.text("check.presented", ["expected": expected, "shown": list])
        case .crashed(let crash): return crashed(crash)
        case .exitStatus(let actual, let expected):
            return catalog.text("check.exit_status", ["actual": actual, "expected": expected])
        case .unfinished: return catalog.text("check.unfinished")
        case .noCrash(let kind):
            return kind.map { catalog.text("check.crash.none.kind", ["kind": $0]) } ?? catalog.text("check.crash.none")
        case .otherCrashKind(let crash, let expected):
            return catalog.text("check.crash.other_kind", ["crash": crashed(crash), "kind": expected])
        case .otherCrash(let crash): return catalog.text("check.crash.other", ["crash": crashed(crash)])
        case .harnessFailed(let check, let message):
            return catalog.text("check.harness.failed", ["check": check, "message": message])
        case .harnessMissing(let check, let crash):
            return crash.map { catalog.text("check.harness.missing.crash", ["check": check, "crash": crashed($0)]) }
                ?? catalog.text("check.harness.missing", ["check": check])
        case .harnessNone(let crash):
            return crash.map { catalog.text("check.harness.none.crash", ["crash": crashed($0)]) }
                ?? catalog.text("check.harness.none")
        case .noEndState: return catalog.text("judge.no_end_state")
        case .wrongAnswerForm(let kind): return catalog.text("judge.wrong_kind", ["kind": kind])
        case .notRunnable(let error): return catalog.text("judge.not_run", ["error": error])
        case .compilerOtherLine(let error, let line):
            return catalog.text("judge.compiler.other_line", ["error": CompilerErrors.quoted(error), "line": line])
        case .compilerOtherError(let error):
            return catalog.text("judge.compiler.other_error", ["error": CompilerErrors.quoted(error)])
        case .compilerOtherNote(let note):
            return catalog.text("judge.compiler.other_note", ["note": CompilerErrors.quoted(note)])
        case .compilerMoreNotes(let error):
            return catalog.text("judge.compiler.more_notes", ["error": CompilerErrors.quoted(error)])
        case .compilerExtraError(let error):
            return catalog.text("judge.compiler.extra_error", ["error": CompilerErrors.quoted(error)])
        case .noSuchChoice(let number): return catalog.text("judge.choice.none", ["number": number])
        case .oneChoiceOnly: return catalog.text("judge.choice.one")
        case .wrongChoice(let choice): return catalog.text("judge.choice.wrong", ["choice": choice])
        case .missedChoices(let count):
            return count == 1
                ? catalog.text("judge.choice.missed.one") : catalog.text("judge.choice.missed", ["count": count])
        case .prediction(let miss): return miss.text(catalog)
        case .wrongDestination(let answer): return catalog.text("judge.destination.wrong", ["answer": answer])
        case .emptyAnswer: return catalog.text("judge.text.empty")
        case .unacceptedAnswer(let answer): return catalog.text("judge.text.wrong", ["answer": answer])
        }
    }

    /// The learner's line a source rule quotes: its number and its code.
    private static func place(_ finding: SourceRuleFinding) -> [String: any CustomStringConvertible] {
        ["line": finding.line, "code": finding.text]
    }

    /// The output, indented, at most 12 lines.
    private static func indent(_ text: String, _ catalog: Catalog) -> String {
        let lines = TextMatching.normalizedLines(text)
        if lines.isEmpty { return "    " + catalog.text("check.output.none") }
        return lines.prefix(12).map { "    " + $0 }.joined(separator: "\n")
    }
}

extension CompileFailure {
    /// `Main.swift:3:5: cannot find 'x' in scope (and 2 more errors)`.
    package func text(_ catalog: Catalog) -> String {
        guard let first else { return catalog.text("check.not_compiled") }
        let more =
            count == 1
            ? ""
            : count == 2
                ? catalog.text("check.not_compiled.one_more")
                : catalog.text("check.not_compiled.more", ["count": count - 1])
        let place =
            first.inHiddenCode
            ? catalog.text("check.not_compiled.hidden") : "\(first.file):\(first.line):\(first.column)"
        return catalog.text("check.not_compiled.at", ["place": place, "message": first.message, "more": more])
    }
}

extension TraceMiss {
    /// What happened instead, in the catalog's language.
    package func text(_ catalog: Catalog) -> String {
        let describe = { (event: TraceEvent) in CheckEvaluator.describe(event, catalog: catalog) }
        switch self {
        case .nothing: return catalog.text("check.trace.none")
        case .differs(let event, let wrong):
            let properties = wrong.map { mismatch in
                mismatch.actual.map {
                    catalog.text(
                        "check.trace.property", ["key": mismatch.key, "actual": $0, "expected": mismatch.expected])
                }
                    ?? catalog.text("check.trace.property.unset", ["key": mismatch.key, "expected": mismatch.expected])
            }
            return catalog.text(
                "check.trace.in", ["event": describe(event), "wrong": properties.joined(separator: ", ")])
        case .did(let event): return catalog.text("check.trace.did", ["event": describe(event)])
        case .was(let events, let more):
            let shown = events.map(describe).joined(separator: "; ")
            return catalog.text("check.trace.was", ["events": shown + (more ? "; …" : "")])
        case .didWhileChecking(let event): return catalog.text("check.trace.did_checking", ["event": describe(event)])
        case .wasWhileChecking(let events, let more):
            let shown = events.map(describe).joined(separator: "; ")
            return catalog.text("check.trace.was_checking", ["events": shown + (more ? "; …" : "")])
        }
    }
}

extension HarnessSupport {
    /// The harness's helpers, their own words in the catalog's language.
    package static func helperSource(catalog: Catalog) -> String {
        helperSource(
            conditionFalse: catalog.text("check.helper.condition_false"),
            notEqual: catalog.text(
                "check.helper.not_equal", ["expected": "\u{E000}expected", "actual": "\u{E000}actual"]))
    }
}

extension CheckResult {
    /// A result that did not pass, `reason` worded in the catalog's language.
    init(
        summary: String, status: Status, reason: CheckFailure, catalog: Catalog, location: SourceLocation? = nil
    ) {
        self.init(
            summary: summary, status: status, message: reason.text(catalog), location: location, reason: reason)
    }
}
