import Foundation
import Playground

/// Builds the Playground request for a step: the step's hidden prelude, the learner's code and
/// the hidden harness run in that order as the program's top-level code, with a trace note
/// where the prelude ends and one where the checks begin; the pack's support code and the
/// harness's helpers are hidden files beside them. The Playground names every
/// position after the file it came from, so the learner sees `exercise.swift:3:5`.
package enum ProgramBuilder {
    /// The environment variable that tells a step's program the lesson's language (`en`, `fr`).
    package static let languageVariable = "SEGUELAB_LANGUAGE"

    /// The name the learner's code is shown and diagnosed under.
    package static func learnerFileName(for step: Step) -> String {
        if let name = step.fileName { return name }
        return step.kind.runsExample ? "example.swift" : "\(step.id).swift"
    }

    /// The request that runs `code` (the learner's, or the example) for `step`. The harness is
    /// left out when `judging` is false: a plain `run` shows the learner's program alone.
    package static func request(for step: Step, code: String, in pack: Pack, judging: Bool = true) -> RunRequest {
        var sources: [SourceFile] = []
        let prelude = step.code(.prelude)
        if let prelude {
            sources.append(SourceFile(name: "prelude", text: prelude, origin: .hidden, topLevel: true))
            // What the prelude did is the step's, not the learner's: the trace says where it ends.
            let mark = "\(HarnessSupport.setupEndFunction)()\n"
            sources.append(SourceFile(name: "setup-ends", text: mark, origin: .hidden, topLevel: true))
        }
        sources.append(SourceFile(name: learnerFileName(for: step), text: code, origin: .learner, topLevel: true))
        let harness = step.kind.typechecksOnly || !judging ? nil : step.code(.harness)
        if let harness {
            sources.append(
                SourceFile(
                    name: "checks-begin", text: "\(HarnessSupport.beginFunction)()\n", origin: .hidden, topLevel: true))
            sources.append(SourceFile(name: "harness", text: harness, origin: .hidden, topLevel: true))
        }
        sources += pack.supportSources
        if harness != nil || prelude != nil {
            sources.append(
                SourceFile(
                    name: HarnessSupport.helperFileName,
                    text: HarnessSupport.helperSource(catalog: pack.catalog(language: step.language)), origin: .hidden))
        }
        var request = RunRequest(
            sources: sources,
            storyboardDirectories: pack.storyboardDirectories,
            swiftLanguageMode: step.swiftLanguageMode ?? pack.manifest.swiftLanguageMode,
            optimization: step.optimization ?? .debug,
            environment: [languageVariable: step.language],
            typecheckOnly: step.kind.typechecksOnly)
        request.device = step.device
        return request
    }
}
