import Foundation
import LessonKit

/// Feeds arbitrary bytes to the lesson parser and the manifest parser. Any crash, hang or
/// trap is a bug: bad input must only ever produce diagnostics.
func fuzzLesson(_ data: Data) {
    let lesson = PackLoader.parseLesson(data, file: "fuzz.md")
    let manifest = PackLoader.parseManifest(data, file: "pack.yaml")
    // Every diagnostic must render; a missing result must say why.
    for diagnostic in lesson.diagnostics + manifest.diagnostics { _ = diagnostic.description }
    precondition(lesson.lesson != nil || lesson.diagnostics.hasErrors, "no lesson and no error")
    precondition(manifest.manifest != nil || manifest.diagnostics.hasErrors, "no manifest and no error")
}
