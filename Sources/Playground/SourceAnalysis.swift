import SwiftParser
import SwiftSyntax

/// What the build needs to know about one source file, read with swift-syntax.
struct SourceAnalysis {
    /// Statements or expressions at file scope: the file must be (part of) `main.swift`.
    var hasTopLevelCode = false
    /// An `@main` type: the program is compiled as a library with that entry point.
    var hasMainAttribute = false
    /// `@IBAction func x(_: UIStoryboardSegue)` methods, for the unwind-action registry.
    var unwindActions: [UnwindAction] = []

    struct UnwindAction: Equatable {
        /// The class the method belongs to, qualified (`Outer.Inner`).
        var typeName: String
        var methodName: String
        /// The argument label (`nil` for `_`).
        var label: String?

        /// The Objective-C selector UIKit would use: `unwindToList:` or `unwindWithSegue:`.
        var selector: String {
            guard let label else { return "\(methodName):" }
            return "\(methodName)With\(label.prefix(1).uppercased())\(label.dropFirst()):"
        }

        var call: String { label.map { "\(methodName)(\($0): segue)" } ?? "\(methodName)(segue)" }
    }

    init(text: String) {
        let tree = Parser.parse(source: text)
        for item in tree.statements {
            switch item.item {
            case .stmt, .expr:
                hasTopLevelCode = true
            case .decl(let decl):
                if decl.is(IfConfigDeclSyntax.self) { continue }
            }
        }
        let visitor = ActionVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        hasMainAttribute = visitor.hasMainAttribute
        unwindActions = visitor.actions
    }
}

private final class ActionVisitor: SyntaxVisitor {
    var actions: [SourceAnalysis.UnwindAction] = []
    var hasMainAttribute = false
    /// Enclosing type names; `nil` marks a scope whose methods cannot be registered (structs,
    /// generic classes, functions).
    private var scopes: [String?] = []

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.hasAttribute("main", node.attributes) { hasMainAttribute = true }
        let registrable = node.genericParameterClause == nil && (scopes.last ?? "") != nil
        scopes.append(registrable ? qualified(node.name.text) : nil)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(node.extendedType.trimmedDescription)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.hasAttribute("main", node.attributes) { hasMainAttribute = true }
        scopes.append(nil)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.hasAttribute("main", node.attributes) { hasMainAttribute = true }
        scopes.append(nil)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let owner = scopes.last, let owner, Self.hasAttribute("IBAction", node.attributes),
           !node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) {
            let parameters = node.signature.parameterClause.parameters
            if parameters.count == 1, let parameter = parameters.first,
               parameter.type.trimmedDescription.hasSuffix("UIStoryboardSegue") {
                let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
                actions.append(.init(typeName: owner, methodName: node.name.text, label: label))
            }
        }
        scopes.append(nil)  // nested declarations inside a function are not reachable by name
        return .skipChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { scopes.removeLast() }

    private func qualified(_ name: String) -> String {
        guard let outer = scopes.last, let outer else { return name }
        return "\(outer).\(name)"
    }

    private static func hasAttribute(_ name: String, _ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            if case .attribute(let attribute) = element {
                return attribute.attributeName.trimmedDescription == name
            }
            return false
        }
    }
}
