import Foundation

/// The in-process record of navigation events, for programs, tests and checks.
@preconcurrency @MainActor
public enum SegueTrace {
    public private(set) static var events: [TraceEvent] = []
    private static var observers: [@MainActor (TraceEvent) -> Void] = []
    private static var sink: TraceFileSink?
    private static var terminated = false

    /// Adds an event, numbering it, and writes it to `SEGUEKIT_TRACE_FILE` when set.
    public static func record(_ event: TraceEvent) {
        SegueRuntime.bootstrap()
        var event = event
        event.seq = events.count + 1
        events.append(event)
        sink?.write(event)
        for observer in observers { observer(event) }
    }

    /// Attaches a note (and values) to the trace, e.g. `SegueTrace.note("product", ["name": p.name])`.
    public static func note(_ message: String, _ values: [String: String] = [:]) {
        record(TraceEvent(event: .note, properties: values.isEmpty ? nil : values, message: message))
    }

    public static func events(_ kind: TraceEvent.Kind) -> [TraceEvent] {
        events.filter { $0.event == kind }
    }

    /// Calls `observer` with every event recorded from now on.
    public static func addObserver(_ observer: @escaping @MainActor (TraceEvent) -> Void) {
        observers.append(observer)
    }

    /// Forgets recorded events (the trace file is untouched).
    public static func reset() {
        events.removeAll()
    }

    /// The hierarchy now: the key window's root, or the tree last navigated in.
    public static func snapshot() -> HierarchySnapshot {
        HierarchySnapshot(root: SnapshotBuilder.currentRoot().map(SnapshotBuilder.node(for:)))
    }

    public static func recordSnapshot() {
        record(TraceEvent(event: .snapshot, snapshot: snapshot()))
    }

    static func openSink(path: String) {
        sink = TraceFileSink(path: path)
    }

    static func markTerminated() {
        terminated = true
    }

    /// At normal exit: the final snapshot, unless an exception already wrote it.
    static func finishAtExit() {
        guard !terminated else { return }
        terminated = true
        if sink != nil { recordSnapshot() }
    }
}

/// Appends JSON lines to a file; each line is written with one `write` call.
final class TraceFileSink {
    private let handle: FileHandle?
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    init(path: String) {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        handle = FileHandle(forWritingAtPath: path)
        handle?.seekToEndOfFile()
        if handle == nil { writeToStandardError("SegueKit: cannot write the trace file \(path)\n") }
    }

    func write(_ event: TraceEvent) {
        guard let handle, var data = try? encoder.encode(event) else { return }
        data.append(0x0A)
        handle.write(data)
    }
}

@MainActor
enum SnapshotBuilder {
    static func currentRoot() -> UIViewController? {
        if let root = UIWindow.keyWindowStorage?.rootViewController { return root }
        guard var node = SegueRuntime.lastActive?.containmentRoot else { return nil }
        while let presenting = node.presentingStorage { node = presenting.containmentRoot }
        return node
    }

    static func node(for controller: UIViewController) -> ControllerNode {
        let container: ControllerNode.Container? =
            switch controller {
            case is UINavigationController: .navigation
            case is UISplitViewController: .split
            case is UITabBarController: .tabBar
            default: nil
            }
        return ControllerNode(
            className: className(controller), title: controller.title, container: container,
            children: controller.children.map(node(for:)),
            selectedIndex: (controller as? UITabBarController)?.selectedIndex,
            presented: controller.presentedStorage.map(node(for:)),
            properties: PropertyCapture.ownProperties(of: controller))
    }
}

/// Renders a controller's own stored properties (those its subclasses declare) as strings.
@MainActor
enum PropertyCapture {
    /// The destination's properties; for a container, those of the controller it shows first
    /// (navigation root/top, first split column, selected tab), under `Class.property` keys.
    static func properties(of controller: UIViewController) -> [String: String]? {
        var result = ownProperties(of: controller) ?? [:]
        let content: UIViewController? =
            switch controller {
            case let navigation as UINavigationController: navigation.topViewController
            case let split as UISplitViewController: split.viewControllers.last
            case let tabs as UITabBarController: tabs.selectedViewController
            default: nil
            }
        if let content, let inner = ownProperties(of: content) {
            for (key, value) in inner { result["\(className(content)).\(key)"] = value }
        }
        return result.isEmpty ? nil : result
    }

    static func ownProperties(of controller: UIViewController) -> [String: String]? {
        var result: [String: String] = [:]
        var mirror: Mirror? = Mirror(reflecting: controller)
        while let current = mirror, !String(reflecting: current.subjectType).hasPrefix("SegueKit.") {
            for child in current.children {
                guard var label = child.label else { continue }
                if label.hasPrefix("$__lazy_storage_$_") { label.removeFirst("$__lazy_storage_$_".count) }
                if result[label] == nil { result[label] = render(child.value) }
            }
            mirror = current.superclassMirror
        }
        return result.isEmpty ? nil : result
    }

    static func render(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first else { return "nil" }
            return render(wrapped.value)
        }
        if let object = value as? UIResponder { return objectDescription(object) }
        return String(describing: value)
    }
}
