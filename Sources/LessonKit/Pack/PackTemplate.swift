import Foundation
import Playground

/// `seguelab pack new`: writes a starter pack with one lesson showing every step kind, on a
/// small storyboard (a navigation controller, a list screen and a detail screen).
package enum PackTemplate {
    package enum Failure: Error, CustomStringConvertible {
        case notEmpty(URL)
        case badID(String)
        /// The template's files were not installed beside the program (path tried).
        case missingTemplate(String)
        /// `pack new --lesson`: what stops the lesson from being added.
        case cannotAddLesson(String)

        package var description: String {
            switch self {
            case .notEmpty(let url): "\(url.path) already exists and is not empty; choose a new folder"
            case .badID(let id): "pack id '\(id)' may only contain letters, digits, '-', '_' and '.'"
            case .missingTemplate(let path): "the starter pack's files are missing from \(path); reinstall seguelab"
            case .cannotAddLesson(let reason): reason
            }
        }
    }

    /// Relative path → contents of every file the template writes: the files of the
    /// `StarterPack` resource, with the manifest's `{{id}}`, `{{title}}` and `{{minimum-seguelab}}` filled in.
    package static func files(id: String, title: String) throws -> [String: String] {
        let root = try starterPack()
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files[path] = try String(contentsOf: url, encoding: .utf8)
        }
        files[Manifest.fileName] = files[Manifest.fileName]?
            .replacingOccurrences(of: "{{id}}", with: id)
            .replacingOccurrences(of: "{{title}}", with: title.replacingOccurrences(of: "\"", with: "\\\""))
            .replacingOccurrences(of: "{{minimum-seguelab}}", with: SeguelabVersion.current)
        return files
    }

    /// The `StarterPack` resource, from LessonKit's resource bundle beside the executable, where
    /// SwiftPM builds it and `make install` copies it. (SwiftPM's `Bundle.module` would fall back
    /// to the build tree, so an installed copy missing its files would quietly use stale ones,
    /// and crash once the build tree is gone.)
    static func starterPack() throws -> URL {
        let beside = Bundle.main.bundleURL
        for bundle in [
            "seguelab_LessonKit.resources", "seguelab_LessonKit.bundle", "seguelab_LessonKit.bundle/Contents/Resources"
        ] {
            let url = beside.appendingPathComponent(bundle).appendingPathComponent("StarterPack")
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(Manifest.fileName).path) { return url }
        }
        throw Failure.missingTemplate(beside.appendingPathComponent("seguelab_LessonKit.resources").path)
    }

    /// Creates the pack folder. The id defaults to the folder's name.
    @discardableResult
    package static func write(to folder: URL, id: String? = nil, title: String? = nil) throws -> [URL] {
        let fileManager = FileManager.default
        if let existing = try? fileManager.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
            throw Failure.notEmpty(folder)
        }
        let packID = id ?? folder.lastPathComponent
        guard Identifier.isValid(packID) else { throw Failure.badID(packID) }
        var written: [URL] = []
        for (path, text) in try files(id: packID, title: title ?? "Storyboard segues").sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            written.append(url)
        }
        return written
    }

    /// `pack new DIR --lesson ID`: adds the starter lesson, one step of each kind, to the pack in
    /// `folder` as `lessons/NN-ID.md` (NN after the last lesson), listed last in the manifest. Its
    /// steps use the starter's screens (`ListViewController`, `DetailViewController`) and `Main`
    /// storyboard: a pack without them gets them too (`support/Screens.swift`,
    /// `storyboards/Main.storyboard`); a pack with a `Main` storyboard or those classes of its
    /// own is refused, since the lesson's code would meet other screens. Returns the files written.
    @discardableResult
    package static func addLesson(_ id: String, to folder: URL, title: String? = nil) throws -> [URL] {
        guard Identifier.isValid(id) else {
            throw Failure.cannotAddLesson("lesson id '\(id)' may only contain letters, digits, '-', '_' and '.'")
        }
        let loaded = PackLoader.load(from: folder)
        guard let pack = loaded.pack else {
            let first = loaded.diagnostics.first { $0.severity == .error }.map { ": \($0)" } ?? ""
            throw Failure.cannotAddLesson(
                "\(folder.path): the pack has errors; fix them first (seguelab pack check \(folder.path))\(first)")
        }
        if pack.lessons.contains(where: { $0.id == id }) {
            throw Failure.cannotAddLesson("the pack already has a lesson '\(id)'")
        }
        let starter = try files(id: pack.id, title: pack.manifest.title)
        let number = String(format: "%02d", pack.manifest.lessonOrder.count + 1)
        let name = "\(number)-\(id)"
        let lessonsFolder = folder.appendingPathComponent("lessons")
        if FileManager.default.fileExists(atPath: lessonsFolder.appendingPathComponent(name + ".md").path) {
            throw Failure.cannotAddLesson("\(lessonsFolder.path)/\(name).md already exists")
        }
        let hasScreens = pack.supportSources.contains { $0.text.contains("class ListViewController") }
        let hasMain = pack.storyboardURL(named: "Main") != nil
        var manifest = try String(contentsOf: folder.appendingPathComponent(Manifest.fileName), encoding: .utf8)
        var written: [(String, String)] = []
        switch (hasScreens, hasMain) {
        case (true, true): break
        case (false, false):
            let supportPath =
                pack.manifest.supportFiles.contains("support/Screens.swift")
                ? "support/StarterScreens.swift" : "support/Screens.swift"
            written.append((supportPath, starter["support/Screens.swift"] ?? ""))
            manifest = appending(supportPath, toList: "support", in: manifest)
            let storyboards = pack.manifest.storyboardDirectories.first
            if storyboards == nil { manifest = appending("storyboards", toList: "storyboards", in: manifest) }
            written.append(
                ((storyboards ?? "storyboards") + "/Main.storyboard", starter["storyboards/Main.storyboard"] ?? ""))
        default:
            throw Failure.cannotAddLesson(
                "the new lesson's steps use the starter's Main storyboard and its ListViewController and "
                    + "DetailViewController; this pack has "
                    + (hasMain ? "a Main storyboard but not those classes" : "those classes but no Main storyboard")
                    + ": add the lesson by hand (seguelab help authoring)")
        }
        var lesson = starter["lessons/01-first-segue.md"] ?? ""
        lesson = lesson.replacingOccurrences(of: "id: first-segue\n", with: "id: \(id)\n")
        if let title {
            lesson = lesson.replacingOccurrences(
                of: "title: Your first segue\n",
                with: "title: \"\(title.replacingOccurrences(of: "\"", with: "\\\""))\"\n")
        }
        written.append(("lessons/\(name).md", lesson))
        manifest = appending(name, toList: "lessons", in: manifest)
        var urls: [URL] = []
        for (path, _) in written {
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path) {
                throw Failure.cannotAddLesson("\(url.path) already exists")
            }
        }
        for (path, text) in written {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            urls.append(url)
        }
        try AtomicFile.write(Data(manifest.utf8), to: folder.appendingPathComponent(Manifest.fileName))
        urls.append(folder.appendingPathComponent(Manifest.fileName))
        return urls
    }

    /// The manifest's text with `item` added at the end of its top-level list `key` (block or
    /// flow style), or a new list when it has none. Comments and layout are kept.
    static func appending(_ item: String, toList key: String, in manifest: String) -> String {
        var lines = manifest.components(separatedBy: "\n")
        guard let keyLine = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) else {
            let end = manifest.hasSuffix("\n") || manifest.isEmpty ? "" : "\n"
            return manifest + end + "\(key):\n  - \(item)\n"
        }
        let rest = lines[keyLine].dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
        if rest.hasPrefix("["), let close = lines[keyLine].lastIndex(of: "]") {
            let inside = rest.dropFirst().prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces)
            lines[keyLine].replaceSubrange(
                close..<lines[keyLine].index(after: close), with: (inside.isEmpty ? "" : ", ") + item + "]")
            return lines.joined(separator: "\n")
        }
        var last = keyLine
        var indent = "  "
        for index in lines.indices.dropFirst(keyLine + 1) {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- ") && line.first == " " || line.hasPrefix("- ") {
                last = index
                indent = String(line.prefix { $0 == " " })
            } else if trimmed.isEmpty || trimmed.hasPrefix("#") {
                continue
            } else {
                break
            }
        }
        lines.insert("\(indent)- \(item)", at: last + 1)
        return lines.joined(separator: "\n")
    }
}
