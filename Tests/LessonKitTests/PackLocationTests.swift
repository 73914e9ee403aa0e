import Foundation
import Testing

@testable import LessonKit

@Suite("Pack location: --pack folders, archives, installed ids and the built-in pack")
struct PackLocationTests {
    static let packFiles = ["pack.yaml": PackArchiveTests.manifest, "lessons/01-a.md": PackArchiveTests.lesson]

    /// A context whose XDG folders, executable and checkout all live in `dir`.
    static func context(
        _ dir: TemporaryDirectory, environment extra: [String: String] = [:],
        executable: String = "prefix/bin/seguelab", checkout: String = "checkout/Lessons"
    ) -> PackLocation.Context {
        var environment = [
            "HOME": dir.url.appendingPathComponent("home").path,
            "XDG_DATA_HOME": dir.url.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": dir.url.appendingPathComponent("cache").path
        ]
        environment.merge(extra) { $1 }
        return PackLocation.Context(
            environment: environment,
            executable: dir.url.appendingPathComponent(executable),
            checkoutLessons: dir.url.appendingPathComponent(checkout))
    }

    @Test func aFolderIsUsedAsItIs() throws {
        let dir = TemporaryDirectory()
        let root = try dir.write(Self.packFiles, under: "mine")
        let location = try PackLocation.resolve(root.path, context: Self.context(dir))
        #expect(location == PackLocation(root: root.standardizedFileURL, source: .folder))
    }

    @Test func anArchiveIsExtractedOnceIntoTheCacheByContent() throws {
        let dir = TemporaryDirectory()
        let archive = try PackArchiveTests.zip(PackArchiveTests.goodPack, in: dir)
        let context = Self.context(dir)
        let first = try PackLocation.resolve(archive.path, context: context)
        let hash = try PackArchive.contentHash(of: archive)
        #expect(first.root == dir.url.appendingPathComponent("cache/seguelab/packs/course-\(hash)", isDirectory: true))
        #expect(first.source == .archive(archive.standardizedFileURL))
        #expect(PackLoader.load(from: first.root).pack?.id == "demo")

        // Reused: a marker written into the extraction survives a second resolve.
        let marker = first.root.appendingPathComponent("marker")
        try Data().write(to: marker)
        let second = try PackLocation.resolve(archive.path, context: context)
        #expect(second.root == first.root)
        #expect(FileManager.default.fileExists(atPath: marker.path))
    }

    @Test func anInstalledPackIsFoundByID() throws {
        let dir = TemporaryDirectory()
        let root = try dir.write(Self.packFiles, under: "data/seguelab/packs/demo")
        let location = try PackLocation.resolve("demo", context: Self.context(dir))
        #expect(location == PackLocation(root: root, source: .installed("demo")))
        #expect(PackLocation.installedIDs(context: Self.context(dir)) == ["demo"])
    }

    @Test func anUnknownPackNamesWhatIsInstalled() throws {
        let dir = TemporaryDirectory()
        try dir.write(Self.packFiles, under: "data/seguelab/packs/demo")
        #expect(
            throws: PackLocation.Failure(
                "no pack folder, archive or installed pack named 'nothing' (installed packs: demo)")
        ) {
            try PackLocation.resolve("nothing", context: Self.context(dir))
        }
        let file = try dir.write(["notes.txt": "hi"]).appendingPathComponent("notes.txt")
        #expect(
            throws: PackLocation.Failure("\(file.path) is neither a pack folder nor a .zip, .tar.gz or .tgz archive")
        ) {
            try PackLocation.resolve(file.path, context: Self.context(dir))
        }
    }

    @Test func builtInPackComesFromTheEnvironmentFirst() throws {
        let dir = TemporaryDirectory()
        let explicit = try dir.write(Self.packFiles, under: "explicit")
        try dir.write(Self.packFiles, under: "prefix/share/seguelab/Lessons")
        let location = try PackLocation.resolve(
            nil, context: Self.context(dir, environment: ["SEGUELAB_LESSONS": explicit.path]))
        #expect(location == PackLocation(root: explicit.standardizedFileURL, source: .environment))

        let missing = dir.url.appendingPathComponent("missing").path
        #expect(throws: PackLocation.Failure("SEGUELAB_LESSONS=\(missing) is not a lesson pack: it has no pack.yaml")) {
            try PackLocation.builtIn(context: Self.context(dir, environment: ["SEGUELAB_LESSONS": missing]))
        }
    }

    @Test func builtInPackThenTheInstalledLayoutThenTheCheckout() throws {
        let dir = TemporaryDirectory()
        let checkout = try dir.write(Self.packFiles, under: "checkout/Lessons")
        #expect(
            try PackLocation.builtIn(context: Self.context(dir))
                == PackLocation(root: checkout.standardizedFileURL, source: .checkout))

        let installed = try dir.write(Self.packFiles, under: "prefix/share/seguelab/Lessons")
        #expect(
            try PackLocation.builtIn(context: Self.context(dir))
                == PackLocation(root: installed.standardizedFileURL, source: .installedLayout))
    }

    @Test func noBuiltInPackNamesEveryPlaceTried() throws {
        let dir = TemporaryDirectory()
        let installed = dir.url.appendingPathComponent("prefix/share/seguelab/Lessons").path
        let checkout = dir.url.appendingPathComponent("checkout/Lessons").path
        #expect(
            throws: PackLocation.Failure(
                "cannot find the built-in lessons (tried \(installed), \(checkout)); set SEGUELAB_LESSONS or use --pack"
            )
        ) {
            try PackLocation.builtIn(context: Self.context(dir))
        }
    }
}
