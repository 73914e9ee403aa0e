import CLibEdit
import Foundation
import LessonKit
import Localization
import Playground

/// Puts a shell together: loads the pack and the learner's progress, builds the commands,
/// and decides where the learner starts.
struct ShellSetup {
    let options: ShellOptions
    let context: ShellContext
    let playground: SharedPlayground

    init(options: ShellOptions, context: ShellContext) {
        self.options = options
        self.context = context
        self.playground = SharedPlayground(
            output: context.output, limits: options.limits, showsTimings: options.showsTimings)
    }

    /// The pack's session with the learner's progress, or nil for a plain playground shell.
    func loadPack() -> LessonDriver? {
        guard let pack = options.pack else {
            if let language = options.language { context.output.catalog = Catalog(language: language) }
            return nil
        }
        let language = pack.language(preferred: options.language)
        // The shell speaks the lessons' language: seguelab's messages, then the pack's own.
        context.output.catalog = pack.catalog(language: language)
        let catalog = context.output.catalog
        let store = ProgressStore(
            directory: options.authoring
                ? AuthorPreview.throwawayProgressFolder() : ProgressStore.directory(in: options.directories))
        var progress = PackProgress(pack: pack, now: Date())
        var isNew = true
        do {
            let loaded = try store.load(for: pack)
            progress = loaded.progress
            isNew = loaded.isNew
            loaded.warnings.forEach(context.output.warning)
            if let changes = loaded.changes {
                context.output.line(context.output.style.dim(catalog.text("setup.pack_changed")))
                changes.summaryLines(catalog).forEach { context.output.line(context.output.style.dim("  " + $0)) }
            }
        } catch {
            context.output.warning(catalog.text("setup.progress_unreadable", ["error": error.localizedDescription]))
        }
        let session = Session(pack: pack, progress: progress, language: language)
        let shared = playground
        let driver = LessonDriver(
            pack: pack, session: session, store: store,
            runner: shared,
            playground: shared, directories: options.directories, context: context)
        driver.isNew = isNew
        context.lessonIDs = { [unowned driver] in driver.pack.lessons.map { $0.id } }
        context.stepIDs = { [unowned driver] id in driver.pack.lesson(id: id)?.stepIDs ?? [] }
        context.storyboardNames = { [unowned driver] in
            PackStoryboards(directories: driver.pack.storyboardDirectories, root: driver.pack.root).names
        }
        if options.authoring { AuthorPreview.begin(driver) }
        context.answerHandler = { [unowned driver] text in await driver.answer(text) }
        context.isAwaitingAnswer = { [unowned driver] in driver.session.currentStep?.kind.needsAnswer ?? false }
        context.expectsCode = { [unowned driver] in driver.session.currentStep?.kind.answersWithCode ?? false }
        context.acceptsAsAnswer = { [unowned driver] text in driver.session.currentStep?.read(text).isReadable ?? true }
        context.advancesOnEnter = { [unowned driver] in
            guard let step = driver.session.currentStep, let ref = driver.session.position else { return false }
            if step.kind.runsExample && !step.kind.needsAnswer { return driver.examplesRun.contains(ref) }
            return !step.kind.needsAnswer || [.passed, .skipped].contains(driver.session.stepProgress(ref).status)
        }
        context.enterHeldBack = { [unowned driver] in
            guard let step = driver.session.currentStep, !context.advancesOnEnter() else { return nil }
            // What Enter says instead (a prose step always moves on).
            return step.kind.enterWaitsKey.map { context.output.catalog.text($0) }
        }
        context.takesBlockAnswer = { [unowned driver] in driver.session.currentStep?.kind.takesBlockAnswer ?? false }
        return driver
    }

    /// Every command of this shell, in one registry grouped by when each can be typed, in the
    /// order `help` lists them. A new command goes into its group here.
    func registry(driver: LessonDriver?) -> CommandRegistry {
        let shared = playground
        let support = driver?.supportSources ?? []
        let storyboards = driver?.pack.storyboardDirectories ?? []
        let withoutLessons = [
            ShellCommand(RunCommand.self) { context, command in
                guard !command.files.isEmpty else {
                    context.fail("run: which file?")
                    return .readNext
                }
                await PlaygroundCommands.runFiles(command, context: context, playground: shared)
                return .readNext
            }
        ]
        var groups: [(CommandAvailability, [ShellCommand])] = [(.always, CoreCommands.all)]
        if let driver {
            groups.append((.inLessons, LessonCommands.all(driver)))
            if options.authoring { groups.append((.inLessons, AuthorPreview.commands(driver))) }
        } else {
            groups.append((.withoutLessons, withoutLessons))
        }
        let intoDraft = driver.map { driver in
            { (enums: String, name: String) in driver.putIntoDraft(enums, from: name) }
        }
        groups.append(
            (
                .always,
                PlaygroundCommands.all(
                    playground: shared, support: support, storyboards: storyboards, packRoot: driver?.pack.root,
                    intoDraft: intoDraft, shownSources: driver.map { driver in { driver.shownSources() } })
            ))
        if let driver { groups.append((.forWorkshops, WorkshopCommands.all(driver, directories: options.directories))) }
        return CommandRegistry(groups: groups)
    }

    /// Where the learner starts: `--lesson`/`--step`, else where they stopped, else the menu.
    func begin(_ driver: LessonDriver?) {
        guard let driver else {
            if options.join != nil { context.fail("--join needs a lesson pack (it cannot be combined with --no-pack)") }
            return
        }
        if let join = options.join {
            WorkshopCommands.join(
                join.link, name: join.name, driver: driver, directories: options.directories,
                pack: options.workshopPack)
        } else {
            WorkshopCommands.resume(
                driver: driver, directories: options.directories, packResumed: options.resumesWorkshopPack,
                vanishedPack: options.vanishedWorkshopPack)
        }
        driver.updateLocation()
        let saved = driver.isNew ? nil : driver.session.position
        if options.lesson != nil || options.step != nil {
            let target =
                options.lesson.map { lesson in options.step.map { "\(lesson)/\($0)" } ?? lesson } ?? options.step!
            driver.mutate { (s: inout Session) throws(SessionError) in try s.goto(target) }
            // The saved place moves with it: say so, and how to go back.
            if let saved, let now = driver.session.position, now != saved {
                context.output.line(
                    context.output.style.dim(driver.catalog.text("setup.place_moved", ["place": saved])))
            }
        } else if driver.isNew || driver.session.position == nil {
            driver.showLessons()
            context.output.line(driver.catalog.text("setup.begin"))
        } else if let stopped = driver.store.stepShownWhenLastStopped(for: driver.pack), stopped == saved,
            driver.pack.lesson(id: stopped.lesson, language: driver.session.language) != nil
        {
            // seguelab ended while showing this step last time: its lesson starts again instead.
            let note = driver.catalog.text("setup.stopped_at_step", ["step": stopped, "lesson": stopped.lesson])
            context.output.warning(note)
            driver.mutate { (s: inout Session) throws(SessionError) in try s.start(lesson: stopped.lesson) }
        } else {
            context.output.line(context.output.style.dim(driver.catalog.text("setup.welcome_back")))
            driver.apply(driver.session.resume())
        }
    }
}
