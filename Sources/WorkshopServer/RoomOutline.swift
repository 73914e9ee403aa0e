import LessonKit

/// The pack as the dashboard shows it: lessons and their steps, in order.
public struct RoomOutline: Codable, Sendable {
    public struct Lesson: Codable, Sendable {
        public var id: String
        public var title: String
        public var steps: [Step]
    }

    public struct Step: Codable, Sendable {
        public var id: String
        public var title: String
        public var kind: String
        /// Steps that ask for an answer (the others are read, not judged).
        public var answered: Bool
    }

    public var pack: String
    public var title: String
    public var version: String
    public var lessons: [Lesson]

    public init(pack: Pack) {
        self.pack = pack.id
        self.title = pack.manifest.title
        self.version = pack.manifest.version
        self.lessons = pack.lessons.map { lesson in
            Lesson(id: lesson.id, title: lesson.title, steps: lesson.steps.map {
                Step(id: $0.id, title: $0.title, kind: $0.kind.rawValue, answered: $0.kind.needsAnswer)
            })
        }
    }

    /// Every `lesson/step`, in pack order.
    var stepRefs: [String] { lessons.flatMap { lesson in lesson.steps.map { lesson.id + "/" + $0.id } } }
}
