import ArgumentParser
import Foundation
import LessonKit

/// `seguelab help authoring` (or `seguelab authoring`): the guide to writing lesson packs,
/// installed with seguelab (`make install`) so an author has it without the source checkout.
struct AuthoringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authoring",
        abstract: "Print the guide to writing lesson packs (the pack format, step kinds, checks).",
        discussion: "Also shown by `seguelab help authoring`. The guide is installed beside the built-in lessons (share/seguelab/authoring.md)."
    )

    /// Where the guide is: beside the installed lessons, else in the checkout's docs/.
    static func guide(context: PackLocation.Context = PackLocation.Context()) -> URL? {
        var candidates: [URL] = []
        if let executable = context.executable {
            candidates.append(executable.deletingLastPathComponent()
                .appendingPathComponent("../share/seguelab/authoring.md").standardizedFileURL)
        }
        candidates.append(context.checkoutLessons.deletingLastPathComponent().appendingPathComponent("docs/authoring.md"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    func run() throws {
        guard let url = Self.guide(), let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw CommandFailure("the authoring guide is not installed with this seguelab (share/seguelab/authoring.md); `make install` puts it there").exit()
        }
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    }
}
