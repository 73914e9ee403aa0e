// What `seguelab storyboard FILE` does for one output, compiled with -O by bench/storyboard.sh:
//   storyboard-bench FILE text|dot|mermaid|enums|check SOURCE.swift
import Foundation
import SegueKit

@main
enum StoryboardBench {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 4 else {
            FileHandle.standardError.write(
                Data("usage: storyboard-bench FILE text|dot|mermaid|enums|check SOURCE.swift\n".utf8))
            exit(2)
        }
        let document = try StoryboardDocument.load(contentsOf: URL(fileURLWithPath: arguments[1]))
        switch arguments[2] {
        case "enums":
            print(SegueEnumGenerator(document: document).generate(), terminator: "")
        case "check":
            let source = try String(contentsOfFile: arguments[3], encoding: .utf8)
            let audit = IdentifierAudit(swiftSource: source, document: document)
            print(audit.isClean ? "clean" : "unknown \(audit.unknownToCode), stale \(audit.staleInCode)")
        case let format:
            print(
                StoryboardDiagram(document: document).render(DiagramFormat(rawValue: format) ?? .text), terminator: "")
        }
    }
}
