import Foundation

/// The root of UIKit's view and view-controller classes. Identity equality and the
/// `<Module.Class: 0x…>` description come from NSObject on iOS; they are reproduced here.
@preconcurrency @MainActor
open class UIResponder: Hashable, CustomStringConvertible {
    public init() {}

    open var next: UIResponder? { nil }

    nonisolated public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }

    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    nonisolated open var description: String { objectDescription(self) }
}
