/// The name of an Objective-C method, as UIKit's unwind API spells it.
///
/// Linux has no Objective-C runtime, so `#selector(...)` is unavailable; a `Selector` here is
/// just the method's name (`"unwindToList:"`), made from a string or a string literal. Unwind
/// actions named by selectors are found through `UnwindActionRegistry`. The Playground compiles
/// `#selector(unwindToList(_:))` as `__sel__("unwindToList(_:)")`, which forms the name as
/// Swift does for an `@objc` method.
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
// swift-format-ignore: AlwaysUseLowerCamelCase
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }
// swift-format-ignore: AlwaysUseLowerCamelCase
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }

/// The selector of `#selector(name)`, from the Swift name written inside it: `unwindToList(_:)`
/// gives `unwindToList:`, `ListViewController.buy(sender:)` gives `buyWithSender:`, `getter: title`
/// gives `title`. The Playground's rewrite of `#selector` calls it (its name keeps every column).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func __sel__(_ swiftName: String) -> Selector {
    var text = swiftName.filter { !$0.isWhitespace }
    for accessor in ["getter:", "setter:"] where text.hasPrefix(accessor) {
        text.removeFirst(accessor.count)
        let property = String(text.split(separator: ".").last ?? "")
        return Selector(
            accessor == "getter:" ? property : "set" + property.prefix(1).uppercased() + property.dropFirst() + ":")
    }
    let open = text.firstIndex(of: "(")
    let path = open.map { String(text[..<$0]) } ?? text
    let method = String(path.split(separator: ".").last ?? "")
    guard let open, let close = text.lastIndex(of: ")"), open < close else { return Selector(method) }
    let labels = text[text.index(after: open)..<close].split(separator: ":", omittingEmptySubsequences: false)
        .dropLast().map { $0 == "_" ? nil : String($0) }
    return Selector(ObjCSelectorName.name(method: method, labels: labels))
}

/// Swift's rule for the Objective-C selector of a method (which Interface Builder writes into
/// storyboards): a labelled first argument joins the base name with `With`, unless the label
/// starts with, or the name ends with, a preposition. The one copy of the rule: `__sel__` forms
/// `#selector` names with it, and the Playground the selectors of the `@IBAction`, `@objc` and
/// unwind methods it registers.
@_spi(SegueLab)
public enum ObjCSelectorName {
    public static func name(method: String, labels: [String?]) -> String {
        guard let first = labels.first else { return method }
        var selector = method
        if let label = first, !label.isEmpty {
            if method == "init" {
                selector += "With"
            } else if !prepositions.contains(firstWord(label)) && !prepositions.contains(lastWord(method)) {
                selector += "With"
            }
            selector += label.prefix(1).uppercased() + label.dropFirst()
        }
        selector += ":"
        for label in labels.dropFirst() { selector += (label ?? "") + ":" }
        return selector
    }

    private static func firstWord(_ name: String) -> String {
        String(name.prefix { !$0.isUppercase }).lowercased()
    }

    private static func lastWord(_ name: String) -> String {
        guard let start = name.lastIndex(where: \.isUppercase) else { return name.lowercased() }
        return name[start...].lowercased()
    }

    /// The prepositions the Swift compiler knows when forming selectors.
    private static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
        "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to",
        "until", "using", "via", "when", "with", "within"
    ]
}

/// Sends `action` to `target`, or when `target` is nil to the first responder from `start` up
/// that has it, through the registered actions (the Playground registers `@IBAction` and `@objc`
/// methods). False when nobody had it.
@MainActor
func sendAction(_ action: Selector, to target: AnyObject?, from start: UIResponder?, sender: Any) -> Bool {
    if let target {
        guard let handler = ActionRegistry.handler(for: action.name, on: target) else { return false }
        handler(sender)
        return true
    }
    var responder = start
    while let current = responder {
        if let handler = ActionRegistry.handler(for: action.name, on: current) {
            handler(sender)
            return true
        }
        responder = current.next
    }
    return false
}
