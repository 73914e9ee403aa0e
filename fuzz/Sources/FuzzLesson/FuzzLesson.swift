import Foundation
import LessonKit

/// Feeds arbitrary bytes to the lesson parser and the manifest parser. Any crash, hang or
/// trap is a bug: bad input must only ever produce diagnostics.
func fuzzLesson(_ data: Data) {
    let lesson = FuzzingEntry.parseLesson(data)
    let manifest = FuzzingEntry.parseManifest(data)
    // Every diagnostic renders (Outcome.diagnostics are printed forms); a missing result says why.
    precondition(lesson.parsed || lesson.hasErrors, "no lesson and no error")
    precondition(manifest.parsed || manifest.hasErrors, "no manifest and no error")
}
