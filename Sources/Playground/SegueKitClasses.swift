import Foundation

/// The classes SegueKit offers learner code and storyboards (`UIViewController`,
/// `UINavigationController`, …), read from the very sources learner programs are compiled
/// against, so the list follows SegueKit as it changes. The sources are scanned declaration by
/// declaration rather than parsed (parsing all of SegueKit takes about a second in a debug
/// build, for every `pack check`); `SegueKitClassesTests` holds the scan to the compiler's own
/// account of the built module.
package enum SegueKitClasses {
    /// SegueKit's public and open classes, by name, from the sources `SegueKitCache` compiles
    /// (read once per process); empty when the sources cannot be found.
    package static let names: Set<String> = {
        guard let directory = try? SegueKitCache.locateSources() else { return [] }
        return (try? names(inSourcesAt: directory)) ?? []
    }()

    /// The public and open classes declared in the `.swift` files under `directory`.
    package static func names(inSourcesAt directory: URL) throws -> Set<String> {
        var found: Set<String> = []
        for file in try SegueKitCache.swiftFiles(in: directory) {
            found.formUnion(publicNames(in: try String(contentsOf: file, encoding: .utf8)))
        }
        return found
    }

    /// The classes `source` declares `public` or `open`, one declaration to a line as SegueKit
    /// writes them: attributes and modifiers, `class`, the name (`open class UIView: UIResponder {`,
    /// `@MainActor public final class UIScreen {`). `class func` and `class var` are members.
    package static func publicNames(in source: String) -> Set<String> {
        let modifiers: Set<Substring> = ["public", "open", "final", "nonisolated"]
        var names: Set<String> = []
        for line in source.split(separator: "\n") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            var isPublic = false
            var inAttribute = 0
            while let word = words.first {
                if inAttribute > 0 || word.hasPrefix("@") {
                    inAttribute += word.filter { $0 == "(" }.count - word.filter { $0 == ")" }.count
                    inAttribute = max(inAttribute, 0)
                } else if modifiers.contains(word) {
                    isPublic = isPublic || word == "public" || word == "open"
                } else {
                    break
                }
                words = words.dropFirst()
            }
            guard isPublic, words.first == "class", let next = words.dropFirst().first else { continue }
            let name = next.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard let first = name.first, first.isLetter || first == "_",
                !["func", "var", "let", "subscript", "override"].contains(name)
            else { continue }
            names.insert(String(name))
        }
        return names
    }
}
