import Foundation
import SegueTools

/// The pack's storyboards as a learner types them: by name (`BookshopRenamed`), by file name
/// (`BookshopRenamed.storyboard`) or by the path a lesson shows (`storyboards/BookshopRenamed.storyboard`,
/// from the pack's folder); any other path is a file on disk.
struct PackStoryboards: Sendable {
    /// The pack's storyboard folders, in the order the pack searches them.
    var directories: [URL]
    /// The pack's own folder, where the paths a lesson shows start.
    var root: URL?
    /// The code behind each Swift file name the current step's shown commands compare, read
    /// when no such file is on disk.
    var shownSources: [String: String] = [:]

    /// The storyboards' names, without `.storyboard`, for Tab.
    var names: [String] {
        let files = directories.flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
                .filter { $0.hasSuffix(".storyboard") }.sorted()
        }
        var seen = Set<String>()
        return files.map { String($0.dropLast(".storyboard".count)) }.filter { seen.insert($0).inserted }
    }

    /// The file `typed` names: a file on disk when there is one, else the pack's storyboard of
    /// that name or path; nil when neither exists.
    func url(for typed: String) -> URL? {
        let onDisk = StoryboardCommand.Inputs.files.storyboard(typed)
        if FileManager.default.fileExists(atPath: onDisk.path) { return onDisk }
        guard !typed.hasPrefix("/"), !typed.split(separator: "/").contains("..") else { return nil }
        var candidates: [URL] = root.map { [$0.appendingPathComponent(typed)] } ?? []
        for directory in directories {
            candidates.append(directory.appendingPathComponent(typed))
            if !typed.hasSuffix(".storyboard") {
                candidates.append(directory.appendingPathComponent(typed + ".storyboard"))
            }
        }
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    /// Where the command reads: storyboards through `url(for:)`, Swift files from disk.
    var inputs: StoryboardCommand.Inputs {
        let lookup = self
        return StoryboardCommand.Inputs(
            storyboard: { lookup.url(for: $0) ?? StoryboardCommand.Inputs.files.storyboard($0) },
            source: { path in StoryboardCommand.Inputs.files.source(path) ?? lookup.shownSources[path] })
    }
}
