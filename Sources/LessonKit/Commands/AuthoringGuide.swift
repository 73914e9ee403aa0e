import Foundation

/// The guide to writing lesson packs (`seguelab help authoring`), installed with seguelab
/// (`make install`) so an author has it without the source checkout.
package enum AuthoringGuide {
    /// Where the guide is: beside the installed lessons, else in the checkout's docs/.
    package static func url(context: PackLocation.Context = PackLocation.Context()) -> URL? {
        var candidates: [URL] = []
        if let executable = context.executable {
            candidates.append(
                executable.deletingLastPathComponent()
                    .appendingPathComponent("../share/seguelab/authoring.md").standardizedFileURL)
        }
        candidates.append(
            context.checkoutLessons.deletingLastPathComponent()
                .appendingPathComponent("docs/authoring.md"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The guide's text, ending with a newline.
    package static func text(context: PackLocation.Context = PackLocation.Context()) throws(CommandFailure) -> String {
        guard let url = url(context: context), let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw CommandFailure(
                "the authoring guide is not installed with this seguelab "
                    + "(share/seguelab/authoring.md); `make install` puts it there")
        }
        return text.hasSuffix("\n") ? text : text + "\n"
    }
}
