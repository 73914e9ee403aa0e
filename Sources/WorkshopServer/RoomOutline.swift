import LessonKit

/// The pack as the dashboard shows it: lessons and their steps, in order.
package struct RoomOutline: Codable, Sendable {
    package struct Lesson: Codable, Sendable {
        package var id: String
        package var title: String
        package var steps: [Step]
    }

    package struct Step: Codable, Sendable {
        package var id: String
        package var title: String
        package var kind: String
        /// Steps that ask for an answer (the others are read, not judged).
        package var answered: Bool
    }

    package var pack: String
    package var title: String
    package var version: String
    package var lessons: [Lesson]

    package init(pack: Pack) {
        self.pack = pack.id
        self.title = pack.manifest.title
        self.version = pack.manifest.version
        self.lessons = pack.lessons.map { lesson in
            Lesson(
                id: lesson.id, title: lesson.title,
                steps: lesson.steps.map {
                    Step(id: $0.id, title: $0.title, kind: $0.kind.rawValue, answered: $0.kind.needsAnswer)
                })
        }
    }

    /// Every `lesson/step`, in pack order.
    var stepRefs: [String] { lessons.flatMap { lesson in lesson.steps.map { lesson.id + "/" + $0.id } } }
}
