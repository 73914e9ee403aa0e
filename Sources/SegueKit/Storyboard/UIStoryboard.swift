import Foundation

/// A storyboard loaded from a real Interface Builder `.storyboard` file.
///
/// `UIStoryboard(name: "Main", bundle: nil)` looks for `Main.storyboard` in the directories of
/// `SEGUEKIT_STORYBOARD_DIRECTORIES` (a JSON array of paths, which seguelab sets: a folder
/// whose name holds a `:` stays whole), then `SEGUEKIT_STORYBOARD_PATH` (colon-separated, for
/// running a program by hand), then next to the executable, then in the current directory;
/// with a bundle, in the bundle first.
@preconcurrency @MainActor
open class UIStoryboard: CustomStringConvertible {
    /// The parsed storyboard (a SegueKit addition, for tools and tests).
    public let document: StoryboardDocument
    let bundle: Bundle?
    private static var documentCache: [String: StoryboardDocument] = [:]

    public convenience init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        SegueRuntime.bootstrap()
        guard let url = UIStoryboard.locate(name: name, bundle: storyboardBundleOrNil) else {
            let bundle = storyboardBundleOrNil ?? Bundle.main
            raiseException(
                .invalidArgument,
                "Could not find a storyboard named '\(name)' in bundle NSBundle <\(bundle.bundlePath)> (loaded)")
        }
        let document: StoryboardDocument
        if let cached = UIStoryboard.documentCache[url.path] {
            document = cached
        } else {
            do {
                document = try StoryboardDocument.load(contentsOf: url)
            } catch {
                writeToStandardError("\(error)\n")
                raiseException(.internalInconsistency, "Could not load the storyboard named '\(name)': \(error)")
            }
            UIStoryboard.documentCache[url.path] = document
        }
        self.init(document: document, bundle: storyboardBundleOrNil)
    }

    /// A storyboard from an already parsed document.
    public init(document: StoryboardDocument, bundle: Bundle? = nil) {
        self.document = document
        self.bundle = bundle
        SegueRuntime.bootstrap()
        for scene in document.scenes {
            if let module = scene.controller.customModule { SegueRuntime.noteModule(named: module) }
        }
    }

    nonisolated public var description: String {
        let address = UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
        return "<UIStoryboard: 0x\(String(address, radix: 16))>"
    }

    /// The directories searched for `NAME.storyboard`, in order.
    public static func searchDirectories(bundle: Bundle?) -> [URL] {
        var directories: [URL] = []
        if let bundle {
            directories.append(URL(fileURLWithPath: bundle.bundlePath))
            if let resources = bundle.resourcePath { directories.append(URL(fileURLWithPath: resources)) }
        }
        if let list = ProcessInfo.processInfo.environment["SEGUEKIT_STORYBOARD_DIRECTORIES"],
            let paths = try? JSONDecoder().decode([String].self, from: Data(list.utf8))
        {
            directories += paths.map { URL(fileURLWithPath: $0) }
        }
        let searchPath = ProcessInfo.processInfo.environment["SEGUEKIT_STORYBOARD_PATH"] ?? ""
        directories += searchPath.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        if let executable = Bundle.main.executableURL {
            directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        directories.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        return directories
    }

    static func locate(name: String, bundle: Bundle?) -> URL? {
        let fileName = name.hasSuffix(".storyboard") ? name : name + ".storyboard"
        return searchDirectories(bundle: bundle)
            .map { $0.appendingPathComponent(fileName) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    open func instantiateInitialViewController() -> UIViewController? {
        guard let id = document.initialViewControllerID else { return nil }
        return instantiateController(objectID: id)
    }

    open func instantiateInitialViewController<ViewController: UIViewController>(
        creator: ((NSCoder) -> ViewController?)?
    ) -> ViewController? {
        guard let id = document.initialViewControllerID else { return nil }
        return cast(instantiateController(objectID: id, creator: creator), identifier: nil)
    }

    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        instantiateController(objectID: objectID(forIdentifier: identifier))
    }

    open func instantiateViewController<ViewController: UIViewController>(
        identifier: String, creator: ((NSCoder) -> ViewController?)? = nil
    ) -> ViewController {
        cast(
            instantiateController(objectID: objectID(forIdentifier: identifier), creator: creator),
            identifier: identifier)
    }

    private func objectID(forIdentifier identifier: String) -> String {
        guard let scene = document.scene(withStoryboardIdentifier: identifier) else {
            raiseException(
                .invalidArgument,
                "Storyboard (\(description)) doesn't contain a view controller with identifier '\(identifier)'")
        }
        return scene.controller.objectID
    }

    private func cast<ViewController: UIViewController>(_ controller: UIViewController, identifier: String?)
        -> ViewController
    {
        guard let typed = controller as? ViewController else {
            raiseException(
                .internalInconsistency,
                "Storyboard (\(description)) instantiated \(objectDescription(controller)) for \(identifier.map { "identifier '\($0)'" } ?? "the initial view controller"), which is not a \(ViewController.self)"
            )
        }
        return typed
    }

    /// Makes a fresh controller for the scene whose controller has `objectID`, with its
    /// relationships (navigation root, tabs, split columns) instantiated too.
    func instantiateController(objectID: String, creator: ((NSCoder) -> UIViewController?)? = nil) -> UIViewController {
        guard let scene = document.scene(forControllerID: objectID) else {
            raiseException(.internalInconsistency, "Storyboard (\(description)) has no scene for object '\(objectID)'")
        }
        if let reference = scene.controller.reference {
            return instantiateReference(reference)
        }
        let coder = StoryboardCoder(binding: SceneBinding(storyboard: self, scene: scene))
        let made = creator?(coder) ?? ClassResolver.controllerClass(for: scene.controller).init(coder: coder)
        guard let controller = made else {
            raiseException(
                .internalInconsistency,
                "init(coder:) of \(scene.controller.displayClassName) returned nil while loading the storyboard '\(document.name)'"
            )
        }
        SegueTrace.record(
            TraceEvent(
                event: .instantiate, destination: className(controller),
                storyboardID: scene.controller.storyboardIdentifier,
                message: "\(document.name).storyboard scene \(scene.sceneID)"))
        StoryboardWiring.applyNavigationItem(of: scene, to: controller)
        StoryboardWiring.applyRelationships(of: scene, to: controller, storyboard: self)
        return controller
    }

    private func instantiateReference(_ reference: StoryboardReference) -> UIViewController {
        let other = UIStoryboard(name: reference.storyboardName, bundle: bundle)
        if let identifier = reference.referencedIdentifier {
            return other.instantiateViewController(withIdentifier: identifier)
        }
        guard let initial = other.instantiateInitialViewController() else {
            raiseException(
                .invalidArgument, "The storyboard named '\(reference.storyboardName)' has no initial view controller")
        }
        return initial
    }
}

/// The coder a storyboard hands to `init?(coder:)`; it carries the scene being loaded.
final class StoryboardCoder: NSCoder {
    let binding: SceneBinding?

    init(binding: SceneBinding? = nil) {
        self.binding = binding
        super.init()
    }

    override var allowsKeyedCoding: Bool { true }
    override func containsValue(forKey key: String) -> Bool { false }
    override func decodeObject(forKey key: String) -> Any? { nil }
    override func decodeBool(forKey key: String) -> Bool { false }
    override func decodeInteger(forKey key: String) -> Int { 0 }
    override func decodeDouble(forKey key: String) -> Double { 0 }
}
