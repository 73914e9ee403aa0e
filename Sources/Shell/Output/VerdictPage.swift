import LessonKit
import Localization

/// Everything a verdict shows the learner, in the order shown: what the run did (not for a
/// wrong prediction, which must not see the output it predicts), the verdict line, the
/// feedback, and what to do next. The lesson shell prints it; `pack check` reads it
/// (`learnerView`) for the judge's internal names.
struct VerdictPage {
    var style: Style
    var catalog: Catalog
    /// The terminal's columns, when output goes to one.
    var columns: Int?
    /// The width prose is wrapped at.
    var width: Int

    /// Shows `verdict` on `step` on `output`; returns the error to report, for a verdict that
    /// is one. `stillPassed`: the step was passed before (a wrong answer is explained, never
    /// "try again"); `hintsUsed`: of the step's hints.
    func show(
        _ verdict: Verdict, step: Step?, learnerCode: String?, stillPassed: Bool, hintsUsed: Int,
        on output: ShellOutput
    ) -> String? {
        let renderer = RunRenderer(style: style, width: columns, catalog: catalog)
        let markdown = MarkdownText(style: style, width: width, breaksCode: columns != nil)
        switch verdict.status {
        case .pass:
            if let run = verdict.run {
                renderer.lines(run, output: run.learnerStdout, source: { _ in learnerCode }).forEach(output.line)
            }
            output.verdict(style.success(catalog.text("verdict.correct")))
            verdict.feedback.forEach { output.line(markdown.render($0)) }
            // Why it is right, in one line, unless the feedback (a right choice's own) said it.
            if verdict.feedback.isEmpty, let why = step?.whyLine { output.line(markdown.render(why)) }
            output.line(style.dim(catalog.text("next.continue")))
        case .fail:
            // A wrong prediction is told where it differs, not shown the output it should predict.
            let revealsAnswer = step?.kind.runsOnceAnswered == true
            let failure = verdict.firstFailure.map { $0.message.isEmpty ? $0.summary : $0.message }
            if let run = verdict.run, !revealsAnswer {
                // A verdict about the crash quotes it: the crash line would say it twice.
                let verdictQuotesCrash =
                    run.crash.map { !$0.message.isEmpty && failure?.contains($0.message) == true } ?? false
                renderer.lines(
                    run, output: run.learnerStdout, source: { _ in learnerCode }, showsEnding: !verdictQuotesCrash
                )
                .forEach(output.line)
            }
            output.verdict(
                style.failure(catalog.text(stillPassed ? "verdict.wrong" : "verdict.not_yet"))
                    + (failure.map { catalog.text("verdict.because", ["reason": $0]) } ?? "."))
            // Feedback often restates the failure (a wrong choice's own explanation): say it once.
            verdict.feedback.filter { $0 != failure }.forEach { output.line(markdown.render($0)) }
            if stillPassed {
                output.line(style.dim(catalog.text("verdict.still_passed")))
                return nil
            }
            let total = step?.hints.count ?? 0
            output.line(
                style.dim(
                    hintsUsed < total
                        ? catalog.text("verdict.again.hint", ["count": total - hintsUsed])
                        : catalog.text(revealsAnswer ? "verdict.again.predict" : "verdict.again")))
        case .error:
            if let run = verdict.run {
                renderer.lines(run, output: run.learnerStdout, source: { _ in learnerCode }).forEach(output.line)
            }
            return catalog.text(
                "verdict.error", ["reason": verdict.firstFailure?.message ?? catalog.text("verdict.error.no_check")])
        }
        return nil
    }

    /// What a learner answering `step` for the first time is shown for a verdict, as plain
    /// lines at 80 columns in English: what `pack check` reads for the judge's internal names.
    static let learnerView: LearnerView = { verdict, step, learnerCode in
        final class Lines { var all: [String] = [] }
        let lines = Lines()
        let plain = Style(enabled: false)
        let output = ShellOutput(style: plain, writeOut: { lines.all.append($0) }, writeErr: { lines.all.append($0) })
        let page = VerdictPage(style: plain, catalog: .english, columns: nil, width: 80)
        if let error = page.show(
            verdict, step: step, learnerCode: learnerCode, stillPassed: false, hintsUsed: 0, on: output)
        {
            lines.all.append(error)
        }
        return lines.all.joined().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
