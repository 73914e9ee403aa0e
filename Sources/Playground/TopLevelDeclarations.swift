import SwiftParser
import SwiftSyntax

/// The declarations at the top level of Swift source, read with swift-syntax, with the lines
/// each takes (its doc comment included): what a lesson step's `fold` setting names.
package enum TopLevelDeclarations {
    package struct Declaration: Sendable, Equatable {
        /// `protocol`, `extension`, `class`, `struct`, `enum`, `actor`, `func`, `typealias`.
        package var keyword: String
        /// The declared name; an extension's is the type it extends.
        package var name: String
        /// What it inherits or adopts, as written (`BookAssignable, Equatable`); empty when nothing.
        package var inherits = ""
        /// 0-based line indices, from the first line of its comment to its closing line.
        package var lines: Range<Int>

        /// True when `entry` names this declaration: `Name`; `keyword Name` for one kind only;
        /// `Name: Adopted` (or `keyword Name: Adopted`) for the one that adopts exactly that.
        package func isNamed(by entry: String) -> Bool {
            let entry = entry.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            var forms = [name, "\(keyword) \(name)"]
            if !inherits.isEmpty { forms += ["\(name): \(inherits)", "\(keyword) \(name): \(inherits)"] }
            return forms.contains(entry)
        }
    }

    package static func declarations(in source: String) -> [Declaration] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var found: [Declaration] = []
        for item in tree.statements {
            guard let (keyword, name, inherits) = describe(item.item) else { continue }
            var start = item.positionAfterSkippingLeadingTrivia
            // A comment right above the declaration is part of it.
            var offset = item.position
            for piece in item.leadingTrivia {
                if piece.isComment {
                    start = offset
                    break
                }
                offset = offset + piece.sourceLength
            }
            let first = converter.location(for: start).line - 1
            let last = converter.location(for: item.endPositionBeforeTrailingTrivia).line - 1
            found.append(
                Declaration(keyword: keyword, name: name, inherits: inherits, lines: first..<(last + 1)))
        }
        return found
    }

    private static func describe(_ item: CodeBlockItemSyntax.Item) -> (String, String, String)? {
        func adopted(_ clause: InheritanceClauseSyntax?) -> String {
            (clause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []).joined(separator: ", ")
        }
        if let node = item.as(ProtocolDeclSyntax.self) {
            return ("protocol", node.name.text, adopted(node.inheritanceClause))
        }
        if let node = item.as(ExtensionDeclSyntax.self) {
            return ("extension", node.extendedType.trimmedDescription, adopted(node.inheritanceClause))
        }
        if let node = item.as(ClassDeclSyntax.self) {
            return ("class", node.name.text, adopted(node.inheritanceClause))
        }
        if let node = item.as(StructDeclSyntax.self) {
            return ("struct", node.name.text, adopted(node.inheritanceClause))
        }
        if let node = item.as(EnumDeclSyntax.self) { return ("enum", node.name.text, adopted(node.inheritanceClause)) }
        if let node = item.as(ActorDeclSyntax.self) {
            return ("actor", node.name.text, adopted(node.inheritanceClause))
        }
        if let node = item.as(FunctionDeclSyntax.self) { return ("func", node.name.text, "") }
        if let node = item.as(TypeAliasDeclSyntax.self) { return ("typealias", node.name.text, "") }
        return nil
    }
}
