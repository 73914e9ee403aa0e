import Foundation

/// Why a session command could not be carried out (a message for the learner).
package enum SessionError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownLesson(String, known: [String])
    case unknownStep(String, lesson: String, known: [String])
    case unknownTarget(String)
    case noCurrentStep
    case nothingToAnswer(StepKind)
    case nothingToRun(StepKind)
    case predictFirst
    case runnerFailed(String)

    package var description: String {
        switch self {
        case .unknownLesson(let id, let known): "no lesson '\(id)'; lessons: \(known.joined(separator: ", "))"
        case .unknownStep(let id, let lesson, let known):
            "lesson '\(lesson)' has no step '\(id)'; steps: \(known.joined(separator: ", "))"
        case .unknownTarget(let target): "no lesson or step '\(target)' (use LESSON or LESSON/STEP)"
        case .noCurrentStep: "no lesson started yet"
        case .nothingToAnswer(let kind): "this is a \(kind.rawValue) step: there is nothing to answer"
        case .nothingToRun(let kind): "this is a \(kind.rawValue) step: there is no code to run"
        case .predictFirst: "make your prediction first; then you will see what the code does"
        case .runnerFailed(let message): message
        }
    }
}
