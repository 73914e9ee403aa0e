import Foundation
import LessonKit
import Localization
import Playground
import SegueTools
import Testing
import XDGDirectories

@testable import Shell

@Suite struct CompleterTests {
    let registry = CommandRegistry([
        ShellCommand(name: "help", summary: "", arguments: [.commandName]) { _, _ in .readNext },
        ShellCommand(name: "history", summary: "") { _, _ in .readNext },
        ShellCommand(name: "goto", summary: "", arguments: [.lessonStep]) { _, _ in .readNext },
        ShellCommand(name: "start", summary: "", arguments: [.lesson]) { _, _ in .readNext },
        ShellCommand(name: "run", summary: "", arguments: [.file]) { _, _ in .readNext }
    ])

    func completer(directory: String = "/") -> Completer {
        Completer(
            registry: registry,
            lessonIDs: { ["strings", "enums", "segue-handler"] },
            stepIDs: { $0 == "enums" ? ["intro", "init-raw", "switch"] : [] },
            currentDirectory: directory)
    }

    @Test func commandNames() {
        #expect(completer().complete("hel") == Completion(insertion: "p "))
        #expect(completer().complete("h") == Completion(alternatives: ["help", "history"]))
        #expect(completer().complete("his") == Completion(insertion: "tory "))
        #expect(completer().complete("zz") == Completion())
    }

    @Test func theRegistryKnowsWhenEachCommandCanBeTyped() {
        let command = { (name: String, aliases: [String]) in
            ShellCommand(name: name, aliases: aliases, summary: "") { _, _ in .readNext }
        }
        let registry = CommandRegistry(groups: [
            (.always, [command("help", ["?"])]), (.inLessons, [command("start", [])]),
            (.forWorkshops, [command("hand", [])])
        ])
        #expect(registry.commands.map(\.name) == ["help", "start", "hand"], "help lists the groups in order")
        #expect(registry.availability(of: "?") == .always)
        #expect(registry.availability(of: "start") == .inLessons)
        #expect(registry.availability(of: "hand") == .forWorkshops)
        #expect(registry.availability(of: "run") == nil)
    }

    @Test func lessonAndStepIDs() {
        #expect(completer().complete("start en") == Completion(insertion: "ums "))
        // Lessons and steps are listed in course order, as the learner meets them.
        #expect(completer().complete("goto s") == Completion(alternatives: ["strings", "segue-handler"]))
        #expect(completer().complete("goto ") == Completion(alternatives: ["strings", "enums", "segue-handler"]))
        #expect(completer().complete("goto enu") == Completion(insertion: "ms/"))
        #expect(completer().complete("goto enums/i") == Completion(insertion: "n"))
        #expect(completer().complete("goto enums/in") == Completion(alternatives: ["enums/intro", "enums/init-raw"]))
        #expect(completer().complete("goto enums/s") == Completion(insertion: "witch "))
    }

    @Test func commandNamesAsArguments() {
        #expect(completer().complete("help go") == Completion(insertion: "to "))
        #expect(completer().complete("help h") == Completion(alternatives: ["help", "history"]))
    }

    @Test func filePaths() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("completer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("Lessons"), withIntermediateDirectories: true)
        try Data().write(to: directory.appendingPathComponent("Main.swift"))
        try Data().write(to: directory.appendingPathComponent("Main.storyboard"))
        try Data().write(to: directory.appendingPathComponent("Lessons/one.swift"))
        defer { try? FileManager.default.removeItem(at: directory) }
        let c = completer(directory: directory.path)
        #expect(c.complete("run Ma") == Completion(insertion: "in.s"))
        #expect(c.complete("run Main.s") == Completion(alternatives: ["Main.storyboard", "Main.swift"]))
        #expect(c.complete("run Le") == Completion(insertion: "ssons/"))
        #expect(c.complete("run Lessons/") == Completion(insertion: "one.swift "))
        #expect(c.complete("run \(directory.path)/Lessons/o") == Completion(insertion: "ne.swift "))
    }

    /// A shared command's usage, help and completion come from its one declaration.
    @Test func sharedCommandsAreReadFromTheirDeclaration() {
        let storyboard = ShellCommand(StoryboardCommand.self) { _, _ in .readNext }
        #expect(storyboard.usage == "storyboard FILE [OPTIONS]")
        #expect(storyboard.summary == StoryboardCommand.configuration.abstract)
        #expect(storyboard.help?(80).contains("--check-source") == true)
        let c = Completer(registry: CommandRegistry([storyboard]), currentDirectory: "/")
        #expect(c.complete("storyboard /et").insertion == "c/")
        #expect(ArgumentShape(RunCommand.self).usage(name: "run") == "run [FILES …] [OPTIONS]")
        #expect(ArgumentShape(LessonsCommand.self).usage(name: "lessons") == "lessons")
        // Tab: the files a positional argument declares, else the options' names.
        #expect(ArgumentShape(RunCommand.self).completion == [.file])
        #expect(ArgumentShape(LessonsCommand.self).completion == [])
        #expect(ArgumentShape(ProgressCommand.self).completion == [.word(["--json", "--csv", "--learner"])])
        let progress = ShellCommand(ProgressCommand.self) { _, _ in .readNext }
        #expect(
            Completer(registry: CommandRegistry([progress])).complete("progress --c") == Completion(insertion: "sv "))
    }

    /// A shell-only command is declared the same way: its usage, aliases, summary, what Tab
    /// completes and what it refuses all come from its declaration.
    @Test func shellCommandsAreReadFromTheirDeclaration() throws {
        let goto = ShellCommand(GotoCommand.self) { _, _ in .readNext }
        #expect(goto.usage == "goto LESSON[/STEP]")
        #expect(goto.arguments == [.lessonStep])
        #expect(goto.help == nil, "a shell-only command's help is its usage, summary and details")
        #expect(ShellCommand(StartCommand.self) { _, _ in .readNext }.arguments == [.lesson])
        #expect(ShellCommand(RestartCommand.self) { _, _ in .readNext }.arguments == [.lesson])
        #expect(ShellCommand(HelpCommand.self) { _, _ in .readNext }.arguments == [.commandName])
        #expect(ShellCommand(SolutionCommand.self) { _, _ in .readNext }.arguments == [.word(["yes"])])
        let step = ShellCommand(StepCommand.self) { _, _ in .readNext }
        #expect(step.aliases == ["where"] && step.summary == "Show the current step again.")
        #expect(ShellCommand(NextCommand.self) { _, _ in .readNext }.usage == "next")
        let c = Completer(
            registry: CommandRegistry([goto, ShellCommand(SolutionCommand.self) { _, _ in .readNext }]),
            lessonIDs: { ["enums"] }, stepIDs: { _ in ["intro"] })
        #expect(c.complete("goto enums/") == Completion(insertion: "intro "))
        #expect(c.complete("solution y") == Completion(insertion: "es "))
        // Stray words are refused by kind; text and code are taken whole, options and all.
        #expect(ArgumentShape(NextCommand.self).check(["now"]).problem == .unexpected(["now"]))
        #expect(ArgumentShape(HintCommand.self).check(["--all"]).problem == .unknownOption("--all", suggestion: nil))
        #expect(ArgumentShape(AnswerCommand.self).check(["-1", "--x", "b"]).problem == nil)
        #expect(ArgumentShape(SwiftCommand.self).check(["let", "x", "=", "-1"]).problem == nil)
        #expect(ArgumentShape(HistoryCommand.self).check(["-3"]).problem == nil)
        #expect(try HistoryCommand.parse(["-3"]).count == nil)
        #expect(try HistoryCommand.parse(["7"]).count == 7)
        #expect(try HistoryCommand.parse([]).count == 20)
        #expect(try AnswerCommand.parse(["-1", "--x"]).text == ["-1", "--x"])
        #expect(try JoinCommand.parse(["http://h/join/C", "Ada", "Lovelace"]).name == ["Ada", "Lovelace"])
    }

    /// Argument errors are found from the declaration's shape, by kind, and worded from the
    /// catalog: English as ArgumentParser says it, French from fr.yaml.
    @Test func argumentErrorsAreKnownByKind() {
        let storyboard = ArgumentShape(StoryboardCommand.self)
        #expect(storyboard.check([]).problem == .missing(argument: "<file>"))
        #expect(storyboard.check(["a", "--formt", "dot"]).problem == .unknownOption("--formt", suggestion: "--format"))
        #expect(storyboard.check(["a", "--zzz"]).problem == .unknownOption("--zzz", suggestion: nil))
        #expect(storyboard.check(["a", "b", "c"]).problem == .unexpected(["b", "c"]))
        #expect(storyboard.check(["a", "--format"]).problem == .missingValue(option: "--format <format>"))
        let accepted = ["a", "--format=dot", "--enums", "--check-source", "x.swift", "--help"]
        #expect(storyboard.check(accepted).problem == nil)
        let run = ArgumentShape(RunCommand.self)
        #expect(run.check(["-O", "--no-trace", "a.swift", "b.swift"]).problem == nil)
        #expect(run.check(["--timeout", "3"]).problem == .unknownOption("--timeout", suggestion: nil))
        let values = storyboard.check(["a", "--depth", "x"]).values
        #expect(
            storyboard.invalidValue(among: values, of: StoryboardCommand.self)
                == .invalidValue("x", option: "--depth <depth>"))
        // A value `validate()` refuses keeps the declaration's own message.
        let format = storyboard.check(["a", "--format", "png"]).values
        #expect(storyboard.invalidValue(among: format, of: StoryboardCommand.self) == nil)
        #expect(
            ArgumentShape.Problem.invalidValue("x", option: "--depth <depth>").text(.english)
                == "The value 'x' is invalid for '--depth <depth>'")
        #expect(
            ArgumentShape.Problem.unexpected(["b", "c"]).text(Catalog(language: "fr"))
                == "2 arguments en trop\u{00A0}: 'b', 'c'")
    }

    @Test func columnsLayout() {
        #expect(Columns.layout(["a", "bb", "ccc"], width: 10) == "a    bb\nccc")
    }

    @Test func historyFileEscapesAreUndone() {
        #expect(HistoryReader.unvis(#"help\040me"#) == "help me")
        #expect(HistoryReader.unvis(#"class\040A\040{\012}"#) == "class A {\n}")
        #expect(HistoryReader.unvis(#"a\\b"#) == #"a\b"#)
    }

    @Test func colourFollowsTerminalAndNoColor() {
        #expect(ColorChoice.auto.isEnabled(environment: [:], stdoutIsTerminal: true))
        #expect(!ColorChoice.auto.isEnabled(environment: ["NO_COLOR": "1"], stdoutIsTerminal: true))
        #expect(!ColorChoice.auto.isEnabled(environment: [:], stdoutIsTerminal: false))
        #expect(!ColorChoice.never.isEnabled(environment: [:], stdoutIsTerminal: true))
    }

    @Test func xdgDirectories() {
        let dirs = XDGDirectories(environment: ["HOME": "/home/l", "XDG_STATE_HOME": "relative/ignored"])
        #expect(dirs.seguelabState == "/home/l/.local/state/seguelab")
        #expect(dirs.cacheHome == "/home/l/.cache")
        #expect(XDGDirectories(environment: ["HOME": "/h", "XDG_STATE_HOME": "/s"]).seguelabState == "/s/seguelab")
        #expect(
            XDGDirectories(environment: ["HOME": "/h", "XDG_DATA_HOME": ""]).seguelabData == "/h/.local/share/seguelab")
    }

    @Test func everyPartOfSeguelabKeepsItsFilesInTheSameDirectories() {
        for environment in [
            ["HOME": "/h"], ["HOME": "/h", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/c", "XDG_DATA_HOME": "/d"]
        ] {
            let dirs = XDGDirectories(environment: environment)
            #expect(ProgressStore.defaultDirectory(environment: environment).path == dirs.seguelabState + "/progress")
            let packs = PackLocation.Context(environment: environment)
            #expect(packs.installedPacks.path == dirs.seguelabData + "/packs")
            #expect(packs.extractedArchives.path == dirs.seguelabCache + "/packs")
            #expect(SegueKitCache.defaultCacheRoot(environment: environment).path == dirs.seguelabCache)
        }
    }
}
