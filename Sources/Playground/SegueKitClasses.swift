import Foundation
import SwiftParser
import SwiftSyntax

/// The classes SegueKit offers learner code and storyboards (`UIViewController`,
/// `UINavigationController`, …), read with swift-syntax from the very sources learner programs
/// are compiled against, so the list follows SegueKit as it changes.
package enum SegueKitClasses {
    /// SegueKit's public and open classes, by name, from the sources `SegueKitCache` compiles
    /// (read once per process); empty when the sources cannot be found.
    package static let names: Set<String> = {
        guard let directory = try? SegueKitCache.locateSources() else { return [] }
        return (try? names(inSourcesAt: directory)) ?? []
    }()

    /// The public and open classes declared in the `.swift` files under `directory`.
    package static func names(inSourcesAt directory: URL) throws -> Set<String> {
        var found: Set<String> = []
        for file in try SegueKitCache.swiftFiles(in: directory) {
            found.formUnion(publicNames(in: try String(contentsOf: file, encoding: .utf8)))
        }
        return found
    }

    /// The classes of `source` that another module sees: declared `public` or `open` (or in a
    /// `public extension` without an access of their own), inside types it sees too. Nested
    /// classes are named qualified (`Outer.Inner`).
    package static func publicNames(in source: String) -> Set<String> {
        let visitor = Visitor(viewMode: .sourceAccurate)
        visitor.walk(Parser.parse(source: source))
        return visitor.names
    }

    private final class Visitor: SyntaxVisitor {
        var names: Set<String> = []
        /// The enclosing declarations: their names and whether another module sees them.
        var outer: [(name: String, visible: Bool, defaultPublic: Bool)] = []

        static func access(_ modifiers: DeclModifierListSyntax) -> String? {
            modifiers.lazy.map(\.name.text).first {
                ["public", "open", "package", "internal", "fileprivate", "private"].contains($0)
            }
        }

        func visible(_ modifiers: DeclModifierListSyntax) -> Bool {
            guard outer.allSatisfy(\.visible) else { return false }
            switch Self.access(modifiers) {
            case "public", "open": return true
            case nil: return outer.last?.defaultPublic ?? false
            default: return false
            }
        }

        func enter(_ name: String, _ modifiers: DeclModifierListSyntax) {
            outer.append((name, visible(modifiers), false))
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            let isVisible = visible(node.modifiers)
            if isVisible { names.insert((outer.map(\.name) + [node.name.text]).joined(separator: ".")) }
            outer.append((node.name.text, isVisible, false))
            return .visitChildren
        }
        override func visitPost(_ node: ClassDeclSyntax) { outer.removeLast() }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.name.text, node.modifiers)
            return .visitChildren
        }
        override func visitPost(_ node: StructDeclSyntax) { outer.removeLast() }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.name.text, node.modifiers)
            return .visitChildren
        }
        override func visitPost(_ node: EnumDeclSyntax) { outer.removeLast() }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            // An extension is as visible as the type it extends; its members default to its access.
            let isPublic = ["public", "open"].contains(Self.access(node.modifiers) ?? "")
            outer.append((node.extendedType.trimmedDescription, true, isPublic))
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { outer.removeLast() }

        // Nothing declared inside a function or closure is visible to another module.
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
