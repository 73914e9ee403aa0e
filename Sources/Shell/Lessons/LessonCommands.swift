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
            ShellCommand(
                name: "start", usage: "start LESSON", summary: "Begin a lesson at its first step.", arguments: [.lesson]
            ) { context, invocation in
                guard let id = invocation.arguments.first else {
                    context.fail(driver.catalog.text("start.which"))
                    return .readNext
                }
                driver.mutate { (s: inout Session) throws(SessionError) in try s.start(lesson: id) }
                return .readNext
            },
            ShellCommand(name: "next", summary: "Go to the next step.") { _, _ in
                driver.mutate { (s: inout Session) throws(SessionError) in s.next() }
                return .readNext
            },
            ShellCommand(name: "back", summary: "Go back through the steps you have seen (nothing is reset).") { _, _ in
                driver.mutate { (s: inout Session) throws(SessionError) in s.back() }
                return .readNext
            },
            ShellCommand(
                name: "goto", usage: "goto LESSON[/STEP]", summary: "Jump to a lesson, or a step of it.",
                arguments: [.lessonStep]
            ) { context, invocation in
                guard let target = invocation.arguments.first else {
                    context.fail(driver.catalog.text("goto.where"))
                    return .readNext
                }
                driver.mutate { (s: inout Session) throws(SessionError) in try s.goto(target) }
                return .readNext
            },
            ShellCommand(name: "step", aliases: ["where"], summary: "Show the current step again.") { _, _ in
                driver.showStep()
                return .readNext
            },
            ShellCommand(
                name: "answer", usage: "answer TEXT",
                summary: "Answer the current step (typing the answer alone works too).",
                details:
                    "Choices: the letter(s), e.g. `answer b` or `answer a, c`. Text and predictions: the words. Swift steps: the code. Use `answer` when your answer starts with a command's name.",
                arguments: [.text]
            ) { context, invocation in
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
            ShellCommand(
                name: "edit", summary: "Edit your code for this step in $VISUAL or $EDITOR.",
                details:
                    "Without a terminal (a scripted session), reads the new code from the following lines up to a line holding a single `.`."
            ) { _, _ in
                driver.editDraft()
                return .readNext
            },
            ShellCommand(name: "check", summary: "Judge your code for this exercise.") { _, _ in
                await driver.check()
                return .readNext
            },
            ShellCommand(name: "hint", summary: "Show the next hint for this step.") { _, _ in
                driver.hint()
                return .readNext
            },
            ShellCommand(
                name: "solution", usage: "solution [yes]", summary: "Show the answer (asks first; it is recorded)."
            ) { _, invocation in
                driver.solution(confirmed: invocation.arguments.first == "yes")
                return .readNext
            },
            ShellCommand(name: "skip", summary: "Move on; the reference answer is filled in for later steps.") { _, _ in
                driver.skip()
                return .readNext
            },
            ShellCommand(
                name: "restart", usage: "restart [LESSON] [yes]",
                summary: "Start the pack (or a lesson) over; progress is backed up first.",
                arguments: [.lesson]
            ) { _, invocation in
                let args = invocation.arguments.filter { $0 != "yes" }
                driver.restart(lesson: args.first, confirmed: invocation.arguments.contains("yes"))
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
