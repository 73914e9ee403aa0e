import Foundation

extension StoryboardDocument {
    /// Reads a `.storyboard` file: a regular file of at most `StoryboardLimits.maximumBytes`.
    public static func load(contentsOf url: URL) throws -> StoryboardDocument {
        let data: Data
        do {
            data = try StoryboardFile.read(url.path)
        } catch let problem as StoryboardFile.Problem {
            throw StoryboardError(
                location: StoryboardLocation(file: url.path, line: 1, column: 1),
                message: "cannot read storyboard: \(problem.reason)")
        }
        return try parse(data, path: url.path)
    }

    /// Parses storyboard XML; `path` names the file in errors and gives the storyboard its name.
    public static func parse(_ data: Data, path: String) throws -> StoryboardDocument {
        let root = try XMLTreeReader.read(data, file: path)
        return try StoryboardParser(path: path).document(from: root)
    }
}

/// How large and how deep a storyboard may be. Xcode's largest storyboards are a few MB and a few
/// dozen elements deep; beyond these bounds a file is refused with where it crosses them, before
/// XMLParser (which gives up past 10 MB with a bare "error 1") or a deep walk (which would
/// exhaust the stack) meets it.
public enum StoryboardLimits {
    public static let maximumBytes = 8 << 20
    public static let maximumDepth = 200
}

/// Reading a storyboard file with plain system calls, so each failure has its real cause: a
/// device such as /dev/zero is not a storyboard (and is never read without end), a folder is
/// not one either, a missing file is not a permission problem.
enum StoryboardFile {
    struct Problem: Error {
        var reason: String
    }

    static func read(_ path: String) throws -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Problem(reason: reason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Problem(reason: reason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Problem(reason: "it is a folder, not a file")
        default: throw Problem(reason: "it is not a regular file (a device, a pipe or a socket)")
        }
        if Int(info.st_size) > StoryboardLimits.maximumBytes { throw Problem(reason: tooLarge(Int(info.st_size))) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Foundation.read(fd, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw Problem(reason: reason(errno))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            // The file may grow while it is read.
            if data.count > StoryboardLimits.maximumBytes { throw Problem(reason: tooLarge(data.count)) }
        }
        return data
    }

    static func tooLarge(_ bytes: Int) -> String {
        let megabytes = String(format: "%.1f", Double(bytes) / Double(1 << 20))
        return "it is \(megabytes) MB, and a storyboard may be at most \(StoryboardLimits.maximumBytes >> 20) MB"
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a folder, not a file"
        case ELOOP: return "too many symbolic links (a link loop?)"
        case ENOTDIR: return "a part of its path is not a folder"
        case ENAMETOOLONG: return "its path is too long"
        case EIO: return "the disk could not be read (input/output error)"
        default: return String(cString: strerror(code))
        }
    }
}

/// Turns the XML tree into the storyboard model, checking what later steps rely on.
struct StoryboardParser {
    let path: String

    private static let controlElements: Set<String> = [
        "button", "switch", "segmentedControl", "slider", "stepper", "textField", "datePicker",
        "pageControl", "colorWell", "control"
    ]

    func location(_ element: IBElement) -> StoryboardLocation {
        StoryboardLocation(file: path, line: element.line, column: element.column)
    }

    func fail(_ element: IBElement, _ message: String) -> StoryboardError {
        StoryboardError(location: location(element), message: message)
    }

    func document(from root: IBElement) throws -> StoryboardDocument {
        guard root.name == "document" else {
            throw fail(root, "expected a <document> root element, found <\(root.name)>")
        }
        var scenes: [SceneDefinition] = []
        for sceneElement in root.child(named: "scenes")?.children(named: "scene") ?? [] {
            scenes.append(try scene(from: sceneElement))
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let document = StoryboardDocument(
            name: name, path: path, initialViewControllerID: root["initialViewController"],
            scenes: scenes)
        try validate(document, root: root)
        return document
    }

    private func scene(from element: IBElement) throws -> SceneDefinition {
        guard let sceneID = element["sceneID"] else { throw fail(element, "<scene> has no sceneID attribute") }
        guard let objects = element.child(named: "objects") else {
            throw fail(element, "scene '\(sceneID)' has no <objects>")
        }
        let candidates = objects.children.filter {
            $0["sceneMemberID"] == "viewController"
                || ($0["sceneMemberID"] == nil && ControllerDefinition.elementNames.contains($0.name))
        }
        guard let controllerElement = candidates.first else {
            throw fail(element, "scene '\(sceneID)' has no view controller")
        }
        let exits = objects.children(named: "exit").compactMap { $0["id"] }
        // Gesture recognizers sit beside the controller in <objects>; their segues are the scene's.
        let siblings = objects.children.filter { $0 !== controllerElement && $0.name != "exit" }
        return SceneDefinition(
            sceneID: sceneID, controller: try controller(from: controllerElement, siblings: siblings), exitIDs: exits)
    }

    private func controller(from element: IBElement, siblings: [IBElement] = []) throws -> ControllerDefinition {
        guard let objectID = element["id"] else { throw fail(element, "<\(element.name)> has no id attribute") }
        var reference: StoryboardReference?
        if element.name == "viewControllerPlaceholder" {
            guard let storyboardName = element["storyboardName"] else {
                throw fail(element, "storyboard reference '\(objectID)' has no storyboardName")
            }
            reference = StoryboardReference(
                storyboardName: storyboardName, referencedIdentifier: element["referencedIdentifier"])
        }
        var segues: [SegueDefinition] = []
        try collectSegues(in: element, controller: element, into: &segues)
        for sibling in siblings { try collectSegues(in: sibling, controller: element, into: &segues) }
        let outlets = outlets(of: element)
        var actions: [ActionDefinition] = []
        collectActions(in: element, controllerID: objectID, into: &actions)
        let rootView = try element.children.first { $0["key"] == "view" }.map(view(from:))
        return ControllerDefinition(
            elementName: element.name, objectID: objectID, customClass: element["customClass"],
            customModule: element["customModule"], customModuleProvider: element["customModuleProvider"],
            storyboardIdentifier: element["storyboardIdentifier"], title: element["title"],
            modalPresentationStyle: element["modalPresentationStyle"], reference: reference,
            segues: segues, outlets: outlets, actions: actions, rootView: rootView,
            navigationItem: element.child(withKey: "navigationItem").map(navigationItem(from:)),
            location: location(element))
    }

    private func collectSegues(in element: IBElement, controller: IBElement, into segues: inout [SegueDefinition])
        throws
    {
        for child in element.children {
            if child.name == "connections" {
                for segueElement in child.children(named: "segue") {
                    segues.append(try segue(from: segueElement, owner: element, controller: controller))
                }
            } else {
                try collectSegues(in: child, controller: controller, into: &segues)
            }
        }
    }

    /// An object's `<outlet>` and `<outletCollection>` connections.
    private func outlets(of element: IBElement) -> [OutletDefinition] {
        (element.child(named: "connections")?.children ?? []).compactMap { outlet in
            guard outlet.name == "outlet" || outlet.name == "outletCollection",
                let property = outlet["property"], let destination = outlet["destination"]
            else { return nil }
            return OutletDefinition(
                property: property, destination: destination, isCollection: outlet.name == "outletCollection")
        }
    }

    /// Control actions aimed at the scene's controller.
    private func collectActions(in element: IBElement, controllerID: String, into actions: inout [ActionDefinition]) {
        for child in element.children {
            if child.name == "connections", let ownerID = element["id"] {
                for action in child.children(named: "action") where action["destination"] == controllerID {
                    guard let selector = action["selector"] else { continue }
                    actions.append(
                        ActionDefinition(selector: selector, sourceObjectID: ownerID, eventType: action["eventType"]))
                }
            } else {
                collectActions(in: child, controllerID: controllerID, into: &actions)
            }
        }
    }

    private func segue(from element: IBElement, owner: IBElement, controller: IBElement) throws -> SegueDefinition {
        guard let destination = element["destination"] else {
            throw fail(element, "<segue> has no destination attribute")
        }
        guard let kindName = element["kind"] else { throw fail(element, "<segue> has no kind attribute") }
        guard let kind = SegueKind(rawValue: kindName) else {
            throw fail(
                element,
                "unknown segue kind '\(kindName)' (expected one of \(SegueKind.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        if kind == .unwind && element["unwindAction"] == nil {
            throw fail(element, "unwind segue has no unwindAction attribute")
        }
        if kind == .relationship && element["relationship"] == nil {
            throw fail(element, "relationship segue has no relationship attribute")
        }
        return SegueDefinition(
            objectID: element["id"] ?? "", destination: destination, kind: kind, identifier: element["identifier"],
            relationship: element["relationship"], unwindAction: element["unwindAction"],
            customClass: element["customClass"], customModule: element["customModule"],
            modalPresentationStyle: element["modalPresentationStyle"],
            destinationCreationSelector: element["destinationCreationSelector"],
            animates: element["animates"] != "NO", modalTransitionStyle: element["modalTransitionStyle"],
            triggerLabel: owner === controller ? nil : Self.visibleLabel(of: owner),
            trigger: trigger(for: owner, controller: controller, segue: element), location: location(element))
    }

    /// What a user sees on an object: its title (a button's normal state first) or text, or
    /// the first such text inside it (a cell's label), in quotes; else the name it was given in
    /// Interface Builder's outline (`userLabel`), in quotes; else its system item or image.
    static func visibleLabel(of element: IBElement) -> String? {
        func text(_ element: IBElement) -> String? {
            let value =
                element.children(named: "state").first { $0["key"] == "normal" }?["title"]
                ?? element["title"] ?? element["text"] ?? element["placeholder"] ?? element["content"]
            guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return value.split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        func firstText(in element: IBElement) -> String? {
            for child in element.children where child.name != "connections" {
                if let found = text(child) ?? firstText(in: child) { return found }
            }
            return nil
        }
        if let own = text(element) ?? firstText(in: element) { return "\"\(own)\"" }
        if let label = element["userLabel"] { return "\"\(label)\"" }
        if let system = element["systemItem"] { return system }
        let image = element["image"] ?? element.children(named: "state").first { $0["key"] == "normal" }?["image"]
        return image.map { "image \($0)" }
    }

    private func trigger(for owner: IBElement, controller: IBElement, segue: IBElement) -> SegueTrigger {
        let id = owner["id"] ?? ""
        if owner === controller { return .controller }
        switch owner.name {
        case "tableViewCell", "collectionViewCell":
            return segue["trigger"] == "accessoryAction"
                ? .cellAccessory(objectID: id, reuseIdentifier: owner["reuseIdentifier"])
                : .cell(objectID: id, reuseIdentifier: owner["reuseIdentifier"])
        case "barButtonItem": return .barButtonItem(objectID: id)
        case "containerView": return .container(objectID: id)
        case let name where Self.controlElements.contains(name): return .control(objectID: id)
        default: return .other(element: owner.name, objectID: id)
        }
    }

    private func view(from element: IBElement) throws -> ViewDefinition {
        var subviews = try (element.child(named: "subviews")?.children ?? []).map(view(from:))
        if let content = element.child(withKey: "contentView") {
            subviews += try (content.child(named: "subviews")?.children ?? []).map(view(from:))
        }
        let prototypes = try (element.child(named: "prototypes")?.children ?? []).map(view(from:))
        let staticSections = try (element.child(named: "sections")?.children(named: "tableViewSection") ?? []).map {
            try ($0.child(named: "cells")?.children ?? []).map(view(from:))
        }
        let title = element.children(named: "state").first { $0["key"] == "normal" }?["title"] ?? element["title"]
        return ViewDefinition(
            elementName: element.name, objectID: element["id"] ?? "", customClass: element["customClass"],
            customModule: element["customModule"], tag: Int(element["tag"] ?? "") ?? 0, title: title,
            text: element["text"], reuseIdentifier: element["reuseIdentifier"],
            accessibilityIdentifier: element.child(named: "accessibility")?["identifier"],
            subviews: subviews, prototypes: prototypes, staticSections: staticSections, outlets: outlets(of: element))
    }

    private func navigationItem(from element: IBElement) -> NavigationItemDefinition {
        func items(_ single: String, _ list: String) -> [BarButtonItemDefinition] {
            let elements =
                (element.child(withKey: single).map { [$0] } ?? [])
                + (element.child(withKey: list)?.children(named: "barButtonItem") ?? [])
            return elements.map {
                BarButtonItemDefinition(
                    objectID: $0["id"] ?? "", title: $0["title"], systemItem: $0["systemItem"],
                    tag: Int($0["tag"] ?? "") ?? 0)
            }
        }
        return NavigationItemDefinition(
            title: element["title"], leftItems: items("leftBarButtonItem", "leftBarButtonItems"),
            rightItems: items("rightBarButtonItem", "rightBarButtonItems"))
    }

    /// Every segue must lead to a scene (or, for unwinds, an exit of its own scene).
    private func validate(_ document: StoryboardDocument, root: IBElement) throws {
        let controllerIDs = Set(document.scenes.map(\.controller.objectID))
        if let initial = document.initialViewControllerID, !controllerIDs.contains(initial) {
            throw fail(root, "initialViewController '\(initial)' is not a view controller in this storyboard")
        }
        for scene in document.scenes {
            for segue in scene.controller.segues {
                let valid =
                    segue.kind == .unwind
                    ? scene.exitIDs.contains(segue.destination) || controllerIDs.contains(segue.destination)
                    : controllerIDs.contains(segue.destination)
                if !valid {
                    throw StoryboardError(
                        location: segue.location,
                        message:
                            "segue '\(segue.identifier ?? segue.objectID)' leads to '\(segue.destination)', which is not \(segue.kind == .unwind ? "an exit of its scene" : "a view controller") in this storyboard"
                    )
                }
            }
        }
    }
}
