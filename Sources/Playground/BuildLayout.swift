import Foundation

/// How the request's sources become files on disk for the compiler.
///
/// Files with top-level code are joined, in request order, into `main.swift` (Swift allows
/// statements only there), each part starting with `#sourceLocation(file: "<name>", line: 1)`, so
/// the compiler's diagnostics and the runtime's crash messages name the learner's own file and
/// line with no arithmetic, and hidden preludes never shift the learner's line numbers. Other
/// files are written under their own names, one directory each.
///
/// Interface Builder attributes the compiler rejects without Objective-C (`@IBOutlet`, and
/// `@IBAction` on methods with no or two parameters) are replaced by spaces, so nothing moves;
/// so are `@objc` attributes, and `#selector(…)` becomes SegueKit's `__sel__("…")` of the same
/// length (`SelectorRewrite`).
/// The outlets, control, unwind and segue actions found in a file are registered by
/// extensions appended to that same file (so `private` members stay reachable) and a file
/// function calling them (so `private` classes do too), called from one generated function
/// exported as `seguekit_register_actions`, which SegueKit looks up with `dlsym` when it first
/// needs one.
struct BuildLayout {
    var files: [URL] = []
    /// The files of `files` laid out from shared sources (`SourceFile.shared`), in order: their
    /// text depends on nothing else in the request, so their objects can be compiled once.
    var sharedFiles: [URL] = []
    var parseAsLibrary = false
    /// How many outlets and actions (control, unwind, segue) the generated code registers.
    var registrationCount = 0

    struct DuplicateName: Error, CustomStringConvertible {
        var name: String
        var description: String { "two source files are named \(name); names must be unique" }
    }

    /// The registry calls SegueKit documents (the cross-module contract).
    static func registration(_ action: SourceAnalysis.UnwindAction) -> String {
        "UnwindActionRegistry.register(\(action.typeName).self, \"\(action.selector)\") { controller, segue in controller.\(action.call) }"
    }

    static func registration(_ outlet: SourceAnalysis.Outlet) -> String {
        let head =
            "OutletRegistry.register\(outlet.elementType == nil ? "" : "Collection")(\(outlet.typeName).self, \"\(outlet.property)\")"
        if let element = outlet.elementType {
            return head
                + " { controller, objects in controller.\(outlet.property) = objects.compactMap { \(castFunction)($0) as \(element)? } }"
        }
        if outlet.isOptional {
            return head
                + " { controller, object in controller.\(outlet.property) = \(castFunction)(object) as \(outlet.type)? }"
        }
        return head
            + " { controller, object in if let object = \(castFunction)(object) as \(outlet.type)? { controller.\(outlet.property) = object } }"
    }

    static func registration(_ action: SourceAnalysis.ControlAction) -> String {
        let head = "ActionRegistry.register(\(action.typeName).self, \"\(action.selector)\")"
        guard let sender = action.sender else {
            return head + " { controller, _ in controller.\(action.methodName)() }"
        }
        let argument = sender.label.map { "\($0): sender" } ?? "sender"
        return head
            + " { controller, argument in if let sender = \(castFunction)(argument) as \(sender.type)? { controller.\(action.methodName)(\(argument)) } }"
    }

    static func registration(_ action: SourceAnalysis.SegueAction) -> String {
        "SegueActionRegistry.register(\(action.typeName).self, \"\(action.selector)\") { controller, coder, sender, identifier in controller.\(action.call) }"
    }

    /// A conditional cast that never warns, whatever the declared type (`Any`, `AnyObject`...).
    static let castFunction = "__seguelabCast"
    static let castDeclaration = "func \(castFunction)<T>(_ value: Any) -> T? { value as? T }"

    static let generatedName = "<generated>"

    init(sources: [SourceFile], in directory: URL) throws {
        var seen = Set<String>()
        for source in sources where !seen.insert(source.name).inserted { throw DuplicateName(name: source.name) }

        var mainParts: [String] = []
        var registrations: [String] = []
        let analyses = sources.map { SourceAnalysis(text: $0.text) }
        parseAsLibrary = analyses.contains { $0.hasMainAttribute }
        let valueTypes = analyses.reduce(into: Set<String>()) { $0.formUnion($1.valueTypeNames) }
        let genericTypes = analyses.reduce(into: Set<String>()) { $0.formUnion($1.genericTypeNames) }
        /// `Outer.Inner` can be named unless it, or a type around it, is generic or not a class.
        func registrable(_ typeName: String) -> Bool {
            let parts = typeName.split(separator: ".")
            return !valueTypes.contains(typeName)
                && !parts.indices.contains { genericTypes.contains(parts[...$0].joined(separator: ".")) }
        }

        // `let x = f()` is a declaration to the parser, but top-level code in the program's main
        // file: a file named main.swift is main, and when no file has statements, the first
        // learner file is (a program of only `let` lines must still run, in order).
        let hasStatements = analyses.contains { $0.hasTopLevelCode } || sources.contains { $0.name == "main.swift" }
        let firstLearner = sources.firstIndex { $0.origin == .learner }
        for (index, (source, analysis)) in zip(sources, analyses).enumerated() {
            let isMain =
                analysis.hasTopLevelCode || source.topLevel || source.name == "main.swift"
                || (!hasStatements && index == firstLearner)
            let joined = isMain && !parseAsLibrary
            let diskName = Self.fileSystemName(source.name)
            // An attribute in an extension of a struct keeps the compiler's own complaint.
            let attributes = analysis.interfaceBuilderAttributes.filter {
                $0.extendedType.map { !valueTypes.contains($0) } ?? true
            }
            let body = SelectorRewrite.apply(to: SourceAnalysis.blanking(attributes, in: source.text))
            // A separate file written under its own name needs no directive (and one would clash
            // with the file's own #fileID); joined or renamed files need it.
            var text =
                joined || diskName != source.name
                ? "#sourceLocation(file: \(Self.literal(source.name)), line: 1)\n" + body
                : body
            if !text.hasSuffix("\n") { text += "\n" }
            // A shared file's generated names follow its place among the shared files alone, so
            // its text is the same in every program that uses it.
            let isShared = source.shared && !joined
            let tag = isShared ? "S\(sources[..<index].filter { $0.shared }.count)" : "\(index)"
            let generated = Self.registrations(in: analysis, fileTag: tag, where: registrable)
            if !generated.code.isEmpty {
                text += "#sourceLocation(file: \(Self.literal(Self.generatedName)), line: 1)\n" + generated.code
                registrations.append(generated.entry)
                registrationCount += generated.count
            }
            if joined {
                mainParts.append(text)
            } else {
                let folder = directory.appendingPathComponent("f\(index)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let url = folder.appendingPathComponent(diskName)
                try Data(text.utf8).write(to: url)
                files.append(url)
                if isShared { sharedFiles.append(url) }
            }
        }
        if !registrations.isEmpty {
            let text = """
                import SegueKit

                // SegueKit calls this from the main actor the first time it needs an outlet or action.
                @_cdecl("seguekit_register_actions")
                public func __seguelabRegisterActions() {
                    MainActor.assumeIsolated {
                        \(registrations.joined(separator: "\n        "))
                    }
                }

                \(Self.castDeclaration)

                """
            let url = directory.appendingPathComponent("seguelab_actions.swift")
            try Data(text.utf8).write(to: url)
            files.append(url)
        }
        // Every program, `@main` or not, starts with stdout line-buffered (a pipe is otherwise
        // fully buffered: what the program wrote on stderr would come first, and a crash would
        // lose everything it printed before); a script-style program also makes the application.
        let support = directory.appendingPathComponent("seguelab_support.swift")
        try Data(Self.supportFile.utf8).write(to: support)
        files.append(support)
        if !parseAsLibrary {
            let url = directory.appendingPathComponent("main.swift")
            let start = "_ = \(Self.startFunction)()\n"
            let end = mainParts.isEmpty ? "" : "#sourceLocation()\n"
            try Data((start + mainParts.joined() + end).utf8).write(to: url)
            files.insert(url, at: 0)
        }
    }

    /// One file's registrations: an extension per class with a static function registering its
    /// members, and a file function calling those (`entry`).
    private static func registrations(
        in analysis: SourceAnalysis, fileTag: String,
        where registrable: (String) -> Bool
    ) -> (code: String, entry: String, count: Int) {
        var byType: [(typeName: String, lines: [String])] = []
        func add(_ typeName: String, _ line: String) {
            guard registrable(typeName) else { return }
            if let index = byType.firstIndex(where: { $0.typeName == typeName }) {
                byType[index].lines.append(line)
            } else {
                byType.append((typeName, [line]))
            }
        }
        for outlet in analysis.outlets { add(outlet.typeName, registration(outlet)) }
        for action in analysis.controlActions { add(action.typeName, registration(action)) }
        for action in analysis.unwindActions { add(action.typeName, registration(action)) }
        for action in analysis.segueActions { add(action.typeName, registration(action)) }
        guard !byType.isEmpty else { return ("", "", 0) }

        let entry = "__seguelabRegisterFile\(fileTag)"
        var code = ""
        var calls: [String] = []
        for (number, type) in byType.enumerated() {
            let function = "__seguelabRegister\(fileTag)_\(number)"
            code += "extension \(type.typeName) {\n    static func \(function)() {\n"
            code += type.lines.map { "        \($0)\n" }.joined()
            code += "    }\n}\n"
            calls.append("    \(type.typeName).\(function)()\n")
        }
        code += "@MainActor func \(entry)() {\n" + calls.joined() + "}\n"
        return (code, "\(entry)()", byType.reduce(0) { $0 + $1.lines.count })
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

    /// SegueKit's C entry point that makes the application (and with it the main run loop's last
    /// turns when the program's code ends); looked up at run time, as the registrations are.
    static let applicationStart = "seguekit_start_application"

    /// Starts the program as UIKit starts an app. Standard output is made line-buffered by a
    /// function in the ELF `.init_array`, which the loader runs before `main` (so before an
    /// `@main` type's `main()` too), as a terminal or Xcode's console would have it; the
    /// application is made by `\(startFunction)`, which a script-style `main.swift` calls first.
    static let supportFile =
        platformImports + """

            @used @section(".init_array")
            let __seguelabLineBufferedOutput: @convention(c) () -> Void = { setvbuf(stdout, nil, _IOLBF, 0) }

            @discardableResult
            func \(startFunction)() -> Bool {
                typealias Start = @convention(c) () -> Void
                if let start = dlsym(dlopen(nil, RTLD_NOW), "\(applicationStart)") {
                    unsafeBitCast(start, to: Start.self)()
                }
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
        let safe = base.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)
        }
        if safe && base.hasSuffix(".swift") && base != "main.swift" { return base }
        return "source.swift"
    }
}
