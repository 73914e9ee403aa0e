import Foundation

/// The text of a one-lesson pack, written from its parts as an author lays it out: a manifest
/// listing lesson `01-a`, that lesson (id `a`) as a run of steps, and storyboards of a few
/// scenes. Tests that check what a pack says at which line build it here, so the layout (and
/// the line of each part) is the same in all of them.
package enum OneLessonPack {
    /// The manifest of pack `id`: `extra` lines (support files, storyboards) before its one lesson.
    package static func manifest(id: String = "demo", title: String = "D", extra: String = "") -> String {
        "id: \(id)\ntitle: \(title)\nversion: 1.0.0\nformat: 1\n\(extra)lessons: [01-a]\n"
    }

    /// Lesson `a` under its front matter, its steps one after another, a blank line before each.
    package static func lesson(title: String = "A", _ steps: String...) -> String {
        "---\nid: a\ntitle: \(title)\n---\n" + steps.map { "\n" + $0 }.joined()
    }

    /// An exercise `## TITLE {#ID}` checked by its output (`hint` its one hint), then its
    /// starter and its solution: the ```step block starts at the step's third line, the
    /// starter's code at its tenth, the solution's at its fourteenth (for one-line code).
    package static func exercise(
        _ id: String, _ title: String, output: String, hint: String, starter: String, solution: String
    ) -> String {
        """
        ## \(title) {#\(id)}

        ```step
        kind: exercise
        checks:
          - output: \(output)
        hints: [\(hint)]
        ```

        ```swift starter
        \(starter)
        ```

        ```swift solution
        \(solution)
        ```

        """
    }

    /// The files of the pack in a folder: the manifest, the lesson, and `others` beside them.
    package static func files(manifest: String = manifest(), lesson: String, _ others: [String: String] = [:])
        -> [String: String]
    {
        others.merging(["pack.yaml": manifest, "lessons/01-a.md": lesson]) { _, new in new }
    }

    /// A storyboard whose scenes (`s1`, `s2`, …) each hold the lines of `scenes` in turn as their
    /// objects; `initial` is the initial view controller's id. Its line 6 is the first scene's
    /// first object, each later scene five lines further (for one-line objects).
    package static func storyboard(initial: String, scenes: [String]) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" "#
                + #"initialViewController="\#(initial)">"#,
            "    <scenes>"
        ]
        for (index, objects) in scenes.enumerated() {
            lines.append("        <scene sceneID=\"s\(index + 1)\">")
            lines.append("            <objects>")
            lines += objects.split(separator: "\n").map { "                " + $0 }
            lines.append("            </objects>")
            lines.append("        </scene>")
        }
        lines += ["    </scenes>", "</document>", ""]
        return lines.joined(separator: "\n")
    }
}
