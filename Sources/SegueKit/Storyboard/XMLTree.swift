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
    private weak var parser: XMLParser?

    static func read(_ data: Data, file: String) throws -> IBElement {
        let reader = XMLTreeReader()
        let parser = XMLParser(data: data)
        reader.parser = parser
        parser.delegate = reader
        if !parser.parse() || reader.root == nil {
            let error = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "not an XML document"
            let location = SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
            throw StoryboardError(location: location, message: "malformed XML: \(error)")
        }
        return reader.root!
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String]) {
        let element = IBElement(name: elementName, attributes: attributes,
                                line: parser.lineNumber, column: parser.columnNumber)
        element.parent = stack.last
        stack.last?.children.append(element)
        if root == nil { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }
}
