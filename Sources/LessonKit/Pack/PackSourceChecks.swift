import Foundation
import Localization
import Playground
import SegueKit
import SourceText

/// Checks of the pack's own files, each reported where the mistake is: the support code
/// compiled once at `support/FILE.swift:L:C`, and every storyboard read and its `customClass`
/// names checked against the classes the pack's Swift declares, at the storyboard's own line.
package enum PackSourceChecks {
    /// A pack file as diagnostics name it: from the pack folder's name (`mypack/support/A.swift`).
    static func displayPath(_ url: URL, in pack: Pack) -> String {
        let base = pack.root.deletingLastPathComponent().standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }

    /// The support files compiled on their own (type-checked, nothing run). Their errors are at
    /// their own lines; every code step compiles with them, so none is worth running before
    /// they compile.
    static func supportErrors(of pack: Pack, runner: any ProgramRunner) async -> [Diagnostic] {
        guard !pack.supportSources.isEmpty else { return [] }
        let request = RunRequest(
            sources: [SourceFile(name: "support-check.swift", text: "", origin: .learner, topLevel: true)]
                + pack.supportSources,
            storyboardDirectories: pack.storyboardDirectories, swiftLanguageMode: pack.manifest.swiftLanguageMode,
            typecheckOnly: true)
        let outcome: RunResult
        do {
            outcome = try await runner.run(request)
        } catch {
            return [
                Diagnostic(
                    .error, "the support code could not be compiled: \(error)",
                    at: SourceLocation(
                        file: displayPath(pack.root.appendingPathComponent("pack.yaml"), in: pack), line: 1))
            ]
        }
        var paths: [String: String] = [:]
        for path in pack.manifest.supportFiles {
            let url = pack.root.appendingPathComponent(path)
            paths[url.lastPathComponent] = displayPath(url, in: pack)
        }
        return outcome.compile.errors.compactMap { error in
            guard let file = paths[error.file] else { return nil }
            return Diagnostic(
                .error, "compiler: \(error.message)",
                at: SourceLocation(file: file, line: error.line, column: error.column))
        }
    }

    /// Every storyboard in the pack's folders, read as SegueKit reads it, and each `customClass`
    /// checked against the classes the pack's Swift declares (support code and every code
    /// block of every lesson and translation) and SegueKit's own (`UIViewController`, …, read
    /// from SegueKit's sources), and each scene's controller element against those SegueKit
    /// knows. A misspelling is an error with "did you mean"; a framework class SegueKit does
    /// not provide, with nothing near it, is a warning (the scene loads as its plain class).
    static func storyboardErrors(
        of pack: Pack, lessons: [Lesson], segueKitClasses: Set<String> = SegueKitClasses.names
    ) -> [Diagnostic] {
        var declared: Set<String> = []
        for source in pack.supportSources { declared.formUnion(DeclaredClasses.names(in: source.text)) }
        for lesson in lessons {
            for step in lesson.steps {
                for block in step.code.values { declared.formUnion(DeclaredClasses.names(in: block.code)) }
            }
        }
        let known = declared.union(segueKitClasses).sorted()
        var found: [Diagnostic] = []
        for url in storyboardFiles(of: pack) {
            let file = displayPath(url, in: pack)
            let document: StoryboardDocument
            do {
                document = try StoryboardDocument.load(contentsOf: url)
            } catch let error as StoryboardError {
                let at = SourceLocation(file: file, line: error.location.line, column: error.location.column)
                found.append(Diagnostic(.error, error.message, at: at))
                continue
            } catch {
                found.append(
                    Diagnostic(.error, "cannot read storyboard: \(error)", at: SourceLocation(file: file, line: 1)))
                continue
            }
            found += controllerElementErrors(in: document, file: file)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for use in customClasses(in: text) {
                let name = use.name.split(separator: ".").last.map(String.init) ?? use.name
                if declared.contains(use.name) || declared.contains(name) || segueKitClasses.contains(use.name) {
                    continue
                }
                let framework = isSystemClass(name)
                // Without SegueKit's sources (nothing could run either), UIKit's names pass unread.
                if framework && segueKitClasses.isEmpty { continue }
                let at = SourceLocation(file: file, line: use.line, column: use.column)
                let near = NearMiss.suggestion(for: use.name, among: known)
                let unknown =
                    "the scene would load as its plain UIKit class (\"Unknown class \(use.name) in Interface "
                    + "Builder file.\")"
                if framework, let near {
                    found.append(
                        Diagnostic(
                            .error,
                            "customClass '\(use.name)' is not a UIKit class SegueKit provides: \(unknown); "
                                + "did you mean '\(near)'?", at: at))
                } else if framework {
                    found.append(
                        Diagnostic(
                            .warning, "customClass '\(use.name)' is not a UIKit class SegueKit provides: \(unknown)",
                            at: at))
                } else {
                    var message = "customClass '\(use.name)' is not a class the pack's Swift declares: \(unknown)"
                    if let near { message += "; did you mean '\(near)'?" }
                    found.append(Diagnostic(.error, message, at: at))
                }
            }
        }
        return found
    }

    /// A scene whose controller element is not one Interface Builder writes (`<navigationControler>`)
    /// loads as a plain `UIViewController`: an error at the element, with "did you mean".
    static func controllerElementErrors(in document: StoryboardDocument, file: String) -> [Diagnostic] {
        let names = ControllerDefinition.elementNames.sorted()
        return document.scenes.compactMap { scene in
            let element = scene.controller.elementName
            guard !ControllerDefinition.elementNames.contains(element) else { return nil }
            var message =
                "<\(element)> is not a view controller element: the scene would load as a plain UIViewController"
            if let near = NearMiss.suggestion(for: element, among: names) {
                message += "; did you mean <\(near)> (\(ControllerDefinition.defaultClassName(forElement: near)))?"
            }
            let location = scene.controller.location
            return Diagnostic(
                .error, message, at: SourceLocation(file: file, line: location.line, column: location.column))
        }
    }

    /// A lesson that tells the learner what the shell already says after every step ("Type
    /// `next` to continue.", in the lesson's language) shows it twice: warned at the sentence.
    static func repeatedShellWords(of pack: Pack, lessons: [Lesson]) -> [Diagnostic] {
        let base = pack.root.deletingLastPathComponent()
        return lessons.flatMap { lesson -> [Diagnostic] in
            let sentence = pack.catalog(language: lesson.language).text("next.continue")
            guard !sentence.isEmpty,
                let text = try? String(contentsOf: base.appendingPathComponent(lesson.file), encoding: .utf8)
            else { return [] }
            return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
                index, line in
                guard let range = line.range(of: sentence) else { return nil }
                let column = line.distance(from: line.startIndex, to: range.lowerBound) + 1
                return Diagnostic(
                    .warning,
                    "\"\(sentence)\" is what the shell says after every step: learners would read it twice; "
                        + "leave it out",
                    at: SourceLocation(file: lesson.file, line: index + 1, column: column))
            }
        }
    }

    /// The `.storyboard` files of the pack's storyboard folders, by name.
    static func storyboardFiles(of pack: Pack) -> [URL] {
        pack.storyboardDirectories.flatMap { folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { $0.hasSuffix(".storyboard") }.sorted().map { folder.appendingPathComponent($0) }
        }
    }

    /// A name in UIKit's (or Foundation's, AVKit's, GLKit's) style: a framework's class.
    static func isSystemClass(_ name: String) -> Bool {
        ["UI", "AV", "GLK", "NS"].contains { name.hasPrefix($0) && name.dropFirst($0.count).first?.isUppercase == true }
    }

    /// Each `customClass="Name"` attribute with the line and column of its value.
    static func customClasses(in text: String) -> [(name: String, line: Int, column: Int)] {
        var found: [(String, Int, Int)] = []
        let marker = "customClass=\""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let start = rest.range(of: marker) {
                let value = rest[start.upperBound...]
                guard let end = value.firstIndex(of: "\"") else { break }
                let column = line.distance(from: line.startIndex, to: start.upperBound) + 1
                found.append((String(value[..<end]), index + 1, column))
                rest = value[end...]
            }
        }
        return found
    }
}
