import Foundation
@testable import SegueKit

/// The fixture storyboards next to this file's folder.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name + ".storyboard")
    }

    static func document(_ name: String) throws -> StoryboardDocument {
        try StoryboardDocument.load(contentsOf: url(name))
    }

    /// A storyboard whose custom classes resolve to the classes in this test module.
    @MainActor
    static func storyboard(_ name: String) throws -> UIStoryboard {
        SegueRuntime.noteModule(named: "SegueKitTests")
        CallLog.entries.removeAll()
        SegueTrace.reset()
        return UIStoryboard(document: try document(name))
    }
}

/// What the fixture controllers were asked to do, in order.
@MainActor
enum CallLog {
    static var entries: [String] = []
    static func add(_ entry: String) { entries.append(entry) }
}
