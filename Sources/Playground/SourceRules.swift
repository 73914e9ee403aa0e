import Foundation
import SwiftParser
import SwiftSyntax

/// A rule about how the learner's code is written, for the techniques behaviour cannot tell
/// apart (a switch over the enum and a string comparison run the same). Read with swift-syntax;
/// the words are LessonKit's.
package enum SourceRule: Sendable, Hashable {
    /// No string literal is compared with a segue's `identifier` (`==`, `!=`, `~=`, a `switch`
    /// over it, `if case`), nor with a name bound from it (`if let id = segue.identifier`), nor
    /// passed as a segue's identifier (`performSegue(withIdentifier: "showBook", …)`).
    case noStringIdentifier
    /// No `switch` has a string literal for a case: the switch is over an enum, not a String.
    case noStringSwitch
    /// The code calls the function (`super.prepare(for:sender:)`, `segueIdentifier(for:)`),
    /// inside the named function when `inFunction` is given (`prepare(for:sender:)`).
    case calls(FunctionName, inFunction: FunctionName?)
    /// A type the learner declares or extends adopts the protocol (or inherits the class).
    case conforms(String)
    /// No force cast `as!` to the type (any type when `nil`).
    case noForceCast(String?)
    /// The code assigns to the property or variable (`books`: `x.books = …` or `books = …`;
    /// `target.books`: exactly that).
    case assigns(String)
    /// The code still uses the name (`segue.identifier`: that member of that name; `identifier`:
    /// any use of it), so that making code compile does not delete what it reads.
    case uses(String)
    /// The code declares the name: an enum case, a function, a property or variable, a type.
    case declares(String)

    /// The names the rules are written with in a pack.
    package static let names = [
        "no-string-identifier", "no-string-switch", "calls", "conforms", "no-force-cast", "assigns", "uses", "declares"
    ]
}

/// A function as a pack names it: `super.prepare(for:sender:)`, `segueIdentifier(for:)`,
/// `performSegue` (any labels). A base with a dot must be called exactly so (`super.prepare`);
/// a bare name may be called on anything (`self.x`, `x`).
package struct FunctionName: Sendable, Hashable, CustomStringConvertible {
    package var base: String
    /// The argument labels (`nil`: any labels; `_` for an unlabelled argument).
    package var labels: [String]?

    /// Parses `a.b(c:d:)`; nil when the text is not a function name.
    package init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var base = trimmed
        var labels: [String]?
        if let open = trimmed.firstIndex(of: "(") {
            guard trimmed.hasSuffix(")") else { return nil }
            base = String(trimmed[..<open])
            let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            guard inner.isEmpty || inner.hasSuffix(":") else { return nil }
            labels = inner.split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
            guard labels!.allSatisfy({ $0 == "_" || Self.isIdentifier($0) }) else { return nil }
        }
        let parts = base.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ Self.isIdentifier(String($0)) }) else { return nil }
        self.base = base
        self.labels = labels
    }

    package var description: String {
        labels.map { "\(base)(\($0.map { "\($0):" }.joined()))" } ?? base
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first == "_" || first.isLetter else { return false }
        return text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }

    /// True when a call of `called` with `labels` is a call of this function.
    func matches(called: String, labels callLabels: [String]) -> Bool {
        if let labels, labels != callLabels { return false }
        if base.contains(".") { return called == base }
        return called == base || called == "self.\(base)" || called.hasSuffix(".\(base)") && !called.hasPrefix("super.")
    }

    /// True when a function declared with `name` and `labels` is this one.
    func declares(name: String, labels declared: [String]) -> Bool {
        let last = base.split(separator: ".").last.map(String.init) ?? base
        return last == name && (labels == nil || labels == declared)
    }
}

/// Where a rule is broken in the learner's code: its line (1-based) and that line's text.
package struct SourceRuleFinding: Sendable, Hashable {
    package var line: Int
    package var column: Int
    /// The learner's line, trimmed.
    package var text: String
    /// The string is passed as an identifier (`withIdentifier: "x"`) rather than compared.
    package var passesString = false

    package init(line: Int, column: Int, text: String, passesString: Bool = false) {
        self.line = line
        self.column = column
        self.text = text
        self.passesString = passesString
    }
}

/// How a rule judged the code.
package enum SourceRuleOutcome: Sendable, Hashable {
    case holds
    /// A rule that forbids something found it here.
    case broken(SourceRuleFinding)
    /// A rule that asks for something did not find it.
    case missing
}

extension SourceRule {
    /// Judges `source` (one Swift file, the learner's) by the rule.
    package func judge(_ source: String) -> SourceRuleOutcome {
        let tree = Parser.parse(source: source)
        let finder = SourceRuleVisitor(rule: self)
        finder.walk(tree)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        switch self {
        case .calls, .conforms, .assigns, .uses, .declares:
            return finder.found.isEmpty ? .missing : .holds
        case .noStringIdentifier, .noStringSwitch, .noForceCast:
            guard let node = finder.found.first else { return .holds }
            let place = converter.location(for: node.positionAfterSkippingLeadingTrivia)
            let text = lines.indices.contains(place.line - 1) ? String(lines[place.line - 1]) : node.trimmedDescription
            return .broken(
                SourceRuleFinding(
                    line: place.line, column: place.column, text: text.trimmingCharacters(in: .whitespaces),
                    passesString: node.is(LabeledExprSyntax.self)))
        }
    }
}

private final class SourceRuleVisitor: SyntaxVisitor {
    let rule: SourceRule
    var found: [Syntax] = []
    /// Names bound from a segue's identifier (`if let id = segue.identifier`).
    private var identifierNames: Set<String> = []
    /// The functions being visited, innermost last: (name, labels).
    private var functions: [(String, [String])] = []

    init(rule: SourceRule) {
        self.rule = rule
        super.init(viewMode: .sourceAccurate)
    }

    /// `segue.identifier`, `segue.identifier!`, `segue.identifier ?? ""`, `(segue.identifier)`,
    /// or a name bound from one.
    private func isIdentifier(_ expression: ExprSyntax) -> Bool {
        var text = expression.trimmedDescription.filter { !$0.isWhitespace }
        while text.hasPrefix("(") && text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
        if let coalesce = text.range(of: "??") { text = String(text[..<coalesce.lowerBound]) }
        while text.hasSuffix("!") || text.hasSuffix("?") { text.removeLast() }
        return text.hasSuffix(".identifier") || identifierNames.contains(text)
    }

    private static func isStringLiteral(_ expression: ExprSyntax) -> Bool {
        var expression = expression
        while let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1 {
            expression = tuple.elements.first!.expression
        }
        return expression.is(StringLiteralExprSyntax.self)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        declared(node.name, node)
        let labels = node.signature.parameterClause.parameters.map { $0.firstName.text }
        functions.append((node.name.text, labels))
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { functions.removeLast() }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.initializer?.value, isIdentifier(value),
            let name = node.pattern.as(IdentifierPatternSyntax.self)
        {
            identifierNames.insert(name.identifier.text)
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.initializer?.value, isIdentifier(value),
            let name = node.pattern.as(IdentifierPatternSyntax.self)
        {
            identifierNames.insert(name.identifier.text)
        }
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        guard case .noStringIdentifier = rule,
            let op = node.operator.as(BinaryOperatorExprSyntax.self),
            ["==", "!=", "~=", "==="].contains(op.operator.text)
        else { return .visitChildren }
        if Self.isStringLiteral(node.leftOperand) && isIdentifier(node.rightOperand)
            || Self.isStringLiteral(node.rightOperand) && isIdentifier(node.leftOperand)
        {
            found.append(Syntax(node))
        }
        return .visitChildren
    }

    /// Unfolded `a == "x"` and `a.b = c` (the parser leaves operators in a sequence until folded).
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if case .assigns(let name) = rule {
            for (index, element) in elements.enumerated() where index > 0 && element.is(AssignmentExprSyntax.self) {
                let target = elements[index - 1].trimmedDescription.filter { !$0.isWhitespace }
                if target == name || !name.contains(".") && target.hasSuffix(".\(name)") {
                    found.append(Syntax(node))
                }
            }
            return .visitChildren
        }
        guard case .noStringIdentifier = rule else { return .visitChildren }
        for (index, element) in elements.enumerated() {
            guard let op = element.as(BinaryOperatorExprSyntax.self), ["==", "!=", "~="].contains(op.operator.text),
                index > 0, index + 1 < elements.count
            else { continue }
            let left = elements[index - 1]
            let right = elements[index + 1]
            if Self.isStringLiteral(left) && isIdentifier(right) || Self.isStringLiteral(right) && isIdentifier(left) {
                found.append(Syntax(node))
                break
            }
        }
        return .visitChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        var stringCase: SwitchCaseItemSyntax?
        for element in node.cases {
            guard case .switchCase(let switchCase) = element,
                let label = switchCase.label.as(SwitchCaseLabelSyntax.self)
            else { continue }
            stringCase = label.caseItems.first { item in
                item.pattern.as(ExpressionPatternSyntax.self).map { Self.isStringLiteral($0.expression) } ?? false
            }
            if stringCase != nil { break }
        }
        switch rule {
        case .noStringSwitch:
            if let stringCase { found.append(Syntax(stringCase)) }
        case .noStringIdentifier:
            if let stringCase, isIdentifier(node.subject) { found.append(Syntax(stringCase)) }
        default: break
        }
        return .visitChildren
    }

    /// `if case "showBook" = segue.identifier`.
    override func visit(_ node: MatchingPatternConditionSyntax) -> SyntaxVisitorContinueKind {
        if case .noStringIdentifier = rule, let pattern = node.pattern.as(ExpressionPatternSyntax.self),
            Self.isStringLiteral(pattern.expression), isIdentifier(node.initializer.value)
        {
            found.append(Syntax(node))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if case .noStringIdentifier = rule {
            for argument in node.arguments
            where argument.label?.text == "withIdentifier" && Self.isStringLiteral(argument.expression) {
                found.append(Syntax(argument))
            }
        }
        guard case .calls(let name, let inFunction) = rule else { return .visitChildren }
        let called = node.calledExpression.trimmedDescription.filter { !$0.isWhitespace }
        let labels = node.arguments.map { $0.label?.text ?? "_" }
        let inside =
            inFunction.map { wanted in functions.contains { wanted.declares(name: $0.0, labels: $0.1) } } ?? true
        if inside && name.matches(called: called, labels: labels) { found.append(Syntax(node)) }
        return .visitChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        if case .declares(let name) = rule, node.name.text == name { found.append(Syntax(node)) }
        return .visitChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        if case .declares(let name) = rule, node.identifier.text == name { found.append(Syntax(node)) }
        return .visitChildren
    }

    private func declared(_ token: TokenSyntax, _ node: some SyntaxProtocol) {
        if case .declares(let name) = rule, token.text == name { found.append(Syntax(node)) }
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        declared(node.name, node)
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        declared(node.name, node)
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        declared(node.name, node)
        return .visitChildren
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        declared(node.name, node)
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if case .uses(let name) = rule {
            let text = node.trimmedDescription.filter { !$0.isWhitespace }
            if text == name || !name.contains(".") && node.declName.baseName.text == name { found.append(Syntax(node)) }
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if case .uses(let name) = rule, node.parent?.is(MemberAccessExprSyntax.self) != true,
            node.baseName.text == name
        {
            found.append(Syntax(node))
        }
        return .visitChildren
    }

    override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind {
        guard case .conforms(let wanted) = rule else { return .visitChildren }
        for inherited in node.inheritedTypes {
            let name = inherited.type.trimmedDescription
            let bare = name.split(separator: "<").first.map(String.init) ?? name
            if bare == wanted || bare.hasSuffix(".\(wanted)") { found.append(Syntax(inherited)) }
        }
        return .visitChildren
    }

    override func visit(_ node: AsExprSyntax) -> SyntaxVisitorContinueKind {
        guard case .noForceCast(let wanted) = rule, node.questionOrExclamationMark?.tokenKind == .exclamationMark
        else { return .visitChildren }
        let name = node.type.trimmedDescription
        let bare = name.split(separator: "<").first.map(String.init) ?? name
        if wanted == nil || bare == wanted || bare.hasSuffix(".\(wanted!)") { found.append(Syntax(node)) }
        return .visitChildren
    }

    /// Unfolded `x as! T` appears as an `UnresolvedAsExpr` in a sequence.
    override func visit(_ node: UnresolvedAsExprSyntax) -> SyntaxVisitorContinueKind {
        guard case .noForceCast(let wanted) = rule, node.questionOrExclamationMark?.tokenKind == .exclamationMark,
            let sequence = node.parent?.as(ExprListSyntax.self)
        else { return .visitChildren }
        let elements = Array(sequence)
        if let index = elements.firstIndex(where: { $0.id == ExprSyntax(node).id }), index + 1 < elements.count,
            let type = elements[index + 1].as(TypeExprSyntax.self)
        {
            let name = type.type.trimmedDescription
            let bare = name.split(separator: "<").first.map(String.init) ?? name
            if wanted == nil || bare == wanted || bare.hasSuffix(".\(wanted!)") { found.append(Syntax(node)) }
        }
        return .visitChildren
    }
}
