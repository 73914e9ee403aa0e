import Foundation
import Testing
@testable import Playground

@Suite("SegueKit build cache")
struct CacheTests {
    @Test func reusesTheBuildAndRebuildsWhenSourcesChange() async throws {
        let root = try Fixture.temporaryDirectory("cache")
        let sources = root.appendingPathComponent("SegueKit")
        try Fixture.writeSegueKit(to: sources)
        let configuration = Playground.Configuration(segueKitSources: sources, cacheRoot: root.appendingPathComponent("cache"))
        let messages = Messages()

        let first = try Playground(configuration: configuration) { messages.append($0) }
        #expect(try await first.prepare())
        #expect(messages.count == 1)  // the progress line, once

        // A second playground (another shell, a later launch) finds the build.
        let second = try Playground(configuration: configuration) { messages.append($0) }
        #expect(try await second.prepare() == false)
        #expect(messages.count == 1)

        // A change in SegueKit's sources makes a new build that has the change.
        try Data("public func addedLater() -> String { \"new\" }\n".utf8)
            .write(to: sources.appendingPathComponent("Added.swift"))
        let third = try Playground(configuration: configuration) { messages.append($0) }
        #expect(try await third.prepare())
        #expect(messages.count == 2)
        let result = try await third.run(RunRequest(sources: [SourceFile(name: "A.swift", text: "import SegueKit\nprint(addedLater())\n")]))
        #expect(result.stdout == "new\n")
    }

    @Test func concurrentRunsOnOnePlaygroundShareOneBuild() async throws {
        let root = try Fixture.temporaryDirectory("shared-build")
        let sources = root.appendingPathComponent("SegueKit")
        try Fixture.writeSegueKit(to: sources)
        let messages = Messages()
        let playground = try Playground(configuration: .init(segueKitSources: sources, cacheRoot: root.appendingPathComponent("cache"))) {
            messages.append($0)
        }
        let request = RunRequest(sources: [SourceFile(name: "A.swift", text: "print(1)\n")])
        async let first = playground.run(request)
        async let second = playground.run(request)
        let (a, b) = try await (first, second)
        #expect(a.stdout == "1\n" && b.stdout == "1\n")
        #expect(messages.count == 1)
    }

    @Test func twoPlaygroundsBuildingAtOnceBothSucceed() async throws {
        let root = try Fixture.temporaryDirectory("race")
        let sources = root.appendingPathComponent("SegueKit")
        try Fixture.writeSegueKit(to: sources)
        let configuration = Playground.Configuration(segueKitSources: sources, cacheRoot: root.appendingPathComponent("cache"))
        async let a = Playground(configuration: configuration).segueKitBuildDirectory()
        async let b = Playground(configuration: configuration).segueKitBuildDirectory()
        let (first, second) = try await (a, b)
        #expect(first == second)
        let entries = try FileManager.default.contentsOfDirectory(atPath: first.deletingLastPathComponent().path)
        #expect(entries == [first.lastPathComponent])  // no staging directories left behind
    }
}

final class Messages: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var count: Int { lock.withLock { lines.count } }
}
