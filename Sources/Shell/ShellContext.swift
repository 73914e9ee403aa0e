import Workshop

/// Where the learner is, shown in the prompt: pack, lesson, step.
package struct ShellLocation: Equatable, Sendable {
    package var pack: String
    package var lesson: String?
    package var step: String?

    package init(pack: String, lesson: String? = nil, step: String? = nil) {
        self.pack = pack
        self.lesson = lesson
        self.step = step
    }

    /// `pack/lesson/step`, as far as it is known.
    package var path: String { ([pack] + [lesson, step].compactMap { $0 }).joined(separator: "/") }
}

/// What a command can see and change while it runs.
package final class ShellContext {
    package let output: ShellOutput
    package internal(set) var registry: CommandRegistry
    package var location: ShellLocation?
    package let isInteractive: Bool
    /// Lesson and step ids for completion; set once a pack is loaded.
    package var lessonIDs: () -> [String] = { [] }
    package var stepIDs: (String) -> [String] = { _ in [] }
    /// The loaded pack's storyboards by name, for Tab after `storyboard`.
    package var storyboardNames: () -> [String] = { [] }
    /// Where the command being run came from in a script (`<stdin>:12`), for error messages.
    package internal(set) var inputLocation: String?
    /// True once any command in a scripted session has failed: the exit status reports it.
    package internal(set) var hadErrors = false
    /// Previous entries, newest last, when history is kept.
    package var recentEntries: [String] = []
    /// The workshop this learner has joined, which gets their lesson events; nil outside one.
    package var workshop: WorkshopClient?

    /// Takes an answer typed without a command, while `isAwaitingAnswer()` says a step wants one.
    var answerHandler: ((String) async -> Void)?
    var isAwaitingAnswer: () -> Bool = { false }
    /// False when what was typed cannot be an answer to the step (not a letter on a choice step).
    var acceptsAsAnswer: (String) -> Bool = { _ in true }
    /// True when the step is done, so Enter on an empty line goes to the next one.
    var advancesOnEnter: () -> Bool = { false }
    /// What Enter on an empty line would do instead of moving on, said when it does not (an
    /// example not run, a question not answered); nil outside a step.
    var enterHeldBack: () -> String? = { nil }
    /// True when the awaited answer is Swift code (a lone word there is more likely a typo).
    var expectsCode: () -> Bool = { false }
    /// True when the awaited answer may span lines (Swift code, a predicted output), so a
    /// pasted block is that answer as a whole.
    var takesBlockAnswer: () -> Bool = { false }

    /// A mode (the `swift` REPL) that takes the prompt's entries until it ends.
    var mode: (any InputMode)?
    /// The `swift` mode's state, kept when leaving it so `swift` resumes where it was.
    var swiftMode: SwiftModeState?

    /// The pager's question (`ShellOutput.paging`): true shows the next screenful. Any key but
    /// Enter, space and `q` stops and begins the next line at the prompt.
    var pagerContinues: (String) -> Bool = { _ in false }
    /// Set when the learner stopped the pager by typing the next line; cleared at each entry.
    /// What they typed is theirs for the prompt: no question of the command takes it.
    var typedAtPager = false
    /// Reads one line with a prompt (confirmations, inline code); nil at the end of input.
    var ask: (String) -> String? = { _ in nil }
    /// Runs before each entry (the author preview reloads a saved pack here).
    var beforeEntry: () -> Void = {}
    /// Set when Ctrl-C stopped a program; a scripted session then ends (status 130).
    package var wasInterrupted: Bool { interruptions > 0 }
    /// How many times Ctrl-C stopped a program so far.
    package internal(set) var interruptions = 0

    /// Asks a yes/no question; only an explicit yes counts.
    /// Not asked after the learner typed at the pager: they have moved on, and the line they
    /// began runs at the prompt instead of answering a question they never read.
    package func confirm(_ question: String) -> Bool {
        guard !typedAtPager else { return false }
        guard let reply = ask(question) else { return false }
        return ["y", "yes", "o", "oui"].contains(reply.trimmingCharacters(in: .whitespaces).lowercased())
    }

    func interruptedRun() { interruptions += 1 }

    init(output: ShellOutput, registry: CommandRegistry, isInteractive: Bool) {
        self.output = output
        self.registry = registry
        self.isInteractive = isInteractive
    }

    /// Reports a problem with what the user typed and remembers it for the exit status.
    package func fail(_ message: String) {
        hadErrors = true
        output.error(message, at: isInteractive ? nil : inputLocation)
    }

    /// What `body` prints, a screenful at a time on a terminal (`ShellOutput.paging`), with the
    /// pager's question asked at the prompt; `stopped` is said when the learner stops early.
    @discardableResult
    func paged(stopped: String? = nil, _ body: () -> Void) -> Bool {
        output.paging(rows: isInteractive ? Terminal.height() : nil, more: pagerContinues, stopped: stopped, body)
    }

    package var prompt: String {
        if let mode { return mode.prompt }
        // The step only: a prompt as long as `pack/lesson/step` would wrap one-line answers.
        // The step header shows the full place.
        let place = location?.step.map { ":\($0)" } ?? ""
        return "seguelab\(place)> "
    }

    /// Lines after the first of a multi-line entry.
    package var continuationPrompt: String {
        String(repeating: " ", count: max(prompt.count - 5, 0)) + "...> "
    }
}
