import Foundation
import Testing

@testable import Playground

/// A small stand-in for SegueKit: enough UIKit surface for the tests, compiled in seconds, so the
/// suite does not depend on (or wait for) the full module. Written to a temporary directory.
enum Fixture {
    static let segueKit = """
        import Foundation

        @preconcurrency @MainActor
        open class UIViewController {
            public init() {}
            open var title: String? = nil
        }

        public final class UIStoryboardSegue {
            public let identifier: String?
            public init(identifier: String?) { self.identifier = identifier }
        }

        /// Unwind actions registered by name, filled lazily through the exported hook.
        public enum UnwindActionRegistry {
            nonisolated(unsafe) static var actions: [String: (UIViewController, UIStoryboardSegue) -> Void] = [:]

            public static func register<T: UIViewController>(_ type: T.Type, _ selector: String,
                                                            _ action: @escaping (T, UIStoryboardSegue) -> Void) {
                actions[selector] = { action($0 as! T, $1) }
            }

            public static func perform(_ selector: String, on controller: UIViewController) -> Bool {
                loadRegistrations()
                guard let action = actions[selector] else { return false }
                action(controller, UIStoryboardSegue(identifier: nil))
                return true
            }
        }

        /// Outlets by property name, filled through the same hook.
        public enum OutletRegistry {
            nonisolated(unsafe) static var outlets: [String: (AnyObject, AnyObject) -> Void] = [:]
            nonisolated(unsafe) static var collections: [String: (AnyObject, [AnyObject]) -> Void] = [:]

            public static func register<T: AnyObject>(_ type: T.Type, _ property: String, _ connect: @escaping (T, AnyObject) -> Void) {
                outlets[property] = { connect($0 as! T, $1) }
            }
            public static func registerCollection<T: AnyObject>(_ type: T.Type, _ property: String, _ connect: @escaping (T, [AnyObject]) -> Void) {
                collections[property] = { connect($0 as! T, $1) }
            }
            public static func connect(_ property: String, on owner: AnyObject, to object: AnyObject) -> Bool {
                loadRegistrations()
                guard let outlet = outlets[property] else { return false }
                outlet(owner, object)
                return true
            }
            public static func connect(_ property: String, on owner: AnyObject, to objects: [AnyObject]) -> Bool {
                loadRegistrations()
                guard let collection = collections[property] else { return false }
                collection(owner, objects)
                return true
            }
        }

        /// Control actions by selector, filled through the same hook.
        public enum ActionRegistry {
            nonisolated(unsafe) static var actions: [String: (AnyObject, Any) -> Void] = [:]

            public static func register<T: AnyObject>(_ type: T.Type, _ selector: String, _ perform: @escaping (T, Any) -> Void) {
                actions[selector] = { perform($0 as! T, $1) }
            }
            public static func perform(_ selector: String, on owner: AnyObject, sender: Any) -> Bool {
                loadRegistrations()
                guard let action = actions[selector] else { return false }
                action(owner, sender)
                return true
            }
        }

        nonisolated(unsafe) var registrationsLoaded = false

        func loadRegistrations() {
            guard !registrationsLoaded else { return }
            registrationsLoaded = true
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "seguekit_register_actions") {
                unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)()
            }
        }

        public func recordTrace(_ event: String) {
            guard let path = ProcessInfo.processInfo.environment["SEGUEKIT_TRACE_FILE"] else { return }
            if !FileManager.default.fileExists(atPath: path) { FileManager.default.createFile(atPath: path, contents: nil) }
            let handle = FileHandle(forWritingAtPath: path)!
            handle.seekToEndOfFile()
            handle.write(Data("{\\"event\\":\\"\\(event)\\"}\\n".utf8))
            handle.closeFile()
        }

        """

    static func temporaryDirectory(_ name: String = "test") throws -> URL {
        _ = sweptOnce
        let url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("seguelab-tests-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Directories of earlier test runs whose process has ended (names carry the pid).
    static let sweptOnce: Void = {
        let base = NSTemporaryDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        where name.hasPrefix("seguelab-tests-") {
            let parts = name.split(separator: "-")
            guard parts.count >= 5, let pid = pid_t(parts[parts.count - 2]), pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(atPath: (base as NSString).appendingPathComponent(name))
        }
    }()

    static func writeSegueKit(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(segueKit.utf8).write(to: directory.appendingPathComponent("SegueKit.swift"))
    }

    /// One cache and one SegueKit build shared by the whole test run.
    static let shared: Task<Playground, Error> = Task {
        let root = try temporaryDirectory("shared")
        let sources = root.appendingPathComponent("SegueKit")
        try writeSegueKit(to: sources)
        let playground = try Playground(
            configuration: .init(segueKitSources: sources, cacheRoot: root.appendingPathComponent("cache")))
        try await playground.prepare()
        return playground
    }

    static func playground() async throws -> Playground { try await shared.value }

    static func run(
        _ text: String, name: String = "Exercise.swift", prelude: String? = nil,
        limits: Limits = .standard, environment: [String: String] = [:]
    ) async throws -> RunResult {
        var sources: [SourceFile] = []
        if let prelude { sources.append(SourceFile(name: "Prelude.swift", text: prelude, origin: .hidden)) }
        sources.append(SourceFile(name: name, text: text))
        return try await playground().run(RunRequest(sources: sources, limits: limits, environment: environment))
    }
}
