import Foundation
import LessonKit

/// Temporary folders removed when the test ends.
final class TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lessonkit-tests-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes files given as relative path → text; returns the folder.
    @discardableResult
    func write(_ files: [String: String], under folder: String = "") throws -> URL {
        let base = folder.isEmpty ? url : url.appendingPathComponent(folder, isDirectory: true)
        for (path, text) in files {
            let file = base.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
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

    struct FixtureError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// A controllable clock for sessions.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(_ seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }

    var function: @Sendable () -> Date { { [self] in self.now } }
}
