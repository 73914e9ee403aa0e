import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Outlets by name. On iOS the storyboard sets `@IBOutlet` properties by name while the view
/// loads; without the Objective-C runtime each outlet is registered:
///
///     OutletRegistry.register(ProductViewController.self, "nameLabel") { controller, object in
///         controller.nameLabel = object as? UILabel
///     }
///
/// Outlet collections (`<outletCollection>`, an `@IBOutlet var buttons: [UIButton]!`) receive
/// every connected object, in the storyboard's order, through `registerCollection`.
/// Registered outlets are connected after `loadView()` and before `viewDidLoad()`, as in UIKit.
/// Any class may register (cells and views declare outlets too); SegueKit connects those of
/// view controllers.
@preconcurrency @MainActor
public enum OutletRegistry {
    private static var table = ConnectionTable<AnyObject, Void>()
    private static var collections = ConnectionTable<[AnyObject], Void>()

    public static func register<Owner: AnyObject>(
        _ type: Owner.Type, _ property: String,
        _ connect: @escaping @MainActor (Owner, AnyObject) -> Void
    ) {
        table.register(type, property, connect)
    }

    public static func registerCollection<Owner: AnyObject>(
        _ type: Owner.Type, _ property: String,
        _ connect: @escaping @MainActor (Owner, [AnyObject]) -> Void
    ) {
        collections.register(type, property, connect)
    }

    public static func removeAll() {
        table.removeAll()
        collections.removeAll()
    }

    static func setter(for property: String, on owner: AnyObject) -> ((AnyObject) -> Void)? {
        ExportedRegistrations.loadOnce()
        return table.handler(for: property, on: owner)
    }

    static func collectionSetter(for property: String, on owner: AnyObject) -> (([AnyObject]) -> Void)? {
        ExportedRegistrations.loadOnce()
        return collections.handler(for: property, on: owner)
    }
}

/// Control actions by selector name (`<action selector="buy:" …/>` on a button), registered
/// like outlets: `ActionRegistry.register(ProductViewController.self, "buy:") { $0.buy($1) }`.
@preconcurrency @MainActor
public enum ActionRegistry {
    private static var table = ConnectionTable<Any, Void>()

    public static func register<Owner: AnyObject>(
        _ type: Owner.Type, _ selector: String,
        _ perform: @escaping @MainActor (Owner, Any) -> Void
    ) {
        table.register(type, selector, perform)
    }

    public static func removeAll() { table.removeAll() }

    static func handler(for selector: String, on owner: AnyObject) -> ((Any) -> Void)? {
        ExportedRegistrations.loadOnce()
        return table.handler(for: selector, on: owner)
    }
}

/// Segue actions by selector: a segue's `destinationCreationSelector="makeDetail:"` names an
/// `@IBSegueAction func makeDetail(_ coder: NSCoder) -> DetailViewController?` of the source,
/// which creates the destination (`nil` lets the storyboard create it). Registered like outlets:
///
///     SegueActionRegistry.register(ListViewController.self, "makeDetail:") { list, coder, sender, identifier in
///         list.makeDetail(coder)
///     }
@preconcurrency @MainActor
public enum SegueActionRegistry {
    private static var table = ConnectionTable<(coder: NSCoder, sender: Any?, identifier: String?), UIViewController?>()

    public static func register<Owner: UIViewController>(
        _ type: Owner.Type, _ selector: String,
        _ create: @escaping @MainActor (Owner, NSCoder, Any?, String?) -> UIViewController?
    ) {
        table.register(type, selector) { owner, context in
            create(owner, context.coder, context.sender, context.identifier)
        }
    }

    public static func removeAll() { table.removeAll() }

    static func creator(
        for selector: String, on owner: UIViewController, sender: Any?,
        identifier: String?
    ) -> ((NSCoder) -> UIViewController?)? {
        ExportedRegistrations.loadOnce()
        guard let handler = table.handler(for: selector, on: owner) else { return nil }
        return { coder in handler((coder, sender, identifier)) }
    }
}

/// Handlers keyed by name, matched against an owner's class or its superclasses.
@MainActor
struct ConnectionTable<Argument, Result> {
    private struct Entry {
        let name: String
        let typeName: String
        let matches: (AnyObject) -> Bool
        let invoke: (AnyObject, Argument) -> Result
    }

    private var entries: [Entry] = []

    mutating func register<Owner: AnyObject>(
        _ type: Owner.Type, _ name: String, _ body: @escaping @MainActor (Owner, Argument) -> Result
    ) {
        SegueRuntime.noteModule(of: type)
        entries.append(
            Entry(
                name: name, typeName: String(reflecting: type), matches: { $0 is Owner },
                invoke: { owner, argument in body(owner as! Owner, argument) }))
    }

    mutating func removeAll() { entries.removeAll() }

    var names: [String] { entries.map { "\($0.typeName).\($0.name)" } }

    func handler(for name: String, on owner: AnyObject) -> ((Argument) -> Result)? {
        guard let entry = entries.last(where: { $0.name == name && $0.matches(owner) }) else { return nil }
        return { argument in entry.invoke(owner, argument) }
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
