import Foundation

@testable import LessonKit

/// Builds small packs on disk for tests; the pack folder is named `p`, so diagnostics read
/// `p/lessons/01-a.md:LINE:COL: …`.
struct PackBuilder {
    var manifest = """
        id: demo
        title: Demo
        version: 1.0.0
        format: 1
        lessons: [01-a]

        """
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
}

/// A lesson file with front matter and the given body.
func lessonFile(_ body: String) -> String {
    "---\nid: a\ntitle: A\n---\n" + body
}
