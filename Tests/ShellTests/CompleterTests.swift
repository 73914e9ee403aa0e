import Foundation
import Testing
import XDGDirectories
import LessonKit
import Playground
@testable import Shell

@Suite struct CompleterTests {
    let registry = CommandRegistry([
        ShellCommand(name: "help", summary: "", arguments: [.commandName]) { _, _ in .continueSession },
        ShellCommand(name: "history", summary: "") { _, _ in .continueSession },
        ShellCommand(name: "goto", summary: "", arguments: [.lessonStep]) { _, _ in .continueSession },
        ShellCommand(name: "start", summary: "", arguments: [.lesson]) { _, _ in .continueSession },
        ShellCommand(name: "run", summary: "", arguments: [.file]) { _, _ in .continueSession },
    ])

    func completer(directory: String = "/") -> Completer {
        Completer(registry: registry,
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
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Lessons"), withIntermediateDirectories: true)
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
        let storyboard = ShellCommand(StoryboardCommand.self) { _, _ in .continueSession }
        #expect(storyboard.usage == "storyboard FILE [OPTIONS]")
        #expect(storyboard.summary == StoryboardCommand.configuration.abstract)
        #expect(storyboard.help?(80).contains("--check-source") == true)
        let c = Completer(registry: CommandRegistry([storyboard]), currentDirectory: "/")
        #expect(c.complete("storyboard /et").insertion == "c/")
        #expect(ShellCommand.shortUsage(name: "run", of: "run [<files> ...] [--no-trace] [-O]") == "run [FILES …] [OPTIONS]")
        #expect(ShellCommand.shortUsage(name: "lessons", of: "lessons") == "lessons")
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
        #expect(XDGDirectories(environment: ["HOME": "/h", "XDG_DATA_HOME": ""]).seguelabData == "/h/.local/share/seguelab")
    }

    @Test func everyPartOfSeguelabKeepsItsFilesInTheSameDirectories() {
        for environment in [["HOME": "/h"], ["HOME": "/h", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/c", "XDG_DATA_HOME": "/d"]] {
            let dirs = XDGDirectories(environment: environment)
            #expect(ProgressStore.defaultDirectory(environment: environment).path == dirs.seguelabState + "/progress")
            let packs = PackLocation.Context(environment: environment)
            #expect(packs.installedPacks.path == dirs.seguelabData + "/packs")
            #expect(packs.extractedArchives.path == dirs.seguelabCache + "/packs")
            #expect(SegueKitCache.defaultCacheRoot(environment: environment).path == dirs.seguelabCache)
        }
    }
}
