import Foundation
import Testing

@testable import Playground

/// Shared files (a pack's support code) are compiled once into objects of the program's module,
/// cached by their text, and linked into each program that uses them.
@Suite("Shared support objects")
struct SharedObjectTests {
    static func support(_ word: String) -> SourceFile {
        SourceFile(
            name: "Support.swift",
            text: """
                class Greeter {
                    func greet() -> String { "\(word)" }
                }
                func helper() -> String { "helper" }
                private func hidden() -> String { "hidden" }
                let greetings = [hidden()]

                """, origin: .hidden, shared: true)
    }

    /// The learner's code subclasses and overrides the support's internal class, as it could when
    /// all was one file set, and class names are those of the one module.
    static let program = SourceFile(
        name: "Exercise.swift",
        text: """
            class Loud: Greeter {
                override func greet() -> String { super.greet().uppercased() }
            }
            print(helper(), Loud().greet(), greetings, String(reflecting: Loud.self), String(reflecting: Greeter.self))

            """)

    /// The support build's `complete` record, and when it was written.
    static func builds(in cache: URL) throws -> [String: Date] {
        let folder = cache.appendingPathComponent("support")
        var found: [String: Date] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent("\(name)/complete").path)
            found[name] = attributes[.modificationDate] as? Date
        }
        return found
    }

    @Test func supportIsCompiledOnceAndAgainWhenItChanges() async throws {
        let root = try Fixture.temporaryDirectory("shared-objects")
        let sources = root.appendingPathComponent("SegueKit")
        try Fixture.writeSegueKit(to: sources)
        let cache = root.appendingPathComponent("cache")
        let configuration = Playground.Configuration(segueKitSources: sources, cacheRoot: cache)
        let playground = try Playground(configuration: configuration)

        let first = try await playground.run(RunRequest(sources: [Self.program, Self.support("one")]))
        #expect(first.compile.succeeded, "\(first.fullCompilerOutput)")
        #expect(first.stdout == "helper ONE [\"hidden\"] SegueLabApp.Loud SegueLabApp.Greeter\n", "\(first.stderr)")
        #expect(await playground.sharedObjectBuilds() == 1)
        let built = try Self.builds(in: cache)
        #expect(built.count == 1)

        // Another program with the same support, in this playground and in a later one: the
        // objects are reused, not compiled again.
        let other = SourceFile(name: "Other.swift", text: "print(Greeter().greet(), helper())\n")
        let second = try await playground.run(RunRequest(sources: [other, Self.support("one")]))
        #expect(second.stdout == "one helper\n", "\(second.fullCompilerOutput)")
        let later = try Playground(configuration: configuration)
        let third = try await later.run(RunRequest(sources: [Self.program, Self.support("one")]))
        #expect(third.stdout == first.stdout)
        #expect(await playground.sharedObjectBuilds() == 1)
        #expect(await later.sharedObjectBuilds() == 0)
        #expect(try Self.builds(in: cache) == built, "the cached build was written again")

        // An edited support file: compiled again, and the program runs the new code.
        let edited = try await playground.run(RunRequest(sources: [Self.program, Self.support("two")]))
        #expect(edited.stdout == "helper TWO [\"hidden\"] SegueLabApp.Loud SegueLabApp.Greeter\n")
        #expect(await playground.sharedObjectBuilds() == 2)
        #expect(try Self.builds(in: cache).count == 2)
    }

    /// A learner's compile error is reported as before, and support that does not compile is
    /// reported at its own line (everything is then compiled at once, as without the cache).
    @Test func errorsAreReportedWhereTheyAre() async throws {
        let playground = try await Fixture.playground()
        let learner = try await playground.run(
            RunRequest(sources: [SourceFile(name: "Exercise.swift", text: "print(helpr())\n"), Self.support("one")]))
        #expect(learner.compile.errors.map(\.file) == ["Exercise.swift"])
        #expect(learner.compile.errors.first?.line == 1)

        var broken = Self.support("one")
        broken.text += "let wrong: Int = \"text\"\n"
        let result = try await playground.run(
            RunRequest(sources: [SourceFile(name: "Exercise.swift", text: "print(helper())\n"), broken]))
        #expect(!result.compile.succeeded)
        #expect(result.compile.errors.map(\.file) == ["Support.swift"])
        #expect(result.compile.errors.first?.line == 7)
    }

    /// A cached object changed after it was built is not linked: the build is made again.
    @Test func aDamagedObjectIsRebuilt() async throws {
        let root = try Fixture.temporaryDirectory("shared-damaged")
        let sources = root.appendingPathComponent("SegueKit")
        try Fixture.writeSegueKit(to: sources)
        let cache = root.appendingPathComponent("cache")
        let configuration = Playground.Configuration(segueKitSources: sources, cacheRoot: cache)
        let request = RunRequest(sources: [Self.program, Self.support("one")])
        let first = try await Playground(configuration: configuration).run(request)
        #expect(first.termination == .exited(0))
        let build = cache.appendingPathComponent("support/" + (try #require(try Self.builds(in: cache).keys.first)))
        let object = try #require(
            try FileManager.default.contentsOfDirectory(atPath: build.path).first { $0.hasSuffix(".o") })
        try Data("not an object".utf8).write(to: build.appendingPathComponent(object))

        let playground = try Playground(configuration: configuration)
        let again = try await playground.run(request)
        #expect(again.stdout == first.stdout, "\(again.fullCompilerOutput)")
        #expect(await playground.sharedObjectBuilds() == 1)
    }
}
