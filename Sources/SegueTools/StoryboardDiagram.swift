import Foundation
import SegueKit

/// Output formats for a storyboard diagram.
public enum DiagramFormat: String, CaseIterable, Sendable {
    case text, dot, mermaid
}

/// Draws a storyboard's scenes (class, storyboard ID) and segues (kind, identifier, what
/// triggers them) as plain text, Graphviz DOT or Mermaid.
public struct StoryboardDiagram: Sendable {
    public let document: StoryboardDocument

    public init(document: StoryboardDocument) {
        self.document = document
    }

    public func render(_ format: DiagramFormat) -> String {
        switch format {
        case .text: return renderText()
        case .dot: return renderDOT()
        case .mermaid: return renderMermaid()
        }
    }

    // MARK: Shared descriptions

    /// "show", "show 'showProduct'", "relationship rootViewController", "unwind unwindToList:".
    static func edgeLabel(_ segue: SegueDefinition) -> String {
        var parts = [segue.kind.rawValue]
        if let relationship = segue.relationship { parts.append(relationship) }
        if let identifier = segue.identifier { parts.append("'\(identifier)'") }
        if let action = segue.unwindAction { parts.append(action) }
        if let customClass = segue.customClass { parts.append("(\(customClass))") }
        return parts.joined(separator: " ")
    }

    static func triggerDescription(_ trigger: SegueTrigger) -> String? {
        switch trigger {
        case .controller: return nil
        case .control(let id): return "button \(id)"
        case .barButtonItem(let id): return "bar item \(id)"
        case .cell(let id, let reuse): return "cell \(reuse ?? id)"
        case .cellAccessory(let id, let reuse): return "accessory of cell \(reuse ?? id)"
        case .container(let id): return "container \(id)"
        case .other(let element, let id): return "\(element) \(id)"
        }
    }

    func destinationName(_ segue: SegueDefinition) -> String {
        if segue.kind == .unwind { return "Exit" }
        guard let scene = document.scene(forControllerID: segue.destination) else { return segue.destination }
        return Self.sceneTitle(scene)
    }

    static func sceneTitle(_ scene: SceneDefinition) -> String {
        if let reference = scene.controller.reference {
            return "→ \(reference.storyboardName).storyboard" + (reference.referencedIdentifier.map { " #\($0)" } ?? "")
        }
        return scene.controller.displayClassName
    }

    static func sceneDetails(_ scene: SceneDefinition) -> [String] {
        var details: [String] = []
        if let id = scene.controller.storyboardIdentifier { details.append("storyboard ID: \(id)") }
        if let title = scene.controller.title { details.append("title: \(title)") }
        return details
    }

    // MARK: Text

    private func renderText() -> String {
        var output = ["Storyboard \(document.name) — \(document.scenes.count) scene\(document.scenes.count == 1 ? "" : "s")", ""]
        for scene in document.scenes {
            var header = [Self.sceneTitle(scene)] + Self.sceneDetails(scene)
            if scene.controller.objectID == document.initialViewControllerID { header[0] += "   ◀ initial" }
            output += TextBlock(header).boxed().lines
            for segue in scene.controller.segues {
                var line = "  ──\(Self.edgeLabel(segue))──▶ \(destinationName(segue))"
                if let trigger = Self.triggerDescription(segue.trigger) { line += "   (from \(trigger))" }
                output.append(line)
            }
            output.append("")
        }
        return output.joined(separator: "\n")
    }

    // MARK: DOT

    private func renderDOT() -> String {
        var lines = ["digraph \(Self.quoted(document.name)) {", "  rankdir=LR;", "  node [shape=box];"]
        for scene in document.scenes {
            let label = ([Self.sceneTitle(scene)] + Self.sceneDetails(scene)).joined(separator: "\n")
            var attributes = "label=\(Self.quoted(label))"
            if scene.controller.objectID == document.initialViewControllerID { attributes += ", penwidth=2" }
            lines.append("  \(Self.quoted(scene.controller.objectID)) [\(attributes)];")
            if scene.controller.segues.contains(where: { $0.kind == .unwind }) {
                lines.append("  \(Self.quoted(exitNode(scene))) [label=\"Exit\", shape=ellipse];")
            }
        }
        for scene in document.scenes {
            for segue in scene.controller.segues {
                let target = segue.kind == .unwind ? exitNode(scene) : segue.destination
                var attributes = "label=\(Self.quoted(Self.edgeLabel(segue)))"
                if segue.kind == .relationship || segue.kind == .embed { attributes += ", style=dashed" }
                if segue.kind == .unwind { attributes += ", style=dotted" }
                lines.append("  \(Self.quoted(scene.controller.objectID)) -> \(Self.quoted(target)) [\(attributes)];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func exitNode(_ scene: SceneDefinition) -> String { "exit:\(scene.sceneID)" }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    // MARK: Mermaid

    private func renderMermaid() -> String {
        var lines = ["flowchart LR"]
        for scene in document.scenes {
            let label = ([Self.sceneTitle(scene)] + Self.sceneDetails(scene)).joined(separator: "<br/>")
            lines.append("    \(Self.mermaidID(scene.controller.objectID))[\"\(Self.mermaidText(label))\"]")
            if scene.controller.segues.contains(where: { $0.kind == .unwind }) {
                lines.append("    \(Self.mermaidID(exitNode(scene)))((Exit))")
            }
        }
        for scene in document.scenes {
            for segue in scene.controller.segues {
                let target = segue.kind == .unwind ? exitNode(scene) : segue.destination
                let arrow = segue.kind == .relationship || segue.kind == .embed || segue.kind == .unwind ? "-.->" : "-->"
                lines.append("    \(Self.mermaidID(scene.controller.objectID)) \(arrow)|\"\(Self.mermaidText(Self.edgeLabel(segue)))\"| \(Self.mermaidID(target))")
            }
        }
        if let initial = document.initialViewControllerID {
            lines.append("    style \(Self.mermaidID(initial)) stroke-width:3px")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid node ids: ASCII letters and digits kept, anything else spelled as `_hex_`.
    static func mermaidID(_ id: String) -> String {
        "n_" + id.unicodeScalars.map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)) ? String(scalar) : "_\(String(scalar.value, radix: 16))_"
        }.joined()
    }

    static func mermaidText(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;")
    }
}
