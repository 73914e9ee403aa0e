import Foundation

/// Builds the program for a step: the pack's support code, the step's hidden prelude, the
/// learner's code and the hidden harness, in that order.
public enum ProgramBuilder {
    /// The name the learner's code is shown and diagnosed under.
    public static func learnerFileName(for step: Step) -> String {
        if let name = step.fileName { return name }
        switch step.kind {
        case .example, .predict: return "example.swift"
        default: return "\(step.id).swift"
        }
    }

    /// The program that runs `code` (the learner's, or the example) for `step`. The harness is
    /// left out when `judging` is false: a plain `run` shows the learner's program alone.
    public static func program(for step: Step, code: String, in pack: Pack, judging: Bool = true) -> LessonProgram {
        var segments: [LessonProgram.Segment] = []
        var main = ""
        var nextLine = 1
        func add(_ text: String, name: String, hidden: Bool) {
            var body = text
            if !body.hasSuffix("\n") { body += "\n" }
            let count = body.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            segments.append(.init(name: name, firstLine: nextLine, lineCount: count, hidden: hidden))
            main += body
            nextLine += count
        }
        if let prelude = step.code(.prelude) { add(prelude, name: "prelude", hidden: true) }
        add(code, name: learnerFileName(for: step), hidden: false)
        let harness = step.kind == .compiler || !judging ? nil : step.code(.harness)
        if let harness { add("\(HarnessProtocol.beginFunction)()\n" + harness, name: "harness", hidden: true) }

        var sources = [ProgramSource(name: "main.swift", text: main, hidden: false)]
        sources += pack.supportSources
        if harness != nil {
            sources.append(ProgramSource(name: HarnessProtocol.helperFileName, text: HarnessProtocol.helperSource, hidden: true))
        }
        return LessonProgram(
            sources: sources, segments: segments,
            storyboardDirectories: pack.storyboardDirectories,
            swiftLanguageMode: step.swiftLanguageMode ?? pack.manifest.swiftLanguageMode,
            optimization: step.optimization ?? .debug,
            typecheckOnly: step.kind == .compiler)
    }

    /// Rewrites compiler positions in `main.swift` to the segment they came from, and marks
    /// those in hidden code, so the learner sees `exercise.swift:3:5`, never the composed file.
    public static func remap(_ outcome: ProgramOutcome, for program: LessonProgram) -> ProgramOutcome {
        var result = outcome
        let hiddenFiles = Set(program.sources.filter(\.hidden).map(\.name))
        result.diagnostics = outcome.diagnostics.map { diagnostic in
            var mapped = diagnostic
            let base = URL(fileURLWithPath: diagnostic.file).lastPathComponent
            if base == "main.swift", let (segment, line) = program.locate(mainLine: diagnostic.line) {
                mapped.file = segment.name
                mapped.line = line
                mapped.inHiddenCode = segment.hidden
            } else if hiddenFiles.contains(base) {
                mapped.inHiddenCode = true
            }
            return mapped
        }
        return result
    }
}
