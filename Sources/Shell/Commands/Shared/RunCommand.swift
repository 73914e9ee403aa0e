import ArgumentParser
import Foundation
import Playground

/// `run FILE.swift…`, on the command line and in the shell: compile Swift files against
/// SegueKit and run them. The command line adds its limits, `--as-session` and `--timings`.
package struct RunCommand: SharedCommand {
    package static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Compile and run Swift files against SegueKit (import UIKit works), showing the navigation.",
        discussion: """
            Storyboards next to the files are found by name. In the shell, a pack's support code and \
            storyboards come too, and inside a lesson `run` without a file runs the step's example or \
            your draft.
            """
    )

    @Argument(
        help: "Swift files to compile together; storyboards next to them are found by name.",
        completion: .file(extensions: ["swift"]))
    package var files: [String] = []

    @Flag(name: .customLong("no-trace"), help: "Do not print the navigation trace.")
    package var noTrace = false

    @Option(name: .customLong("swift-version"), help: "Swift language mode: 5 or 6.")
    package var swiftVersion: String = "5"

    @Flag(name: .customShort("O"), help: "Compile with optimisation (-O).")
    package var optimize = false

    @Option(
        name: .customLong("device"),
        help: "The device to run on: iphone (compact width: split views collapse, popovers adapt) or ipad.")
    package var device: String?

    package init() {}

    package func validate() throws {
        guard SwiftLanguageMode(rawValue: swiftVersion) != nil else {
            throw ValidationError("--swift-version must be 5 or 6, not \(swiftVersion)")
        }
        if let device, DeviceIdiom(name: device) == nil {
            throw ValidationError("--device must be iphone or ipad, not \(device)")
        }
    }

    /// The device named with `--device`, if any.
    package var deviceIdiom: DeviceIdiom? { device.flatMap(DeviceIdiom.init(name:)) }

    package var languageMode: SwiftLanguageMode { SwiftLanguageMode(rawValue: swiftVersion) ?? .swift5 }

    /// The files as the learner's sources, and their folders (where storyboards are looked for).
    package func sources() throws(UnreadableFile) -> (sources: [SourceFile], directories: [URL]) {
        var sources: [SourceFile] = []
        var directories: [URL] = []
        for path in files {
            let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw UnreadableFile(path: path) }
            sources.append(SourceFile(name: url.lastPathComponent, text: text))
            let directory = url.deletingLastPathComponent().standardized
            if !directories.contains(directory) { directories.append(directory) }
        }
        return (sources, directories)
    }

    package func request(sources: [SourceFile], directories: [URL], limits: Limits) -> RunRequest {
        var request = RunRequest(
            sources: sources, storyboardDirectories: directories, limits: limits,
            swiftLanguageMode: languageMode, optimization: optimize ? .release : .debug,
            collectTrace: !noTrace)
        request.device = deviceIdiom
        return request
    }

    package struct UnreadableFile: Error, CustomStringConvertible {
        package var path: String
        package var description: String { "\(path): cannot read the file" }
    }
}
