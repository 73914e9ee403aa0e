import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An element of the storyboard XML with where it starts.
final class IBElement {
    let name: String
    let attributes: [String: String]
    let line: Int
    let column: Int
    var children: [IBElement] = []
    weak var parent: IBElement?

    init(name: String, attributes: [String: String], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    subscript(attribute: String) -> String? { attributes[attribute] }

    func children(named name: String) -> [IBElement] { children.filter { $0.name == name } }
    func child(named name: String) -> IBElement? { children.first { $0.name == name } }
    func child(withKey key: String) -> IBElement? { children.first { $0["key"] == key } }
}

/// Reads XML into `IBElement`s with XMLParser; a malformed file fails with line and column.
final class XMLTreeReader: NSObject, XMLParserDelegate {
    private var stack: [IBElement] = []
    private var root: IBElement?
    private var mismatch: StoryboardError?
    private weak var parser: XMLParser?
    private let file: String
    private let lines: [Substring]

    init(file: String, text: String) {
        self.file = file
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// XMLParser reports where a start tag ends; errors should point at its `<`.
    private func startColumn(of element: String, line: Int, reportedColumn: Int) -> Int {
        guard line >= 1, line <= lines.count else { return reportedColumn }
        let text = Array(lines[line - 1])
        let needle = Array("<" + element)
        var index = min(max(reportedColumn - 1, 0), text.count) - needle.count
        while index >= 0 {
            if Array(text[index..<index + needle.count]) == needle { return index + 1 }
            index -= 1
        }
        return reportedColumn
    }

    static func read(_ data: Data, file: String) throws -> IBElement {
        let reader = XMLTreeReader(file: file, text: String(decoding: data, as: UTF8.self))
        let parser = XMLParser(data: data)
        reader.parser = parser
        parser.delegate = reader
        let parsed = parser.parse()
        if let mismatch = reader.mismatch { throw mismatch }
        if !parsed || reader.root == nil || !reader.stack.isEmpty {
            let error = parser.parserError.map { describe(($0 as NSError).code) } ?? "not an XML document"
            let location = StoryboardLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
            throw StoryboardError(location: location, message: "malformed XML: \(error)")
        }
        return reader.root!
    }

    /// Readable names for the XMLParser error codes a hand-edited storyboard tends to hit.
    private static func describe(_ code: Int) -> String {
        switch code {  // NSXMLParserError codes
        case 5: return "the document ends before all elements are closed"
        case 76: return "an end tag does not match the open element"
        case 38, 39, 40, 41: return "an attribute is not well formed"
        case 72, 73: return "a tag is not closed with '>'"
        case 3, 4: return "the file is empty or not XML"
        default: return "XMLParser error \(code)"
        }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String]) {
        let column = startColumn(of: elementName, line: parser.lineNumber, reportedColumn: parser.columnNumber)
        let element = IBElement(name: elementName, attributes: attributes, line: parser.lineNumber, column: column)
        element.parent = stack.last
        stack.last?.children.append(element)
        if root == nil { root = element }
        stack.append(element)
    }

    /// XMLParser recovers from some mismatched end tags; a storyboard with one is rejected.
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let open = stack.popLast()
        if open?.name != elementName {
            if mismatch == nil {
                let expected = open.map { "</\($0.name)>" } ?? "end of document"
                mismatch = StoryboardError(
                    location: StoryboardLocation(file: file, line: parser.lineNumber, column: parser.columnNumber),
                    message: "malformed XML: found </\(elementName)> where \(expected) was expected")
                parser.abortParsing()
            }
        }
    }
}
