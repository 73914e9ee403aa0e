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
    /// The first problem found; it ends the parse.
    private var failure: StoryboardError?
    private weak var parser: XMLParser?
    private let file: String
    /// The file's UTF-8 bytes, and the offset where each line starts. A line ends at a "\n"
    /// byte, as XMLParser (libxml2) counts lines; a CR before it is not part of the line.
    private let bytes: [UInt8]
    private let lineStarts: [Int]
    /// The line `startColumn` last looked at: its Characters, or nil when every Character is one
    /// byte (ASCII without CR), so that columns are byte offsets.
    private var cachedLine: (number: Int, characters: [Character]?)?

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        self.lineStarts = [0] + Self.offsets(of: 0x0A, in: bytes).map { $0 + 1 }
    }

    /// XMLParser reports where a start tag ends; errors should point at its `<`, counted in
    /// Characters. Done for every element, so it looks back from the reported column only and
    /// compares bytes when the line is ASCII.
    private func startColumn(of element: String, line: Int, reportedColumn: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return reportedColumn }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        // Many elements can share one line; looking at it once per element would be quadratic.
        if cachedLine?.number != line {
            let plain = bytes.withUnsafeBufferPointer { buffer in
                var byte = buffer.baseAddress! + start
                while byte < buffer.baseAddress! + end, byte.pointee < 0x80, byte.pointee != 0x0D { byte += 1 }
                return byte == buffer.baseAddress! + end
            }
            cachedLine = (line, plain ? nil : Array(String(decoding: bytes[start..<end], as: UTF8.self)))
        }
        if let text = cachedLine!.characters {
            let needle = Array("<" + element)
            var index = min(max(reportedColumn - 1, 0), text.count) - needle.count
            while index >= 0 {
                if text[index..<index + needle.count].elementsEqual(needle) { return index + 1 }
                index -= 1
            }
        } else {
            let needle = Array(("<" + element).utf8)
            let last = min(max(reportedColumn - 1, 0), end - start) - needle.count
            let found = bytes.withUnsafeBufferPointer { buffer -> Int? in
                let text = buffer.baseAddress! + start
                var index = last
                while index >= 0 {
                    if text[index] == UInt8(ascii: "<"), memcmp(text + index, needle, needle.count) == 0 {
                        return index + 1
                    }
                    index -= 1
                }
                return nil
            }
            if let found { return found }
        }
        return reportedColumn
    }

    /// Offsets of `byte` in `bytes`, found with memchr: these scans cover the whole file, and a
    /// loop over its elements is slow in the debug build that `scripts/seguelab` runs.
    private static func offsets(of byte: UInt8, in bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [] }
            var found: [Int] = []
            var offset = 0
            while offset < buffer.count, let hit = memchr(base + offset, Int32(byte), buffer.count - offset) {
                let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                found.append(index)
                offset = index + 1
            }
            return found
        }
    }

    /// Whether `bytes` holds `expected` at `offset`.
    private static func bytes(_ bytes: [UInt8], at offset: Int, are expected: [UInt8]) -> Bool {
        guard offset >= 0, offset + expected.count <= bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + offset, expected, expected.count) == 0 }
    }

    static func read(_ data: Data, file: String) throws -> IBElement {
        // Foundation's XMLParser traps on names that are not UTF-8, so such a file is refused
        // here, at the first bad byte.
        if data.count > StoryboardLimits.maximumBytes {
            throw StoryboardError(
                location: StoryboardLocation(file: file, line: 1, column: 1),
                message: "storyboard too large: \(StoryboardFile.tooLarge(data.count))")
        }
        let bytes = [UInt8](data)
        try checkUTF8(bytes, file: file)
        try checkProcessingInstructions(bytes, file: file)
        try checkDocumentType(bytes, file: file)
        let reader = XMLTreeReader(file: file, bytes: bytes)
        let parser = XMLParser(data: data)
        reader.parser = parser
        parser.delegate = reader
        let parsed = parser.parse()
        if let failure = reader.failure { throw failure }
        if !parsed || reader.root == nil || !reader.stack.isEmpty {
            let error = parser.parserError.map { describe(($0 as NSError).code) } ?? "not an XML document"
            let location = StoryboardLocation(
                file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
            throw StoryboardError(location: location, message: "malformed XML: \(error)")
        }
        return reader.root!
    }

    /// A storyboard has one processing instruction, the `<?xml …?>` declaration at the top.
    /// Any other is refused: Foundation's XMLParser crashes on one without data (`<?x?>`).
    private static func checkProcessingInstructions(_ bytes: [UInt8], file: String) throws {
        let start = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? 0
        let declaration = Array("<?xml".utf8)
        for index in offsets(of: UInt8(ascii: "<"), in: bytes) where index >= start && index + 1 < bytes.count {
            guard bytes[index + 1] == UInt8(ascii: "?") else { continue }
            let isDeclaration =
                index == start && Self.bytes(bytes, at: index, are: declaration)
                && index + 5 < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index + 5])
            if isDeclaration { continue }
            throw StoryboardError(
                location: location(of: index, in: bytes, file: file),
                message:
                    "malformed XML: a processing instruction (<?…?>) is allowed only as the <?xml …?> declaration at the top"
            )
        }
    }

    /// Xcode never writes a document type declaration, and one can declare entities that
    /// XMLParser silently resolves to nothing (an external file, say), turning an attribute
    /// such as a segue identifier into "". So it is refused where it starts.
    private static func checkDocumentType(_ bytes: [UInt8], file: String) throws {
        let marker = Array("<!DOCTYPE".utf8)
        if let index = offsets(of: UInt8(ascii: "<"), in: bytes).first(where: { Self.bytes(bytes, at: $0, are: marker) }
        ) {
            throw StoryboardError(
                location: location(of: index, in: bytes, file: file),
                message:
                    "a document type declaration (<!DOCTYPE …>) is not allowed in a storyboard: its entities could stand for other files' contents or for nothing"
            )
        }
    }

    /// Line (counted in "\n" bytes, as XMLParser counts) and column (in characters) of a byte offset.
    private static func location(of offset: Int, in bytes: [UInt8], file: String) -> StoryboardLocation {
        let lineEnds = offsets(of: 0x0A, in: bytes).prefix { $0 < offset }
        let lineStart = lineEnds.last.map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return StoryboardLocation(file: file, line: lineEnds.count + 1, column: column)
    }

    private static func checkUTF8(_ bytes: [UInt8], file: String) throws {
        if String(validating: bytes, as: UTF8.self) != nil { return }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case .valid(let encoded) = parser.parseScalar(from: &iterator) { offset += encoded.count }
        throw StoryboardError(
            location: location(of: offset, in: bytes, file: file),
            message: "storyboard is not valid UTF-8 text (byte 0x\(String(format: "%02X", bytes[offset])) here)")
    }

    /// Readable names for the XMLParser error codes a hand-edited storyboard tends to hit.
    private static func describe(_ code: Int) -> String {
        switch code {  // NSXMLParserError codes
        case 5: return "the document ends before all elements are closed"
        case 76: return "an end tag does not match the open element"
        case 38, 39, 40, 41: return "an attribute is not well formed"
        case 42: return "an attribute appears twice in one element"
        case 72, 73: return "a tag is not closed with '>'"
        case 3, 4: return "the file is empty or not XML"
        case 9: return "a character that XML does not allow"
        case 65: return "a space is missing here"
        case 68: return "a name is missing here"
        case 201: return "an undeclared namespace prefix"
        case 1544, 6000...6004:
            return "the text cannot be decoded in the encoding its start declares or suggests (storyboards are UTF-8)"
        default: return "XMLParser error \(code)"
        }
    }

    /// libxml2 warnings, which leave the document well formed.
    private static let warningCodes: Set<Int> = [27, 93, 97, 98, 99, 100, 102, 106, 107]

    /// XMLParser on Linux runs libxml2 in recovery mode: it reports an error and carries on, so a
    /// storyboard with, say, an unmatched end tag would load as if nothing were wrong. Each report
    /// also leaks Foundation's error-domain string (72 bytes), and one broken file can make
    /// hundreds of reports. The first error therefore ends the parse, as on Apple platforms.
    /// It is recorded here and the parse stopped at the next element or text (`stopIfFailed`):
    /// stopping libxml2 inside its error report can crash it, e.g. midway through decoding.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        let code = (parseError as NSError).code
        guard failure == nil, !Self.warningCodes.contains(code) else { return }
        var problem = Self.describe(code)
        if code == 76, let open = stack.last { problem += " <\(open.name)>" }
        if code == 5, root != nil, stack.isEmpty { problem = "something follows the end of the root element" }
        failure = StoryboardError(
            location: StoryboardLocation(
                file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)),
            message: "malformed XML: \(problem)")
    }

    /// Stops the parse once an error has been recorded; safe from element and text callbacks.
    private func stopIfFailed(_ parser: XMLParser) -> Bool {
        guard failure != nil else { return false }
        parser.abortParsing()
        return true
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        _ = stopIfFailed(parser)
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String]
    ) {
        if stopIfFailed(parser) { return }
        let column = startColumn(of: elementName, line: parser.lineNumber, reportedColumn: parser.columnNumber)
        let element = IBElement(name: elementName, attributes: attributes, line: parser.lineNumber, column: column)
        // Walking the tree, and freeing it, go one call deeper per level: a bound keeps both
        // far from the end of the stack, whatever the file.
        if stack.count >= StoryboardLimits.maximumDepth {
            failure = StoryboardError(
                location: StoryboardLocation(file: file, line: element.line, column: column),
                message: "elements nested more than \(StoryboardLimits.maximumDepth) deep: "
                    + "a storyboard is never this deep")
            parser.abortParsing()
            return
        }
        stack.last?.children.append(element)
        if root == nil { root = element }
        stack.append(element)
    }

    /// XMLParser recovers from some mismatched end tags; a storyboard with one is rejected.
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if stopIfFailed(parser) { return }
        let open = stack.popLast()
        if open?.name != elementName {
            if failure == nil {
                let expected = open.map { "</\($0.name)>" } ?? "end of document"
                failure = StoryboardError(
                    location: StoryboardLocation(file: file, line: parser.lineNumber, column: parser.columnNumber),
                    message: "malformed XML: found </\(elementName)> where \(expected) was expected")
                parser.abortParsing()
            }
        }
    }
}
