import Foundation
import TestSupport
import Testing

@testable import LessonKit

/// Builds small packs on disk for tests; the pack folder is named `p`, so diagnostics read
/// `p/lessons/01-a.md:LINE:COL: …`.
struct PackBuilder {
    var manifest = OneLessonPack.manifest(title: "Demo")
    var files: [String: String] = [:]

    init(lesson: String? = nil) {
        if let lesson { files["lessons/01-a.md"] = lesson }
    }

    func load(in directory: TemporaryDirectory) throws -> PackLoadResult {
        var all = files
        all["pack.yaml"] = manifest
        let root = try directory.write(all, under: "p")
        return PackLoader.load(from: root)
    }

    /// Diagnostics as printed.
    func diagnostics(in directory: TemporaryDirectory) throws -> [String] {
        try load(in: directory).diagnostics.map(\.description)
    }

    /// The one-lesson pack of a lesson body (front matter added), which must load.
    static func loaded(_ body: String) throws -> Pack {
        let dir = TemporaryDirectory()
        let result = try PackBuilder(lesson: lessonFile(body)).load(in: dir)
        return try #require(result.pack, "\(result.diagnostics.map(\.description))")
    }

    /// A lesson body of one code step, `## Bad {#bad}`: `settings` in its ```step block (each line
    /// ending with a newline), `print(1)` its starter and `print(2)` its solution.
    static func codeStep(_ settings: String) -> String {
        "\n## Bad {#bad}\n\n```step\n\(settings)```\n\n```swift starter\nprint(1)\n```\n\n"
            + "```swift solution\nprint(2)\n```\n"
    }
}

/// A lesson file with front matter and the given body.
func lessonFile(_ body: String) -> String {
    OneLessonPack.lesson() + body
}
