import Foundation

/// `seguelab pack new`: writes a starter pack with one lesson showing every step kind, on a
/// small storyboard (a navigation controller, a list screen and a detail screen).
package enum PackTemplate {
    package enum Failure: Error, CustomStringConvertible {
        case notEmpty(URL)
        case badID(String)
        /// The template's files were not installed beside the program (path tried).
        case missingTemplate(String)

        package var description: String {
            switch self {
            case .notEmpty(let url): "\(url.path) already exists and is not empty; choose a new folder"
            case .badID(let id): "pack id '\(id)' may only contain letters, digits, '-', '_' and '.'"
            case .missingTemplate(let path): "the starter pack's files are missing from \(path); reinstall seguelab"
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
}
