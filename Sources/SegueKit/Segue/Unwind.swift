#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Unwind segues: find the destination walking up from the source, then run
/// `prepare(for:sender:)` on the source, the destination's unwind action, and the transition.
@MainActor
enum Unwinder {
    static func perform(_ definition: SegueDefinition, from source: UIViewController, sender: Any?) {
        let action = Selector(definition.unwindAction ?? "")
        let unwindSource = UIStoryboardUnwindSegueSource(source: source, unwindAction: action, sender: sender)
        guard let destination = findDestination(for: unwindSource),
              let handler = UnwindActionRegistry.handler(for: action, on: destination)
        else {
            // UIKit gives up without a word when nothing handles the action.
            SegueTrace.record(TraceEvent(event: .unwind, identifier: definition.identifier, segueKind: .unwind,
                                         source: className(source), action: action.name,
                                         message: "no view controller handles \(action.name)"))
            return
        }
        let segue = SegueFactory.make(definition, source: source, destination: destination) {
            transition(from: source, to: destination)
        }
        SegueTrace.record(TraceEvent(event: .prepare, identifier: definition.identifier, segueKind: .unwind,
                                     source: className(source), destination: className(destination)))
        source.prepare(for: segue, sender: sender)
        SegueTrace.record(TraceEvent(event: .unwindAction, identifier: definition.identifier, segueKind: .unwind,
                                     source: className(source), destination: className(destination), action: action.name))
        handler(segue)
        SegueTrace.record(TraceEvent(event: .unwind, identifier: definition.identifier, segueKind: .unwind,
                                     source: className(source), destination: className(destination), action: action.name))
        segue.perform()
    }

    /// Starts at the source's parent (or presenter) and walks up; at each level the allowed
    /// children are searched depth-first before the controller itself is asked.
    static func findDestination(for unwindSource: UIStoryboardUnwindSegueSource) -> UIViewController? {
        var node = unwindSource.source
        while let next = node.parentStorage ?? node.presentingStorage {
            if let found = search(next, for: unwindSource) { return found }
            node = next
        }
        return nil
    }

    private static func search(_ controller: UIViewController, for unwindSource: UIStoryboardUnwindSegueSource) -> UIViewController? {
        for child in controller.allowedChildrenForUnwinding(from: unwindSource) where child !== unwindSource.source {
            if let found = search(child, for: unwindSource) { return found }
        }
        let canPerform = controller.canPerformUnwindSegueAction(unwindSource.unwindAction, from: unwindSource.source,
                                                                sender: unwindSource.sender)
        return canPerform ? controller : nil
    }

    /// Dismisses what is presented above the destination, then lets each container on the
    /// way up make the destination visible.
    static func transition(from source: UIViewController, to destination: UIViewController) {
        let root = destination.containmentRoot
        if root.presentedStorage != nil {
            Presentation.dismiss(from: root, animated: true, completion: nil)
        }
        let segue = UIStoryboardSegue(identifier: nil, source: source, destination: destination)
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
/// it is looked up with `dlsym` the first time an unwind action is needed.
@preconcurrency @MainActor
public enum UnwindActionRegistry {
    private struct Entry {
        let action: String
        let typeName: String
        let matches: (UIViewController) -> Bool
        let invoke: (UIViewController, UIStoryboardSegue) -> Void
    }

    private static var entries: [Entry] = []
    private static var didLoadExportedRegistrations = false

    public static func register<Controller: UIViewController>(
        _ type: Controller.Type, _ action: String,
        _ body: @escaping @MainActor (Controller, UIStoryboardSegue) -> Void
    ) {
        SegueRuntime.noteModule(of: type)
        entries.append(Entry(action: action, typeName: String(reflecting: type),
                             matches: { $0 is Controller },
                             invoke: { controller, segue in body(controller as! Controller, segue) }))
    }

    /// The registered actions, as `Module.Type.action:` strings.
    public static var registeredActions: [String] {
        loadExportedRegistrations()
        return entries.map { "\($0.typeName).\($0.action)" }
    }

    public static func removeAll() {
        entries.removeAll()
    }

    /// The handler `controller` has for `action`, if its class (or a superclass) registered one.
    static func handler(for action: Selector, on controller: UIViewController) -> ((UIStoryboardSegue) -> Void)? {
        loadExportedRegistrations()
        guard let entry = entries.last(where: { $0.action == action.name && $0.matches(controller) }) else { return nil }
        return { segue in entry.invoke(controller, segue) }
    }

    private static func loadExportedRegistrations() {
        guard !didLoadExportedRegistrations else { return }
        didLoadExportedRegistrations = true
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "seguekit_register_actions") else { return }
        typealias RegisterFunction = @convention(c) () -> Void
        unsafeBitCast(symbol, to: RegisterFunction.self)()
    }
}
