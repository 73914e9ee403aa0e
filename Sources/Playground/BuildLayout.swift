import Foundation

/// How the request's sources become files on disk for the compiler.
///
/// Files with top-level code are joined, in request order, into `main.swift` (Swift allows
/// statements only there), each part starting with `#sourceLocation(file: "<name>", line: 1)`, so
/// the compiler's diagnostics and the runtime's crash messages name the learner's own file and
/// line with no arithmetic, and hidden preludes never shift the learner's line numbers. Other
/// files are written under their own names, one directory each.
///
/// Unwind actions found in a file are registered by an extension appended to that same file
/// (so `private` methods stay reachable) and called from one generated function exported as
/// `seguekit_register_actions`, which SegueKit looks up with `dlsym` when it first needs one.
struct BuildLayout {
    var files: [URL] = []
    var parseAsLibrary = false
    var unwindActionCount = 0

    struct DuplicateName: Error, CustomStringConvertible {
        var name: String
        var description: String { "two source files are named \(name); names must be unique" }
    }

    /// The registry call SegueKit documents (the cross-module contract): one per action.
    static func registration(_ action: SourceAnalysis.UnwindAction) -> String {
        "UnwindActionRegistry.register(\(action.typeName).self, \"\(action.selector)\") { controller, segue in controller.\(action.call) }"
    }

    static let generatedName = "<generated>"

    init(sources: [SourceFile], in directory: URL, joinAllIntoMain: Bool = false) throws {
        var seen = Set<String>()
        for source in sources where !seen.insert(source.name).inserted { throw DuplicateName(name: source.name) }

        var mainParts: [String] = []
        var registrations: [String] = []
        let analyses = sources.map { SourceAnalysis(text: $0.text) }
        parseAsLibrary = analyses.contains { $0.hasMainAttribute }

        // `let x = f()` is a declaration to the parser, but top-level code in the program's main
        // file: a file named main.swift is main, and when no file has statements, the first
        // learner file is (a program of only `let` lines must still run, in order).
        let hasStatements = analyses.contains { $0.hasTopLevelCode } || sources.contains { $0.name == "main.swift" }
        let firstLearner = sources.firstIndex { $0.origin == .learner }
        for (index, (source, analysis)) in zip(sources, analyses).enumerated() {
            let isMain = analysis.hasTopLevelCode || source.name == "main.swift" || (!hasStatements && index == firstLearner)
            let joined = (isMain || (joinAllIntoMain && source.origin == .learner)) && !parseAsLibrary
            let diskName = Self.fileSystemName(source.name)
            // A separate file written under its own name needs no directive (and one would clash
            // with the file's own #fileID); joined or renamed files need it.
            var text = joined || diskName != source.name
                ? "#sourceLocation(file: \(Self.literal(source.name)), line: 1)\n" + source.text
                : source.text
            if !text.hasSuffix("\n") { text += "\n" }
            if !analysis.unwindActions.isEmpty {
                text += "#sourceLocation(file: \(Self.literal(Self.generatedName)), line: 1)\n"
                for (number, action) in analysis.unwindActions.enumerated() {
                    let function = "__seguelabRegisterUnwindAction_\(index)_\(number)"
                    text += "extension \(action.typeName) {\n    static func \(function)() {\n        \(Self.registration(action))\n    }\n}\n"
                    registrations.append("\(action.typeName).\(function)()")
                }
                unwindActionCount += analysis.unwindActions.count
            }
            if joined {
                mainParts.append(text)
            } else {
                let folder = directory.appendingPathComponent("f\(index)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let url = folder.appendingPathComponent(diskName)
                try Data(text.utf8).write(to: url)
                files.append(url)
            }
        }
        if !registrations.isEmpty {
            let text = """
            import SegueKit

            // SegueKit calls this from the main actor the first time it needs an unwind action.
            @_cdecl("seguekit_register_actions")
            public func __seguelabRegisterActions() {
                MainActor.assumeIsolated {
                    \(registrations.joined(separator: "\n        "))
                }
            }

            """
            let url = directory.appendingPathComponent("seguelab_actions.swift")
            try Data(text.utf8).write(to: url)
            files.append(url)
        }
        if !parseAsLibrary {
            // Line-buffered stdout: a pipe is otherwise fully buffered, and a crash would lose
            // everything the program printed before it.
            let support = directory.appendingPathComponent("seguelab_support.swift")
            try Data(Self.supportFile.utf8).write(to: support)
            files.append(support)
            let url = directory.appendingPathComponent("main.swift")
            let start = "_ = \(Self.startFunction)()\n"
            let end = mainParts.isEmpty ? "" : "#sourceLocation()\n"
            try Data((start + mainParts.joined() + end).utf8).write(to: url)
            files.insert(url, at: 0)
        }
    }

    static let startFunction = "__seguelabStart"

    /// The C library, for generated support code (which avoids Foundation: it keeps compiles fast).
    static let platformImports = """
    #if canImport(Glibc)
    @preconcurrency import Glibc
    #elseif canImport(Musl)
    @preconcurrency import Musl
    #elseif canImport(Darwin)
    @preconcurrency import Darwin
    #endif
    """

    static let supportFile = platformImports + """

    @discardableResult
    func \(startFunction)() -> Bool {
        setvbuf(stdout, nil, _IOLBF, 0)
        return true
    }

    """

    private static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A file name the compiler accepts: keep the learner's when it is a plain `*.swift` name
    /// other than `main.swift` (which would change the meaning of the file).
    private static func fileSystemName(_ name: String) -> String {
        let base = (name as NSString).lastPathComponent
        let safe = base.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0) }
        if safe && base.hasSuffix(".swift") && base != "main.swift" { return base }
        return "source.swift"
    }
}
