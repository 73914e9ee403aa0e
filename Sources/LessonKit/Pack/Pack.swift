import Foundation
import Localization
import Playground

/// A loaded lesson pack: manifest, lessons in order, translations, shared code.
package struct Pack: Sendable {
    /// The pack folder.
    package var root: URL
    package var manifest: Manifest
    /// Lessons in the default language, in teaching order.
    package var lessons: [Lesson]
    /// Translated lessons: language → lesson id → lesson.
    package var translations: [String: [String: Lesson]]
    /// Hidden Swift files shared by every program of the pack.
    package var supportSources: [SourceFile]
    /// Absolute storyboard folders.
    package var storyboardDirectories: [URL]
    /// Lessons (and translations) left out because they have errors, in manifest order.
    /// The shell can list them as unavailable; their diagnostics say why.
    package var brokenLessons: [BrokenLesson] = []
    /// The pack's own shell messages (`messages/LANG.yaml`): language → message key → text,
    /// over seguelab's for that language.
    package var messages: [String: [String: String]] = [:]

    package var id: String { manifest.id }

    package init(
        root: URL, manifest: Manifest, lessons: [Lesson], translations: [String: [String: Lesson]] = [:],
        supportSources: [SourceFile] = [], storyboardDirectories: [URL] = []
    ) {
        self.root = root
        self.manifest = manifest
        self.lessons = lessons
        self.translations = translations
        self.supportSources = supportSources
        self.storyboardDirectories = storyboardDirectories
    }

    /// The lesson in `language` when translated, else in the default language.
    package func lesson(id: String, language: String? = nil) -> Lesson? {
        if let language, let translated = translations[language]?[id] { return translated }
        return lessons.first { $0.id == id }
    }

    /// All lessons in order, each in `language` where a translation exists.
    package func lessons(in language: String?) -> [Lesson] {
        guard let language, let translated = translations[language] else { return lessons }
        return lessons.map { translated[$0.id] ?? $0 }
    }

    /// The shell's words in `language`: seguelab's messages, then the pack's own over them.
    package func catalog(language: String) -> Catalog {
        Catalog(language: language, overrides: messages[language] ?? [:])
    }

    /// A storyboard is named by its file name without `.storyboard`, found in the pack's
    /// storyboard folders: a name with a `/` (or `..`) would reach other folders.
    static func storyboardNameProblem(_ name: String) -> String? {
        if name.contains("/") || name == ".." || name == "." || name.isEmpty {
            return "is not a storyboard name: name the file without its folder or '.storyboard' "
                + "(it is looked for in the pack's storyboard folders)"
        }
        return nil
    }

    /// The file of a storyboard named by a step (`storyboard: Main`), if it exists.
    package func storyboardURL(named name: String) -> URL? {
        guard Self.storyboardNameProblem(name) == nil else { return nil }
        return storyboardDirectories.map { $0.appendingPathComponent(name + ".storyboard") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Picks the language to teach in: an explicit choice (`--lang`), else `LANG`
    /// (`fr_FR.UTF-8` → `fr`), when the pack offers it; otherwise the default language.
    package func language(preferred: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        Catalog.language(among: manifest.languages, preferred: preferred, environment: environment)
            ?? manifest.defaultLanguage
    }
}

/// The version of seguelab this LessonKit belongs to (checked against `minimum-seguelab`).
package enum SeguelabVersion {
    package static let current = "0.1.0"
}
