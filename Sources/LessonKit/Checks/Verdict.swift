import Foundation
import Playground
import SourceText

/// The result of one check.
package struct CheckResult: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable, Codable {
        /// The learner's answer satisfies the check.
        case pass
        /// It does not; `message` says what happened instead.
        case fail
        /// The check could not be judged (bad pattern, harness error, missing trace).
        case error
    }

    /// What was checked, e.g. `output contains "Pushed"`.
    package var summary: String
    package var status: Status
    /// What happened, in the learner's terms (empty on pass).
    package var message: String
    /// Where the author wrote the check, when it came from a pack file.
    package var location: SourceLocation?
    /// Why a check of the author's did not pass, as data (`message` words it).
    package var reason: CheckFailure?

    package init(
        summary: String, status: Status, message: String = "", location: SourceLocation? = nil,
        reason: CheckFailure? = nil
    ) {
        self.summary = summary
        self.status = status
        self.message = message
        self.location = location
        self.reason = reason
    }

    /// The reason is left out of the hash (a trace event is not hashable); equal results still
    /// hash alike.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(summary)
        hasher.combine(status)
        hasher.combine(message)
        hasher.combine(location)
    }
}

/// The judgement of one answer: every check's result plus feedback for the learner.
package struct Verdict: Sendable, Hashable {
    package var results: [CheckResult]
    /// Feedback lines (a wrong choice's feedback, the nearest miss, …).
    package var feedback: [String]
    /// The run the verdict is based on, for showing output, trace and diagnostics.
    package var run: RunResult?

    package init(results: [CheckResult], feedback: [String] = [], run: RunResult? = nil) {
        self.results = results
        self.feedback = feedback
        self.run = run
    }

    /// `pass` when all checks pass; `error` if any could not be judged; otherwise `fail`.
    /// A verdict with no results is an error: a check that cannot fail is no check.
    package var status: CheckResult.Status {
        if results.isEmpty { return .error }
        if results.contains(where: { $0.status == .error }) { return .error }
        return results.allSatisfy { $0.status == .pass } ? .pass : .fail
    }

    package var passed: Bool { status == .pass }

    /// The first failing (or erroring) assertion, the one to tell the learner about.
    package var firstFailure: CheckResult? { results.first { $0.status != .pass } }
}

extension Verdict {
    /// Names that belong to the judge's machinery, never to the learner: generated registries,
    /// hidden files, temporary folders.
    package static let internalMarkers = [
        "__seguelab", "<generated>", "checks-begin", "setup-ends", "harness:", "prelude:", "LessonCheck.swift", "/tmp/"
    ]

    /// The internal names this verdict would show the learner (in its reasons and feedback).
    package var internalNamesShown: [String] { Self.internalNames(in: Self.ownWords(self, nil, nil)) }

    /// The internal names among lines a learner is shown.
    package static func internalNames(in lines: [String]) -> [String] {
        let shown = lines.joined(separator: "\n")
        return internalMarkers.filter { shown.contains($0) }
    }

    /// A verdict's own words, its reasons and feedback: what a learner is shown of it, short of
    /// the shell's rendering of the run (`LearnerView`).
    package static let ownWords: LearnerView = { verdict, _, _ in
        verdict.results.map(\.message) + verdict.feedback
    }
}

/// Everything a learner is shown for a verdict on a step, line by line, as the shell renders
/// it: the compiler's diagnostics with the learner's lines under them, the output, the trace,
/// the verdict and its feedback (`learnerCode`: the code answered, quoted under a diagnostic).
/// `pack check` reads it for the judge's internal names; LessonKit alone knows only
/// `Verdict.ownWords`, and the shell gives its own rendering.
package typealias LearnerView = @Sendable (_ verdict: Verdict, _ step: Step?, _ learnerCode: String?) -> [String]
