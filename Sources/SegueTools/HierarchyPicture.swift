import SegueKit

/// Draws a controller hierarchy: a navigation stack as boxes stacked with the top first,
/// split columns and tabs side by side, presented controllers to the right.
///
///     UINavigationController               presents ▶ ┌────────────────────────┐
///     ┌───────────────────────────┐                   │ CheckoutViewController │
///     │ ProductViewController     │ ◀ top             └────────────────────────┘
///     ├───────────────────────────┤
///     │ ProductListViewController │
///     └───────────────────────────┘
public enum HierarchyPicture {
    public static func render(_ snapshot: HierarchySnapshot) -> String {
        guard let root = snapshot.root else { return "(no view controller on screen)\n" }
        return block(for: root).lines.joined(separator: "\n") + "\n"
    }

    /// One line: `UINavigationController[ProductListViewController > ProductViewController] + presented CheckoutViewController`.
    public static func summary(_ snapshot: HierarchySnapshot) -> String {
        snapshot.root.map(summary(of:)) ?? "none"
    }

    static func summary(of node: ControllerNode) -> String {
        var text = node.className
        if !node.children.isEmpty {
            let separator = node.container == .navigation ? " > " : " | "
            text += "[" + node.children.map(summary(of:)).joined(separator: separator) + "]"
        }
        if let presented = node.presented { text += " + presented " + summary(of: presented) }
        return text
    }

    static func label(_ node: ControllerNode) -> [String] {
        [node.className] + (node.title.map { ["\"\($0)\""] } ?? [])
    }

    static func block(for node: ControllerNode) -> TextBlock {
        let own = ownBlock(for: node)
        guard let presented = node.presented else { return own }
        return TextBlock.sideBySide([own, block(for: presented)], gap: 3, joiners: ["presents ▶"])
    }

    private static func ownBlock(for node: ControllerNode) -> TextBlock {
        switch node.container {
        case .navigation?:
            guard !node.children.isEmpty else { return TextBlock([node.className + " (empty)"]) }
            let entries = node.children.reversed().map(entryBlock(for:))
            var stack = TextBlock.stackedBox(entries)
            let topRow = 1
            if stack.lines.count > topRow { stack.lines[topRow] += " ◀ top" }
            return TextBlock([node.className] + stack.lines)
        case .split?, .tabBar?:
            let columns = node.children.enumerated().map { index, child -> TextBlock in
                var column = block(for: child)
                if node.container == .tabBar {
                    column = TextBlock([(index == node.selectedIndex ? "● tab \(index)" : "○ tab \(index)")] + column.lines)
                }
                return column
            }
            let inner = TextBlock.sideBySide(columns, gap: 2)
            return TextBlock(label(node) + inner.boxed().lines)
        case nil:
            return entryBlock(for: node).boxed()
        }
    }

    /// A controller as an entry of an enclosing box: plain controllers unboxed (label, then
    /// embedded children), containers with their own drawing.
    private static func entryBlock(for node: ControllerNode) -> TextBlock {
        guard node.container == nil else { return block(for: node) }
        var content = label(node)
        for child in node.children { content += block(for: child).lines }
        if let presented = node.presented {
            return TextBlock.sideBySide([TextBlock(content), block(for: presented)], gap: 3, joiners: ["presents ▶"])
        }
        return TextBlock(content)
    }
}
