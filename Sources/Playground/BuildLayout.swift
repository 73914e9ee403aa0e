import Foundation

/// How the request's sources become files on disk for the compiler.
///
/// Files with top-level code are joined, in request order, into `main.swift` (Swift allows
/// statements only there). Every file starts with `#sourceLocation(file: "<name>", line: 1)`, so
/// the compiler's diagnostics and the runtime's crash messages name the learner's own file and
/// line with no arithmetic, and hidden preludes never shift the learner's line numbers.
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

        for (index, (source, analysis)) in zip(sources, analyses).enumerated() {
            var text = "#sourceLocation(file: \(Self.literal(source.name)), line: 1)\n" + source.text
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
            // A file named main.swift runs top to bottom even when it only declares (`let x = f()`).
            if (analysis.hasTopLevelCode || source.name == "main.swift" || (joinAllIntoMain && source.origin == .learner)) && !parseAsLibrary {
                mainParts.append(text)
            } else {
                let folder = directory.appendingPathComponent("f\(index)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let url = folder.appendingPathComponent(Self.fileSystemName(source.name))
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
            // Close the last file's #sourceLocation only when one was opened here.
            try Data((start + mainParts.joined() + (mainParts.isEmpty ? "" : "#sourceLocation()\n")).utf8).write(to: url)
            files.insert(url, at: 0)
        }
    }

    static let startFunction = "__seguelabStart"

    static let supportFile = """
    #if canImport(Glibc)
    import Glibc
    #elseif canImport(Musl)
    import Musl
    #elseif canImport(Darwin)
    import Darwin
    #endif

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
