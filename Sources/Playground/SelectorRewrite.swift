import SwiftParser
import SwiftSyntax

/// Makes Objective-C spellings compile on Linux without moving anything: every byte keeps its
/// line and column, so diagnostics and crash locations stay where the learner wrote them.
///
/// - `#selector(unwindToShelf(_:))` becomes `__sel__("unwindToShelf(_:)")` (SegueKit forms the
///   Objective-C name `unwindToShelf:` from it at run time). Both spellings have the same length:
///   `__sel__` plus the two quotes take the place of `#selector`; space between `#selector` and
///   its parenthesis stays as space.
/// - `@objc` and `@objc(name)` are replaced by spaces (the compiler rejects them without the
///   Objective-C runtime); `@objc` methods of classes are registered as actions (`SourceAnalysis`).
enum SelectorRewrite {
    static let function = "__sel__"

    static func apply(to text: String) -> String {
        guard text.contains("#selector") || text.contains("@objc") else { return text }
        let visitor = Finder(viewMode: .sourceAccurate)
        visitor.walk(Parser.parse(source: text))
        guard !visitor.edits.isEmpty else { return text }
        var bytes = Array(text.utf8)
        for edit in visitor.edits {
            precondition(edit.replacement.count == edit.range.count)
            bytes.replaceSubrange(edit.range, with: edit.replacement)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    struct Edit {
        var range: Range<Int>
        var replacement: [UInt8]
    }

    private final class Finder: SyntaxVisitor {
        var edits: [Edit] = []

        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.macroName.text == "selector", let open = node.leftParen, let close = node.rightParen,
                node.trailingClosure == nil
            else { return .visitChildren }
            let start = node.pound.positionAfterSkippingLeadingTrivia.utf8Offset
            let nameEnd = node.macroName.endPositionBeforeTrailingTrivia.utf8Offset
            let innerStart = open.endPositionBeforeTrailingTrivia.utf8Offset
            let innerEnd = close.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = close.endPositionBeforeTrailingTrivia.utf8Offset
            let gap = open.positionAfterSkippingLeadingTrivia.utf8Offset - nameEnd
            let text = Array(node.trimmedDescription.utf8)
            var inner: [UInt8] = []
            var lineBreaks: [UInt8] = []
            for byte in text[(innerStart - start)..<(innerEnd - start)] {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    // A string literal holds no line break: the break moves after the call.
                    lineBreaks.append(byte)
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    return .visitChildren
                } else {
                    inner.append(byte)
                }
            }
            var replacement = Array(function.utf8) + Array(repeating: UInt8(ascii: " "), count: gap)
            replacement += Array("(\"".utf8) + inner + Array("\")".utf8) + lineBreaks
            guard replacement.count == end - start else { return .visitChildren }
            edits.append(Edit(range: start..<end, replacement: replacement))
            return .skipChildren
        }

        override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
            guard node.attributeName.trimmedDescription == "objc" else { return .visitChildren }
            let range =
                node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
            let text = Array(node.trimmedDescription.utf8)
            guard text.count == range.count else { return .skipChildren }
            edits.append(
                Edit(
                    range: range,
                    replacement: text.map {
                        $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") ? $0 : UInt8(ascii: " ")
                    }))
            return .skipChildren
        }
    }
}
