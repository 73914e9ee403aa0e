import Foundation

/// `seguelab pack new`: writes a starter pack with one lesson showing every step kind, on a
/// small storyboard (a navigation controller, a list screen and a detail screen).
public enum PackTemplate {
    public enum Failure: Error, CustomStringConvertible {
        case notEmpty(URL)
        case badID(String)

        public var description: String {
            switch self {
            case .notEmpty(let url): "\(url.path) already exists and is not empty; choose a new folder"
            case .badID(let id): "pack id '\(id)' may only contain letters, digits, '-', '_' and '.'"
            }
        }
    }

    /// Relative path → contents of every file the template writes.
    public static func files(id: String, title: String) -> [String: String] {
        [
            Manifest.fileName: TemplateFiles.manifest(id: id, title: title),
            "lessons/01-first-segue.md": TemplateFiles.lesson,
            "support/Screens.swift": TemplateFiles.screens,
            "storyboards/Main.storyboard": TemplateFiles.storyboard,
        ]
    }

    /// Creates the pack folder. The id defaults to the folder's name.
    @discardableResult
    public static func write(to folder: URL, id: String? = nil, title: String? = nil) throws -> [URL] {
        let fileManager = FileManager.default
        if let existing = try? fileManager.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
            throw Failure.notEmpty(folder)
        }
        let packID = id ?? folder.lastPathComponent
        guard Identifier.isValid(packID) else { throw Failure.badID(packID) }
        var written: [URL] = []
        for (path, text) in files(id: packID, title: title ?? "Storyboard segues").sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            written.append(url)
        }
        return written
    }
}
