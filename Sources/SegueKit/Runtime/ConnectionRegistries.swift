#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Outlets by name. On iOS the storyboard sets `@IBOutlet` properties by name while the view
/// loads; without the Objective-C runtime each outlet is registered:
///
///     OutletRegistry.register(ProductViewController.self, "nameLabel") { controller, object in
///         controller.nameLabel = object as? UILabel
///     }
///
/// Registered outlets are connected after `loadView()` and before `viewDidLoad()`, as in UIKit.
@preconcurrency @MainActor
public enum OutletRegistry {
    private static var table = ConnectionTable<AnyObject>()

    public static func register<Controller: UIViewController>(
        _ type: Controller.Type, _ property: String,
        _ connect: @escaping @MainActor (Controller, AnyObject) -> Void
    ) {
        table.register(type, property, connect)
    }

    public static func removeAll() { table.removeAll() }

    static func setter(for property: String, on controller: UIViewController) -> ((AnyObject) -> Void)? {
        ExportedRegistrations.loadOnce()
        return table.handler(for: property, on: controller)
    }
}

/// Control actions by selector name (`<action selector="buy:" …/>` on a button), registered
/// like outlets: `ActionRegistry.register(ProductViewController.self, "buy:") { $0.buy($1) }`.
@preconcurrency @MainActor
public enum ActionRegistry {
    private static var table = ConnectionTable<Any>()

    public static func register<Controller: UIViewController>(
        _ type: Controller.Type, _ selector: String,
        _ perform: @escaping @MainActor (Controller, Any) -> Void
    ) {
        table.register(type, selector, perform)
    }

    public static func removeAll() { table.removeAll() }

    static func handler(for selector: String, on controller: UIViewController) -> ((Any) -> Void)? {
        ExportedRegistrations.loadOnce()
        return table.handler(for: selector, on: controller)
    }
}

/// Handlers keyed by name, matched against a controller's class or its superclasses.
@MainActor
struct ConnectionTable<Argument> {
    private struct Entry {
        let name: String
        let typeName: String
        let matches: (UIViewController) -> Bool
        let invoke: (UIViewController, Argument) -> Void
    }

    private var entries: [Entry] = []

    mutating func register<Controller: UIViewController>(
        _ type: Controller.Type, _ name: String, _ body: @escaping @MainActor (Controller, Argument) -> Void
    ) {
        SegueRuntime.noteModule(of: type)
        entries.append(Entry(name: name, typeName: String(reflecting: type), matches: { $0 is Controller },
                             invoke: { controller, argument in body(controller as! Controller, argument) }))
    }

    mutating func removeAll() { entries.removeAll() }

    var names: [String] { entries.map { "\($0.typeName).\($0.name)" } }

    func handler(for name: String, on controller: UIViewController) -> ((Argument) -> Void)? {
        guard let entry = entries.last(where: { $0.name == name && $0.matches(controller) }) else { return nil }
        return { argument in entry.invoke(controller, argument) }
    }
}

/// `seguekit_register_actions`, a function a program may export to fill the registries,
/// looked up with `dlsym` once, the first time a registry is asked.
@MainActor
enum ExportedRegistrations {
    private static var loaded = false

    static func loadOnce() {
        guard !loaded else { return }
        loaded = true
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "seguekit_register_actions") else { return }
        typealias RegisterFunction = @convention(c) () -> Void
        unsafeBitCast(symbol, to: RegisterFunction.self)()
    }
}
