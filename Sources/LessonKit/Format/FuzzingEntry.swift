import Foundation
import SourceText

/// The parsers as the fuzz targets (fuzz/, a package of its own) reach them: the only public
/// door into LessonKit, which the app's other modules see through `package` access.
public enum FuzzingEntry {
    /// What one parse gave: whether a value came out, and every diagnostic as printed.
    public struct Outcome: Sendable {
        public let parsed: Bool
        public let hasErrors: Bool
        public let diagnostics: [String]
    }

    /// Parses bytes as a lesson file (`PackLoader.parseLesson`).
    public static func parseLesson(_ data: Data) -> Outcome {
        let (lesson, diagnostics) = PackLoader.parseLesson(data, file: "fuzz.md")
        return Outcome(
            parsed: lesson != nil, hasErrors: diagnostics.hasErrors, diagnostics: diagnostics.map(\.description))
    }

    /// Parses bytes as a pack manifest (`PackLoader.parseManifest`).
    public static func parseManifest(_ data: Data) -> Outcome {
        let (manifest, diagnostics) = PackLoader.parseManifest(data, file: "pack.yaml")
        return Outcome(
            parsed: manifest != nil, hasErrors: diagnostics.hasErrors, diagnostics: diagnostics.map(\.description))
    }
}
