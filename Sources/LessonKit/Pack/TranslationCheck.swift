import Foundation
import Playground
import SourceText

/// A translation must mirror its original: same lesson id, same steps (ids, order, kinds),
/// same choices. Progress is keyed by ids, so a learner can switch language mid-lesson.
struct TranslationCheck {
    let sink: DiagnosticSink

    func compare(_ translated: Lesson, with original: Lesson) {
        let top = SourceLocation(file: translated.file, line: 1, column: 1)
        if translated.id != original.id {
            sink.error(
                "translation has lesson id '\(translated.id)' but \(original.file) has '\(original.id)'", at: top)
        }
        let originalIDs = original.steps.map(\.id)
        for step in translated.steps where !originalIDs.contains(step.id) {
            sink.error(
                "step '\(step.id)' is not in \(original.file); translations must keep the original's step ids",
                at: step.location)
        }
        let translatedIDs = translated.steps.map(\.id)
        for step in original.steps where !translatedIDs.contains(step.id) {
            sink.error("translation lacks step '\(step.id)' (\(original.file):\(step.location.line))", at: top)
        }
        let common = translatedIDs.filter(originalIDs.contains)
        if common != originalIDs.filter(translatedIDs.contains),
            let first = zip(common, originalIDs.filter(translatedIDs.contains)).first(where: { $0 != $1 })
        {
            let step = translated.step(id: first.0)!
            sink.error(
                "steps are in a different order than in \(original.file): '\(first.0)' where the original has '\(first.1)'",
                at: step.location)
        }
        for step in translated.steps {
            guard let source = original.step(id: step.id) else { continue }
            if step.kind != source.kind {
                sink.error(
                    "step '\(step.id)' is a \(step.kind.rawValue) step here but a \(source.kind.rawValue) step in \(original.file)",
                    at: step.location)
                continue
            }
            if let problem = step.kind.rules.translationProblem(step, original: source, in: original.file) {
                sink.error(problem, at: step.location)
            }
        }
    }
}
