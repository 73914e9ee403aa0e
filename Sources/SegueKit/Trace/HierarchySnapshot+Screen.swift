import Foundation

extension HierarchySnapshot {
    /// What a hierarchy shows the user: the one answer that checks, predictions and the shell's
    /// "Final screen:" line all read.
    public struct Screen: Sendable, Hashable {
        /// Class of the window's root view controller.
        public var root: String?
        /// Class of the top view controller of the front-most navigation stack.
        public var topOfStack: String?
        /// Classes of the presented view controllers, outermost first.
        public var presented: [String]
        /// The controller the user sees: the front-most one that is not a container.
        public var visible: String?
        /// When the visible controller is inside a container that was presented: that container.
        public var frame: String?
        /// When the visible controller (or its frame) was presented: the screen it covers.
        public var covered: String?

        public init(
            root: String?, topOfStack: String?, presented: [String], visible: String?,
            frame: String?, covered: String?
        ) {
            self.root = root
            self.topOfStack = topOfStack
            self.presented = presented
            self.visible = visible
            self.frame = frame
            self.covered = covered
        }
    }

    /// Follows what is visible: down through containers (a stack's top, the selected tab, a
    /// split view's last column), then into whatever one of them presents, which covers them all.
    public var screen: Screen {
        var screen = Screen(
            root: root?.className, topOfStack: nil, presented: [], visible: nil, frame: nil,
            covered: nil)
        guard var current = root else { return screen }
        while true {
            var path = [current]
            while let child = Self.visibleChild(of: path.last!) {
                if path.last!.container == .navigation { screen.topOfStack = child.className }
                path.append(child)
            }
            if let presented = path.first(where: { $0.presented != nil })?.presented {
                screen.presented.append(presented.className)
                screen.covered = path.last!.className
                current = presented
                continue
            }
            screen.visible = path.last!.className
            if screen.covered != nil, path.count > 1 { screen.frame = path[path.count - 2].className }
            return screen
        }
    }

    /// The child a container shows: a stack's top, the selected tab, a split view's last column.
    public static func visibleChild(of node: ControllerNode) -> ControllerNode? {
        switch node.container {
        case .navigation?, .split?: return node.children.last
        case .tabBar?:
            let index = node.selectedIndex ?? 0
            return node.children.indices.contains(index) ? node.children[index] : nil
        case nil: return nil
        }
    }
}
