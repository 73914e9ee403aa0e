import Foundation
import LessonKit
import Localization
import Playground
import XDGDirectories

/// The learner's session on one pack, as the shell drives it: moves, answers, runs and
/// progress saved after every change. LessonKit decides; this type asks, shows and saves.
final class LessonDriver {
    /// The pack; the author preview replaces it when its files are saved.
    var pack: Pack
    var session: Session
    let store: ProgressStore
    let runner: any ProgramRunner
    /// The Playground behind `runner`, for running files outside the steps.
    let playground: SharedPlayground
    /// Where drafts are edited (the shell's XDG directories).
    let directories: XDGDirectories
    let context: ShellContext
    private var warnedAboutSaving = false
    /// Drafts held only in memory because saving failed (a full disk): retried with every
    /// save, printed at the end if they still cannot be written, so none is lost.
    var unsavedDrafts: [StepRef: String] = [:]
    /// True when this learner had no progress on the pack before this session.
    var isNew = false
    /// Example steps run in this shell: Enter moves on from an example only once it has run.
    var examplesRun: Set<StepRef> = []

    init(
        pack: Pack, session: Session, store: ProgressStore, runner: any ProgramRunner,
        playground: SharedPlayground, directories: XDGDirectories, context: ShellContext
    ) {
        self.directories = directories
        self.pack = pack
        self.session = session
        self.store = store
        self.runner = runner
        self.playground = playground
        self.context = context
    }

    /// The pack's support code, hidden from the learner, for `swift` mode and `run FILE`.
    var supportSources: [SourceFile] {
        pack.supportSources.map { SourceFile(name: $0.name, text: $0.text, origin: .hidden, shared: true) }
    }

    var output: ShellOutput { context.output }
    var style: Style { context.output.style }
    /// The shell's words in the session's language.
    var catalog: Catalog { context.output.catalog }
    var width: Int { context.isInteractive ? min(Terminal.width(), 100) : 80 }

    // MARK: - Saving

    /// Progress is written after every change, atomically; a failure is reported once and
    /// the session goes on (a read-only or full disk must not end a lesson).
    @discardableResult
    func save() -> Bool {
        do {
            try store.save(session.progress, for: pack)
            unsavedDrafts = [:]
            syncWorkspace()
            return true
        } catch {
            lastSaveFailure = error.localizedDescription
            guard !warnedAboutSaving else { return false }
            warnedAboutSaving = true
            output.warning(
                catalog.text(
                    "save.failed", ["path": store.fileURL(for: pack).path, "error": error.localizedDescription]))
            return false
        }
    }
    private(set) var lastSaveFailure = ""

    func close() {
        session.finishVisit()
        guard !save(), !unsavedDrafts.isEmpty else { return }
        output.warning(catalog.text("drafts.unsaved", ["error": lastSaveFailure]))
        for (ref, code) in unsavedDrafts.sorted(by: { $0.key.description < $1.key.description }) {
            output.line("--- \(ref) ---")
            output.line(code)
        }
    }

    func updateLocation() {
        context.location = ShellLocation(pack: pack.id, lesson: session.position?.lesson, step: session.position?.step)
    }

    // MARK: - Moving

    func apply(_ move: Session.Move) {
        save()
        updateLocation()
        if let left = move.leftUnfinished {
            output.line(style.dim(catalog.text("move.left_unfinished", ["step": left])))
        }
        switch move.kind {
        case .finishedPack:
            output.line(
                style.success(catalog.text("move.finished_pack", ["pack": pack.manifest.title(in: session.language)])))
            output.line(catalog.text("move.finished_pack_after"))
        case .atStart:
            output.line(catalog.text("move.at_start"))
        case .enteredLesson:
            tellWorkshop(.entered)
            showStep(withIntroOf: session.stepNumber?.index == 1 ? session.currentLesson : nil)
        case .moved:
            tellWorkshop(.entered)
            showStep()
        }
    }

    func mutate(_ change: (inout Session) throws(SessionError) -> Session.Move) {
        do {
            let before = session
            let move = try change(&session)
            // A workshop's instructor may hold later lessons back until the room gets there.
            if let lesson = session.position?.lesson, lesson != before.position?.lesson, isHeldBack(lesson) {
                session = before
                output.line(catalog.text("move.held_back", ["lesson": lesson]))
                return
            }
            apply(move)
        } catch {
            context.fail(describe(error))
        }
    }

    /// An error for the learner, in the session's language when it is the session's own.
    func describe(_ error: any Error) -> String {
        guard let error = error as? SessionError else { return "\(error)" }
        return switch error {
        case .unknownLesson(let id, let known):
            catalog.text("session.unknown_lesson", ["lesson": id, "known": known.joined(separator: ", ")])
        case .unknownStep(let id, let lesson, let known):
            catalog.text("session.unknown_step", ["step": id, "lesson": lesson, "known": known.joined(separator: ", ")])
        case .unknownTarget(let target): catalog.text("session.unknown_target", ["target": target])
        case .noCurrentStep: catalog.text("no_lesson")
        case .nothingToAnswer(let kind): catalog.text("session.nothing_to_answer", ["kind": kindName(kind)])
        case .nothingToRun(let kind): catalog.text("session.nothing_to_run", ["kind": kindName(kind)])
        case .predictFirst: catalog.text("session.predict_first")
        case .runnerFailed(let message): message
        }
    }

    // MARK: - Showing

    func showLessonIntro(_ lesson: Lesson) {
        let markdown = MarkdownText(style: style, width: width, breaksCode: output.columns != nil)
        output.line(style.heading("━━ \(lesson.title) ━━"))
        if let goal = lesson.goal { output.line(markdown.render(catalog.text("lesson.goal", ["goal": goal]))) }
        if !lesson.intro.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            output.line(markdown.render(lesson.intro))
        }
        output.line()
    }

    /// The step, a screenful at a time when it is taller than the terminal.
    /// `unfolded` shows code the learner saw in an earlier step whole instead of folded (`unfold`).
    func showStep(withIntroOf lesson: Lesson? = nil, unfolded: Bool = false) {
        // A shell that dies while showing the step is not sent back into it at its next start.
        if let ref = session.position { store.markShowing(ref, for: pack) }
        defer { store.clearShowing(for: pack) }
        context.paged(stopped: catalog.text("paging.stopped")) {
            if let lesson { showLessonIntro(lesson) }
            showStepText(unfolded: unfolded)
        }
    }

    private func showStepText(unfolded: Bool) {
        guard let step = session.currentStep, let ref = session.position else {
            output.line(catalog.text("step.none"))
            return
        }
        let markdown = MarkdownText(style: style, width: width, breaksCode: output.columns != nil)
        let heading =
            session.stepNumber.map {
                catalog.text("step.heading", ["index": $0.index, "count": $0.count, "title": step.title])
            }
            ?? catalog.text("step.heading.unnumbered", ["title": step.title])
        let status = session.stepProgress(ref).status
        let done =
            status == .passed
            ? style.success(" ✔") : status == .skipped ? style.dim(" " + catalog.text("step.skipped")) : ""
        // The full place is here, not in the prompt (which stays short): `goto` takes it.
        output.line(style.heading(heading) + style.dim("  [\(kindName(step.kind)) · \(ref)]") + done)
        if !step.prose.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            let prose = session.currentLesson.map { step.prose(in: pack, lesson: $0, catalog: catalog) } ?? step.prose
            output.line(markdown.render(prose))
        }
        for part in step.parts {
            switch part {
            case .example:
                showCode(step.code(.example) ?? "", folded: unfolded ? nil : fold(step.code(.example) ?? "", of: step))
            case .question:
                if let question = step.question { output.line(markdown.render(question)) }
            case .choices(let choices):
                for (index, choice) in choices.enumerated() {
                    output.line("  \(Choice.label(for: index))) " + markdown.inline(choice.text))
                }
            case .draft:
                let draft = session.draft ?? ""
                showCode(draft, numbered: true, folded: unfolded ? nil : fold(draft, of: step))
            case .instruction(let key):
                output.line(style.dim(catalog.text(key)))
            }
        }
        let hints = step.hints.count
        if step.kind.needsAnswer && hints > 0 {
            output.line(style.dim(catalog.text("step.stuck", ["count": hints])))
        }
        if let number = session.stepNumber, number.index == number.count { showLessonEnd() }
    }

    /// Under a lesson's last step (its recap): that the lesson ends here, what is left undone in
    /// it, and which lesson comes next.
    func showLessonEnd() {
        guard let lesson = session.currentLesson else { return }
        output.line()
        output.line(style.heading(catalog.text("lesson.end", ["title": lesson.title])))
        let open = lesson.steps.filter { step in
            step.kind.needsAnswer && session.stepProgress(StepRef(lesson: lesson.id, step: step.id)).status != .passed
        }
        if open.isEmpty {
            output.line(style.success(catalog.text("lesson.all_done")))
        } else {
            let skipped = open.filter {
                session.stepProgress(StepRef(lesson: lesson.id, step: $0.id)).status == .skipped
            }.map(\.id)
            let line = LessonEnd.leftUndone(
                open: open.map(\.id).filter { !skipped.contains($0) }, skipped: skipped, lesson: lesson.id,
                lessonIDs: Set(pack.lessons.map(\.id)), catalog: catalog)
            output.line(line)
        }
        let lessons = pack.lessons(in: session.language)
        if let index = lessons.firstIndex(where: { $0.id == lesson.id }), index + 1 < lessons.count {
            output.line(catalog.text("lesson.next", ["title": lessons[index + 1].title]))
        } else {
            output.line(catalog.text("lesson.last", ["pack": pack.manifest.title(in: session.language)]))
        }
    }

    /// A step's kind as the heading names it, in the learner's language.
    func kindName(_ kind: StepKind) -> String {
        switch kind {
        case .prose: catalog.text("step.kind.prose")
        case .example: catalog.text("step.kind.example")
        case .choice: catalog.text("step.kind.choice")
        case .text: catalog.text("step.kind.text")
        case .predict: catalog.text("step.kind.predict")
        case .prompt: catalog.text("step.kind.prompt")
        case .exercise: catalog.text("step.kind.exercise")
        case .compiler: catalog.text("step.kind.compiler")
        }
    }

    /// The code's lines, or (`folded`) its changed lines with the unchanged runs folded.
    func showCode(_ code: String, numbered: Bool = false, folded: FoldedCode? = nil) {
        let lines = CodeFolding.codeLines(code)
        let pieces = folded?.pieces ?? [.shown(0..<lines.count)]
        for piece in pieces {
            switch piece {
            case .shown(let range):
                for index in range {
                    let gutter = numbered ? style.dim(String(index + 1).leftPadded(to: 3) + " ") : "    "
                    output.code(lines[index], gutter: gutter)
                }
            case .folded(let range):
                let values: [String: any CustomStringConvertible] = [
                    "count": range.count, "step": folded?.sinceStep ?? 0
                ]
                let text = catalog.text(range.count == 1 ? "fold.unchanged.one" : "fold.unchanged.other", values)
                output.line(style.dim("    " + text))
            case .declared(let range, let names):
                output.line(style.dim("    " + declaredFold(range.count, names: names)))
            }
        }
    }

    /// The line standing for folded declarations: as many of their names as fit 76 columns
    /// (an 80-column terminal, past the code's indent), the others counted.
    func declaredFold(_ count: Int, names: [String]) -> String {
        var text = ""
        for shown in stride(from: names.count, through: 1, by: -1) {
            let listed = names.prefix(shown).joined(separator: ", ")
            let named =
                shown == names.count
                ? listed : catalog.text("fold.names.more", ["names": listed, "count": names.count - shown])
            text = catalog.text(
                count == 1 ? "fold.declared.one" : "fold.declared.other", ["count": count, "names": named])
            if text.count <= 76 { break }
        }
        return text
    }

    /// `code` of `step` folded against what an earlier step of its lesson showed.
    private func fold(_ code: String, of step: Step) -> FoldedCode? {
        guard let lesson = session.currentLesson else { return nil }
        return CodeFolding.fold(code, of: step, in: lesson)
    }
}
