import Foundation

/// Progress as an instructor wants it: one row per step, JSON or CSV.
package enum ProgressExport {
    /// One step's record in an export.
    package struct Row: Codable, Sendable, Hashable {
        package var lesson: String
        package var lessonTitle: String
        package var step: String
        package var stepTitle: String
        package var kind: String
        /// `unseen`, `seen`, `attempted`, `passed` or `skipped`.
        package var status: String
        package var attempts: Int
        package var hintsUsed: Int
        package var solutionShown: Bool
        package var secondsSpent: Int

        package init(
            lesson: String, lessonTitle: String, step: String, stepTitle: String, kind: String, status: String,
            attempts: Int, hintsUsed: Int, solutionShown: Bool, secondsSpent: Int
        ) {
            self.lesson = lesson
            self.lessonTitle = lessonTitle
            self.step = step
            self.stepTitle = stepTitle
            self.kind = kind
            self.status = status
            self.attempts = attempts
            self.hintsUsed = hintsUsed
            self.solutionShown = solutionShown
            self.secondsSpent = secondsSpent
        }
    }

    package struct Report: Codable, Sendable, Hashable {
        package var pack: String
        package var packTitle: String
        package var packVersion: String
        package var learner: String?
        package var exported: Date
        package var position: String?
        package var steps: [Row]

        package init(
            pack: String, packTitle: String, packVersion: String, learner: String?, exported: Date,
            position: String?, steps: [Row]
        ) {
            self.pack = pack
            self.packTitle = packTitle
            self.packVersion = packVersion
            self.learner = learner
            self.exported = exported
            self.position = position
            self.steps = steps
        }
    }

    /// Rows in pack order, including steps not seen yet.
    package static func rows(for progress: PackProgress, pack: Pack) -> [Row] {
        pack.lessons.flatMap { lesson in
            lesson.steps.map { step in
                let record = progress[StepRef(lesson: lesson.id, step: step.id)]
                return Row(
                    lesson: lesson.id, lessonTitle: lesson.title, step: step.id, stepTitle: step.title,
                    kind: step.kind.rawValue, status: record?.status.rawValue ?? "unseen",
                    attempts: record?.attempts ?? 0, hintsUsed: record?.hintsUsed ?? 0,
                    solutionShown: record?.solutionShown ?? false,
                    secondsSpent: Int((record?.secondsSpent ?? 0).rounded()))
            }
        }
    }

    package static func json(for progress: PackProgress, pack: Pack, learner: String? = nil, now: Date = Date()) throws
        -> Data
    {
        let report = Report(
            pack: pack.id, packTitle: pack.manifest.title, packVersion: pack.manifest.version,
            learner: learner, exported: now, position: progress.position?.description,
            steps: rows(for: progress, pack: pack))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(report)
    }

    package static let csvHeader =
        "lesson,lesson_title,step,step_title,kind,status,attempts,hints_used,solution_shown,seconds_spent"

    /// RFC 4180 CSV with a header line.
    package static func csv(for progress: PackProgress, pack: Pack) -> String {
        var lines = [csvHeader]
        for row in rows(for: progress, pack: pack) {
            lines.append(csvRecord(csvFields(row)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A row's fields in `csvHeader`'s order.
    package static func csvFields(_ row: Row) -> [String] {
        [
            row.lesson, row.lessonTitle, row.step, row.stepTitle, row.kind, row.status,
            String(row.attempts), String(row.hintsUsed), row.solutionShown ? "yes" : "no", String(row.secondsSpent)
        ]
    }

    /// One CSV line, each field quoted when it must be.
    package static func csvRecord(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",")
    }

    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
