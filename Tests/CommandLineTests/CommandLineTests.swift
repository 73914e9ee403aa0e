import Foundation
import LessonKit
import TestSupport
import Testing

/// `seguelab pack …`, `lessons` and `progress`, run as the built binary. Packs whose code runs
/// share one SegueKit build cache for the whole test run (building it is the slow part).
@Suite(.serialized)
struct CommandLineTests {
    static let sharedCache = SeguelabBinary.sharedCache

    static func run(_ arguments: [String], home: URL) throws -> SeguelabBinary.Result {
        try SeguelabBinary.runPiped("", arguments: arguments, home: home, extra: ["XDG_CACHE_HOME": sharedCache.path])
    }

    static func write(_ files: [String: String], under root: URL) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    static let manifest = QuestionPack.manifest

    /// Two lessons of two prose-and-question steps: no code, so nothing is compiled.
    static let questionPack = QuestionPack.files

    static func makePack(_ files: [String: String], in home: URL, name: String = "p") throws -> URL {
        let root = home.appendingPathComponent(name, isDirectory: true)
        try write(files, under: root)
        return root
    }

    // MARK: - pack new / pack check

    @Test func newPackPassesTheFullCheck() throws {
        let home = try SeguelabBinary.makeHome()
        let folder = home.appendingPathComponent("my-course").path
        let created = try Self.run(["pack", "new", folder, "--title", "My course"], home: home)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("seguelab pack check \(folder)"))
        #expect(created.stdout.contains("\(folder)/lessons/01-first-segue.md"))

        let checked = try Self.run(["pack", "check", folder, "--verbose"], home: home)
        let summary = checked.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasPrefix("pack check: 1 lesson, 8 steps: "), "\(checked.stdout)")
        #expect(checked.status == 0, "\(checked.stdout)\n\(checked.stderr)")
        #expect(summary.hasSuffix(": 0 errors, 0 warnings"), "\(checked.stdout)")
        #expect(checked.stderr.contains("checking lesson first-segue (1/1)…"), "\(checked.stderr)")

        let again = try Self.run(["pack", "new", folder], home: home)
        #expect(again.status == 1)
        #expect(again.stderr == "seguelab: error: \(folder) already exists and is not empty; choose a new folder\n")
        let badID = try Self.run(["pack", "new", home.appendingPathComponent("other").path, "--id", "a b"], home: home)
        #expect(badID.stderr == "seguelab: error: pack id 'a b' may only contain letters, digits, '-', '_' and '.'\n")
    }

    @Test func checkProvesStartersFailAndSolutionsPass() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try Self.makePack(OneLessonPack.files(lesson: Self.lessonWithBadCode), in: home)
        let result = try Self.run(["pack", "check", root.path], home: home)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "p/lessons/01-a.md:16:1: error: the starter code already passes: the exercise 'greet' cannot fail")
            }, "\(result.stdout)")
        #expect(
            lines.contains {
                $0.hasPrefix("p/lessons/01-a.md:") && $0.contains(": error: the solution of 'part' does not pass")
            }, "\(result.stdout)")
        #expect(lines.last == "pack check: 1 lesson, 2 steps: 2 errors, 0 warnings")
        #expect(result.stderr == "", "progress lines only on a terminal or with --verbose")
    }

    @Test func malformedLessonGivesItsPositionAndFails() throws {
        let home = try SeguelabBinary.makeHome()
        var files = Self.questionPack
        files["lessons/02-b.md"] = files["lessons/02-b.md"]!.replacingOccurrences(
            of: "hints: [A type.]", with: "hint: [A type.]")
        let root = try Self.makePack(files, in: home)
        let result = try Self.run(["pack", "check", root.path], home: home)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "p/lessons/02-b.md:15:1: error: unknown key 'hint' in a ```step block (did you mean 'hints'?)")
            }, "\(result.stdout)")
        #expect(lines.last == "pack check: 1 error, 1 warning (code not run: fix the errors first)", "\(result.stdout)")
    }

    @Test func staticOnlyCheckOfAGoodPack() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try Self.makePack(Self.questionPack, in: home)
        let result = try Self.run(["pack", "check", "--static-only", root.path], home: home)
        #expect(result.status == 0)
        #expect(result.stdout == "pack check: 2 lessons, 4 steps: 0 errors, 0 warnings (code not run: --static-only)\n")

        let language = try Self.run(["pack", "check", "--static-only", "--lang", "de", root.path], home: home)
        #expect(language.status == 1)
        #expect(language.stderr == "seguelab: error: --lang de: the pack 'demo' is written in en\n")
    }

    // MARK: - lessons and progress

    @Test func lessonsAndProgressWithoutProgress() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try Self.makePack(Self.questionPack, in: home)
        let lessons = try Self.run(["lessons", "--pack", root.path], home: home)
        #expect(lessons.status == 0, "\(lessons.stderr)")
        #expect(
            lessons.stdout == """
                Demo course (demo 1.0.0): 2 lessons
                  a  Identifiers  0/2  not started
                  b  Enums        0/2  not started

                """)

        let csv = try Self.run(["progress", "--pack", root.path, "--csv"], home: home)
        #expect(csv.stdout.split(separator: "\n").count == 5)
        #expect(
            csv.stdout.hasPrefix(ProgressExport.csvHeader + "\na,Identifiers,welcome,Welcome,prose,unseen,0,0,no,0\n"))

        let json = try Self.run(["progress", "--pack", root.path, "--json"], home: home)
        let report = try Self.decode(json.stdout)
        #expect(report.pack == "demo")
        #expect(report.steps.map(\.status) == ["unseen", "unseen", "unseen", "unseen"])
        #expect(report.position == nil)
    }

    /// The list reads no step settings: a lesson with a broken step is listed as usual (the
    /// shell and `pack check` report the error, with its position, when they parse it).
    @Test func lessonsListsALessonWhoseStepIsBroken() throws {
        let home = try SeguelabBinary.makeHome()
        var files = Self.questionPack
        files["lessons/02-b.md"] = files["lessons/02-b.md"]!.replacingOccurrences(
            of: "hints: [A type.]", with: "hint: [A type.]")
        let root = try Self.makePack(files, in: home)
        let lessons = try Self.run(["lessons", "--pack", root.path], home: home)
        #expect(lessons.status == 0)
        #expect(lessons.stderr == "")
        #expect(
            lessons.stdout == """
                Demo course (demo 1.0.0): 2 lessons
                  a  Identifiers  0/2  not started
                  b  Enums        0/2  not started

                """)
        let checked = try Self.run(["pack", "check", root.path, "--static-only"], home: home)
        #expect(checked.status == 1)
        #expect(
            checked.stdout.contains(
                "p/lessons/02-b.md:15:1: error: unknown key 'hint' in a ```step block (did you mean 'hints'?)"),
            "\(checked.stdout)")
    }

    @Test func lessonsAndProgressReflectSavedProgress() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try Self.makePack(Self.questionPack, in: home)
        let pack = try #require(PackLoader.load(from: root).pack)
        var progress = PackProgress(pack: pack, now: Date())
        var passed = StepProgress()
        passed.status = .passed
        passed.attempts = 2
        progress[StepRef(lesson: "a", step: "welcome")] = StepProgress()
        progress[StepRef(lesson: "a", step: "which")] = passed
        progress.position = StepRef(lesson: "b", step: "intro")
        progress[StepRef(lesson: "b", step: "intro")] = StepProgress()
        let store = ProgressStore(
            directory: ProgressStore.defaultDirectory(environment: SeguelabBinary.environment(home: home)))
        try store.save(progress, for: pack)
        let saved = try Data(contentsOf: store.fileURL(for: pack))

        let lessons = try Self.run(["lessons", "--pack", root.path], home: home)
        #expect(
            lessons.stdout == """
                Demo course (demo 1.0.0): 2 lessons
                  a  Identifiers  2/2  completed
                > b  Enums        1/2  in progress

                """, "\(lessons.stderr)")

        let summary = try Self.run(["progress", "--pack", root.path], home: home)
        #expect(summary.stdout.contains("Done: 3 of 4 steps (75%)"), "\(summary.stdout)")
        #expect(summary.stdout.contains("Attempts: 2, hints used: 0, solutions shown: 0"))
        #expect(summary.stdout.contains("Current step: b/intro"))

        let json = try Self.decode(
            try Self.run(["progress", "--pack", root.path, "--json", "--learner", "ada"], home: home).stdout)
        #expect(json.steps.map(\.status) == ["seen", "passed", "seen", "unseen"])
        #expect(json.learner == "ada")
        #expect(json.position == "b/intro")

        let csv = try Self.run(["progress", "--pack", root.path, "--csv"], home: home)
        #expect(csv.stdout.contains("\na,Identifiers,which,Which,text,passed,2,0,no,0\n"))

        // Reading progress changed nothing.
        #expect(try Data(contentsOf: store.fileURL(for: pack)) == saved)
    }

    @Test func unreadableProgressIsReportedAndLeftAlone() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try Self.makePack(Self.questionPack, in: home)
        let pack = try #require(PackLoader.load(from: root).pack)
        let store = ProgressStore(
            directory: ProgressStore.defaultDirectory(environment: SeguelabBinary.environment(home: home)))
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: store.fileURL(for: pack))

        let lessons = try Self.run(["lessons", "--pack", root.path], home: home)
        #expect(lessons.status == 0)
        #expect(
            lessons.stderr
                == "seguelab: warning: progress file \(store.fileURL(for: pack).path) cannot be read (it is not valid progress JSON); showing no progress\n"
        )
        #expect(lessons.stdout.contains("a  Identifiers  0/2  not started"))
        #expect(
            try String(contentsOf: store.fileURL(for: pack), encoding: .utf8) == "{ not json",
            "left for the shell to move aside")
    }

    @Test func unknownPackAndLanguageAreClearErrors() throws {
        let home = try SeguelabBinary.makeHome()
        let missing = try Self.run(["lessons", "--pack", "nowhere"], home: home)
        #expect(missing.status == 1)
        #expect(
            missing.stderr
                == "seguelab: error: no pack folder, archive or installed pack named 'nowhere' (no packs are installed)\n"
        )

        // A lesson that cannot be loaded is left out, with a warning; the rest stays usable.
        var partly = Self.questionPack
        partly["pack.yaml"] = Self.manifest.replacingOccurrences(of: "02-b", with: "03-c")
        let partlyRoot = try Self.makePack(partly, in: home, name: "partly")
        let usable = try Self.run(["lessons", "--pack", partlyRoot.path], home: home)
        #expect(usable.status == 0)
        let warning =
            "seguelab: warning: lesson '03-c' (en) is left out: it has 1 error, first partly/pack.yaml:5:17: error: lesson '03-c' has no file lessons/03-c.md\n"
        #expect(usable.stderr == warning)

        // An error in the manifest itself leaves nothing to teach from.
        var broken = Self.questionPack
        broken["pack.yaml"] = Self.manifest.replacingOccurrences(of: "format: 1", with: "format: 2")
        let brokenRoot = try Self.makePack(broken, in: home, name: "broken")
        let refused = try Self.run(["progress", "--pack", brokenRoot.path], home: home)
        #expect(refused.status == 1)
        let expected =
            "broken/pack.yaml:4:9: error: pack format 2 is newer than this seguelab understands (1); update seguelab\n"
            + "seguelab: error: the pack at \(brokenRoot.standardizedFileURL.path) has errors; `seguelab pack check` reports them all\n"
        #expect(refused.stderr == expected)

        let root = try Self.makePack(Self.questionPack, in: home)
        let language = try Self.run(["lessons", "--pack", root.path, "--lang", "fr"], home: home)
        #expect(language.status == 1)
        #expect(language.stderr == "seguelab: error: --lang fr: the pack 'demo' is written in en\n")
    }

    static func decode(_ text: String) throws -> ProgressExport.Report {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(ProgressExport.Report.self, from: Data(text.utf8))
    }

    /// A starter that already passes, and a solution that does not.
    static let lessonWithBadCode = OneLessonPack.lesson(
        OneLessonPack.exercise(
            "greet", "Greet", output: "hello", hint: "Print it.", starter: #"print("hello")"#,
            solution: #"print("hello")"#),
        OneLessonPack.exercise(
            "part", "Part", output: "hello", hint: "Print it.", starter: #"print("")"#,
            solution: #"print("goodbye")"#))

    @Test func helpAuthoringPrintsTheGuideInstalledBesideTheBinary() throws {
        let home = try SeguelabBinary.makeHome()
        // In the checkout: docs/authoring.md.
        let checkout = try Self.run(["help", "authoring"], home: home)
        #expect(checkout.status == 0)
        #expect(checkout.stdout.hasPrefix("# Writing lesson packs for seguelab\n"))
        // Installed (`make install`'s layout): share/seguelab/authoring.md beside bin/.
        let prefix = home.appendingPathComponent("prefix")
        try FileManager.default.createDirectory(
            at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: SeguelabBinary.path, toPath: prefix.appendingPathComponent("bin/seguelab").path)
        try Self.write(["share/seguelab/authoring.md": "# The installed guide\n"], under: prefix)
        let process = Process()
        process.executableURL = prefix.appendingPathComponent("bin/seguelab")
        process.arguments = ["help", "authoring"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(output == "# The installed guide\n")
        // `pack new` points there.
        let created = try Self.run(["pack", "new", home.appendingPathComponent("new-pack").path], home: home)
        #expect(created.stdout.contains("`seguelab help authoring` prints the guide to the format."))
    }

    /// The README tells how to install these for bash, zsh and fish.
    @Test func completionScriptsAreGeneratedForEveryShellTheReadmeNames() throws {
        let home = try SeguelabBinary.makeHome()
        for (shell, marker) in [
            ("bash", "-F _seguelab seguelab"), ("zsh", "#compdef seguelab"), ("fish", "complete -c 'seguelab'")
        ] {
            let script = try Self.run(["--generate-completion-script", shell], home: home)
            #expect(script.status == 0)
            #expect(script.stdout.contains(marker), "\(shell): \(script.stdout.prefix(200))")
        }
    }

    // MARK: - pack install

    @Test func installRunsThePacksCodeAndRefusesOneThatFails() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try Self.makePack(OneLessonPack.files(lesson: Self.lessonWithBadCode), in: home)
        let refused = try Self.run(["pack", "install", root.path], home: home)
        #expect(refused.status == 1)
        #expect(refused.stdout.contains(": error: the solution of 'part' does not pass"), "\(refused.stdout)")
        #expect(refused.stderr.contains("the pack's code fails its checks (above); not installed"))
        let packs = home.appendingPathComponent(".local/share/seguelab/packs/demo")
        #expect(!FileManager.default.fileExists(atPath: packs.path))
        // Installing without running the code says what was skipped.
        let unchecked = try Self.run(["pack", "install", "--static-only", root.path], home: home)
        #expect(unchecked.status == 0)
        #expect(
            unchecked.stdout.hasPrefix(
                "note: the pack's code was not run (--static-only): its examples, starters and solutions are unchecked")
        )
    }

    @Test func installedFolderIsFoundByID() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try Self.makePack(Self.questionPack, in: home)
        let none = try Self.run(["pack", "list"], home: home)
        #expect(none.stdout.hasPrefix("No packs are installed in "))
        let installed = try Self.run(["pack", "install", root.path], home: home)
        #expect(installed.status == 0, "\(installed.stderr)")
        let destination = home.appendingPathComponent(".local/share/seguelab/packs/demo")
        #expect(
            installed.stdout.hasPrefix(
                "Installed 'demo' 1.0.0 in \(destination.path).\nOpen it with: seguelab --pack demo\n"))
        // What a pack's code may do on this machine (the Landlock part depends on the kernel).
        #expect(installed.stdout.contains("runs with your rights"), "\(installed.stdout)")
        let lessons = try Self.run(["lessons", "--pack", "demo"], home: home)
        #expect(lessons.stdout.hasPrefix("Demo course (demo 1.0.0): 2 lessons\n"), "\(lessons.stderr)")

        let list = try Self.run(["pack", "list"], home: home)
        #expect(list.stdout == "demo  1.0.0  Demo course\n")

        let again = try Self.run(["pack", "install", root.path], home: home)
        #expect(again.stdout.hasPrefix("Installed 'demo' 1.0.0 (replacing version 1.0.0)"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path) == [
                "demo"
            ])
    }

    @Test func installedArchiveIsFoundByID() throws {
        let home = try SeguelabBinary.makeHome()
        let root = try Self.makePack(Self.questionPack, in: home, name: "course")
        let archive = home.appendingPathComponent("course.tgz")
        try Self.python(
            """
            import tarfile
            with tarfile.open('\(archive.path)', 'w:gz') as t:
                t.add('\(root.path)', arcname='course')
            """)
        let installed = try Self.run(["pack", "install", archive.path], home: home)
        #expect(installed.status == 0, "\(installed.stderr)")
        let lessons = try Self.run(["lessons", "--pack", "demo"], home: home)
        #expect(lessons.status == 0)
        #expect(lessons.stdout.contains("a  Identifiers  0/2  not started"))

        // The archive itself works as --pack too (extracted into the cache).
        let direct = try Self.run(["lessons", "--pack", archive.path], home: home)
        #expect(direct.stdout.hasPrefix("Demo course (demo 1.0.0): 2 lessons\n"), "\(direct.stderr)")
    }

    @Test func progressCarriesOverToANewVersionOfACourseArchive() throws {
        let home = try SeguelabBinary.makeHome()
        func archive(version: String, named name: String) throws -> URL {
            var files = Self.questionPack
            files["pack.yaml"] = Self.manifest.replacingOccurrences(of: "1.0.0", with: version)
            let root = try Self.makePack(files, in: home, name: "course-\(version)")
            let archive = home.appendingPathComponent(name)
            try Self.python(
                """
                import tarfile
                with tarfile.open('\(archive.path)', 'w:gz') as t:
                    t.add('\(root.path)', arcname='course')
                """)
            return archive
        }
        let first = try archive(version: "1.0.0", named: "course.tgz")
        let answered = try SeguelabBinary.runPiped(
            "start a\nnext\nprepare(for:sender:)\n", arguments: ["--pack", first.path],
            home: home, extra: ["XDG_CACHE_HOME": Self.sharedCache.path])
        #expect(answered.stdout.contains("✔ Correct."), "\(answered.stdout)")
        // The instructor hands out version 1.1 under a new name: it is extracted to a new
        // folder, and the learner goes on where they were.
        let second = try archive(version: "1.1.0", named: "course-1.1.tgz")
        let lessons = try Self.run(["lessons", "--pack", second.path], home: home)
        #expect(lessons.stdout.contains("> a  Identifiers  2/2  completed"), "\(lessons.stdout)")
        let resumed = try SeguelabBinary.runPiped(
            "progress\n", arguments: ["--pack", second.path],
            home: home, extra: ["XDG_CACHE_HOME": Self.sharedCache.path])
        #expect(resumed.stdout.contains("Welcome back"), "\(resumed.stdout)")
        #expect(resumed.stdout.contains("Current step: a/which"), "\(resumed.stdout)")
    }

    @Test(arguments: [
        ("../evil.txt", "tarfile.REGTYPE", "", "entry '../evil.txt': '..' in a path is not allowed"),
        (
            "/tmp/seguelab-evil.txt", "tarfile.REGTYPE", "",
            "entry '/tmp/seguelab-evil.txt': absolute paths are not allowed"
        ),
        (
            "course/link", "tarfile.SYMTYPE", "../../outside",
            "entry 'course/link': link to '../../outside' points outside the pack"
        ),
        (
            "course/hard", "tarfile.LNKTYPE", "/etc/passwd",
            "entry 'course/hard': link to the absolute path '/etc/passwd' points outside the pack"
        )
    ])
    func installRefusesHostileArchives(entry: String, type: String, link: String, message: String) throws {
        let home = try SeguelabBinary.makeHome()
        let root = try Self.makePack(Self.questionPack, in: home, name: "course")
        let archive = home.appendingPathComponent("evil.tar.gz")
        try Self.python(
            """
            import io, tarfile
            with tarfile.open('\(archive.path)', 'w:gz') as t:
                t.add('\(root.path)', arcname='course')
                i = tarfile.TarInfo('\(entry)'); i.type = \(type); i.linkname = '\(link)'
                data = b'' if i.type != tarfile.REGTYPE else b'owned'
                i.size = len(data)
                t.addfile(i, io.BytesIO(data))
            """)
        let result = try Self.run(["pack", "install", archive.path], home: home)
        #expect(result.status == 1)
        #expect(result.stderr == "seguelab: error: evil.tar.gz: \(message)\n")
        #expect(
            !FileManager.default.fileExists(
                atPath: home.appendingPathComponent(".local/share/seguelab/packs/demo").path))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("evil.txt").path))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/seguelab-evil.txt"))
    }

    @Test func installRefusesAPackWithErrors() throws {
        let home = try SeguelabBinary.makeHome()
        var files = Self.questionPack
        files["pack.yaml"] = Self.manifest.replacingOccurrences(of: "02-b", with: "03-c")
        let root = try Self.makePack(files, in: home)
        let result = try Self.run(["pack", "install", root.path], home: home)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("p/pack.yaml:5:17: error: lesson '03-c' has no file lessons/03-c.md"),
            "\(result.stdout)")
        #expect(result.stderr == "seguelab: error: \(root.path): the pack has errors (above); not installed\n")
    }

    static func python(_ script: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 failed to build the test archive")
    }
}
