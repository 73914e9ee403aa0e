import Foundation
import LessonKit

/// A `CodeRunner` for tests: answers each program with an outcome computed by a script from
/// the program's learner code, and records every program it was given.
final class ScriptedRunner: CodeRunner, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [LessonProgram] = []
    private let script: @Sendable (LessonProgram) throws -> ProgramOutcome

    init(_ script: @escaping @Sendable (LessonProgram) throws -> ProgramOutcome) {
        self.script = script
    }

    /// A runner that always answers the same outcome.
    convenience init(always outcome: ProgramOutcome) {
        self.init { _ in outcome }
    }

    var programs: [LessonProgram] {
        lock.lock(); defer { lock.unlock() }
        return received
    }

    func run(_ program: LessonProgram) async throws -> ProgramOutcome {
        lock.withLock { received.append(program) }
        return try script(program)
    }
}

extension LessonProgram {
    /// The learner's (or example's) part of `main.swift`.
    var learnerCode: String {
        guard let main = sources.first(where: { $0.name == "main.swift" }),
              let segment = segments.first(where: { !$0.hidden }) else { return "" }
        let lines = main.text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines[(segment.firstLine - 1)..<(segment.firstLine - 1 + segment.lineCount)].joined(separator: "\n")
    }
}

extension ProgramOutcome {
    static func ran(_ stdout: String = "", status: Int32 = 0, trace: [NavigationEvent] = [], endState: EndState? = nil) -> ProgramOutcome {
        ProgramOutcome(compiled: true, termination: .exited(status), stdout: stdout, trace: trace, endState: endState)
    }

    static func rejected(_ message: String, file: String = "main.swift", line: Int = 1, column: Int = 1) -> ProgramOutcome {
        ProgramOutcome(compiled: false, diagnostics: [CompilerDiagnostic(file: file, line: line, column: column, severity: .error, message: message)])
    }
}

/// Temporary folders removed when the test ends.
final class TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("lessonkit-tests-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes files given as relative path → text; returns the folder.
    @discardableResult
    func write(_ files: [String: String], under folder: String = "") throws -> URL {
        let base = folder.isEmpty ? url : url.appendingPathComponent(folder, isDirectory: true)
        for (path, text) in files {
            let file = base.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return base
    }
}

enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    static var samplePack: URL { root.appendingPathComponent("sample-pack", isDirectory: true) }

    /// The sample pack, loaded; fails the test on diagnostics errors.
    static func loadSamplePack() throws -> Pack {
        let result = PackLoader.load(from: samplePack)
        guard let pack = result.pack else {
            throw FixtureError(message: result.diagnostics.map(\.description).joined(separator: "\n"))
        }
        return pack
    }

    struct FixtureError: Error, CustomStringConvertible { var message: String; var description: String { message } }
}

/// A controllable clock for sessions.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date { lock.lock(); defer { lock.unlock() }; return current }

    func advance(_ seconds: TimeInterval) { lock.lock(); current += seconds; lock.unlock() }

    var function: @Sendable () -> Date { { [self] in self.now } }
}
