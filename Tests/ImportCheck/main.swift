import Foundation

// Proves that every module a target imports is one it declares: reads `swift package
// dump-package` on standard input, scans each target's Swift files for imports and names every
// import of a module the target does not list among its own dependencies (a transitive one
// does not count). Run by scripts/test; exits 1 when something is undeclared.

struct PackageDump: Decodable {
    struct Target: Decodable {
        let name: String
        let path: String?
        let type: String
        let dependencies: [Dependency]
    }

    /// `{"byName": ["X", null]}`, `{"target": ["X", null]}` or `{"product": ["X", "package", …]}`.
    struct Dependency: Decodable {
        let name: String

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            guard let key = container.allKeys.first else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: container.codingPath, debugDescription: "empty dependency"))
            }
            var parts = try container.nestedUnkeyedContainer(forKey: key)
            name = try parts.decode(String.self)
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    let targets: [Target]
}

/// Modules of the toolchain and the system, which no target declares.
let systemModules: Set<String> = [
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch", "Glibc",
    "Darwin", "Musl", "Android", "XCTest", "Testing", "Synchronization", "Observation", "_Concurrency",
    "Swift", "os", "WinSDK"
]

/// The module names a target's products stand for, where they differ from the product's name.
let productModules: [String: [String]] = [:]

let input = FileHandle.standardInput.readDataToEndOfFile()
let package = try JSONDecoder().decode(PackageDump.self, from: input)
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let importLine =
    /^\s*(?:@testable\s+|@_exported\s+|@preconcurrency\s+|(?:public|package|internal|private)\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)/

var problems: [String] = []
for target in package.targets where target.type != "system" && target.type != "plugin" {
    let folder = target.path ?? (target.type == "test" ? "Tests/\(target.name)" : "Sources/\(target.name)")
    let declared = Set(target.dependencies.flatMap { productModules[$0.name] ?? [$0.name] })
    let directory = root.appendingPathComponent(folder)
    guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { continue }
    for case let file as URL in files where file.pathExtension == "swift" {
        let relative = String(file.path.dropFirst(root.path.count + 1))
        // Sample packs, lesson support code and the starter pack are the learners' code, not the target's.
        if relative.contains("/Fixtures/") || relative.contains("/Resources/") || relative.contains("/Walkthroughs/") {
            continue
        }
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
        var inMultilineString = false
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // Code inside a multi-line string literal (a program a test runs) is not the target's.
            let delimiters = line.ranges(of: "\"\"\"").count
            if inMultilineString || delimiters > 0 {
                if delimiters % 2 == 1 { inMultilineString.toggle() }
                continue
            }
            guard let match = line.firstMatch(of: importLine) else { continue }
            let module = String(match.1)
            if module == target.name || systemModules.contains(module) || declared.contains(module) { continue }
            problems.append("\(relative):\(number + 1): target \(target.name) imports \(module) without declaring it")
        }
    }
}

if problems.isEmpty {
    print("imports: every target imports only what it declares (\(package.targets.count) targets)")
} else {
    for problem in problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
    FileHandle.standardError.write(
        Data("imports: \(problems.count) undeclared; add them to the target's dependencies in Package.swift\n".utf8))
    exit(1)
}
