@_spi(SegueLab) import SegueKit
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
    /// `@IBOutlet` properties of classes, for the outlet registry.
    var outlets: [Outlet] = []
    /// Other `@IBAction` methods of classes (buttons, switches...), for the action registry.
    var controlActions: [ControlAction] = []
    /// `@IBSegueAction` methods of classes, for the segue-action registry.
    var segueActions: [SegueAction] = []
    /// Interface Builder attributes the compiler rejects without Objective-C, to be blanked.
    var interfaceBuilderAttributes: [InterfaceBuilderAttribute] = []
    /// Structs, enums, protocols and actors this file declares (qualified names).
    var valueTypeNames: Set<String> = []
    /// Generic types this file declares (qualified names): a storyboard cannot name them or
    /// their nested classes, and `Box.self` would not compile.
    var genericTypeNames: Set<String> = []

    struct UnwindAction: Equatable {
        /// The class the method belongs to, qualified (`Outer.Inner`).
        var typeName: String
        var methodName: String
        /// The argument label (`nil` for `_`).
        var label: String?

        /// The Objective-C selector UIKit would use: `unwindToList:` or `unwindWithSegue:`.
        var selector: String { ObjCSelectorName.name(method: methodName, labels: [label]) }

        var call: String { label.map { "\(methodName)(\($0): segue)" } ?? "\(methodName)(segue)" }
    }

    struct Outlet: Equatable {
        var typeName: String
        var property: String
        /// The declared type without its `!` or `?` (`UILabel`, `[UIButton]`).
        var type: String
        var isOptional: Bool
        /// For an outlet collection (`[UIButton]!`), the element type.
        var elementType: String?
    }

    struct ControlAction: Equatable {
        var typeName: String
        var methodName: String
        /// The sender parameter, or `nil` for `@IBAction func refresh()`.
        var sender: Sender?

        struct Sender: Equatable {
            /// The argument label (`nil` for `_`).
            var label: String?
            /// The declared type without its `!` or `?`.
            var type: String
        }

        /// The selector Interface Builder writes: `buy:`, `buyWithSender:`, `refresh`.
        var selector: String {
            guard let sender else { return methodName }
            return ObjCSelectorName.name(method: methodName, labels: [sender.label])
        }
    }

    /// `@IBSegueAction func makeDetail(_ coder: NSCoder[, sender: Any?[, segueIdentifier: String?]])`.
    struct SegueAction: Equatable {
        var typeName: String
        var methodName: String
        /// The argument labels (`nil` for `_`), one to three.
        var labels: [String?]

        var selector: String { ObjCSelectorName.name(method: methodName, labels: labels) }

        var call: String {
            let arguments = zip(labels, ["coder", "sender", "identifier"]).map { label, value in
                label.map { "\($0): \(value)" } ?? value
            }
            return "\(methodName)(\(arguments.joined(separator: ", ")))"
        }
    }

    /// An attribute's UTF-8 byte range in the file. `extendedType` names the type when the
    /// declaration sits in an extension, whose kind only the whole program can tell.
    struct InterfaceBuilderAttribute: Equatable {
        var range: Range<Int>
        var extendedType: String?
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
        let visitor = InterfaceBuilderVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        hasMainAttribute = visitor.hasMainAttribute
        unwindActions = visitor.unwindActions
        outlets = visitor.outlets
        controlActions = visitor.controlActions
        segueActions = visitor.segueActions
        interfaceBuilderAttributes = visitor.attributes
        valueTypeNames = visitor.valueTypeNames
        genericTypeNames = visitor.genericTypeNames
    }

    /// `text` with the given attributes replaced by spaces: nothing moves, so every diagnostic
    /// and crash location stays where the learner wrote it.
    static func blanking(_ attributes: [InterfaceBuilderAttribute], in text: String) -> String {
        guard !attributes.isEmpty else { return text }
        var bytes = Array(text.utf8)
        for attribute in attributes {
            for offset in attribute.range
            where bytes[offset] != UInt8(ascii: "\n") && bytes[offset] != UInt8(ascii: "\r") {
                bytes[offset] = UInt8(ascii: " ")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private final class InterfaceBuilderVisitor: SyntaxVisitor {
    var unwindActions: [SourceAnalysis.UnwindAction] = []
    var outlets: [SourceAnalysis.Outlet] = []
    var controlActions: [SourceAnalysis.ControlAction] = []
    var segueActions: [SourceAnalysis.SegueAction] = []
    var attributes: [SourceAnalysis.InterfaceBuilderAttribute] = []
    var valueTypeNames: Set<String> = []
    var genericTypeNames: Set<String> = []
    var hasMainAttribute = false

    private enum Scope {
        /// A class whose members can be registered by name, qualified.
        case registrableClass(String)
        /// A class that cannot be named (generic, or declared inside one or in a function).
        case otherClass
        case `extension`(String)
        /// Structs, enums, protocols, actors: Interface Builder attributes are errors there.
        case valueType(String?)
        /// Function bodies and other code: nested declarations are not reachable by name.
        case code
    }

    private var scopes: [Scope] = []

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.attribute("main", in: node.attributes) != nil { hasMainAttribute = true }
        let name = qualified(node.name.text)
        if node.genericParameterClause != nil, let name { genericTypeNames.insert(name) }
        scopes.append(
            node.genericParameterClause == nil ? name.map(Scope.registrableClass) ?? .otherClass : .otherClass)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(.extension(node.extendedType.trimmedDescription))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterValueType(node.name, node.attributes, generic: node.genericParameterClause != nil)
    }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterValueType(node.name, node.attributes, generic: node.genericParameterClause != nil)
    }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterValueType(node.name, node.attributes, generic: true)  // a nested class could not be named
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterValueType(node.name, node.attributes, generic: node.genericParameterClause != nil)
    }
    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }

    private func enterValueType(_ name: TokenSyntax, _ attributes: AttributeListSyntax, generic: Bool)
        -> SyntaxVisitorContinueKind
    {
        if Self.attribute("main", in: attributes) != nil { hasMainAttribute = true }
        let qualifiedName = qualified(name.text)
        if let qualifiedName { valueTypeNames.insert(qualifiedName) }
        if generic, let qualifiedName { genericTypeNames.insert(qualifiedName) }
        scopes.append(.valueType(generic ? nil : qualifiedName))
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let attribute = Self.attribute("IBOutlet", in: node.attributes), !Self.isStatic(node.modifiers),
            node.bindingSpecifier.tokenKind == .keyword(.var), let owner = memberOwner(),
            !node.bindings.contains(where: Self.isReadOnly)
        else { return .skipChildren }
        attributes.append(.init(range: Self.range(of: attribute), extendedType: owner.extendedType))
        // Stored properties cannot live in extensions, so only class bodies register outlets.
        guard let typeName = owner.registrableClass else { return .skipChildren }
        // `var a, b: UILabel!` gives both names the one type written last.
        var declaredType: TypeSyntax?
        var found: [SourceAnalysis.Outlet] = []
        for binding in node.bindings.reversed() {
            declaredType = binding.typeAnnotation?.type ?? declaredType
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let declaredType else {
                continue
            }
            let (base, isOptional) = Self.unwrapped(declaredType)
            found.append(
                .init(
                    typeName: typeName, property: name, type: Self.spelling(base), isOptional: isOptional,
                    elementType: Self.arrayElement(base)))
        }
        outlets += found.reversed()
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let attribute = Self.attribute("IBAction", in: node.attributes), !Self.isStatic(node.modifiers),
            let owner = memberOwner()
        {
            attributes.append(.init(range: Self.range(of: attribute), extendedType: owner.extendedType))
            if let typeName = owner.registrableClass ?? owner.extendedType { recordAction(node, owner: typeName) }
        } else if Self.attribute("objc", in: node.attributes) != nil, !Self.isStatic(node.modifiers),
            let owner = memberOwner(), let typeName = owner.registrableClass ?? owner.extendedType
        {
            // An `@objc` method is what `#selector` names for target-action (`addTarget`); the
            // attribute itself is blanked by `SelectorRewrite`.
            recordAction(node, owner: typeName)
        }
        // `@IBSegueAction` compiles as it is; only its registration is needed.
        if Self.attribute("IBSegueAction", in: node.attributes) != nil, !Self.isStatic(node.modifiers),
            let owner = memberOwner(), let typeName = owner.registrableClass ?? owner.extendedType,
            node.genericParameterClause == nil, node.signature.effectSpecifiers == nil,
            (1...3).contains(node.signature.parameterClause.parameters.count)
        {
            let labels = node.signature.parameterClause.parameters.map {
                $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text
            }
            segueActions.append(.init(typeName: typeName, methodName: node.name.text, labels: labels))
        }
        scopes.append(.code)  // nested declarations inside a function are not reachable by name
        return .skipChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { scopes.removeLast() }

    private func recordAction(_ node: FunctionDeclSyntax, owner: String) {
        // Generic, async or throwing methods cannot be called from a plain closure (nor be
        // Objective-C actions); `(_ sender:, forEvent:)` pairs have no event to pass here.
        guard node.genericParameterClause == nil, node.signature.effectSpecifiers == nil else { return }
        let parameters = node.signature.parameterClause.parameters
        let name = node.name.text
        guard let parameter = parameters.first else {
            controlActions.append(.init(typeName: owner, methodName: name, sender: nil))
            return
        }
        guard parameters.count == 1, parameter.ellipsis == nil, !parameter.type.is(AttributedTypeSyntax.self) else {
            return
        }
        let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
        if parameter.type.trimmedDescription.hasSuffix("UIStoryboardSegue") {
            unwindActions.append(.init(typeName: owner, methodName: name, label: label))
        } else {
            let type = Self.spelling(Self.unwrapped(parameter.type).base)
            controlActions.append(.init(typeName: owner, methodName: name, sender: .init(label: label, type: type)))
        }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(.code)
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { scopes.removeLast() }

    /// The class or extension a member declaration belongs to, if any.
    private func memberOwner() -> (registrableClass: String?, extendedType: String?)? {
        switch scopes.last {
        case .registrableClass(let name): return (name, nil)
        case .otherClass: return (nil, nil)
        case .extension(let name): return (nil, name)
        case .valueType, .code, nil: return nil
        }
    }

    /// The qualified name of a type declared here, or `nil` where it cannot be named.
    private func qualified(_ name: String) -> String? {
        switch scopes.last {
        case nil: return name
        case .registrableClass(let outer), .extension(let outer), .valueType(let outer?): return "\(outer).\(name)"
        case .otherClass, .valueType(nil), .code: return nil
        }
    }

    private static func attribute(_ name: String, in attributes: AttributeListSyntax) -> AttributeSyntax? {
        for element in attributes {
            if case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == name {
                return attribute
            }
        }
        return nil
    }

    private static func range(of attribute: AttributeSyntax) -> Range<Int> {
        attribute.positionAfterSkippingLeadingTrivia.utf8Offset..<attribute.endPositionBeforeTrailingTrivia.utf8Offset
    }

    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// A computed property without a setter (the compiler's complaint about it is the useful one).
    private static func isReadOnly(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return false }
        guard case .accessors(let accessors) = block.accessors else { return true }
        let kinds = accessors.map(\.accessorSpecifier.tokenKind)
        return kinds.contains(.keyword(.get)) && !kinds.contains(.keyword(.set))
    }

    private static func unwrapped(_ type: TypeSyntax) -> (base: TypeSyntax, isOptional: Bool) {
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return (optional.wrappedType, true) }
        if let optional = type.as(OptionalTypeSyntax.self) { return (optional.wrappedType, true) }
        return (type, false)
    }

    private static func arrayElement(_ type: TypeSyntax) -> String? {
        if let array = type.as(ArrayTypeSyntax.self) { return spelling(array.element) }
        if let generic = type.as(IdentifierTypeSyntax.self), generic.name.text == "Array",
            let arguments = generic.genericArgumentClause?.arguments, arguments.count == 1
        {
            return arguments.first?.argument.trimmedDescription
        }
        return nil
    }

    /// The type as written, parenthesised where a following `?` would bind to part of it.
    private static func spelling(_ type: TypeSyntax) -> String {
        let text = type.trimmedDescription
        if type.is(CompositionTypeSyntax.self) || type.is(FunctionTypeSyntax.self) || type.is(SomeOrAnyTypeSyntax.self)
        {
            return "(\(text))"
        }
        return text
    }
}
