import Foundation
import LessonKit
import TestSupport
import Testing

/// `seguelab workspace` and `seguelab watch` on the built-in course, run as the built binary: the
/// exercise files and the shell's drafts are one text, and `watch` judges a file when it is saved.
@Suite(.serialized)
struct WorkspaceTests {
    static let lessons = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Lessons")

    static func run(_ arguments: [String], input: String = "", home: URL) throws -> SeguelabBinary.Result {
        try SeguelabBinary.runPiped(
            input, arguments: arguments + ["--pack", lessons.path], home: home,
            extra: ["XDG_CACHE_HOME": SeguelabBinary.sharedCache.path])
    }

    struct Manifest: Decodable {
        struct Entry: Decodable {
            var path: String
            var lesson: String
            var step: String
        }
        var entries: [Entry]
    }

    static func manifest(_ workspace: URL) throws -> Manifest {
        try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: workspace.appendingPathComponent(".seguelab/workspace.json")))
    }

    static func step(_ entry: Manifest.Entry) throws -> Step {
        let pack = try #require(PackLoader.load(from: lessons).usablePack)
        return try #require(pack.lesson(id: entry.lesson)?.step(id: entry.step))
    }

    /// The file's text with `code` below its header, as an editor would save it.
    static func replacingCode(of file: URL, with code: String) throws -> String {
        let text = try String(contentsOf: file, encoding: .utf8)
        let end = try #require(text.range(of: ExerciseWorkspace.headerEnd + "\n"))
        return String(text[..<end.upperBound]) + code
    }

    /// Saved the way vim and VS Code often do: a new file renamed over the old one.
    static func saveAtomically(_ text: String, to file: URL) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).swp")
        try Data(text.utf8).write(to: temporary)
        #expect(rename(temporary.path, file.path) == 0)
    }

    @Test func exerciseFilesHoldTheDraftsAndTheShellJudgesWhatIsSavedThere() throws {
        let home = try SeguelabBinary.makeHome()
        let workspace = home.appendingPathComponent("exercises")
        let made = try Self.run(["workspace", workspace.path], home: home)
        #expect(made.status == 0, "\(made.stderr)")
        let manifest = try Self.manifest(workspace)
        #expect(manifest.entries.count > 20)
        for entry in manifest.entries {
            let text = try String(contentsOf: workspace.appendingPathComponent(entry.path), encoding: .utf8)
            #expect(text.contains(ExerciseWorkspace.headerEnd), "\(entry.path) has no header")
            #expect(entry.path.hasPrefix(entry.lesson + "/") && entry.path.hasSuffix("-\(entry.step).swift"))
        }
        let support = try FileManager.default.contentsOfDirectory(
            atPath: workspace.appendingPathComponent("support").path)
        #expect(support.contains("Bookshop.swift"))
        let attributes = try FileManager.default.attributesOfItem(
            atPath: workspace.appendingPathComponent("support/Bookshop.swift").path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o222 } == 0, "support code is read-only")
        #expect(
            FileManager.default.fileExists(
                atPath: workspace.appendingPathComponent("storyboards/Bookshop.storyboard").path))

        // The first file holds the starter under the step's question.
        let first = manifest.entries[0]
        let step = try Self.step(first)
        let file = workspace.appendingPathComponent(first.path)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("// "))
        #expect(text.contains(step.title))
        #expect(ExerciseWorkspace.code(inFile: text).code == step.code(.starter))

        // Wrong, saved in the file: the shell's `check` judges the file's code.
        try Self.saveAtomically(Self.replacingCode(of: file, with: "let broken: Int = \"text\"\n"), to: file)
        let wrong = try Self.run(["--no-color"], input: "goto \(first.lesson)/\(first.step)\ncheck\n", home: home)
        #expect(wrong.stdout.contains("Your draft is now the code you saved in \(file.path)"), "\(wrong.stdout)")
        #expect(wrong.stdout.contains("✘ Not yet"), "\(wrong.stdout)")
        #expect(
            wrong.stdout.contains("cannot convert value of type 'String' to specified type 'Int'"), "\(wrong.stdout)")

        // Right, written in place.
        let solution = try #require(step.code(.solution))
        try Data(Self.replacingCode(of: file, with: solution).utf8).write(to: file)
        let right = try Self.run(["--no-color"], input: "goto \(first.lesson)/\(first.step)\ncheck\n", home: home)
        #expect(right.stdout.contains("✔ Correct."), "\(right.stdout)")

        // `edit` in the shell changes the file.
        let second = manifest.entries[1]
        let edited = "// edited in the shell\nprint(\"edited\")"
        let edit = try Self.run(
            ["--no-color"], input: "goto \(second.lesson)/\(second.step)\nedit\n\(edited)\n.\n", home: home)
        #expect(edit.status == 0, "\(edit.stdout)\(edit.stderr)")
        let secondText = try String(contentsOf: workspace.appendingPathComponent(second.path), encoding: .utf8)
        #expect(ExerciseWorkspace.code(inFile: secondText).code == edited)

        // Written again, the workspace keeps every draft; progress is the shell's.
        #expect(try Self.run(["workspace", workspace.path], home: home).status == 0)
        #expect(ExerciseWorkspace.code(inFile: try String(contentsOf: file, encoding: .utf8)).code == solution)
        let progress = try Self.run(["progress"], home: home)
        #expect(progress.stdout.contains("Done: "), "\(progress.stdout)")
        #expect(!progress.stdout.contains("Done: 0 "), "\(progress.stdout)")
    }

    @Test func watchChecksEachSavedFileAndNamesTheNextOne() throws {
        let home = try SeguelabBinary.makeHome()
        let workspace = home.appendingPathComponent("exercises")
        #expect(try Self.run(["workspace", workspace.path], home: home).status == 0)
        let manifest = try Self.manifest(workspace)
        let first = manifest.entries[0]
        let file = workspace.appendingPathComponent(first.path)
        let step = try Self.step(first)

        let watch = try WatchedProcess(
            arguments: ["watch", workspace.path, "--no-color", "--time-limit", "2"], home: home)
        defer { watch.stop() }
        try watch.waitFor("Watching \(workspace.path)")
        try watch.waitFor("Next: \(file.path)")

        // A compile error is placed at the file's own line and column.
        let wrong = try Self.replacingCode(of: file, with: "import UIKit\nlet broken: Int = \"text\"\n")
        let line =
            wrong.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("let broken") }! + 1
        try Self.saveAtomically(wrong, to: file)
        try watch.waitFor("\(file.path):\(line):19: error: cannot convert value of type 'String'")
        try watch.waitFor("✘ Not yet")

        // A crash is contained: the watch goes on.
        let solution = try #require(step.code(.solution))
        try Data(Self.replacingCode(of: file, with: solution + "\nlet none: Int? = nil\nprint(none!)\n").utf8).write(
            to: file)
        try watch.waitFor("✘ Not yet")
        try watch.waitFor("Unexpectedly found nil")

        // So is a hang, stopped at the time limit given to `watch` (as the shell's LIMITS).
        try Data(Self.replacingCode(of: file, with: solution + "\nwhile true {}\n").utf8).write(to: file)
        try watch.waitFor("✘ Not yet")
        try watch.waitFor("longer than its time limit of 2")

        try Data(Self.replacingCode(of: file, with: solution).utf8).write(to: file)
        try watch.waitFor("✔ Correct.")
        let second = workspace.appendingPathComponent(manifest.entries[1].path)
        try watch.waitFor("Next: \(second.path)")

        // Ctrl-C leaves; the shell shows the progress made.
        kill(watch.process.processIdentifier, SIGINT)
        watch.process.waitUntilExit()
        #expect(watch.process.terminationStatus == 0)
        #expect(watch.output.contains("Stopped watching"))
        let shell = try Self.run(["--no-color"], input: "step\n", home: home)
        #expect(shell.stdout.contains("[\(step.kind.rawValue) · \(first.lesson)/\(first.step)] ✔"), "\(shell.stdout)")
    }
}

extension WorkspaceTests {
    @Test func aShellChecksTheCodeAnotherShellSavedWhileItWaited() throws {
        let home = try SeguelabBinary.makeHome()
        let workspace = home.appendingPathComponent("exercises")
        #expect(try Self.run(["workspace", workspace.path], home: home).status == 0)
        let entry = try Self.manifest(workspace).entries[0]
        let file = workspace.appendingPathComponent(entry.path)
        let place = ["--no-color", "--lesson", entry.lesson, "--step", entry.step]

        let first = try WatchedProcess(arguments: place + ["--pack", Self.lessons.path], home: home)
        defer { first.stop() }
        try first.waitFor("[exercise · \(entry.lesson)/\(entry.step)]")
        // Meanwhile a second shell edits the same draft.
        let code = try #require(try Self.step(entry).code(.solution)) + "\nprint(\"from the second shell\")"
        let second = try Self.run(place, input: "edit\n\(code)\n.\n", home: home)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(ExerciseWorkspace.code(inFile: try String(contentsOf: file, encoding: .utf8)).code == code)

        // The first shell judges that code, and leaves the file as it is.
        try first.send("check\n")
        try first.waitFor("from the second shell")
        try first.waitFor("✔ Correct.")
        try first.send("quit\n")
        first.process.waitUntilExit()
        #expect(ExerciseWorkspace.code(inFile: try String(contentsOf: file, encoding: .utf8)).code == code)
    }
}

/// The binary running in the background, its output read as it comes.
final class WatchedProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var text = ""

    var output: String { lock.withLock { text } }

    private let input = Pipe()

    /// Lines typed to the program (its standard input stays open until `stop`).
    func send(_ text: String) throws { try input.fileHandleForWriting.write(contentsOf: Data(text.utf8)) }

    init(arguments: [String], home: URL) throws {
        process.executableURL = URL(fileURLWithPath: SeguelabBinary.path)
        process.arguments = arguments
        process.environment = SeguelabBinary.environment(
            home: home, extra: ["XDG_CACHE_HOME": SeguelabBinary.sharedCache.path])
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = input
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.text += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    /// Waits until the output after what earlier waits matched holds `expected`.
    func waitFor(_ expected: String, timeout: TimeInterval = 120) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let unread = output.dropFirst(matched)
            if let range = unread.range(of: expected) {
                matched += unread.distance(from: unread.startIndex, to: range.upperBound)
                return
            }
            guard Date() < deadline, process.isRunning else {
                Issue.record("never printed \(expected); the output was:\n\(output)")
                throw CancellationError()
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }
    private var matched = 0

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
