import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An Objective-C exception as UIKit raises it. Nothing catches it: like an app, the program
/// prints UIKit's "Terminating app" line, records the trace, and aborts.
public struct UIKitException: Error, Sendable, Equatable {
    public enum Name: String, Sendable, Codable {
        case invalidArgument = "NSInvalidArgumentException"
        case internalInconsistency = "NSInternalInconsistencyException"
        case generic = "NSGenericException"
    }

    public let name: Name
    public let reason: String

    public init(name: Name, reason: String) {
        self.name = name
        self.reason = reason
    }

    /// The line iOS prints to the console for an uncaught exception.
    public var terminationMessage: String {
        "*** Terminating app due to uncaught exception '\(name.rawValue)', reason: '\(reason)'"
    }
}

/// Raises `exception`: prints the termination line to stderr, records an `exception` event
/// and a final snapshot in the trace, then aborts with SIGABRT like a crashed app.
@MainActor
func raiseException(_ exception: UIKitException) -> Never {
    SegueTrace.record(TraceEvent(event: .exception, message: exception.reason, exception: exception.name.rawValue))
    SegueTrace.recordSnapshot()
    SegueTrace.markTerminated()
    writeToStandardError(exception.terminationMessage + "\n")
    // Die of SIGABRT like a crashed app, without the Swift runtime's backtrace dump.
    signal(SIGABRT, SIG_DFL)
    abort()
}

@MainActor
func raiseException(_ name: UIKitException.Name, _ reason: String) -> Never {
    raiseException(UIKitException(name: name, reason: reason))
}

/// UIKit's console logging (NSLog-style), without the timestamp prefix so output is stable.
func writeToStandardError(_ text: String) {
    fflush(nil)
    FileHandle.standardError.write(Data(text.utf8))
}

/// `<Module.ClassName: 0x…>`, the way NSObject describes an instance.
func objectDescription(_ object: AnyObject) -> String {
    let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    return "<\(uikitTypeName(type(of: object))): 0x\(String(address, radix: 16))>"
}

/// A class name as iOS prints it: UIKit's own classes are Objective-C classes, named without a
/// module (`UINavigationController`); the app's classes keep theirs (`Shop.ListViewController`).
func uikitTypeName(_ type: Any.Type) -> String {
    let name = String(reflecting: type)
    return name.hasPrefix("SegueKit.") ? String(name.dropFirst("SegueKit.".count)) : name
}

/// The short class name used in trace events: `ProductViewController`, `ViewController<Model>`.
func className(_ object: AnyObject) -> String {
    String(describing: type(of: object))
}
