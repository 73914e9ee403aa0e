import Foundation

/// A small pack of question steps (nothing to compile), so the tests that read or serve a pack
/// run quickly: lesson `a` "Identifiers" (a prose step `welcome`, a text question `which`,
/// answered `prepare(for:sender:)`) and lesson `b` "Enums" (`intro`, `ask`, answered `enum`).
package enum QuestionPack {
    package static let manifest = "id: demo\ntitle: Demo course\nversion: 1.0.0\nformat: 1\nlessons: [01-a, 02-b]\n"

    package static let files: [String: String] = [
        "pack.yaml": manifest,
        "lessons/01-a.md": """
        ---
        id: a
        title: Identifiers
        ---

        ## Welcome {#welcome}

        Hello.

        ## Which {#which}

        ```step
        kind: text
        question: Which method runs before a segue performs?
        accept: ["prepare(for:sender:)"]
        hints: [It prepares.]
        ```

        """,
        "lessons/02-b.md": """
        ---
        id: b
        title: Enums
        ---

        ## Intro {#intro}

        Enums.

        ## Ask {#ask}

        ```step
        kind: text
        accept: ["enum"]
        hints: [A type.]
        ```

        """
    ]

    /// Writes `files` (the pack, or a variant of it) into the folder `name` of `home`.
    package static func write(_ files: [String: String] = files, in home: URL, name: String) throws -> URL {
        let root = home.appendingPathComponent(name, isDirectory: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }
}
