import SegueKit

/// A name for each scene that a developer recognises and that no other scene of the
/// storyboard shares: the class, the container's root for a plain container
/// (`UINavigationController ▸ EditorViewController`), the title in quotes and the storyboard
/// ID after `#`; the object id is added only when all that is still ambiguous.
package struct SceneNames: Sendable {
    private let names: [String: String]

    package init(document: StoryboardDocument) {
        let scenes = document.scenesByControllerID()
        var base: [String: String] = [:]
        for scene in document.scenes {
            base[scene.controller.objectID] = Self.baseName(of: scene, in: scenes)
        }
        var counts: [String: Int] = [:]
        for name in base.values { counts[name, default: 0] += 1 }
        var names: [String: String] = [:]
        for (id, name) in base {
            names[id] = counts[name, default: 0] > 1 ? "\(name) (\(id))" : name
        }
        self.names = names
    }

    package func name(of scene: SceneDefinition) -> String {
        names[scene.controller.objectID] ?? scene.controller.objectID
    }

    package func name(forControllerID id: String) -> String? { names[id] }

    /// The title a user reads: the controller's, else its navigation item's.
    static func title(of controller: ControllerDefinition) -> String? {
        controller.title ?? controller.navigationItem?.title
    }

    private static func baseName(of scene: SceneDefinition, in scenes: [String: SceneDefinition]) -> String {
        let controller = scene.controller
        if let reference = controller.reference {
            return "→ \(reference.storyboardName).storyboard" + (reference.referencedIdentifier.map { " #\($0)" } ?? "")
        }
        var name = ownName(of: controller)
        if let identifier = controller.storyboardIdentifier { name += " #\(identifier)" }
        // A navigation or split controller without its own class is known by what it shows
        // first, looking through plain containers (a split's navigation controller); a tab
        // bar controller's tabs are all equal, so it keeps its class name.
        var shown = scene
        var visited: Set<String> = [controller.objectID]
        while Self.isPlainContainer(shown.controller),
            let root = shown.controller.segues.first(where: { $0.kind == .relationship }),
            visited.insert(root.destination).inserted,
            let rootScene = scenes[root.destination]
        {
            shown = rootScene
        }
        if shown.controller.objectID != controller.objectID {
            name +=
                " ▸ "
                + (shown.controller.reference == nil ? ownName(of: shown.controller) : baseName(of: shown, in: scenes))
        }
        return name
    }

    private static func isPlainContainer(_ controller: ControllerDefinition) -> Bool {
        controller.customClass == nil && title(of: controller) == nil
            && ["navigationController", "splitViewController"].contains(controller.elementName)
    }

    private static func ownName(of controller: ControllerDefinition) -> String {
        controller.displayClassName + (title(of: controller).map { " \"\($0)\"" } ?? "")
    }
}

extension StoryboardDocument {
    /// Each controller id's scene (the first, as `scene(forControllerID:)` finds it): naming and
    /// drawing look one up per segue, and searching the scenes each time would be quadratic.
    func scenesByControllerID() -> [String: SceneDefinition] {
        var byID: [String: SceneDefinition] = [:]
        for scene in scenes where byID[scene.controller.objectID] == nil { byID[scene.controller.objectID] = scene }
        return byID
    }
}
