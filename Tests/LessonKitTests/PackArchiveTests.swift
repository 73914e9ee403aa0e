import Foundation
import Testing
import ZIPFoundation

@testable import LessonKit

/// Archives are built here: zips with ZIPFoundation, tarballs with Python's tarfile (which
/// writes hostile entries such as `..` paths and device files without complaint).
@Suite("Pack archives: extraction and refusal of hostile entries")
struct PackArchiveTests {
    static let manifest = "id: demo\ntitle: Demo\nversion: 1.0.0\nformat: 1\nlessons: [01-a]\n"
    static let lesson = lessonFile("\n## One {#one}\n\nText.\n")

    enum Item {
        case file(String, String)
        case directory(String)
        case symlink(String, String)
        case hardlink(String, String)
        case device(String)
    }

    static let goodPack: [Item] = [
        .directory("course/"),
        .file("course/pack.yaml", manifest),
        .file("course/lessons/01-a.md", lesson)
    ]

    // MARK: - Building archives

    static func zip(_ items: [Item], in dir: TemporaryDirectory, name: String = "course.zip") throws -> URL {
        let url = dir.url.appendingPathComponent(name)
        let archive = try Archive(url: url, accessMode: .create)
        for item in items {
            switch item {
            case .file(let path, let text):
                let data = Data(text.utf8)
                try archive.addEntry(
                    with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
                ) { (position: Int64, size: Int) in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            case .directory(let path):
                try archive.addEntry(with: path, type: .directory, uncompressedSize: Int64(0)) { (_: Int64, _: Int) in
                    Data()
                }
            case .symlink(let path, let target):
                let data = Data(target.utf8)
                try archive.addEntry(with: path, type: .symlink, uncompressedSize: Int64(data.count)) {
                    (position: Int64, size: Int) in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            case .hardlink, .device:
                Issue.record("zip has no hard links or devices")
            }
        }
        return url
    }

    static func tarGzip(_ items: [Item], in dir: TemporaryDirectory, name: String = "course.tar.gz") throws -> URL {
        let url = dir.url.appendingPathComponent(name)
        var script =
            "import io, tarfile\nt = tarfile.open(\(pythonString(url.path)), 'w:gz', format=tarfile.GNU_FORMAT)\n"
        script +=
            "def add(name, type, data=b'', link=''):\n    i = tarfile.TarInfo(name); i.type = type; i.size = len(data); i.linkname = link; i.mode = 0o644\n    t.addfile(i, io.BytesIO(data) if data else None)\n"
        for item in items {
            switch item {
            case .file(let path, let text):
                script += "add(\(pythonString(path)), tarfile.REGTYPE, \(pythonString(text)).encode())\n"
            case .directory(let path): script += "add(\(pythonString(path)), tarfile.DIRTYPE)\n"
            case .symlink(let path, let target):
                script += "add(\(pythonString(path)), tarfile.SYMTYPE, link=\(pythonString(target)))\n"
            case .hardlink(let path, let target):
                script += "add(\(pythonString(path)), tarfile.LNKTYPE, link=\(pythonString(target)))\n"
            case .device(let path): script += "add(\(pythonString(path)), tarfile.CHRTYPE)\n"
            }
        }
        script += "t.close()\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 could not write the test archive")
        return url
    }

    static func pythonString(_ text: String) -> String {
        "'"
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            .replacingOccurrences(of: "\n", with: "\\n") + "'"
    }

    /// Extracts into `dir/out/pack`; returns the refusal, if any, after checking that nothing
    /// was left behind in `dir/out` and nothing escaped into `dir`.
    static func refusal(_ archive: URL, in dir: TemporaryDirectory, limits: PackArchive.ContentLimits = .init())
        -> PackArchive.Failure?
    {
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: dir.url.path)) ?? [])
        let destination = dir.url.appendingPathComponent("out/pack")
        var failure: PackArchive.Failure?
        do {
            try PackArchive.extract(archive, to: destination, limits: limits)
        } catch let error as PackArchive.Failure {
            failure = error
        } catch {
            Issue.record("unexpected error \(error)")
        }
        if failure != nil {
            let left =
                (try? FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("out").path)) ?? []
            #expect(left.isEmpty, "left behind: \(left)")
            let after = Set((try? FileManager.default.contentsOfDirectory(atPath: dir.url.path)) ?? [])
            #expect(
                after.subtracting(before).subtracting(["out"]).isEmpty, "written outside: \(after.subtracting(before))")
        }
        return failure
    }

    // MARK: - Good archives

    @Test func zipWithATopFolderBecomesThePack() throws {
        let dir = TemporaryDirectory()
        let archive = try Self.zip(Self.goodPack, in: dir)
        let destination = dir.url.appendingPathComponent("out/pack")
        try PackArchive.extract(archive, to: destination)
        #expect(PackLoader.load(from: destination).pack?.id == "demo")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("out").path) == ["pack"])
    }

    @Test func finderMetadataIsLeftOut() throws {
        let dir = TemporaryDirectory()
        let archive = try Self.zip(
            Self.goodPack + [
                .file("__MACOSX/course/._pack.yaml", "metadata"),
                .file("course/lessons/._01-a.md", "metadata")
            ], in: dir)
        let destination = dir.url.appendingPathComponent("out/pack")
        try PackArchive.extract(archive, to: destination)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: destination.appendingPathComponent("lessons").path) == [
                "01-a.md"
            ])
        #expect(PackLoader.load(from: destination).diagnostics.isEmpty)
    }

    @Test func tarGzipWithInsideLinksBecomesThePack() throws {
        let dir = TemporaryDirectory()
        let archive = try Self.tarGzip(
            [
                .file("pack.yaml", Self.manifest),
                .file("lessons/01-a.md", Self.lesson),
                .symlink("lessons/same.md", "01-a.md"),
                .hardlink("copy.md", "lessons/01-a.md")
            ], in: dir, name: "course.tgz")
        let destination = dir.url.appendingPathComponent("out/pack")
        try PackArchive.extract(archive, to: destination)
        let link = destination.appendingPathComponent("lessons/same.md").path
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "01-a.md")
        #expect(try String(contentsOf: destination.appendingPathComponent("copy.md"), encoding: .utf8) == Self.lesson)
        #expect(PackLoader.load(from: destination).pack?.id == "demo")
    }

    @Test func tarMadeInsideThePackFolder() throws {
        // `tar -czf course.tgz -C course .` starts with a `./` entry.
        let dir = TemporaryDirectory()
        let archive = try Self.tarGzip(
            [
                .directory("./"), .file("./pack.yaml", Self.manifest), .file("./lessons/01-a.md", Self.lesson)
            ], in: dir)
        let destination = dir.url.appendingPathComponent("out/pack")
        try PackArchive.extract(archive, to: destination)
        #expect(PackLoader.load(from: destination).pack?.id == "demo")

        let other = TemporaryDirectory()
        let file = try Self.tarGzip(Self.goodPack + [.file("./", "x")], in: other, name: "dot.tar.gz")
        #expect(Self.refusal(file, in: other)?.description == "dot.tar.gz: entry '.': a file entry with an empty path")
    }

    @Test func longNamesInTarAreRead() throws {
        let dir = TemporaryDirectory()
        let deep = String(repeating: "d", count: 120)
        let archive = try Self.tarGzip(Self.goodPack + [.file("course/support/\(deep)/\(deep).txt", "x")], in: dir)
        let destination = dir.url.appendingPathComponent("out/pack")
        try PackArchive.extract(archive, to: destination)
        #expect(
            FileManager.default.fileExists(
                atPath: destination.appendingPathComponent("support/\(deep)/\(deep).txt").path))
    }

    @Test func anArchiveWithoutAManifestIsRefused() throws {
        let dir = TemporaryDirectory()
        let archive = try Self.zip([.file("a/readme.txt", "hi"), .file("b/readme.txt", "hi")], in: dir)
        #expect(
            Self.refusal(archive, in: dir)?.description
                == "course.zip: no pack.yaml at the top of the archive or in its single top-level folder")
    }

    // MARK: - Hostile zips

    @Test func zipParentComponentIsRefusedByName() throws {
        let dir = TemporaryDirectory()
        let archive = try Self.zip(Self.goodPack + [.file("course/../../evil.txt", "x")], in: dir)
        let failure = Self.refusal(archive, in: dir)
        #expect(failure?.description == "course.zip: entry 'course/../../evil.txt': '..' in a path is not allowed")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("evil.txt").path))
    }

    @Test func zipAbsolutePathIsRefused() throws {
        let dir = TemporaryDirectory()
        let target = dir.url.appendingPathComponent("absolute.txt").path
        let archive = try Self.zip(Self.goodPack + [.file(target, "x")], in: dir)
        #expect(
            Self.refusal(archive, in: dir)?.description
                == "course.zip: entry '\(target)': absolute paths are not allowed")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func zipSymlinkOutsideIsRefused() throws {
        let dir = TemporaryDirectory()
        let archive = try Self.zip(Self.goodPack + [.symlink("course/lessons/escape", "../../../..")], in: dir)
        #expect(
            Self.refusal(archive, in: dir)?.description
                == "course.zip: entry 'course/lessons/escape': link to '../../../..' points outside the pack")
    }

    @Test func zipEntryCountAndSizeAreCapped() throws {
        let dir = TemporaryDirectory()
        let archive = try Self.zip(
            Self.goodPack + [.file("course/big.txt", String(repeating: "x", count: 5000))], in: dir)
        #expect(
            Self.refusal(archive, in: dir, limits: .init(maximumTotalBytes: 4000))?.description
                == "course.zip: uncompressed contents are larger than the limit of 4000 bytes")
        #expect(
            Self.refusal(archive, in: dir, limits: .init(maximumEntries: 3))?.description
                == "course.zip: 4 entries; a pack may have at most 3")
    }

    // MARK: - Hostile tarballs

    @Test func tarParentComponentIsRefused() throws {
        let dir = TemporaryDirectory()
        let archive = try Self.tarGzip(Self.goodPack + [.file("../evil.txt", "x")], in: dir)
        #expect(
            Self.refusal(archive, in: dir)?.description
                == "course.tar.gz: entry '../evil.txt': '..' in a path is not allowed")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("evil.txt").path))
    }

    @Test func tarAbsolutePathIsRefused() throws {
        let dir = TemporaryDirectory()
        let archive = try Self.tarGzip(
            Self.goodPack + [.file("/tmp/seguelab-absolute-\(UUID().uuidString)", "x")], in: dir)
        #expect(Self.refusal(archive, in: dir)?.reason == "absolute paths are not allowed")
    }

    @Test func tarLinksOutsideAreRefused() throws {
        let dir = TemporaryDirectory()
        let absolute = try Self.tarGzip(
            Self.goodPack + [.symlink("course/passwd", "/etc/passwd")], in: dir, name: "a.tar.gz")
        #expect(
            Self.refusal(absolute, in: dir)?.description
                == "a.tar.gz: entry 'course/passwd': link to the absolute path '/etc/passwd' points outside the pack")

        let relative = try Self.tarGzip(Self.goodPack + [.symlink("course/up", "../..")], in: dir, name: "b.tar.gz")
        #expect(
            Self.refusal(relative, in: dir)?.description
                == "b.tar.gz: entry 'course/up': link to '../..' points outside the pack")

        let hard = try Self.tarGzip(
            Self.goodPack + [.hardlink("course/h", "../../etc/passwd")], in: dir, name: "c.tar.gz")
        #expect(
            Self.refusal(hard, in: dir)?.description
                == "c.tar.gz: entry 'course/h': link to '../../etc/passwd' points outside the pack")
    }

    @Test func writingThroughALinkIsRefused() throws {
        // `course/l` points inside, but a file under it would land wherever the link points.
        let dir = TemporaryDirectory()
        let archive = try Self.tarGzip(
            Self.goodPack + [.symlink("course/l", "lessons"), .file("course/l/x.md", "x")], in: dir)
        #expect(
            Self.refusal(archive, in: dir)?.description
                == "course.tar.gz: entry 'course/l/x.md': it lies inside the link 'course/l'")
    }

    @Test func deviceFilesAreRefused() throws {
        let dir = TemporaryDirectory()
        let archive = try Self.tarGzip(Self.goodPack + [.device("course/tty")], in: dir)
        #expect(
            Self.refusal(archive, in: dir)?.description
                == "course.tar.gz: entry 'course/tty': a character device file is not allowed in a pack")
    }

    @Test func tarSizeIsCapped() throws {
        let dir = TemporaryDirectory()
        let archive = try Self.tarGzip(
            Self.goodPack + [.file("course/big.txt", String(repeating: "x", count: 50_000))], in: dir)
        let failure = Self.refusal(archive, in: dir, limits: .init(maximumTotalBytes: 20_000, maximumEntries: 4))
        #expect(
            failure?.reason.hasPrefix("uncompressed contents are larger than the limit") == true,
            "\(String(describing: failure))")
    }

    @Test func corruptGzipIsReported() throws {
        let dir = TemporaryDirectory()
        let archive = try Self.tarGzip(Self.goodPack, in: dir)
        var data = try Data(contentsOf: archive)
        data[data.count - 12] ^= 0xff
        try data.write(to: archive)
        #expect(Self.refusal(archive, in: dir)?.reason.hasPrefix("corrupt gzip data") == true)
    }
}
