import Foundation

/// Connects what a scene defines around its controller: relationship segues (navigation
/// root, tabs, split columns) and the navigation item's bar button items.
@MainActor
enum StoryboardWiring {
    static func applyRelationships(of scene: SceneDefinition, to controller: UIViewController, storyboard: UIStoryboard)
    {
        let relationships = scene.controller.segues.filter { $0.kind == .relationship }
        guard !relationships.isEmpty else { return }
        func instantiate(_ segues: [SegueDefinition]) -> [UIViewController] {
            segues.map { segue in
                let child = storyboard.instantiateController(objectID: segue.destination)
                SegueTrace.record(
                    TraceEvent(
                        event: .relationship, identifier: segue.identifier, segueKind: .relationship,
                        source: className(controller), destination: className(child),
                        message: segue.relationship))
                return child
            }
        }
        func named(_ names: Set<String>) -> [SegueDefinition] {
            relationships.filter { names.contains($0.relationship ?? "") }
        }
        switch controller {
        case let navigation as UINavigationController:
            navigation.replaceStack(with: instantiate(named(["rootViewController"])))
        case let tabs as UITabBarController:
            tabs.setViewControllers(instantiate(named(["viewControllers"])), animated: false)
        case let split as UISplitViewController:
            let ordered =
                named(["masterViewController", "primaryViewController"])
                + named(["supplementaryViewController"])
                + named(["detailViewController", "secondaryViewController"])
            split.replaceColumns(with: instantiate(ordered))
        default:
            break
        }
    }

    /// Sets `owner`'s outlets through `OutletRegistry`; a collection receives its members in the
    /// storyboard's order. Outlets whose object is not found, or nobody registered, stay nil.
    static func connect(_ outlets: [OutletDefinition], of owner: AnyObject, objects: (String) -> AnyObject?) {
        var collections: [(property: String, objects: [AnyObject])] = []
        for outlet in outlets {
            guard let object = objects(outlet.destination) else { continue }
            if !outlet.isCollection, connectUIKitOutlet(outlet.property, of: owner, to: object) {
                continue
            } else if !outlet.isCollection {
                OutletRegistry.setter(for: outlet.property, on: owner)?(object)
            } else if let index = collections.firstIndex(where: { $0.property == outlet.property }) {
                collections[index].objects.append(object)
            } else {
                collections.append((outlet.property, [object]))
            }
        }
        for collection in collections {
            OutletRegistry.collectionSetter(for: collection.property, on: owner)?(collection.objects)
        }
    }

    /// Outlets declared by UIKit's own classes, which a storyboard sets without registration:
    /// a table view's `dataSource` and `delegate` (an object that does not adopt the protocol
    /// leaves it nil; iOS would fail later, at the first unrecognized selector).
    private static func connectUIKitOutlet(_ property: String, of owner: AnyObject, to object: AnyObject) -> Bool {
        guard let table = owner as? UITableView else { return false }
        switch property {
        case "dataSource": table.dataSource = object as? UITableViewDataSource
        case "delegate": table.delegate = object as? UITableViewDelegate
        default: return false
        }
        return true
    }

    static func applyNavigationItem(of scene: SceneDefinition, to controller: UIViewController) {
        guard let definition = scene.controller.navigationItem else { return }
        let item = controller.navigationItem
        if let title = definition.title { item.title = title }
        func makeItems(_ definitions: [BarButtonItemDefinition]) -> [UIBarButtonItem]? {
            guard !definitions.isEmpty else { return nil }
            return definitions.map { definition in
                let barItem = UIBarButtonItem()
                barItem.title = definition.title
                barItem.tag = definition.tag
                barItem.systemItemFromStoryboard(definition.systemItem)
                if !definition.objectID.isEmpty { controller.sceneObjects[definition.objectID] = barItem }
                barItem.storyboardActions = scene.controller.actions.filter { $0.sourceObjectID == definition.objectID }
                    .map { StoryboardAction(owner: controller, action: $0) }
                barItem.storyboardTriggers = scene.controller.segues
                    .filter { $0.trigger == .barButtonItem(objectID: definition.objectID) }
                    .map { StoryboardTrigger(owner: controller, segue: $0) }
                return barItem
            }
        }
        if let left = makeItems(definition.leftItems) { item.leftBarButtonItems = left }
        if let right = makeItems(definition.rightItems) { item.rightBarButtonItems = right }
    }
}

extension UIBarButtonItem {
    func systemItemFromStoryboard(_ name: String?) {
        guard let name else { return }
        let all: [String: SystemItem] = [
            "done": .done, "cancel": .cancel, "edit": .edit, "save": .save, "add": .add, "compose": .compose,
            "reply": .reply, "action": .action, "organize": .organize, "bookmarks": .bookmarks, "search": .search,
            "refresh": .refresh, "stop": .stop, "camera": .camera, "trash": .trash, "play": .play, "pause": .pause,
            "rewind": .rewind, "fastForward": .fastForward, "undo": .undo, "redo": .redo, "close": .close
        ]
        systemItemStorage = all[name]
    }
}

extension UIViewController {
    /// Sets the scene's outlets that point at its views and bar button items, through `OutletRegistry`.
    func connectOutlets() {
        guard let binding = sceneBinding else { return }
        StoryboardWiring.connect(binding.scene.controller.outlets, of: self) { sceneViews[$0] ?? sceneObjects[$0] }
    }
}

/// A control's storyboard action bound to the scene's controller.
@MainActor
struct StoryboardAction {
    weak var owner: UIViewController?
    let action: ActionDefinition

    var events: UIControl.Event {
        switch action.eventType {
        case "valueChanged": return .valueChanged
        case "primaryActionTriggered": return .primaryActionTriggered
        case "editingChanged": return .editingChanged
        case "touchDown": return .touchDown
        default: return .touchUpInside
        }
    }

    /// Sends the action; an action nobody registered is noted in the trace and skipped.
    func send(from sender: Any) {
        guard let owner else { return }
        if let handler = ActionRegistry.handler(for: action.selector, on: owner) {
            handler(sender)
        } else {
            SegueTrace.record(
                TraceEvent(
                    event: .warning, source: className(owner), action: action.selector,
                    message: "no registered action \(action.selector) on \(className(owner))"))
        }
    }
}
