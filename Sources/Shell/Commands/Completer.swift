import Foundation

/// Decides what Tab does for the text before the cursor: complete a command name, or the
/// argument the command expects there (lesson ids, steps, file paths, fixed words).
package struct Completer {
    package var registry: CommandRegistry
    /// Lesson ids of the loaded pack, and the step ids of one lesson.
    package var lessonIDs: () -> [String]
    package var stepIDs: (String) -> [String]
    /// The loaded pack's storyboards by name.
    package var storyboardNames: () -> [String]
    /// Where relative paths start.
    package var currentDirectory: String

    package init(
        registry: CommandRegistry,
        lessonIDs: @escaping () -> [String] = { [] },
        stepIDs: @escaping (String) -> [String] = { _ in [] },
        storyboardNames: @escaping () -> [String] = { [] },
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.registry = registry
        self.lessonIDs = lessonIDs
        self.stepIDs = stepIDs
        self.storyboardNames = storyboardNames
        self.currentDirectory = currentDirectory
    }

    package func complete(_ textBeforeCursor: String) -> Completion {
        let words =
            (try? CommandLineParser.split(textBeforeCursor)) ?? textBeforeCursor.split(separator: " ").map(String.init)
        let endsWithSpace = textBeforeCursor.last?.isWhitespace ?? false
        let current = endsWithSpace ? "" : (words.last ?? "")
        let position = endsWithSpace ? words.count : max(words.count - 1, 0)

        if position == 0 {
            return Self.choose(from: registry.allNames.sorted(), prefix: current, suffix: " ")
        }
        guard let command = registry.command(named: words[0]) else { return Completion() }
        let index = position - 1
        let kind = index < command.arguments.count ? command.arguments[index] : command.arguments.last ?? .text
        switch kind {
        case .text: return Completion()
        case .word(let choices): return Self.choose(from: choices, prefix: current, suffix: " ")
        case .commandName: return Self.choose(from: registry.allNames.sorted(), prefix: current, suffix: " ")
        case .lesson: return Self.choose(from: lessonIDs(), prefix: current, suffix: " ")
        case .lessonStep:
            if let slash = current.firstIndex(of: "/") {
                let lesson = String(current[..<slash])
                let steps = stepIDs(lesson).map { "\(lesson)/\($0)" }
                return Self.choose(from: steps, prefix: current, suffix: " ")
            }
            // A lesson on its own is a valid answer; `/` then continues with its steps.
            return Self.choose(from: lessonIDs(), prefix: current, suffix: "/")
        case .file: return completeFile(current)
        case .storyboard:
            // The pack's storyboards by name first; a path goes on as a file.
            let names = current.contains("/") ? [] : storyboardNames().filter { $0.hasPrefix(current) }
            return names.isEmpty ? completeFile(current) : Self.choose(from: names, prefix: current, suffix: " ")
        }
    }

    /// Inserts the common extension of all matches; lists them when there is nothing to add, in
    /// the order given (lessons and steps in course order, commands and files sorted by the caller).
    static func choose(from candidates: [String], prefix: String, suffix: String) -> Completion {
        var seen = Set<String>()
        let matches = candidates.filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }
        guard !matches.isEmpty else { return Completion() }
        if matches.count == 1 { return Completion(insertion: String(matches[0].dropFirst(prefix.count)) + suffix) }
        let common = commonPrefix(matches)
        if common.count > prefix.count { return Completion(insertion: String(common.dropFirst(prefix.count))) }
        return Completion(alternatives: matches)
    }

    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    private func completeFile(_ typed: String) -> Completion {
        let expanded = typed.hasPrefix("~") ? NSHomeDirectory() + typed.dropFirst() : typed
        let slash = expanded.lastIndex(of: "/")
        let directoryPart = slash.map { String(expanded[...$0]) } ?? ""
        let namePart = slash.map { String(expanded[expanded.index(after: $0)...]) } ?? expanded
        let directory = directoryPart.hasPrefix("/") ? directoryPart : currentDirectory + "/" + directoryPart
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return Completion() }
        let visible = entries.filter { !$0.hasPrefix(".") || namePart.hasPrefix(".") }
        let names = visible.map { name -> String in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory + name, isDirectory: &isDirectory)
            return isDirectory.boolValue ? name + "/" : name
        }
        let result = Self.choose(from: names.sorted(), prefix: namePart, suffix: " ")
        // A directory completes to `dir/`, ready for the next part, not `dir/ `.
        if result.insertion.hasSuffix("/ ") { return Completion(insertion: String(result.insertion.dropLast())) }
        return result
    }
}
