import ArgumentParser

/// `lessons`, on the command line (`seguelab lessons --pack …`) and in the shell: the pack's
/// lessons with the learner's progress.
public struct LessonsCommand: SharedCommand {
    public static let configuration = CommandConfiguration(
        commandName: "lessons",
        abstract: "List the pack's lessons with your progress: steps done, state, and where you are (>)."
    )

    public init() {}

    public static let shellCompletion: [ArgumentKind] = []
}
