import Foundation
import Playground

/// One lesson: front matter plus ordered steps.
public struct Lesson: Sendable {
    public var id: String
    public var title: String
    /// What the learner will be able to do afterwards.
    public var goal: String?
    /// Markdown before the first step heading.
    public var intro: String
    public var steps: [Step]
    public var language: String
    /// The lesson file's path as shown in diagnostics.
    public var file: String
    /// Where the front matter's `id:` value is (for duplicate-id errors).
    var idLocation: SourceLocation?

    public init(id: String, title: String, goal: String?, intro: String, steps: [Step], language: String, file: String) {
        self.id = id
        self.title = title
        self.goal = goal
        self.intro = intro
        self.steps = steps
        self.language = language
        self.file = file
    }

    public func step(id: String) -> Step? { steps.first { $0.id == id } }
    public func index(ofStep id: String) -> Int? { steps.firstIndex { $0.id == id } }
}
