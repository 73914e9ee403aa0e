import Foundation

/// One line per lesson as `pack check` reaches it (`checking lesson ID (N/M)…`), and the
/// SegueKit build's start and end; nothing when it is not enabled.
package final class PackCheckProgress: @unchecked Sendable {
    private let enabled: Bool
    private let labels: [String]
    private let write: @Sendable (String) -> Void
    private let lock = NSLock()
    private var lastLesson: String?
    private var lessonsSeen = 0

    /// `labels`: the lessons in the order `PackChecker` checks them.
    package init(enabled: Bool, labels: [String], write: @escaping @Sendable (String) -> Void = StandardError.line) {
        self.enabled = enabled
        self.labels = labels
        self.write = write
    }

    /// The labels of a pack's lessons in the order they are checked: the default language,
    /// then each translation (`ID [LANG]`).
    package static func labels(of pack: Pack) -> [String] {
        var labels = pack.lessons.map(\.id)
        for language in pack.translations.keys.sorted() {
            labels += pack.lessons.filter { pack.translations[language]?[$0.id] != nil }
                .map { "\($0.id) [\(language)]" }
        }
        return labels
    }

    package func step(_ ref: StepRef) {
        let line: String? = lock.withLock {
            guard ref.lesson != lastLesson else { return nil }
            lastLesson = ref.lesson
            lessonsSeen += 1
            let label = lessonsSeen <= labels.count ? labels[lessonsSeen - 1] : ref.lesson
            return "checking lesson \(label) (\(lessonsSeen)/\(labels.count))…"
        }
        if let line, enabled { write(line) }
    }

    package func line(_ text: String) {
        if enabled { write(text) }
    }
}
