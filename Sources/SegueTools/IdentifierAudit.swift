import Foundation
import SegueKit

/// Compares the segue identifiers a storyboard defines with the raw values of the
/// String-backed enums in Swift source: what the code does not know, and what it names that
/// the storyboard no longer has.
package struct IdentifierAudit: Sendable, Equatable {
    /// A storyboard segue whose identifier no enum case spells.
    package struct Finding: Sendable, Equatable {
        package let identifier: String
        /// The scene's custom class, or how the scene is named when it has none.
        package let className: String
        package let location: StoryboardLocation
    }

    /// Segues (first occurrence of each identifier) the code does not know.
    package let unknownSegues: [Finding]
    /// Storyboard identifiers no enum case spells.
    package var unknownToCode: [String] { unknownSegues.map(\.identifier) }
    /// Enum raw values (from enums whose cases look like segue identifiers) absent from the storyboard.
    package let staleInCode: [String]

    /// Every scene's identifiers count, with a custom class or without: code can perform any
    /// of them, and may read any of them in a parent's or a container's `prepare(for:sender:)`.
    package init(swiftSource: String, document: StoryboardDocument, words: StoryboardWords = .english) {
        let names = SceneNames(document: document)
        let enums = Self.stringEnums(in: swiftSource)
        let known = Set(enums.flatMap { $0 })
        var storyboardSet = Set<String>()
        var findings: [Finding] = []
        for scene in document.scenes {
            for segue in scene.controller.segues {
                guard let identifier = SegueEnumGenerator.identifier(of: segue),
                    storyboardSet.insert(identifier).inserted, !known.contains(identifier)
                else { continue }
                let owner = scene.controller.customClass ?? words.noCustomClass(names.name(of: scene))
                findings.append(Finding(identifier: identifier, className: owner, location: segue.location))
            }
        }
        unknownSegues = findings
        // Only enums that share at least one value with the storyboard are about its segues.
        let relevant = enums.filter { !Set($0).isDisjoint(with: storyboardSet) }
        staleInCode = Self.unique(relevant.flatMap { $0 }.filter { !storyboardSet.contains($0) && !$0.isEmpty })
    }

    package var isClean: Bool { unknownToCode.isEmpty && staleInCode.isEmpty }

    /// The audit as `storyboard --check-source` prints it: one warning per finding, or one line
    /// saying all is well.
    /// The `file:line: warning:` form stays as compilers print it, for editors and CI to read.
    package func report(for document: StoryboardDocument, words: StoryboardWords = .english) -> [String] {
        if isClean { return [words.auditClean(document.name)] }
        return unknownSegues.map {
            "\($0.location): warning: " + words.auditUnknownIdentifier($0.identifier, $0.className)
        }
            + staleInCode.map {
                "\(document.path): warning: " + words.auditStaleValue($0)
            }
    }

    /// Raw values of each `enum Name: String { ... }` in the source (case name when no raw value).
    static func stringEnums(in source: String) -> [[String]] {
        let header = try! NSRegularExpression(pattern: #"enum\s+\w+\s*:\s*String\b[^{]*\{"#)
        let caseLine = try! NSRegularExpression(pattern: #"\bcase\s+([^\n;]+)"#)
        let text = source as NSString
        var result: [[String]] = []
        for match in header.matches(in: source, range: NSRange(location: 0, length: text.length)) {
            let bodyStart = match.range.location + match.range.length
            var depth = 1
            var index = bodyStart
            while index < text.length && depth > 0 {
                let character = text.character(at: index)
                if character == 0x7B { depth += 1 } else if character == 0x7D { depth -= 1 }
                index += 1
            }
            let body = text.substring(with: NSRange(location: bodyStart, length: max(0, index - 1 - bodyStart)))
            var values: [String] = []
            for line in caseLine.matches(in: body, range: NSRange(location: 0, length: (body as NSString).length)) {
                let list = (body as NSString).substring(with: line.range(at: 1))
                for item in list.split(separator: ",") {
                    let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    let name = parts[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                    guard !name.isEmpty, !name.contains("(") else { continue }
                    if parts.count == 2, parts[1].hasPrefix("\""), parts[1].hasSuffix("\""), parts[1].count >= 2 {
                        values.append(String(parts[1].dropFirst().dropLast()))
                    } else {
                        values.append(name)
                    }
                }
            }
            result.append(values)
        }
        return result
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
