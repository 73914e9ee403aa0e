import Foundation

/// Unwind segues: find the destination walking up from the source, then run
/// `prepare(for:sender:)` on the source, the destination's unwind action, and the transition.
@MainActor
enum Unwinder {
    static func perform(_ definition: SegueDefinition, from source: UIViewController, sender: Any?) {
        let action = Selector(definition.unwindAction ?? "")
        let unwindSource = UIStoryboardUnwindSegueSource(source: source, unwindAction: action, sender: sender)
        var asked: [UIViewController] = []
        guard let destination = findDestination(for: unwindSource, asked: &asked),
            let handler = UnwindActionRegistry.handler(for: action, on: destination)
        else {
            // UIKit gives up without a word when nothing handles the action; the trace says
            // whom it asked, so that the learner can see where the search went.
            SegueTrace.record(
                TraceEvent(
                    event: .unwind, identifier: definition.identifier, segueKind: .unwind,
                    source: className(source), action: action.name,
                    properties: [TraceEvent.unwindAskedProperty: asked.map(className).joined(separator: ", ")],
                    message: failureMessage(action, source: source, asked: asked)))
            return
        }
        // The containers on the way are handed this very segue (`unwind(for:towards:)`).
        var performing: UIStoryboardSegue?
        let segue = SegueFactory.make(definition, source: source, destination: destination) {
            transition(from: source, to: destination, segue: performing)
        }
        performing = segue
        defer { performing = nil }
        SegueTrace.record(
            TraceEvent(
                event: .prepare, identifier: definition.identifier, segueKind: .unwind,
                source: className(source), destination: className(destination)))
        source.prepare(for: segue, sender: sender)
        SegueTrace.record(
            TraceEvent(
                event: .unwindAction, identifier: definition.identifier, segueKind: .unwind,
                source: className(source), destination: className(destination), action: action.name))
        handler(segue)
        SegueTrace.record(
            TraceEvent(
                event: .unwind, identifier: definition.identifier, segueKind: .unwind,
                source: className(source), destination: className(destination), action: action.name))
        segue.perform()
    }

    /// Starts at the source's parent (or presenter) and walks up; at each level the allowed
    /// children are searched depth-first before the controller itself is asked.
    static func findDestination(for unwindSource: UIStoryboardUnwindSegueSource) -> UIViewController? {
        var asked: [UIViewController] = []
        return findDestination(for: unwindSource, asked: &asked)
    }

    /// The same search, collecting in `asked` each controller whose
    /// `canPerformUnwindSegueAction(_:from:sender:)` was called, in order.
    static func findDestination(for unwindSource: UIStoryboardUnwindSegueSource, asked: inout [UIViewController])
        -> UIViewController?
    {
        var node = unwindSource.source
        while let next = node.parentStorage ?? node.presentingStorage {
            if let found = search(next, for: unwindSource, asked: &asked) { return found }
            node = next
        }
        return nil
    }

    private static func search(
        _ controller: UIViewController, for unwindSource: UIStoryboardUnwindSegueSource,
        asked: inout [UIViewController]
    ) -> UIViewController? {
        for child in controller.allowedChildrenForUnwinding(from: unwindSource) where child !== unwindSource.source {
            if let found = search(child, for: unwindSource, asked: &asked) { return found }
        }
        asked.append(controller)
        let canPerform = controller.canPerformUnwindSegueAction(
            unwindSource.unwindAction, from: unwindSource.source,
            sender: unwindSource.sender)
        return canPerform ? controller : nil
    }

    /// `no view controller handles unwindToList: (asked, above the source EditorViewController: UINavigationController, ListViewController)`.
    static func failureMessage(_ action: Selector, source: UIViewController, asked: [UIViewController]) -> String {
        let names =
            asked.isEmpty
            ? "nobody: the source has no parent or presenter" : asked.map(className).joined(separator: ", ")
        return "no view controller handles \(action.name) (asked, above the source \(className(source)): \(names))"
    }

    /// Dismisses what is presented above the destination, then lets each container on the
    /// way up make the destination visible.
    static func transition(
        from source: UIViewController, to destination: UIViewController,
        segue unwindSegue: UIStoryboardSegue? = nil
    ) {
        let root = destination.containmentRoot
        if root.presentedStorage != nil {
            Presentation.dismiss(from: root, animated: true, completion: nil)
        }
        let segue = unwindSegue ?? UIStoryboardSegue(identifier: nil, source: source, destination: destination)
        var child = destination
        while let container = child.parentStorage {
            container.unwind(for: segue, towards: child)
            child = container
        }
    }
}

/// Unwind actions by name. On iOS the runtime finds `@IBAction func unwindToList(_:)` from the
/// storyboard's `unwindAction="unwindToList:"`; Linux has no selectors, so actions are registered:
///
///     UnwindActionRegistry.register(ListViewController.self, "unwindToList:") { list, segue in
///         list.unwindToList(segue)
///     }
///
/// Programs can also export `@_cdecl("seguekit_register_actions") public func …()` making such
/// calls (public, and linked with `-Xlinker --export-dynamic`, so the symbol is visible);
/// it is looked up with `dlsym` the first time a registry (this one, `OutletRegistry` or
/// `ActionRegistry`) is asked.
@preconcurrency @MainActor
public enum UnwindActionRegistry {
    private static var table = ConnectionTable<UIStoryboardSegue, Void>()

    public static func register<Controller: UIViewController>(
        _ type: Controller.Type, _ action: String,
        _ body: @escaping @MainActor (Controller, UIStoryboardSegue) -> Void
    ) {
        table.register(type, action, body)
    }

    /// The registered actions, as `Module.Type.action:` strings.
    public static var registeredActions: [String] {
        ExportedRegistrations.loadOnce()
        return table.names
    }

    public static func removeAll() {
        table.removeAll()
    }

    /// The handler `controller` has for `action`, if its class (or a superclass) registered one.
    static func handler(for action: Selector, on controller: UIViewController) -> ((UIStoryboardSegue) -> Void)? {
        ExportedRegistrations.loadOnce()
        return table.handler(for: action.name, on: controller)
    }
}
