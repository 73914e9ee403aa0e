import SegueKit

/// One readable line per trace event, e.g.
/// `  9 prepare        ProductListViewController ─showProduct (show)─▶ ProductViewController`.
public enum TraceRenderer {
    public static func render(_ events: [TraceEvent]) -> String {
        events.map(line(for:)).joined(separator: "\n") + (events.isEmpty ? "" : "\n")
    }

    public static func line(for event: TraceEvent) -> String {
        let number = String(event.seq)
        let label = eventName(event.event)
        let head = String(repeating: " ", count: max(0, 3 - number.count)) + number + " "
            + label + String(repeating: " ", count: max(1, 15 - label.count))
        return head + describe(event)
    }

    static func eventName(_ kind: TraceEvent.Kind) -> String {
        switch kind {
        case .shouldPerform: return "should-perform"
        case .unwindAction: return "unwind-action"
        case .viewDidLoad: return "viewDidLoad"
        case .setStack: return "set-stack"
        case .showDetail: return "show-detail"
        case .selectTab: return "select-tab"
        case .setRoot: return "window-root"
        default: return kind.rawValue
        }
    }

    static func segueName(_ event: TraceEvent) -> String {
        let identifier = event.identifier.map { "'\($0)'" } ?? "(no identifier)"
        return event.segueKind.map { "\(identifier) \($0.rawValue)" } ?? identifier
    }

    static func arrow(_ event: TraceEvent) -> String {
        "\(event.source ?? "?") ─\(segueName(event))─▶ \(event.destination ?? "?")"
    }

    static func properties(_ event: TraceEvent) -> String {
        guard let properties = event.properties, !properties.isEmpty else { return "" }
        return "  {" + properties.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    }

    static func describe(_ event: TraceEvent) -> String {
        let source = event.source ?? "?"
        let destination = event.destination ?? "?"
        switch event.event {
        case .shouldPerform:
            return "\(source) asked about \(segueName(event)) → \(event.answer == false ? "no, cancelled" : "yes")"
        case .instantiate:
            return destination + (event.storyboardID.map { " (storyboard ID \($0))" } ?? "") + (event.message.map { " from \($0)" } ?? "")
        case .relationship:
            return "\(source) ─\(event.message ?? "relationship")─▶ \(destination)"
        case .prepare:
            return "\(source).prepare(for: \(segueName(event))) → \(destination)"
        case .perform:
            return arrow(event) + (event.segueClass.map { $0 == "UIStoryboardSegue" ? "" : " [\($0)]" } ?? "") + properties(event)
        case .push:
            return "\(destination) onto \(event.controller ?? "navigation controller")" + properties(event)
        case .pop:
            return "\(event.message ?? source) off \(event.controller ?? "navigation controller"), back to \(destination)"
        case .setStack:
            return "\(event.controller ?? "navigation controller") stack: \(event.message ?? destination)"
        case .present:
            let from = event.source.flatMap { $0 == event.controller ? nil : " (from \($0))" } ?? ""
            return "\(event.controller ?? source) presents \(destination)\(from)" + properties(event)
        case .dismiss:
            return "\(event.controller ?? source) dismissed, back to \(destination)"
        case .showDetail:
            return "\(destination) in the secondary column of \(event.controller ?? "split view controller")" + properties(event)
        case .embed:
            return "\(destination) embedded in \(source)" + properties(event)
        case .selectTab:
            return "\(event.controller ?? "tab bar controller") selects \(destination) (tab \(event.message ?? "?"))"
        case .setRoot:
            return "window shows \(destination)"
        case .unwind:
            if let message = event.message { return "\(source) \(event.action ?? "") — \(message), nothing happens" }
            return "\(source) ─\(event.action ?? "unwind")─▶ \(destination)"
        case .unwindAction:
            return "\(destination).\(event.action ?? "?")(segue from \(source))"
        case .viewDidLoad:
            return event.controller ?? "?"
        case .warning:
            return event.message ?? ""
        case .exception:
            return "\(event.exception ?? "exception"): \(event.message ?? "")"
        case .note:
            return (event.message ?? "") + properties(event)
        case .snapshot:
            return "hierarchy: " + (event.snapshot.map(HierarchyPicture.summary) ?? "none")
        }
    }
}
