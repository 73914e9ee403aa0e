import ArgumentParser
import Foundation
import LessonKit
import Playground
import Workshop
import XDGDirectories

/// Taking part in a workshop from the shell: `join`, `leave`, `help me`, and the lesson events
/// the instructor's dashboard is built from (see the README for exactly what is sent).
enum WorkshopCommands {
    static func all(_ driver: LessonDriver, directories: XDGDirectories) -> [ShellCommand] {
        [
            ShellCommand(JoinCommand.self) { context, command in
                guard let text = command.link else {
                    context.fail(context.output.catalog.text("workshop.join.which"))
                    return .readNext
                }
                guard let link = JoinLink(text) else {
                    context.fail(context.output.catalog.text("workshop.join.not_a_link", ["text": text]))
                    return .readNext
                }
                let name = command.name.joined(separator: " ")
                join(link, name: name.isEmpty ? defaultName() : name, driver: driver, directories: directories)
                return .readNext
            },
            ShellCommand(LeaveCommand.self) { context, _ in
                // The workshop joined earlier, even when this session does not send to it.
                guard let workshop = context.workshop ?? WorkshopClient.resume(directories: directories) else {
                    context.fail(context.output.catalog.text("workshop.leave.not_in"))
                    return .readNext
                }
                workshop.leave()
                context.workshop = nil
                context.output.line(context.output.catalog.text("workshop.leave.done"))
                return .readNext
            },
            ShellCommand(HandCommand.self) { context, _ in
                guard let workshop = context.workshop else {
                    context.fail(context.output.catalog.text("workshop.hand.not_in"))
                    return .readNext
                }
                workshop.record(WorkshopEvent(kind: .hand, step: driver.session.position?.description))
                context.output.line(context.output.catalog.text("workshop.hand.up"))
                return .readNext
            }
        ]
    }

    /// Joins (or rejoins) and tells the dashboard where the learner is. A name that is not one
    /// plain line, or a join code the server does not know, is refused here, before anything
    /// is sent; a server that cannot be reached yet does not stop the join.
    static func join(
        _ link: JoinLink, name: String, driver: LessonDriver, directories: XDGDirectories, pack: String? = nil
    ) {
        let context = driver.context
        let catalog = driver.catalog
        if let problem = WorkshopLimits.nameProblem(name) {
            // Keys chosen at run time, listed for the catalog's check.
            let catalogKeys = [
                "workshop.name.empty", "workshop.name.lines", "workshop.name.control",
                "workshop.name.direction", "workshop.name.long"
            ]
            let key = catalogKeys.first { $0.hasSuffix("." + problem.rawValue) }!
            context.fail(catalog.text(key, ["count": WorkshopLimits.name]))
            return
        }
        let check = WorkshopClient.check(link)
        if check == .unknownCode {
            let server = link.server.absoluteString
            context.fail(catalog.text("workshop.join.unknown_code", ["server": server, "code": link.code]))
            return
        }
        do {
            context.workshop?.stop()
            let client = try WorkshopClient.join(link, name: name, directories: directories, pack: pack)
            context.workshop = client
            client.start()
            driver.tellWorkshop(.entered)
            // The room's pacing (held solutions, closed lessons) holds from the first prompt.
            if check == .known { client.flush(timeout: 5) }
            context.output.line(
                catalog.text("workshop.join.done", ["server": link.server.absoluteString, "name": client.name]))
            if case .unreachable(let detail) = check {
                context.output.line(
                    driver.style.dim(catalog.text("workshop.join.unreachable", ["detail": detail.text(catalog)])))
            }
        } catch {
            context.fail(
                catalog.text(
                    "workshop.join.not_saved",
                    ["folder": directories.seguelabState, "reason": error.localizedDescription]))
        }
    }

    /// Resumes the workshop joined in an earlier session, if the learner has not left it.
    /// `packResumed`: this start opened the workshop's pack because of it, and says so.
    /// `vanishedPack`: the workshop's pack is no longer in this folder, so the built-in course
    /// is open: nothing is sent (its steps are not the workshop's), and the learner is told
    /// how to get the pack back or leave; the membership, its queue and progress are kept.
    static func resume(
        driver: LessonDriver, directories: XDGDirectories, packResumed: Bool = false, vanishedPack: String? = nil
    ) {
        guard let client = WorkshopClient.resume(directories: directories) else { return }
        if let vanishedPack {
            driver.context.output.line(
                driver.catalog.text(
                    "workshop.resume.pack_gone",
                    [
                        "folder": vanishedPack, "server": client.link.server.absoluteString,
                        "link": client.link.description
                    ]))
            return
        }
        driver.context.workshop = client
        client.start()
        if packResumed {
            driver.context.output.line(
                driver.catalog.text(
                    "workshop.resume.pack",
                    [
                        "server": client.link.server.absoluteString, "name": client.name,
                        "title": driver.pack.manifest.title(in: driver.session.language)
                    ]))
            return
        }
        driver.context.output.line(
            driver.style.dim(
                driver.catalog.text(
                    "workshop.resume.plain", ["server": client.link.server.absoluteString, "name": client.name])))
    }

    /// What arrived from the workshop since the last prompt.
    static func showNotices(_ context: ShellContext) {
        guard let workshop = context.workshop else { return }
        for notice in workshop.takeNotices() {
            let style = context.output.style
            let text = notice.text(context.output.catalog)
            context.output.line(notice.fromInstructor ? style.heading("📣 " + text) : style.dim(text))
        }
    }

    static func defaultName() -> String {
        ProcessInfo.processInfo.environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "learner"
    }
}

/// `join LINK [NAME]`.
struct JoinCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join a workshop: your progress on this pack goes to the instructor's dashboard.",
        usage: "join LINK [NAME]",
        discussion: """
            LINK is the join link the instructor gives (http://…/join/CODE). NAME is how the \
            dashboard shows you (default: your login name). `leave` stops.
            """
    )

    /// Optional here so that `join` alone is shown an example link.
    @Argument(help: ArgumentHelp(valueName: "link"))
    var link: String?

    /// The rest of the line, a name of several words.
    @Argument(help: ArgumentHelp(valueName: "name"))
    var name: [String] = []
}

/// `leave`.
struct LeaveCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "leave", abstract: "Leave the workshop: nothing more is sent.")
}

/// `help me` (or `hand`): a raised hand on the dashboard.
struct HandCommand: DeclaredCommand {
    static let configuration = CommandConfiguration(
        commandName: "hand",
        abstract: "In a workshop: raise your hand; the instructor sees it on the dashboard.",
        usage: "help me"
    )
}

extension LessonDriver {
    /// Records a lesson event for the workshop, if the learner is in one (never waits).
    func tellWorkshop(_ kind: WorkshopEvent.Kind, step: StepRef? = nil, verdict: Verdict? = nil, code: String? = nil) {
        guard let workshop = context.workshop else { return }
        var feedback: String?
        var problem: String?
        if let verdict, kind == .wrong {
            feedback = verdict.firstFailure.map { $0.message.isEmpty ? $0.summary : $0.message }
            if let run = verdict.run {
                problem =
                    run.compile.errors.first { !$0.inHiddenCode }?.description
                    ?? run.compile.errors.first?.description ?? run.crash?.summary
            }
        }
        let ref = step ?? session.position
        // Only a raised hand makes sense outside a step (the server refuses other events there).
        guard ref != nil || kind == .hand else { return }
        workshop.record(
            WorkshopEvent(kind: kind, step: ref?.description, feedback: feedback, problem: problem, code: code))
    }

    /// The instructor holds solutions back: true (and says so) when `solution` must wait.
    func solutionsHeldBack() -> Bool {
        guard context.workshop?.pacing.solutionsHeld == true else { return false }
        output.line(catalog.text("workshop.solution_held"))
        return true
    }

    /// True when the instructor has not yet opened the lesson the learner is in.
    func isHeldBack(_ lesson: String?) -> Bool {
        guard let open = context.workshop?.pacing.openThrough, let lesson,
            let limit = pack.lessons.firstIndex(where: { $0.id == open }),
            let index = pack.lessons.firstIndex(where: { $0.id == lesson })
        else { return false }
        return index > limit
    }
}

extension LessonDriver {
    /// Under held solutions `skip` moves on without showing the reference answer (true, and
    /// says so).
    func skipRevealHeldBack() -> Bool {
        guard context.workshop?.pacing.solutionsHeld == true else { return false }
        output.line(style.dim(catalog.text("workshop.skip_held")))
        return true
    }

    /// Under held solutions the last hint is held too when it gives the answer away (it holds
    /// the reference answer); true, and says so.
    func nextHintHeldBack(_ step: Step) -> Bool {
        guard context.workshop?.pacing.solutionsHeld == true, let ref = session.position,
            let reference = step.referenceAnswer, !step.hints.isEmpty
        else { return false }
        let number = min(session.stepProgress(ref).hintsUsed + 1, step.hints.count)
        guard number == step.hints.count, Self.givesAway(step.hints[number - 1], reference) else { return false }
        output.line(catalog.text("workshop.hint_held"))
        return true
    }

    /// True when `hint` contains `reference`, spaces aside.
    static func givesAway(_ hint: String, _ reference: String) -> Bool {
        let squeeze = { (text: String) in text.filter { !$0.isWhitespace && $0 != "`" }.lowercased() }
        let answer = squeeze(reference)
        return !answer.isEmpty && squeeze(hint).contains(answer)
    }
}
