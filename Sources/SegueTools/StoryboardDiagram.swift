import Foundation
import SegueKit

/// Output formats for a storyboard diagram.
package enum DiagramFormat: String, CaseIterable, Sendable {
    case text, dot, mermaid
}

/// A `--from` that names no scene, or several.
package struct SceneQueryError: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String
}

/// Draws a storyboard's scenes (named as `SceneNames` does) and segues (kind, identifier,
/// presentation options, the trigger's visible text) as plain text, Graphviz DOT or Mermaid;
/// all of it, or the part reachable from one scene within a number of segues.
package struct StoryboardDiagram: Sendable {
    package let document: StoryboardDocument
    package let names: SceneNames
    /// Controller ids of the scenes drawn, in storyboard order.
    package let drawn: [String]
    /// The words around the storyboard's own names, in the reader's language.
    package let words: StoryboardWords
    private let focus: (scene: String, depth: Int?)?

    package init(document: StoryboardDocument, words: StoryboardWords = .english) {
        self.document = document
        self.words = words
        self.names = SceneNames(document: document)
        self.drawn = document.scenes.map(\.controller.objectID)
        self.focus = nil
    }

    /// The scenes reachable from the scene `query` names (see `scene(matching:)`) in at most
    /// `depth` segues (nil: any number); unwinds are not followed.
    package init(document: StoryboardDocument, from query: String, depth: Int?, words: StoryboardWords = .english)
        throws
    {
        self.document = document
        self.words = words
        self.names = SceneNames(document: document)
        let start = try Self.scene(matching: query, in: document, names: names, words: words)
        var reached: [String: Int] = [start.controller.objectID: 0]
        let scenes = document.scenesByControllerID()
        var queue = [start.controller.objectID]
        var next = 0
        while next < queue.count {
            let id = queue[next]
            next += 1
            let distance = reached[id] ?? 0
            guard depth.map({ distance < $0 }) ?? true, let scene = scenes[id] else { continue }
            for segue in scene.controller.segues where segue.kind != .unwind && reached[segue.destination] == nil {
                reached[segue.destination] = distance + 1
                queue.append(segue.destination)
            }
        }
        self.drawn = document.scenes.map(\.controller.objectID).filter { reached[$0] != nil }
        self.focus = (names.name(of: start), depth)
    }

    /// The scene a person means by `query`: its object id, storyboard ID, class, title or
    /// full name — exactly, else ignoring case.
    package static func scene(
        matching query: String, in document: StoryboardDocument, names: SceneNames,
        words: StoryboardWords = .english
    ) throws -> SceneDefinition {
        let keys: [(SceneDefinition) -> String?] = [
            { $0.controller.objectID }, { $0.controller.storyboardIdentifier }, { $0.controller.displayClassName },
            { SceneNames.title(of: $0.controller) }, { names.name(of: $0) }
        ]
        for caseless in [false, true] {
            for key in keys {
                let matches = document.scenes.filter { scene in
                    guard let value = key(scene) else { return false }
                    return caseless ? value.caseInsensitiveCompare(query) == .orderedSame : value == query
                }
                if matches.count == 1 { return matches[0] }
                if matches.count > 1 {
                    let list = matches.map { "\(names.name(of: $0)) (id \($0.controller.objectID))" }.joined(
                        separator: ", ")
                    throw SceneQueryError(description: words.scenesCalled(query, matches.count, document.name, list))
                }
            }
        }
        throw SceneQueryError(description: words.noSceneCalled(query, document.name))
    }

    package func render(_ format: DiagramFormat) -> String {
        switch format {
        case .text: return renderText()
        case .dot: return renderDOT()
        case .mermaid: return renderMermaid()
        }
    }

    // MARK: Shared descriptions

    private var drawnScenes: [SceneDefinition] {
        let wanted = Set(drawn)
        return document.scenes.filter { wanted.contains($0.controller.objectID) }
    }

    /// The scene's segues with their labels; a relationship that repeats (tabs, split columns)
    /// gets its index: `relationship viewControllers[1]`.
    func labelledSegues(_ scene: SceneDefinition) -> [(segue: SegueDefinition, label: String)] {
        var counts: [String: Int] = [:]
        for segue in scene.controller.segues {
            if let relationship = segue.relationship { counts[relationship, default: 0] += 1 }
        }
        var seen: [String: Int] = [:]
        return scene.controller.segues.map { segue in
            var index: Int?
            if let relationship = segue.relationship, counts[relationship, default: 0] > 1 {
                index = seen[relationship, default: 0]
                seen[relationship] = (index ?? 0) + 1
            }
            return (segue, Self.edgeLabel(segue, relationshipIndex: index, words: words))
        }
    }

    /// "show 'showProduct'", "relationship viewControllers[0]", "unwind unwindToList:",
    /// "presentation 'edit' [formSheet, not animated, @IBSegueAction makeEditor:]".
    static func edgeLabel(_ segue: SegueDefinition, relationshipIndex: Int? = nil, words: StoryboardWords = .english)
        -> String
    {
        var parts = [segue.kind.rawValue]
        if let relationship = segue.relationship {
            parts.append(relationship + (relationshipIndex.map { "[\($0)]" } ?? ""))
        }
        if let identifier = SegueEnumGenerator.identifier(of: segue) { parts.append("'\(identifier)'") }
        if let action = segue.unwindAction { parts.append(action) }
        if let customClass = segue.customClass { parts.append("(\(customClass))") }
        var options: [String] = []
        if let style = segue.modalPresentationStyle { options.append(style) }
        if let style = segue.modalTransitionStyle { options.append(style) }
        if !segue.animates { options.append(words.notAnimated) }
        if let selector = segue.destinationCreationSelector { options.append("@IBSegueAction \(selector)") }
        if !options.isEmpty { parts.append("[\(options.joined(separator: ", "))]") }
        return parts.joined(separator: " ")
    }

    /// "button \"Buy\"", "bar item add", "cell ProductCell", "cell \"Settings\"".
    static func triggerDescription(
        _ segue: SegueDefinition, in scene: SceneDefinition, words: StoryboardWords = .english
    ) -> String? {
        let label = segue.triggerLabel
        switch segue.trigger {
        case .controller: return nil
        case .control(let id): return "\(words.element(controlKind(id, in: scene))) \(label ?? id)"
        case .barButtonItem(let id): return "\(words.element(.barItem)) \(label ?? id)"
        case .cell(let id, let reuse): return "\(words.element(.cell)) \(reuse ?? label ?? id)"
        case .cellAccessory(let id, let reuse): return "\(words.element(.cellAccessory)) \(reuse ?? label ?? id)"
        // An embed always comes from a container view, which shows nothing of its own: it is
        // named only when it has an outline name.
        case .container: return label.map { "\(words.element(.container)) \($0)" }
        case .other(let element, let id): return "\(words.element(.other(element))) \(label ?? id)"
        }
    }

    /// The element of the control with this id: a button, a switch, a segmented control...
    private static func controlKind(_ id: String, in scene: SceneDefinition) -> TriggerElement {
        func find(_ view: ViewDefinition) -> String? {
            if view.objectID == id { return view.elementName }
            for child in view.subviews + view.prototypes + view.staticSections.flatMap({ $0 }) {
                if let found = find(child) { return found }
            }
            return nil
        }
        return TriggerElement(controlElement: scene.controller.rootView.flatMap(find))
    }

    func destinationName(_ segue: SegueDefinition) -> String {
        if segue.kind == .unwind { return "Exit" }
        return names.name(forControllerID: segue.destination) ?? segue.destination
    }

    /// Lines under a scene's name: what changes how it is shown.
    static func sceneDetails(_ scene: SceneDefinition, words: StoryboardWords = .english) -> [String] {
        var details: [String] = []
        if let style = scene.controller.modalPresentationStyle { details.append(words.presentedAs(style)) }
        return details
    }

    private var header: String {
        let count = document.scenes.count
        var text = "Storyboard \(document.name) — \(words.scenes(count))"
        if let focus {
            text =
                "Storyboard \(document.name) — \(words.focusedScenes(drawn.count, count, focus.scene))"
                + (focus.depth.map(words.withinSegues) ?? "")
        }
        return text
    }

    /// Destinations of drawn segues that are not drawn themselves (outside the focus).
    private var outsideDestinations: [String] {
        let inside = Set(drawn)
        var seen = Set<String>()
        return drawnScenes.flatMap(\.controller.segues)
            .filter { $0.kind != .unwind && !inside.contains($0.destination) }
            .map(\.destination).filter { seen.insert($0).inserted }
    }

    // MARK: Text

    private func renderText() -> String {
        var output = [header, ""]
        for scene in drawnScenes {
            var lines = [names.name(of: scene)] + Self.sceneDetails(scene, words: words)
            if scene.controller.objectID == document.initialViewControllerID { lines[0] += "   " + words.initial }
            output += TextBlock(lines).boxed().lines
            for (segue, label) in labelledSegues(scene) {
                var line = "  ──\(label)──▶ \(destinationName(segue))"
                if let trigger = Self.triggerDescription(segue, in: scene, words: words) {
                    line += "   (\(words.from(trigger)))"
                }
                output.append(line)
            }
            output.append("")
        }
        return output.joined(separator: "\n")
    }

    // MARK: DOT

    private func renderDOT() -> String {
        var lines = [
            "digraph \(Self.quoted(document.name)) {", "  label=\(Self.quoted(header));", "  labelloc=t;",
            "  fontname=\"Helvetica\";",
            "  rankdir=LR;", "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];"
        ]
        for scene in drawnScenes {
            let label = ([names.name(of: scene)] + Self.sceneDetails(scene, words: words)).joined(separator: "\n")
            var attributes = "label=\(Self.quoted(label))"
            if scene.controller.objectID == document.initialViewControllerID { attributes += ", penwidth=2" }
            if scene.controller.reference != nil { attributes += ", shape=folder" }
            lines.append("  \(Self.quoted(scene.controller.objectID)) [\(attributes)];")
            if scene.controller.segues.contains(where: { $0.kind == .unwind }) {
                lines.append("  \(Self.quoted(exitNode(scene))) [label=\"Exit\", shape=ellipse];")
            }
        }
        for id in outsideDestinations {
            lines.append(
                "  \(Self.quoted(id)) [label=\(Self.quoted(names.name(forControllerID: id) ?? id)), style=\"rounded,dashed\", color=gray, fontcolor=gray];"
            )
        }
        for scene in drawnScenes {
            for (segue, label) in labelledSegues(scene) {
                let target = segue.kind == .unwind ? exitNode(scene) : segue.destination
                var text = label
                if let trigger = Self.triggerDescription(segue, in: scene, words: words) {
                    text += "\n" + words.from(trigger)
                }
                var attributes = "label=\(Self.quoted(text))"
                if segue.kind == .relationship || segue.kind == .embed { attributes += ", style=dashed" }
                if segue.kind == .unwind { attributes += ", style=dotted" }
                lines.append("  \(Self.quoted(scene.controller.objectID)) -> \(Self.quoted(target)) [\(attributes)];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func exitNode(_ scene: SceneDefinition) -> String { "exit:\(scene.sceneID)" }

    /// A DOT string: backslashes and quotes escaped, line breaks as `\n`. Escaped scalar by
    /// scalar, not by Character: Graphviz reads bytes, so a quote that a combining mark follows
    /// is still a quote to it (and Foundation's `replacingOccurrences`, which matches composed
    /// characters, left it bare).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\r": break
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    // MARK: Mermaid

    private func renderMermaid() -> String {
        var lines = ["flowchart LR"]
        for scene in drawnScenes {
            let label = ([names.name(of: scene)] + Self.sceneDetails(scene, words: words)).map(Self.mermaidText).joined(
                separator: "<br/>")
            lines.append("    \(Self.mermaidID(scene.controller.objectID))[\"\(label)\"]")
            if scene.controller.segues.contains(where: { $0.kind == .unwind }) {
                lines.append("    \(Self.mermaidID(exitNode(scene)))((Exit))")
            }
        }
        for id in outsideDestinations {
            lines.append("    \(Self.mermaidID(id))[\"\(Self.mermaidText(names.name(forControllerID: id) ?? id))\"]")
            lines.append("    style \(Self.mermaidID(id)) stroke-dasharray: 5 5")
        }
        for scene in drawnScenes {
            for (segue, label) in labelledSegues(scene) {
                let target = segue.kind == .unwind ? exitNode(scene) : segue.destination
                let arrow =
                    segue.kind == .relationship || segue.kind == .embed || segue.kind == .unwind ? "-.->" : "-->"
                var text = Self.mermaidText(label)
                if let trigger = Self.triggerDescription(segue, in: scene, words: words) {
                    text += "<br/>" + Self.mermaidText(words.from(trigger))
                }
                lines.append(
                    "    \(Self.mermaidID(scene.controller.objectID)) \(arrow)|\"\(text)\"| \(Self.mermaidID(target))")
            }
        }
        if let initial = document.initialViewControllerID, drawn.contains(initial) {
            lines.append("    style \(Self.mermaidID(initial)) stroke-width:3px")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid node ids: ASCII letters and digits kept, anything else spelled as `_hex_`.
    static func mermaidID(_ id: String) -> String {
        "n_"
            + id.unicodeScalars.map { scalar in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar))
                    ? String(scalar) : "_\(String(scalar.value, radix: 16))_"
            }.joined()
    }

    /// Text inside a quoted Mermaid label: every ASCII character Mermaid could read as syntax
    /// (quotes, `<` `>` `&`, brackets, `|`, `#`, `;`, backtick...) becomes an entity code
    /// (`#60;`), line breaks become spaces; letters, digits, spaces and `. , : ' - _ /` stay.
    static func mermaidText(_ text: String) -> String {
        let safe = Set(" .,:'-_/".unicodeScalars)
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result += " "
            } else if scalar.isASCII && !CharacterSet.alphanumerics.contains(scalar) && !safe.contains(scalar) {
                result += "#\(scalar.value);"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
