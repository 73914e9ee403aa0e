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

    /// Puts `controller` on screen as a window's root: UIKit presents only from a controller
    /// whose view is in a window.
    @MainActor @discardableResult
    static func show(_ controller: UIViewController) -> UIWindow {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        return window
    }
}

/// What the fixture controllers were asked to do, in order.
@MainActor
enum CallLog {
    static var entries: [String] = []
    static func add(_ entry: String) { entries.append(entry) }
}
