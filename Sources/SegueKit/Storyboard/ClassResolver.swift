import Foundation

/// Finds the Swift class a storyboard's `customClass` names. Without an Objective-C runtime,
/// classes are looked up by qualified name (`_typeByName("Module.Class")`), trying the
/// scene's `customModule` first, then the program's modules.
@MainActor
enum ClassResolver {
    private static var cache: [String: Any.Type?] = [:]

    static func controllerClass(for definition: ControllerDefinition) -> UIViewController.Type {
        let fallback = defaultControllerClass(forElement: definition.elementName)
        guard let name = definition.customClass else { return fallback }
        if let type = resolve(name, module: definition.customModule, as: UIViewController.self) { return type }
        logUnknownClass(name, module: definition.customModule)
        return fallback
    }

    static func defaultControllerClass(forElement element: String) -> UIViewController.Type {
        switch element {
        case "navigationController": return UINavigationController.self
        case "tableViewController": return UITableViewController.self
        case "splitViewController": return UISplitViewController.self
        case "tabBarController": return UITabBarController.self
        // Collection, page, hosting, AVKit and GLKit controllers are not simulated: their
        // scenes load as plain view controllers (see README, differences).
        default: return UIViewController.self
        }
    }

    static func resolve<T>(_ name: String, module: String?, as: T.Type) -> T.Type? {
        var modules = module.map { [$0] } ?? []
        modules += SegueRuntime.moduleCandidates
        modules.append("SegueKit")
        let qualifiedNames = name.contains(".") ? [name] : modules.map { "\($0).\(name)" }
        for qualified in qualifiedNames {
            if let type = lookUp(qualified) as? T.Type { return type }
        }
        return nil
    }

    private static func lookUp(_ qualifiedName: String) -> Any.Type? {
        if let cached = cache[qualifiedName] { return cached }
        let type = _typeByName(qualifiedName)
        cache[qualifiedName] = type
        return type
    }

    /// UIKit's console message for a class it cannot find; the scene gets the element's class.
    static func logUnknownClass(_ name: String, module: String?) {
        let message = "Unknown class \(runtimeName(of: name, module: module)) in Interface Builder file."
        writeToStandardError(message + "\n")
        SegueTrace.record(TraceEvent(event: .warning, message: message))
    }

    /// The name the Objective-C runtime knows a class by, which is the one iOS prints: with a
    /// `customModule`, Swift's mangled top-level class name (`_TtC3App20DetailViewController`),
    /// lengths counted in UTF-8 bytes; without one, the name as written.
    nonisolated static func runtimeName(of name: String, module: String?) -> String {
        guard let module, !module.isEmpty, !name.contains(".") else { return name }
        return "_TtC\(module.utf8.count)\(module)\(name.utf8.count)\(name)"
    }
}
