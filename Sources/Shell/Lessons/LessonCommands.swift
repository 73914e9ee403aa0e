import ArgumentParser
import Foundation
import LessonKit
import Localization

/// The commands of a learner's session on a pack.
enum LessonCommands {
    static func all(_ driver: LessonDriver) -> [ShellCommand] {
        [
            ShellCommand(LessonsCommand.self) { _, _ in
                driver.showLessons()
                return .readNext
            },
            ShellCommand(StartCommand.self) { context, command in
                guard let id = command.lesson else {
                    context.fail(driver.catalog.text("start.which"))
                    return .readNext
                }
                driver.mutate { (s: inout Session) throws(SessionError) in try s.start(lesson: id) }
                return .readNext
            },
            ShellCommand(NextCommand.self) { _, _ in
                driver.mutate { (s: inout Session) throws(SessionError) in s.next() }
                return .readNext
            },
            ShellCommand(BackCommand.self) { _, _ in
                driver.mutate { (s: inout Session) throws(SessionError) in s.back() }
                return .readNext
            },
            ShellCommand(GotoCommand.self) { context, command in
                guard let target = command.target else {
                    context.fail(driver.catalog.text("goto.where"))
                    return .readNext
                }
                driver.mutate { (s: inout Session) throws(SessionError) in try s.goto(target) }
                return .readNext
            },
            ShellCommand(StepCommand.self) { _, _ in
                driver.showStep()
                return .readNext
            },
            ShellCommand(UnfoldCommand.self) { _, _ in
                driver.showStep(unfolded: true)
                return .readNext
            },
            ShellCommand(AnswerCommand.self) { context, _, invocation in
                guard !invocation.rawArguments.isEmpty else {
                    context.fail(driver.catalog.text("answer.what"))
                    return .readNext
                }
                await driver.answer(invocation.rawArguments)
                return .readNext
            },
            ShellCommand(RunCommand.self) { context, command in
                if command.files.isEmpty {
                    await driver.runCurrent(device: command.deviceIdiom)
                } else {
                    await PlaygroundCommands.runFiles(
                        command, context: context, playground: driver.playground,
                        support: driver.supportSources, storyboards: driver.pack.storyboardDirectories)
                }
                return .readNext
            },
            ShellCommand(EditCommand.self) { _, _ in
                driver.editDraft()
                return .readNext
            },
            ShellCommand(CheckCommand.self) { _, _ in
                await driver.check()
                return .readNext
            },
            ShellCommand(HintCommand.self) { _, _ in
                driver.hint()
                return .readNext
            },
            ShellCommand(SolutionCommand.self) { _, command in
                driver.solution(confirmed: command.confirmation == "yes")
                return .readNext
            },
            ShellCommand(SkipCommand.self) { _, _ in
                driver.skip()
                return .readNext
            },
            ShellCommand(RestartCommand.self) { _, command in
                let args = command.words.filter { $0 != "yes" }
                driver.restart(lesson: args.first, confirmed: command.words.contains("yes"))
                return .readNext
            },
            ShellCommand(ProgressCommand.self) { context, command in
                let width = context.isInteractive ? Terminal.width() : nil
                do {
                    try command.lines(driver.session, pack: driver.pack, width: width, catalog: driver.catalog).forEach
                    { context.output.line($0) }
                } catch {
                    context.fail("progress: \(error)")
                }
                return .readNext
            }
        ]
    }
}

/// `start LESSON`.
struct StartCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Begin a lesson at its first step.", usage: "start LESSON")

    /// Optional here so that `start` alone asks which lesson, in the session's words.
    @Argument(help: ArgumentHelp(valueName: "lesson"))
    var lesson: String?
}

/// `next`.
struct NextCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(commandName: "next", abstract: "Go to the next step.")
}

/// `back`.
struct BackCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "back", abstract: "Go back through the steps you have seen (nothing is reset).")
}

/// `goto LESSON[/STEP]`.
struct GotoCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "goto", abstract: "Jump to a lesson, or a step of it.", usage: "goto LESSON[/STEP]")

    @Argument(help: ArgumentHelp(valueName: "lesson[/step]"))
    var target: String?
}

/// `step` (or `where`).
struct StepCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "step", abstract: "Show the current step again.", aliases: ["where"])
}

/// `unfold`: the step with the code it repeats from an earlier step shown whole.
struct UnfoldCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "unfold", abstract: "Show the current step with no code folded.")
}

/// `answer TEXT`: the answer is the rest of the line as typed.
struct AnswerCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "answer",
        abstract: "Answer the current step (typing the answer alone works too).",
        usage: "answer TEXT",
        discussion: """
            Choices: the letter(s), e.g. `answer b` or `answer a, c`. Text and predictions: the \
            words. Swift steps: the code. Use `answer` when your answer starts with a command's \
            name.
            """
    )

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp(valueName: "text"))
    var text: [String] = []
}

/// `edit`.
struct EditCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit your code for this step in $VISUAL or $EDITOR.",
        discussion: """
            Without a terminal (a scripted session), reads the new code from the following lines up \
            to a line holding a single `.`.
            """
    )
}

/// `check`.
struct CheckCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Judge your code for this exercise.")
}

/// `hint`.
struct HintCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "hint", abstract: "Show the next hint for this step.")
}

/// `solution [yes]`: `yes` confirms at once.
struct SolutionCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "solution", abstract: "Show the answer (asks first; it is recorded).", usage: "solution [yes]")

    @Argument(help: ArgumentHelp(valueName: "yes"), completion: .list(["yes"]))
    var confirmation: String?
}

/// `skip`.
struct SkipCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip", abstract: "Move on; the reference answer is filled in for later steps.")
}

/// `restart [LESSON] [yes]`: `yes`, anywhere, confirms at once.
struct RestartCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "restart",
        abstract: "Start the pack (or a lesson) over; progress is backed up first.",
        usage: "restart [LESSON] [yes]"
    )

    @Argument(help: ArgumentHelp(valueName: "lesson"))
    var words: [String] = []
}

extension LessonDriver {
    func showLessons() {
        output.line(style.heading(pack.manifest.title(in: session.language)))
        LessonTable.lines(session.lessonsMenu, width: context.isInteractive ? Terminal.width() : nil, catalog: catalog)
            .forEach { output.line($0) }
        for lesson in pack.brokenLessons where lesson.language == pack.manifest.defaultLanguage {
            output.line(
                "\(style.failure("✗")) \(lesson.id ?? lesson.name)  " + style.dim(catalog.text("lessons.unavailable")))
        }
        output.line(style.dim(catalog.text("lessons.footer")))
    }

    /// Where the draft of the current step is edited: kept in the state directory so an
    /// editor's swap files and the learner's last save survive a crash.
    func draftFile() -> URL? {
        guard let ref = session.position else { return nil }
        let name = session.currentStep?.fileName ?? "\(ref.step).swift"
        return URL(fileURLWithPath: directories.seguelabState)
            .appendingPathComponent("drafts/\(pack.id)/\(ref.lesson)/\(name)")
    }

    func editDraft() {
        guard let step = session.currentStep, step.kind.keepsDraft else {
            context.fail(catalog.text("edit.no_code"))
            return
        }
        syncWorkspace()
        let current = session.draft ?? ""
        if !context.isInteractive {
            guard let code = readInlineCode() else { return }
            guard saveDraft(code) else { return }
            output.line(
                catalog.text(
                    "draft.saved.lines", ["count": code.split(separator: "\n", omittingEmptySubsequences: false).count])
            )
            return
        }
        guard let file = draftFile() else { return }
        do {
            let edited = try DraftEditor().edit(current, file: file)
            guard saveDraft(edited) else { return }
            output.line(catalog.text("draft.saved"))
        } catch {
            context.fail("\(error)")
        }
    }

    /// Lines up to a single `.`, for scripted sessions.
    private func readInlineCode() -> String? {
        var lines: [String] = []
        while let line = context.ask("") {
            if line == "." { return lines.joined(separator: "\n") }
            lines.append(line)
        }
        context.fail(catalog.text("edit.input_ended"))
        return nil
    }
}
