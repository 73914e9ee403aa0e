import Foundation
import Testing

@testable import Playground

@Suite("SegueKit build cache")
struct CacheTests {
    @Test func reusesTheBuildAndRebuildsWhenSourcesChange() async throws {
        let root = try Fixture.temporaryDirectory("cache")
        let sources = root.appendingPathComponent("SegueKit")
        try Fixture.writeSegueKit(to: sources)
        let configuration = Playground.Configuration(
            segueKitSources: sources, cacheRoot: root.appendingPathComponent("cache"))
        let messages = Messages()

        let first = try Playground(configuration: configuration) { messages.append($0) }
        #expect(try await first.prepare())
        #expect(messages.builds == 1)  // announced once

        // A second playground (another shell, a later launch) finds the build.
        let second = try Playground(configuration: configuration) { messages.append($0) }
        #expect(try await second.prepare() == false)
        #expect(messages.builds == 1)

        // A change in SegueKit's sources makes a new build that has the change.
        try Data("public func addedLater() -> String { \"new\" }\n".utf8)
            .write(to: sources.appendingPathComponent("Added.swift"))
        let third = try Playground(configuration: configuration) { messages.append($0) }
        #expect(try await third.prepare())
        #expect(messages.builds == 2)
        let result = try await third.run(
            RunRequest(sources: [SourceFile(name: "A.swift", text: "import SegueKit\nprint(addedLater())\n")]))
        #expect(result.stdout == "new\n")
    }

    @Test func concurrentRunsOnOnePlaygroundShareOneBuild() async throws {
        let root = try Fixture.temporaryDirectory("shared-build")
        let sources = root.appendingPathComponent("SegueKit")
        try Fixture.writeSegueKit(to: sources)
        let messages = Messages()
        let playground = try Playground(
            configuration: .init(segueKitSources: sources, cacheRoot: root.appendingPathComponent("cache"))
        ) {
            messages.append($0)
        }
        let request = RunRequest(sources: [SourceFile(name: "A.swift", text: "print(1)\n")])
        async let first = playground.run(request)
        async let second = playground.run(request)
        let (a, b) = try await (first, second)
        #expect(a.stdout == "1\n" && b.stdout == "1\n")
        #expect(messages.builds == 1)
    }

    @Test func twoPlaygroundsBuildingAtOnceBothSucceed() async throws {
        let root = try Fixture.temporaryDirectory("race")
        let sources = root.appendingPathComponent("SegueKit")
        try Fixture.writeSegueKit(to: sources)
        let configuration = Playground.Configuration(
            segueKitSources: sources, cacheRoot: root.appendingPathComponent("cache"))
        async let a = Playground(configuration: configuration).segueKitBuildDirectory()
        async let b = Playground(configuration: configuration).segueKitBuildDirectory()
        let (first, second) = try await (a, b)
        #expect(first == second)
        let entries = try FileManager.default.contentsOfDirectory(atPath: first.deletingLastPathComponent().path)
        // No staging directories left behind; the last build's duration is kept for the next estimate.
        #expect(entries.sorted() == [first.lastPathComponent, "last-build-seconds"].sorted())
    }

    /// Whatever changed the cache after it was built (a truncated library, a rewritten one),
    /// the next playground notices and builds again instead of failing or running it.
    @Test func aDamagedBuildIsRebuilt() async throws {
        let root = try Fixture.temporaryDirectory("damaged")
        let sources = root.appendingPathComponent("SegueKit")
        try Fixture.writeSegueKit(to: sources)
        let configuration = Playground.Configuration(
            segueKitSources: sources, cacheRoot: root.appendingPathComponent("cache"))
        let build = try await Playground(configuration: configuration).segueKitBuildDirectory()
        let library = build.appendingPathComponent("libSegueKit.so")
        let handle = try FileHandle(forWritingTo: library)
        try handle.truncate(atOffset: 100)
        try handle.close()

        let messages = Messages()
        let playground = try Playground(configuration: configuration) { messages.append($0) }
        let result = try await playground.run(RunRequest(sources: [SourceFile(name: "A.swift", text: "print(1)\n")]))
        #expect(result.stdout == "1\n")
        #expect(messages.reportedDamage, "the rebuild of a damaged cache is announced")
    }

    /// The record of what swiftc said is only a cache: one naming another program as the
    /// compiler's frontend or linker is ignored, and swiftc is asked again.
    @Test func aToolchainRecordNamingAnotherProgramIsNotTrusted() async throws {
        let root = try Fixture.temporaryDirectory("toolchain-record")
        let swiftc = try Toolchain.locateSwiftc()
        let honest = try await Toolchain.discover(swiftc: swiftc, cacheRoot: root)
        let records = root.appendingPathComponent("toolchains")
        let record = try #require(
            FileManager.default.contentsOfDirectory(at: records, includingPropertiesForKeys: nil).first)
        var forged = honest
        forged.frontend = "/tmp/not-the-compiler"
        forged.clang = "/tmp/not-the-linker"
        try JSONEncoder().encode(forged).write(to: record)
        let rediscovered = try await Toolchain.discover(swiftc: swiftc, cacheRoot: root)
        #expect(rediscovered == honest)
    }
}

final class Messages: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [BuildProgress] = []
    func append(_ event: BuildProgress) { lock.withLock { events.append(event) } }
    /// How many builds were announced (each build also reports its time so far and its end).
    var builds: Int {
        lock.withLock { events.filter { if case .started = $0 { true } else { false } }.count }
    }
    var reportedDamage: Bool {
        lock.withLock { events.contains { if case .damaged = $0 { true } else { false } } }
    }
}
