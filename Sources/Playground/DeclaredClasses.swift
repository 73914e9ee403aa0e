import SwiftParser
import SwiftSyntax

/// The classes Swift source declares, read with swift-syntax: what a storyboard's `customClass`
/// may name. Nested classes are named both alone and qualified (`Outer.Inner`).
package enum DeclaredClasses {
    package static func names(in source: String) -> Set<String> {
        let visitor = Visitor(viewMode: .sourceAccurate)
        visitor.walk(Parser.parse(source: source))
        return visitor.names
    }

    private final class Visitor: SyntaxVisitor {
        var names: Set<String> = []
        var outer: [String] = []

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            let name = node.name.text
            names.insert(name)
            names.insert((outer + [name]).joined(separator: "."))
            outer.append(name)
            return .visitChildren
        }
        override func visitPost(_ node: ClassDeclSyntax) { outer.removeLast() }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            outer.append(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: StructDeclSyntax) { outer.removeLast() }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            outer.append(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: EnumDeclSyntax) { outer.removeLast() }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            outer.append(node.extendedType.trimmedDescription)
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { outer.removeLast() }
    }
}
