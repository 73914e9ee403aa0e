import CLibEdit
import Foundation
import LessonKit
import Localization
import Playground
import Workshop
import XDGDirectories

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the shell was asked to start.
package struct ShellOptions: Sendable {
    package var color: ColorChoice
    package var directories: XDGDirectories
    /// The lesson pack, loaded and checked; nil opens the shell as a plain playground.
    package var pack: Pack?
    /// Language of the lessons (`--lang`); nil follows LANG, then the pack's default.
    package var language: String?
    /// Where to start (`--lesson`, `--step`); nil resumes where the learner stopped.
    package var lesson: String?
    package var step: String?
    /// What each program run from the shell may use.
    package var limits: Limits
    /// Print how long compiling and running took after each program (`--timings`), on stderr.
    package var showsTimings = false
    /// A demo script to play as if typed (`--present FILE`), instead of reading standard input.
    package var presentation: (name: String, script: String)?
    /// Join this workshop (`--join LINK --name NAME`) before the first prompt.
    package var join: (link: JoinLink, name: String)?
    /// The folder of the pack a workshop is taken with (nil: the built-in course): kept with
    /// the workshop when joining, and opened again by a start without `--join` or `--pack`.
    package var workshopPack: String?
    /// This start opened the pack of the workshop joined earlier (no `--join`, no `--pack`).
    package var resumesWorkshopPack = false
    /// The folder of the workshop's pack, when the workshop joined earlier remembers one that
    /// is no longer there: this start opens the built-in course and says so.
    package var vanishedWorkshopPack: String?
    /// The author preview (`--author`): throwaway progress, `show checks`/`show hidden`, and
    /// the pack read again when its files are saved.
    package var authoring = false

    package init(
        color: ColorChoice = .auto, directories: XDGDirectories = XDGDirectories(),
        pack: Pack? = nil, language: String? = nil, lesson: String? = nil, step: String? = nil,
        limits: Limits = .standard
    ) {
        self.limits = limits
        self.color = color
        self.directories = directories
        self.pack = pack
        self.language = language
        self.lesson = lesson
        self.step = step
    }
}

/// The command loop: read an entry (one line, or several while Swift code is unbalanced),
/// run the command it names, repeat until `quit`, Ctrl-D or the end of piped input.
package final class CommandLoop {
    package let context: ShellContext
    private let source: LineSource
    /// Lines read so far, for `<stdin>:N` locations in scripted sessions.
    private var linesRead = 0
    /// Lines of a pasted block of commands still to run, each as if typed.
    private var queuedLines: [String] = []

    package init(context: ShellContext, source: LineSource) {
        self.context = context
        self.source = source
    }

    /// Opens the shell on the terminal (libedit) or on piped standard input, runs it to the end
    /// and returns the exit status: 0, or 1 when a scripted session hit an error.
    package static func start(options: ShellOptions) async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        InterruptFlag.install()
        let presenting = options.presentation != nil
        let interactive = Terminal.isTerminal(STDIN_FILENO) && !presenting
        let style = Style(enabled: options.color.isEnabled())
        // On a terminal every line is wrapped to the window's current width.
        let wraps = (interactive || presenting) && Terminal.isTerminal(STDOUT_FILENO)
        let output = ShellOutput(style: style, width: { wraps ? Terminal.width() : nil })
        output.isInterrupted = { InterruptFlag.take() }
        let context = ShellContext(output: output, registry: CommandRegistry(), isInteractive: interactive)
        let setup = ShellSetup(options: options, context: context)
        let driver = setup.loadPack()
        context.registry = setup.registry(driver: driver)

        let source: LineSource
        if interactive {
            let historyFile = HistoryFile(path: options.directories.seguelabState + "/history")
            source = LibEditLineSource(historyFile: historyFile) { text in
                Completer(
                    registry: context.registry, lessonIDs: context.lessonIDs, stepIDs: context.stepIDs,
                    storyboardNames: context.storyboardNames
                ).complete(text)
            }
            context.recentEntries = HistoryReader.entries(in: historyFile.path, limit: historyFile.limit)
            output.line(
                output.catalog.text(
                    "welcome",
                    ["name": style.heading("SegueLab"), "help": style.command("help"), "quit": style.command("quit")]))
        } else if let presentation = options.presentation {
            output.line(output.catalog.text("welcome.presenting", ["name": style.heading("SegueLab")]))
            output.line(style.dim(output.catalog.text("presenting", ["script": presentation.name])))
            source = PresenterLineSource(script: presentation.script, name: presentation.name) { text in
                output.line(style.emphasis(text))
            }
        } else {
            source = PipedLineSource()
        }
        let session = CommandLoop(context: context, source: source)
        context.ask = { [unowned session] prompt in session.ask(prompt) }
        context.pagerContinues = { [unowned session] question in session.pagerContinues(question) }
        setup.begin(driver)
        await session.run()
        driver?.close()
        // Events of the last moments go out before the shell ends, if the server is there.
        context.workshop?.flush(timeout: 10)
        context.workshop?.stop()
        WorkshopCommands.showNotices(context)
        if interactive {
            // Ctrl-D or `quit`: say that leaving lost nothing, and how to come back.
            output.line(style.dim(output.catalog.text(driver == nil ? "goodbye.playground" : "goodbye")))
        }
        if context.wasInterrupted && !interactive { return 130 }
        return context.hadErrors && !interactive ? 1 : 0
    }

    package func run() async {
        defer { source.close() }
        while true {
            WorkshopCommands.showNotices(context)
            fflush(seguelab_stdout())
            switch readEntry() {
            case .entry(let text, let firstLine):
                source.remember(text)
                if !text.allSatisfy(\.isWhitespace) { context.recentEntries.append(text) }
                context.inputLocation = "\(source.name):\(firstLine)"
                let interruptions = context.interruptions
                context.typedAtPager = false
                context.beforeEntry()
                if await execute(text) == .leaveShell { return }
                // Ctrl-C stops what was pasted after the stopped command too.
                if context.interruptions != interruptions { queuedLines.removeAll() }
                // A scripted session stops at Ctrl-C: the rest of the script assumed it finished.
                if context.wasInterrupted && !context.isInteractive { return }
            case .interrupted, .refused:
                continue
            case .endOfInput where context.mode != nil && context.isInteractive:
                // Ctrl-D leaves the mode, not the shell.
                context.mode = nil
                continue
            case .unfinished(let balance, let firstLine):
                if context.isInteractive {
                    context.output.line()
                    continue
                }
                context.inputLocation = "\(source.name):\(firstLine)"
                let open = balance.open.last ?? "/*"
                context.fail("input ended inside an open '\(open)'; the entry starting here was not run")
                return
            case .endOfInput:
                return
            }
        }
    }

    /// Reads one line for a command (a confirmation, inline code), counted like any other line
    /// so script errors keep naming the right `<stdin>:LINE`.
    func ask(_ prompt: String) -> String? {
        fflush(seguelab_stdout())
        switch nextLine(prompt: source.showsPrompts ? prompt : "") {
        case .line(let line), .pasted(let line):
            linesRead += 1
            reportProblem()
            return line
        case .interrupted, .endOfInput:
            return nil
        }
    }

    /// Asks the pager's question; a line answered where keys cannot be read alone runs next.
    func pagerContinues(_ question: String) -> Bool {
        fflush(seguelab_stdout())
        switch source.pagerKey(prompt: question) {
        case .more: return true
        case .stop: return false
        case .typed:
            context.typedAtPager = true
            return false
        case .entered(let line):
            queuedLines.insert(line, at: 0)
            context.typedAtPager = true
            return false
        }
    }

    /// Reports what was wrong with the line just read (a scripted session's bad bytes or
    /// runaway line) at its `<stdin>:LINE[:COL]`; returns true when the line is unusable.
    @discardableResult
    private func reportProblem() -> Bool {
        guard let problem = source.takeProblem() else { return false }
        let saved = context.inputLocation
        context.inputLocation = "\(source.name):\(linesRead)" + (problem.column.map { ":\($0)" } ?? "")
        context.fail(problem.message)
        context.inputLocation = saved
        return problem.dropsLine
    }

    /// The next queued line of a pasted block (shown after its prompt, as if typed), else the
    /// next line from the source.
    private func nextLine(prompt: String) -> LineEvent {
        guard queuedLines.isEmpty else {
            let line = queuedLines.removeFirst()
            if context.isInteractive { context.output.line(prompt + line) }
            return .line(line)
        }
        return source.readLine(prompt: prompt)
    }

    /// Runs one entry; returns what the loop does next.
    package func execute(_ text: String) async -> AfterCommand {
        if let mode = context.mode {
            if await !mode.handle(text, context: context) { context.mode = nil }
            return .readNext
        }
        // Several lines of code or a prediction for a step (pasted, or typed while brackets were
        // open) are the answer as a whole; a quote in a comment must not make them a
        // command-line error.
        if text.contains("\n"), let answer = context.answerHandler, PastedBlock.isOneEntry(text, context: context) {
            await answer(text)
            return .readNext
        }
        let invocation: CommandInvocation?
        do {
            invocation = try CommandLineParser.parse(text)
        } catch {
            // An answer is not a command line: a lone apostrophe (`à l'écran`, `it's`) is
            // text, unless the line starts with a command's name.
            let firstWord = text.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
            if let answer = context.answerHandler, context.isAwaitingAnswer(),
                context.registry.command(named: firstWord) == nil
            {
                await answer(text)
                return .readNext
            }
            context.fail(error.description)
            return .readNext
        }
        guard let invocation else {
            // Enter on an empty line moves on from a step that is done ("Type `next` to continue"),
            // never past an example not run or a question not answered: it says so instead.
            guard context.isInteractive else { return .readNext }
            if context.advancesOnEnter(), let next = context.registry.command(named: "next") {
                return await next.run(context, CommandInvocation(name: "next", arguments: [], rawArguments: ""))
            }
            if let reason = context.enterHeldBack() { context.output.line(context.output.style.dim(reason)) }
            return .readNext
        }
        // A lesson shows command lines as typed in a terminal (`$ seguelab storyboard …`): typed
        // here, the leading `seguelab` is this shell, and the rest runs as its command.
        if invocation.name == "seguelab", let first = invocation.arguments.first,
            context.registry.command(named: first) != nil, let name = text.range(of: "seguelab")
        {
            return await execute(String(text[name.upperBound...]).trimmingCharacters(in: .whitespaces))
        }
        guard let command = context.registry.command(named: invocation.name) else {
            // Not a command: while a step waits for an answer, what was typed is the answer —
            // unless it is a lone word one typo away from a command where code is expected.
            // On a choice step, a word that is no choice (`nxt`) is a mistyped command too.
            let loneWordNearCommand =
                invocation.arguments.isEmpty && invocation.name.allSatisfy(\.isLetter)
                && context.registry.suggestion(for: invocation.name) != nil
            let mistypedCommand =
                loneWordNearCommand
                && (context.expectsCode() || (invocation.name.count > 1 && !context.acceptsAsAnswer(text)))
            if let answer = context.answerHandler, context.isAwaitingAnswer(), !mistypedCommand {
                await answer(text)
                return .readNext
            }
            context.fail(CoreCommands.unknownCommandMessage(invocation.name, context: context))
            return .readNext
        }
        let outcome = await command.run(context, invocation)
        fflush(seguelab_stdout())
        return outcome
    }

    enum Entry {
        case entry(String, firstLine: Int)
        case interrupted
        /// A line of it could not be read (reported already): nothing runs.
        case refused
        case unfinished(InputBalance, firstLine: Int)
        case endOfInput
    }

    /// Reads one entry, continuing onto more lines while brackets, strings or comments are open.
    func readEntry() -> Entry {
        var lines: [String] = []
        var balance = InputBalanceTracker()
        var lastBalance = InputBalance()
        let firstLine = linesRead + 1
        source.beginEntry()
        while true {
            let prompt = !source.showsPrompts ? "" : lines.isEmpty ? context.prompt : context.continuationPrompt
            var event = nextLine(prompt: prompt)
            if case .pasted(let block) = event {
                if lines.isEmpty && !PastedBlock.isOneEntry(block, context: context) {
                    // Commands: the first runs now, the others after it, each as if typed.
                    var blockLines = PastedBlock.lines(of: block)
                    event = .line(blockLines.removeFirst())
                    queuedLines = blockLines + queuedLines
                } else {
                    // Code, or more lines of an entry already open: the block joins the entry whole.
                    linesRead += PastedBlock.lines(of: block).count - 1
                    event = .line(block)
                }
            }
            switch event {
            case .line(let line), .pasted(let line):
                linesRead += 1
                if reportProblem() { return .refused }
                lines.append(line)
                lastBalance = balance.add(line)
                // A `#` comment line is whole, whatever brackets or quotes it holds.
                if lastBalance.isComplete
                    || (lines.count == 1 && line.trimmingCharacters(in: .whitespaces).hasPrefix("#"))
                {
                    return .entry(lines.joined(separator: "\n"), firstLine: firstLine)
                }
            case .interrupted:
                return .interrupted
            case .endOfInput:
                if lines.isEmpty { return .endOfInput }
                return .unfinished(lastBalance, firstLine: firstLine)
            }
        }
    }
}
