import Foundation
import Localization
import Playground
import SourceText

/// What loading a pack produced: the pack and every diagnostic.
package struct PackLoadResult: Sendable {
    /// The whole pack, only when nothing in it has an error (what `pack check` requires).
    package var pack: Pack?
    /// The pack with its broken lessons left out (see `Pack.brokenLessons`): what a learner
    /// can still use. Nil when the manifest, support files or storyboard folders have errors,
    /// or when no lesson loads. Equal to `pack` when there are no errors.
    package var usablePack: Pack?
    package var diagnostics: [Diagnostic]
}

/// A lesson listed in the manifest that could not be loaded; the rest of the pack still can.
package struct BrokenLesson: Sendable, Hashable {
    /// The lesson's name in pack.yaml `lessons` (its file name without `.md`).
    package var name: String
    /// The lesson id, when the front matter could be read.
    package var id: String?
    /// The language of the file (a broken translation leaves the default-language lesson in use).
    package var language: String
    /// Its errors (and warnings), as also listed in `PackLoadResult.diagnostics`.
    package var diagnostics: [Diagnostic]

    package init(name: String, id: String?, language: String, diagnostics: [Diagnostic]) {
        self.name = name
        self.id = id
        self.language = language
        self.diagnostics = diagnostics
    }
}

/// Reads a pack folder and validates everything that can be checked without running code.
package enum PackLoader {
    /// When a lesson's steps are parsed.
    package enum Steps: Sendable {
        /// While loading: every error of every lesson is reported (`pack check`, the shell the
        /// first time it meets a pack's files).
        case now
        /// When the lesson's `steps` are first read: loading parses front matter and step
        /// headings only, enough for the lesson list. Errors there are reported and leave the
        /// lesson out as `now` does; an error in a step's settings or code is not seen until
        /// the lesson is opened or the pack checked, so such a lesson is listed normally.
        case whenOpened
        /// For a pack whose files, as they are now, a `now` load found without error
        /// (`CheckedPacks`): as `whenOpened`, but each lesson keeps the text read now and
        /// parses that when opened, so its steps are the ones that were checked even if the
        /// file is edited meanwhile. Nothing is reported that `now` would have reported.
        case checkedBefore
    }

    /// Loads the pack in `root`. All problems are reported, not just the first. Errors in the
    /// manifest, support files or storyboard folders prevent loading; a lesson with errors is
    /// left out of `usablePack` (listed in its `brokenLessons` with its diagnostics) and the
    /// others load.
    /// `checkedLessons`: lesson file names (without `.md`) whose files, in every language, are
    /// as they were when a load found no error in the pack: with `.now`, those are outlined as
    /// `.checkedBefore` does, and only the others are parsed and checked in full.
    package static func load(
        from root: URL, seguelabVersion: String = SeguelabVersion.current, steps: Steps = .now,
        checkedLessons: Set<String> = []
    )
        -> PackLoadResult
    {
        var loader = Loader(root: root.standardizedFileURL, seguelabVersion: seguelabVersion, steps: steps)
        loader.checkedLessons = checkedLessons
        var usable = loader.run()
        let diagnostics = loader.sink.diagnostics.sortedByLocation()
        if loader.packSink.diagnostics.hasErrors || usable?.lessons.isEmpty == true { usable = nil }
        return PackLoadResult(pack: diagnostics.hasErrors ? nil : usable, usablePack: usable, diagnostics: diagnostics)
    }

    /// Loads as `.now` does, except that a pack whose files are as they were when a `.now`
    /// load found no error in them loads as `.checkedBefore`: the shell starts without parsing
    /// the steps of lessons nobody has opened, and reports exactly what a full load would.
    /// A load without error is remembered in `checked`; one with errors is forgotten.
    package static func load(from root: URL, remembering checked: CheckedPacks) -> PackLoadResult {
        guard let fingerprint = checked.fingerprint(of: root) else { return load(from: root) }
        if checked.isClean(root, fingerprint: fingerprint) { return load(from: root, steps: .checkedBefore) }
        // An updated pack: the lessons whose files did not change are not parsed again.
        let result = load(from: root, checkedLessons: checked.unchangedLessons(root, fingerprint: fingerprint))
        if result.diagnostics.hasErrors {
            checked.forget(root)
        } else {
            checked.markClean(root, fingerprint: fingerprint)
        }
        return result
    }

    /// Parses one lesson file's bytes as `load` does (size, encoding, front matter, steps),
    /// without the pack around it: for tools and fuzzing.
    package static func parseLesson(_ data: Data, file: String, language: String = "en") -> (
        lesson: Lesson?, diagnostics: [Diagnostic]
    ) {
        let sink = DiagnosticSink()
        let lesson = PackText.decode(data, file: file, sink: sink).flatMap {
            LessonParser(file: file, language: language, sink: sink).parse($0)
        }
        return (sink.diagnostics.hasErrors ? nil : lesson, sink.diagnostics.sortedByLocation())
    }

    /// Parses a manifest's bytes as `load` does.
    package static func parseManifest(_ data: Data, file: String) -> (manifest: Manifest?, diagnostics: [Diagnostic]) {
        let sink = DiagnosticSink()
        let manifest = PackText.decode(data, file: file, sink: sink).flatMap {
            Manifest.parse($0, file: file, sink: sink)
        }
        return (sink.diagnostics.hasErrors ? nil : manifest, sink.diagnostics.sortedByLocation())
    }
}

private struct Loader {
    let root: URL
    let seguelabVersion: String
    let steps: PackLoader.Steps
    /// Lessons (by file name) a `.now` load takes as checked before (`PackLoader.load`).
    var checkedLessons: Set<String> = []
    /// Everything reported, pack-wide and per lesson.
    let sink = DiagnosticSink()
    /// Problems of the pack as a whole (manifest, support, storyboards): these prevent loading.
    let packSink = DiagnosticSink()
    let fileManager = FileManager.default

    /// Paths in diagnostics start with the pack folder's name: `mypack/lessons/01-intro.md`.
    func display(_ url: URL) -> String {
        let base = root.deletingLastPathComponent().path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }

    func read(_ url: URL, into sink: DiagnosticSink) -> String? {
        PackText.read(url, file: display(url), sink: sink, fileManager: fileManager)
    }

    /// The lesson in `url`, parsed in full or (`.whenOpened`, `.checkedBefore`) outlined, its
    /// steps parsed when first read. For a list the file is read again then rather than kept:
    /// a thousand lessons' text would be most of the list's memory. A checked pack keeps the
    /// text that was checked.
    func lesson(at url: URL, language: String, into sink: DiagnosticSink) -> Lesson? {
        let file = display(url)
        guard let text = read(url, into: sink) else { return nil }
        let reused = steps == .now && checkedLessons.contains(url.deletingPathExtension().lastPathComponent)
        guard steps != .now || reused else {
            return LessonParser(file: file, language: language, sink: sink).parse(text)
        }
        guard let outline = LessonParser(file: file, language: language, sink: sink).outline(text) else { return nil }
        let checkedText = steps == .checkedBefore || reused ? text : nil
        var lesson = Lesson(
            id: outline.id, title: outline.title, goal: outline.goal, stepIDs: outline.stepIDs,
            language: language, file: file
        ) {
            let sink = DiagnosticSink()
            let full = (checkedText ?? PackText.read(url, file: file, sink: sink)).flatMap {
                LessonParser(file: file, language: language, sink: sink).parse($0)
            }
            return (full?.intro ?? "", full?.steps ?? [])
        }
        lesson.idLocation = outline.idLocation
        lesson.renamedFrom = outline.renamedFrom
        return lesson
    }

    /// Why a path the manifest names leads out of the pack (absolute, through `..`, or through a
    /// link that leaves it), or nil when it stays inside: the rule links are held to.
    func leavesThePack(_ path: String) -> String? {
        if path.hasPrefix("/") || path.hasPrefix("~") {
            return "is not inside the pack: name it relative to the pack's folder"
        }
        if path.split(separator: "/").contains("..") {
            return "leads out of the pack ('..' is not allowed in a pack's paths)"
        }
        let resolvedRoot = root.resolvingSymlinksInPath().path
        let resolved = root.appendingPathComponent(path).resolvingSymlinksInPath().path
        guard resolved == resolvedRoot || resolved.hasPrefix(resolvedRoot + "/") else {
            return "leads out of the pack through a link"
        }
        return nil
    }

    /// A folder pack is held to the rule archives follow: a link may point only inside the
    /// pack. One leading out would make the pack show, run and (installed) copy files that are
    /// not part of it.
    func reportLinksLeavingThePack(into sink: DiagnosticSink) {
        let resolvedRoot = root.resolvingSymlinksInPath().path
        guard let entries = fileManager.enumerator(atPath: root.path) else { return }
        for case let relative as String in entries {
            // lstat, not URL resource values: this runs for every file at every start.
            var info = stat()
            let url = root.appendingPathComponent(relative)
            guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { continue }
            let target = (try? fileManager.destinationOfSymbolicLink(atPath: url.path)) ?? "?"
            let resolved = url.resolvingSymlinksInPath().path
            guard resolved != resolvedRoot, !resolved.hasPrefix(resolvedRoot + "/") else { continue }
            sink.error(
                "\(display(url)): link to '\(ControlCharacters.visible(target))' points outside the pack", at: nil)
        }
    }

    mutating func run() -> Pack? {
        defer { self.sink.append(contentsOf: packSink.diagnostics) }
        let sink = packSink
        let manifestURL = root.appendingPathComponent(Manifest.fileName)
        guard fileManager.fileExists(atPath: manifestURL.path) else {
            sink.error("\(display(root)) is not a lesson pack: it has no \(Manifest.fileName)", at: nil)
            return nil
        }
        guard let text = read(manifestURL, into: sink),
            let manifest = Manifest.parse(text, file: display(manifestURL), sink: sink)
        else { return nil }
        let manifestFile = display(manifestURL)
        reportLinksLeavingThePack(into: sink)
        func at(_ key: String) -> SourceLocation {
            manifest.locations[key] ?? SourceLocation(file: manifestFile, line: 1, column: 1)
        }

        if let minimum = manifest.minimumSeguelabVersion.flatMap(SemanticVersion.init),
            let current = SemanticVersion(seguelabVersion), current < minimum
        {
            sink.error(
                "this pack needs seguelab \(manifest.minimumSeguelabVersion!) or newer; this is \(seguelabVersion)",
                at: at("minimum-seguelab"))
        }

        // Support sources and storyboards.
        var support: [SourceFile] = []
        for (index, path) in manifest.supportFiles.enumerated() {
            let url = root.appendingPathComponent(path)
            if let reason = leavesThePack(path) {
                sink.error("support file '\(ControlCharacters.visible(path))' \(reason)", at: at("support.\(index)"))
                continue
            }
            guard fileManager.fileExists(atPath: url.path) else {
                sink.error("support file '\(path)' does not exist", at: at("support.\(index)"))
                continue
            }
            guard path.hasSuffix(".swift") else {
                sink.error("support file '\(path)' is not a .swift file", at: at("support.\(index)"))
                continue
            }
            let reserved = ["main.swift", HarnessSupport.helperFileName]
            if reserved.contains(url.lastPathComponent) || support.contains(where: { $0.name == url.lastPathComponent })
            {
                sink.error(
                    "support file name '\(url.lastPathComponent)' is taken; rename it (main.swift and \(HarnessSupport.helperFileName) are reserved, and names must be unique)",
                    at: at("support.\(index)"))
                continue
            }
            if let text = read(url, into: sink) {
                support.append(SourceFile(name: url.lastPathComponent, text: text, origin: .hidden, shared: true))
            }
        }
        var storyboardDirs: [URL] = []
        for (index, path) in manifest.storyboardDirectories.enumerated() {
            let url = root.appendingPathComponent(path, isDirectory: true)
            if let reason = leavesThePack(path) {
                sink.error(
                    "storyboard folder '\(ControlCharacters.visible(path))' \(reason)",
                    at: at("storyboards.\(index)"))
                continue
            }
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                storyboardDirs.append(url)
            } else if manifest.locations["storyboards"] != nil {
                sink.error("storyboard folder '\(path)' does not exist", at: at("storyboards.\(index)"))
            }
        }

        // Lesson files: default language, translations, orphans.
        let files = LessonFiles.scan(root: root, manifest: manifest, fileManager: fileManager)
        for orphan in files.orphans {
            sink.warning(
                "lesson file is not listed in pack.yaml 'lessons', so learners never see it",
                at: SourceLocation(file: display(orphan), line: 1, column: 1))
        }
        for (url, language) in files.unknownLanguages {
            sink.warning(
                "translation language '\(language)' is not listed in pack.yaml 'languages'",
                at: SourceLocation(file: display(url), line: 1, column: 1))
        }

        var lessons: [Lesson] = []
        var broken: [BrokenLesson] = []
        var lessonIDs: [String: String] = [:]
        var lessonsByName: [String: Lesson] = [:]
        for (index, name) in manifest.lessonOrder.enumerated() {
            let lessonSink = DiagnosticSink()
            var lesson: Lesson?
            if let url = files.primary[name] {
                lesson = self.lesson(at: url, language: manifest.defaultLanguage, into: lessonSink)
            } else {
                lessonSink.error("lesson '\(name)' has no file lessons/\(name).md", at: at("lessons.\(index)"))
            }
            if let found = lesson {
                if let first = lessonIDs[found.id] {
                    lessonSink.error(
                        "lesson id '\(found.id)' is already used by \(first)",
                        at: found.idLocation ?? SourceLocation(file: found.file, line: 1, column: 1))
                } else {
                    lessonIDs[found.id] = found.file
                    // Storyboards and `continues` are named in step settings: checked with the steps.
                    if steps == .now && !checkedLessons.contains(name) {
                        checkReferences(found, storyboardDirs: storyboardDirs, sink: lessonSink)
                    }
                }
            }
            self.sink.append(contentsOf: lessonSink.diagnostics)
            if let found = lesson, !lessonSink.diagnostics.hasErrors {
                lessons.append(found)
                lessonsByName[name] = found
            } else {
                broken.append(
                    BrokenLesson(
                        name: name, id: lesson?.id, language: manifest.defaultLanguage,
                        diagnostics: lessonSink.diagnostics.sortedByLocation()))
            }
        }

        var translations: [String: [String: Lesson]] = [:]
        for (language, byName) in files.translations.sorted(by: { $0.key < $1.key }) {
            for (name, url) in byName.sorted(by: { $0.key < $1.key }) {
                let lessonSink = DiagnosticSink()
                defer { self.sink.append(contentsOf: lessonSink.diagnostics) }
                guard let translated = lesson(at: url, language: language, into: lessonSink),
                    let original = lessonsByName[name]
                else {
                    if lessonSink.diagnostics.hasErrors {
                        broken.append(
                            BrokenLesson(
                                name: name, id: nil, language: language,
                                diagnostics: lessonSink.diagnostics.sortedByLocation()))
                    }
                    continue
                }
                if steps == .now && !checkedLessons.contains(name) {
                    TranslationCheck(sink: lessonSink).compare(translated, with: original)
                    checkReferences(translated, storyboardDirs: storyboardDirs, sink: lessonSink)
                }
                if lessonSink.diagnostics.hasErrors {
                    broken.append(
                        BrokenLesson(
                            name: name, id: translated.id, language: language,
                            diagnostics: lessonSink.diagnostics.sortedByLocation()))
                } else {
                    translations[language, default: [:]][original.id] = translated
                }
            }
        }

        var pack = Pack(
            root: root, manifest: manifest, lessons: lessons, translations: translations,
            supportSources: support, storyboardDirectories: storyboardDirs)
        pack.brokenLessons = broken
        pack.messages = messages(languages: manifest.languages)
        return pack
    }

    /// The pack's own shell messages, `messages/LANG.yaml`: language → key → text. A message
    /// English lacks, or whose placeholders differ from the English one's, is reported and left out.
    func messages(languages: [String]) -> [String: [String: String]] {
        let folder = root.appendingPathComponent("messages")
        let names = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
        var messages: [String: [String: String]] = [:]
        for name in names.sorted() where name.hasSuffix(".yaml") {
            let url = folder.appendingPathComponent(name)
            let file = display(url)
            let language = String(name.dropLast(".yaml".count))
            if !languages.contains(language) {
                sink.warning(
                    "messages for '\(language)', a language not listed in pack.yaml 'languages': learners never see them",
                    at: SourceLocation(file: file, line: 1, column: 1))
            }
            guard let text = read(url, into: sink) else { continue }
            let entries: [Catalog.Entry]
            do { entries = try Catalog.entries(yaml: text) } catch let error as Catalog.MessageFileError {
                sink.error(error.message, at: SourceLocation(file: file, line: error.line, column: error.column))
                continue
            } catch {
                sink.error("not valid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
                continue
            }
            var rejected: Set<Int> = []
            for problem in Catalog.problems(in: entries) {
                rejected.insert(problem.line)
                let location = SourceLocation(file: file, line: problem.line, column: problem.column)
                if problem.isError {
                    sink.error(problem.message, at: location)
                } else {
                    sink.warning(problem.message, at: location)
                }
            }
            for entry in entries where !rejected.contains(entry.line) {
                messages[language, default: [:]][entry.key] = entry.template
            }
        }
        return messages
    }

    /// Storyboards named by steps exist; `continues` names an earlier code step.
    func checkReferences(_ lesson: Lesson, storyboardDirs: [URL], sink: DiagnosticSink) {
        for (index, step) in lesson.steps.enumerated() {
            if let name = step.storyboard {
                if let reason = Pack.storyboardNameProblem(name) {
                    sink.error(
                        "storyboard '\(ControlCharacters.visible(name))' \(reason)",
                        at: step.storyboardLocation ?? step.location)
                    continue
                }
                let found = storyboardDirs.contains {
                    fileManager.fileExists(atPath: $0.appendingPathComponent(name + ".storyboard").path)
                }
                if !found {
                    let folders =
                        storyboardDirs.isEmpty
                        ? "(the pack has no storyboard folder)"
                        : storyboardDirs.map { display($0) }.joined(separator: ", ")
                    sink.error(
                        "storyboard '\(name)' not found: no \(name).storyboard in \(folders)",
                        at: step.storyboardLocation ?? step.location)
                }
            }
            if let previous = step.continuesFrom {
                guard let earlier = lesson.steps[..<index].first(where: { $0.id == previous }) else {
                    sink.error(
                        "'continues: \(previous)' must name an earlier step of this lesson",
                        at: step.continuesLocation ?? step.location)
                    continue
                }
                if earlier.code[.starter] == nil && earlier.code[.solution] == nil {
                    sink.error(
                        "'continues: \(previous)' names a step with no code to continue from",
                        at: step.continuesLocation ?? step.location)
                }
            }
        }
    }
}

/// Finds lesson files: `lessons/NAME.md`, translations as `lessons/LANG/NAME.md` or
/// `lessons/NAME.LANG.md`, and files that belong to no listed lesson.
struct LessonFiles {
    var primary: [String: URL] = [:]
    var translations: [String: [String: URL]] = [:]
    var orphans: [URL] = []
    var unknownLanguages: [(URL, String)] = []

    static func scan(root: URL, manifest: Manifest, fileManager: FileManager) -> LessonFiles {
        var result = LessonFiles()
        let lessonsDir = root.appendingPathComponent("lessons", isDirectory: true)
        let listed = Set(manifest.lessonOrder)
        let entries = ((try? fileManager.contentsOfDirectory(atPath: lessonsDir.path)) ?? []).sorted()
        for entry in entries {
            let url = lessonsDir.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                let language = entry
                let inner = ((try? fileManager.contentsOfDirectory(atPath: url.path)) ?? []).sorted().filter {
                    $0.hasSuffix(".md")
                }
                for file in inner {
                    result.addTranslation(
                        name: String(file.dropLast(3)), language: language, url: url.appendingPathComponent(file),
                        listed: listed, manifest: manifest)
                }
                continue
            }
            guard entry.hasSuffix(".md") else { continue }
            let stem = String(entry.dropLast(3))
            if listed.contains(stem) {
                result.primary[stem] = url
            } else if let dot = stem.lastIndex(of: "."), listed.contains(String(stem[..<dot])) {
                let language = String(stem[stem.index(after: dot)...])
                result.addTranslation(
                    name: String(stem[..<dot]), language: language, url: url, listed: listed, manifest: manifest)
            } else {
                result.orphans.append(url)
            }
        }
        return result
    }

    private mutating func addTranslation(
        name: String, language: String, url: URL, listed: Set<String>, manifest: Manifest
    ) {
        guard listed.contains(name) else {
            orphans.append(url)
            return
        }
        guard manifest.languages.contains(language) else {
            unknownLanguages.append((url, language))
            return
        }
        if language == manifest.defaultLanguage, primary[name] != nil {
            orphans.append(url)
            return
        }
        translations[language, default: [:]][name] = url
    }
}
