/// The name of an Objective-C method, as UIKit's unwind API spells it.
///
/// Linux has no Objective-C runtime, so `#selector(...)` is unavailable; a `Selector` here is
/// just the method's name (`"unwindToList:"`), made from a string or a string literal. Unwind
/// actions named by selectors are found through `UnwindActionRegistry`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral value: String) {
        self.name = value
    }

    public var description: String { name }
}

/// UIKit's helpers for turning selectors into names and back.
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }
