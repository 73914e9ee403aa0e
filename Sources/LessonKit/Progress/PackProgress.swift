import Foundation
import Localization

/// A step's address: lesson id and step id (never positions, so edits to a pack keep progress).
package struct StepRef: Hashable, Codable, Sendable, CustomStringConvertible {
    package var lesson: String
    package var step: String

    package init(lesson: String, step: String) {
        self.lesson = lesson
        self.step = step
    }

    package var description: String { "\(lesson)/\(step)" }
}

/// Where a learner stands on one step.
package enum StepStatus: String, Codable, Sendable, Comparable {
    /// Shown, not answered yet.
    case seen
    /// Answered at least once, not accepted yet.
    case attempted
    /// Accepted.
    case passed
    /// Skipped: the reference answer was filled in.
    case skipped

    private var rank: Int { [.seen: 0, .attempted: 1, .skipped: 2, .passed: 3][self]! }
    package static func < (a: StepStatus, b: StepStatus) -> Bool { a.rank < b.rank }
}

/// What is recorded about one step.
package struct StepProgress: Codable, Sendable, Hashable {
    package var status: StepStatus = .seen
    package var attempts = 0
    package var hintsUsed = 0
    package var solutionShown = false
    /// The learner's code as last edited (exercises), or the filled-in solution after a skip.
    package var draft: String?
    package var lastAnswer: String?
    package var secondsSpent: Double = 0
    package var firstSeen: Date?
    package var completed: Date?

    package init() {}

    /// The largest counts and time a file may hold for a step; larger values (a hand-edited or
    /// damaged file: `1e300` seconds) are read as these, so sums and conversions never overflow.
    static let maximumCount = 1_000_000
    static let maximumSeconds = 100.0 * 365 * 24 * 3600

    private enum CodingKeys: String, CodingKey {
        case status, attempts, hintsUsed, solutionShown, draft, lastAnswer, secondsSpent, firstSeen, completed
    }

    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        status = try values.decode(StepStatus.self, forKey: .status)
        attempts = Self.clamp(try values.decode(Int.self, forKey: .attempts))
        hintsUsed = Self.clamp(try values.decode(Int.self, forKey: .hintsUsed))
        solutionShown = try values.decode(Bool.self, forKey: .solutionShown)
        draft = try values.decodeIfPresent(String.self, forKey: .draft)
        lastAnswer = try values.decodeIfPresent(String.self, forKey: .lastAnswer)
        let seconds = try values.decode(Double.self, forKey: .secondsSpent)
        secondsSpent = seconds.isFinite ? min(max(seconds, 0), Self.maximumSeconds) : 0
        firstSeen = try values.decodeIfPresent(Date.self, forKey: .firstSeen)
        completed = try values.decodeIfPresent(Date.self, forKey: .completed)
    }

    private static func clamp(_ count: Int) -> Int { min(max(count, 0), maximumCount) }

    /// Done for the purpose of menus and summaries. A prediction counts once made: the
    /// learner has seen the real result either way.
    package func isComplete(kind: StepKind) -> Bool {
        switch status {
        case .passed, .skipped: return true
        case .attempted: return kind.completesOnAttempt
        case .seen: return !kind.needsAnswer
        }
    }
}

/// Progress in one lesson.
package struct LessonProgress: Codable, Sendable, Hashable {
    package var steps: [String: StepProgress] = [:]
    package init() {}
}

/// Everything saved about a learner's work on one pack. Versioned JSON keyed by ids.
package struct PackProgress: Codable, Sendable, Hashable {
    /// The layout of this JSON; files with a newer layout are not read.
    package static let currentFormat = 1

    package var formatVersion = PackProgress.currentFormat
    package var packID: String
    package var packVersion: String
    /// The pack folder, as loaded.
    package var packPath: String
    package var position: StepRef?
    /// Positions left behind, most recent last (`back` walks it).
    package var history: [StepRef] = []
    package var lessons: [String: LessonProgress] = [:]
    /// Lesson id → step ids of the pack when last saved (to tell what changed since).
    package var outline: [String: [String]] = [:]
    /// Progress on lessons and steps the pack no longer has (removed, renamed, or another
    /// version's): never dropped, it comes back when they return and `progress --restore`
    /// gives it to a renamed lesson. Absent from files of older versions.
    package var unclaimed: [String: LessonProgress]?
    package var created: Date
    package var updated: Date

    package init(pack: Pack, now: Date) {
        packID = pack.id
        packVersion = pack.manifest.version
        packPath = pack.root.path
        created = now
        updated = now
        outline = Self.outline(of: pack)
    }

    package subscript(ref: StepRef) -> StepProgress? {
        get { lessons[ref.lesson]?.steps[ref.step] }
        set { lessons[ref.lesson, default: LessonProgress()].steps[ref.step] = newValue }
    }

    static func outline(of pack: Pack) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: pack.lessons.map { ($0.id, $0.stepIDs) })
    }
}

/// What changed in a pack since the learner's progress was saved.
package struct PackChanges: Sendable, Hashable {
    package var oldVersion: String
    package var newVersion: String
    /// Steps the learner had progress on, or that existed, that the pack no longer has.
    package var removedSteps: [StepRef] = []
    package var removedLessons: [String] = []
    /// Steps whose progress was set aside (kept as unclaimed) by this change.
    package var setAside: [StepRef] = []
    /// Steps that came back, with the progress kept for them.
    package var restored: [StepRef] = []
    package var addedSteps: [StepRef] = []
    package var addedLessons: [String] = []
    /// True when the saved position no longer exists and the learner was moved.
    package var positionMoved = false
    /// Lessons and steps whose progress followed a rename (`renamed-from:`), as `old → new`.
    package var renamed: [String] = []

    package var isEmpty: Bool {
        removedSteps.isEmpty && removedLessons.isEmpty && addedSteps.isEmpty && addedLessons.isEmpty
            && oldVersion == newVersion
            && setAside.isEmpty && restored.isEmpty && renamed.isEmpty
    }

    /// One line per change, for the shell to print in the learner's language.
    package func summaryLines(_ catalog: Catalog) -> [String] {
        var lines: [String] = []
        let steps = { (refs: [StepRef]) in refs.map(\.description).joined(separator: ", ") }
        if oldVersion != newVersion {
            lines.append(catalog.text("changes.version", ["old": oldVersion, "new": newVersion]))
        }
        if !addedLessons.isEmpty {
            lines.append(catalog.text("changes.added_lessons", ["list": addedLessons.joined(separator: ", ")]))
        }
        if !addedSteps.isEmpty { lines.append(catalog.text("changes.added_steps", ["list": steps(addedSteps)])) }
        if !removedLessons.isEmpty {
            lines.append(catalog.text("changes.removed_lessons", ["list": removedLessons.joined(separator: ", ")]))
        }
        if !removedSteps.isEmpty { lines.append(catalog.text("changes.removed_steps", ["list": steps(removedSteps)])) }
        if !setAside.isEmpty {
            lines.append(
                setAside.count == 1
                    ? catalog.text("changes.set_aside.one")
                    : catalog.text("changes.set_aside", ["count": setAside.count]))
        }
        if !restored.isEmpty {
            lines.append(
                restored.count == 1
                    ? catalog.text("changes.restored.one", ["list": steps(restored)])
                    : catalog.text("changes.restored", ["count": restored.count, "list": steps(restored)]))
        }
        if !renamed.isEmpty {
            lines.append(catalog.text("changes.renamed", ["list": renamed.joined(separator: ", ")]))
        }
        if positionMoved { lines.append(catalog.text("changes.position_moved")) }
        return lines
    }
}

extension PackProgress {
    /// Keeps what still matches `pack`, drops the rest, and reports the differences.
    package mutating func reconcile(with pack: Pack) -> PackChanges {
        var changes = PackChanges(oldVersion: packVersion, newVersion: pack.manifest.version)
        changes.renamed = followRenames(in: pack)
        var current = Self.outline(of: pack)
        let previous = outline
        // A lesson left out because its file has errors is not gone: keep its progress (and
        // its outline) untouched until the author fixes it. When a broken file's id cannot be
        // read, every lesson missing from the pack is kept, for the same reason.
        let broken = pack.brokenLessons.filter { $0.language == pack.manifest.defaultLanguage }
        let brokenIDs = Set(broken.compactMap(\.id))
        let keepAllMissing = broken.contains { $0.id == nil }
        for (lessonID, stepIDs) in previous
        where current[lessonID] == nil && (keepAllMissing || brokenIDs.contains(lessonID)) {
            current[lessonID] = stepIDs
        }
        for lessonID in lessons.keys where current[lessonID] == nil && (keepAllMissing || brokenIDs.contains(lessonID))
        {
            current[lessonID] = previous[lessonID] ?? Array(lessons[lessonID]!.steps.keys).sorted()
        }

        for (lessonID, stepIDs) in previous.sorted(by: { $0.key < $1.key }) {
            guard let now = current[lessonID] else {
                changes.removedLessons.append(lessonID)
                continue
            }
            for id in stepIDs where !now.contains(id) {
                changes.removedSteps.append(StepRef(lesson: lessonID, step: id))
            }
        }
        for lesson in pack.lessons {
            guard let before = previous[lesson.id] else {
                if !previous.isEmpty { changes.addedLessons.append(lesson.id) }
                continue
            }
            for stepID in lesson.stepIDs where !before.contains(stepID) {
                changes.addedSteps.append(StepRef(lesson: lesson.id, step: stepID))
            }
        }
        // Progress on things that are gone, even if the outline did not list them, is set
        // aside, never dropped: a lesson may come back, or be this one renamed.
        var kept = unclaimed ?? [:]
        for (lessonID, lessonProgress) in lessons {
            let now = current[lessonID]
            if now == nil, !changes.removedLessons.contains(lessonID) { changes.removedLessons.append(lessonID) }
            for (stepID, step) in lessonProgress.steps where !(now?.contains(stepID) ?? false) {
                lessons[lessonID]?.steps[stepID] = nil
                kept[lessonID, default: LessonProgress()].steps[stepID] = step
                let ref = StepRef(lesson: lessonID, step: stepID)
                changes.setAside.append(ref)
                if now != nil, !changes.removedSteps.contains(ref) { changes.removedSteps.append(ref) }
            }
            if lessons[lessonID]?.steps.isEmpty == true { lessons[lessonID] = nil }
        }
        // What was set aside earlier returns with its lesson and step.
        for (lessonID, stepIDs) in current {
            for stepID in stepIDs {
                guard let step = kept[lessonID]?.steps[stepID] else { continue }
                kept[lessonID]?.steps[stepID] = nil
                if self[StepRef(lesson: lessonID, step: stepID)] == nil {
                    self[StepRef(lesson: lessonID, step: stepID)] = step
                    changes.restored.append(StepRef(lesson: lessonID, step: stepID))
                }
            }
            if kept[lessonID]?.steps.isEmpty == true { kept[lessonID] = nil }
        }
        unclaimed = kept.isEmpty ? nil : kept
        changes.removedLessons.sort()
        changes.removedSteps.sort { $0.description < $1.description }
        changes.setAside.sort { $0.description < $1.description }
        changes.restored.sort { $0.description < $1.description }

        func exists(_ ref: StepRef) -> Bool { current[ref.lesson]?.contains(ref.step) ?? false }
        history.removeAll { !exists($0) }
        if let position, !exists(position) {
            changes.positionMoved = true
            if let steps = current[position.lesson], let first = steps.first {
                self.position = StepRef(lesson: position.lesson, step: first)
            } else {
                self.position = history.last
            }
        }
        packVersion = pack.manifest.version
        packPath = pack.root.path
        outline = current
        return changes
    }
}

extension PackProgress {
    /// Moves progress on a lesson or step the pack declares renamed (`renamed-from:`) to its new
    /// id, with the saved outline, position and history, so that nothing reads as removed and
    /// added. Progress already on the new id is kept. A lesson's steps are parsed only when its
    /// progress names a step it no longer has. Returns the renames followed, as `old → new`.
    mutating func followRenames(in pack: Pack) -> [String] {
        var followed: [String] = []
        func move(_ old: StepRef, to new: StepRef) {
            if position == old { position = new }
            history = history.map { $0 == old ? new : $0 }
        }
        for lesson in pack.lessons {
            for old in lesson.renamedFrom where old != lesson.id {
                let saved = lessons[old] ?? unclaimed?[old]
                guard let saved, lessons[lesson.id] == nil else { continue }
                lessons[lesson.id] = saved
                lessons[old] = nil
                unclaimed?[old] = nil
                if unclaimed?.isEmpty == true { unclaimed = nil }
                if let steps = outline.removeValue(forKey: old) { outline[lesson.id] = steps }
                if let at = position, at.lesson == old { position = StepRef(lesson: lesson.id, step: at.step) }
                history = history.map { $0.lesson == old ? StepRef(lesson: lesson.id, step: $0.step) : $0 }
                followed.append("\(old) → \(lesson.id)")
            }
        }
        for lesson in pack.lessons {
            let live = Set(lesson.stepIDs)
            let savedSteps = Set(lessons[lesson.id]?.steps.keys.map { $0 } ?? [])
                .union(unclaimed?[lesson.id]?.steps.keys.map { $0 } ?? [])
                .union(outline[lesson.id] ?? [])
            // Nothing saved is missing from the lesson: no rename to look for, no parse.
            guard !savedSteps.subtracting(live).isEmpty else { continue }
            for step in lesson.steps {
                for old in step.renamedFrom where old != step.id && !live.contains(old) {
                    let from = StepRef(lesson: lesson.id, step: old)
                    let to = StepRef(lesson: lesson.id, step: step.id)
                    let record = self[from] ?? unclaimed?[lesson.id]?.steps[old]
                    if let record, self[to] == nil {
                        self[to] = record
                        followed.append("\(from) → \(to)")
                    }
                    lessons[lesson.id]?.steps[old] = nil
                    unclaimed?[lesson.id]?.steps[old] = nil
                    if unclaimed?[lesson.id]?.steps.isEmpty == true { unclaimed?[lesson.id] = nil }
                    if unclaimed?.isEmpty == true { unclaimed = nil }
                    if var steps = outline[lesson.id], let index = steps.firstIndex(of: old) {
                        if steps.contains(step.id) { steps.remove(at: index) } else { steps[index] = step.id }
                        outline[lesson.id] = steps
                    }
                    move(from, to: to)
                }
            }
        }
        return followed
    }

    /// Gives lesson `newID` the progress kept for lesson `oldID` (a lesson renamed by a new
    /// version of the pack), step by step where the step ids match; steps with progress of
    /// their own keep it. Returns the steps restored.
    package mutating func restore(lesson oldID: String, as newID: String, in pack: Pack) -> [StepRef] {
        guard let lesson = pack.lessons.first(where: { $0.id == newID }), var kept = unclaimed?[oldID] else {
            return []
        }
        var restored: [StepRef] = []
        for step in lesson.steps {
            let ref = StepRef(lesson: newID, step: step.id)
            guard let record = kept.steps[step.id], self[ref] == nil else { continue }
            self[ref] = record
            kept.steps[step.id] = nil
            restored.append(ref)
        }
        unclaimed?[oldID] = kept.steps.isEmpty ? nil : kept
        if unclaimed?.isEmpty == true { unclaimed = nil }
        return restored
    }
}
