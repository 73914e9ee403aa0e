import Foundation
import Playground

/// A step's code with the lines the learner already saw in an earlier step folded away, as a
/// unified diff shows a file: every changed line stays, with `context` unchanged lines around
/// it, and a run of unchanged lines longer than that is one fold ("… 84 lines unchanged since
/// step 9"). Lines keep their numbers, so a numbered draft reads the same folded or whole.
package struct FoldedCode: Sendable, Equatable {
    package enum Piece: Sendable, Equatable {
        /// Lines shown, by their 0-based index in the code.
        case shown(Range<Int>)
        /// Unchanged lines folded into one line.
        case folded(Range<Int>)
        /// Declarations the step's `fold` setting names, folded into one line naming them.
        case declared(Range<Int>, names: [String])
    }

    package var pieces: [Piece]
    /// The 1-based number, in its lesson, of the step whose code the unchanged lines repeat.
    package var sinceStep: Int

    /// How many lines the folds hide.
    package var foldedCount: Int {
        pieces.reduce(0) { total, piece in
            switch piece {
            case .shown: total
            case .folded(let range), .declared(let range, _): total + range.count
            }
        }
    }

    /// How many lines the folded code takes (each fold takes one).
    package var height: Int {
        pieces.reduce(0) { total, piece in
            switch piece {
            case .shown(let range): total + range.count
            case .folded, .declared: total + 1
            }
        }
    }
}

package enum CodeFolding {
    /// Unchanged lines kept on each side of a change.
    package static let context = 2
    /// A run of unchanged lines is folded only when it hides at least this many lines.
    package static let minimumFold = 5
    /// The roles of code a learner sees in a step: the example, the starter (the draft), the
    /// solution (written or shown to finish it).
    package static let seenRoles: [CodeRole] = [.example, .starter, .solution]

    /// The pieces of `lines` once the lines unchanged from `earlier` are folded; nil when no run
    /// of unchanged lines is long enough to fold.
    package static func fold(_ lines: [String], against earlier: [String]) -> [FoldedCode.Piece]? {
        guard !lines.isEmpty else { return nil }
        let difference = lines.difference(from: earlier)
        let inserted = Set(difference.insertions.map { if case .insert(let offset, _, _) = $0 { offset } else { -1 } })
        let removed = Set(difference.removals.map { if case .remove(let offset, _, _) = $0 { offset } else { -1 } })
        // Walk both versions together. A change that only removes lines is marked on the line
        // that now stands where they were, so the context shows where lines went.
        var changed = Set<Int>()
        var old = 0
        var new = 0
        while old < earlier.count || new < lines.count {
            if removed.contains(old) {
                changed.insert(min(new, lines.count - 1))
                old += 1
            } else if inserted.contains(new) || old >= earlier.count {
                changed.insert(new)
                new += 1
            } else {
                old += 1
                new += 1
            }
        }
        var pieces: [FoldedCode.Piece] = []
        var shownFrom = 0
        var index = 0
        while index < lines.count {
            guard !changed.contains(index) else {
                index += 1
                continue
            }
            var end = index
            while end < lines.count && !changed.contains(end) { end += 1 }
            let start = index > 0 ? index + context : index
            let stop = end < lines.count ? end - context : end
            if stop - start >= minimumFold {
                if start > shownFrom { pieces.append(.shown(shownFrom..<start)) }
                pieces.append(.folded(start..<stop))
                shownFrom = stop
            }
            index = end
        }
        guard !pieces.isEmpty else { return nil }
        if shownFrom < lines.count { pieces.append(.shown(shownFrom..<lines.count)) }
        return pieces
    }

    /// `code`, shown in `step` of `lesson`: the declarations its `fold` setting names folded
    /// when it names any the code holds; else folded against the code of the most recent earlier
    /// step that has any (whichever of its blocks it repeats most); nil when nothing folds.
    package static func fold(_ code: String, of step: Step, in lesson: Lesson) -> FoldedCode? {
        if !step.fold.isEmpty, let pieces = fold(code, declarations: step.fold) {
            return FoldedCode(pieces: pieces, sinceStep: 0)
        }
        guard let index = lesson.steps.firstIndex(where: { $0.id == step.id }) else { return nil }
        let lines = codeLines(code)
        for earlierIndex in stride(from: index - 1, through: 0, by: -1) {
            let blocks = seenRoles.compactMap { lesson.steps[earlierIndex].code($0) }
            guard !blocks.isEmpty else { continue }
            let folds = blocks.compactMap { fold(lines, against: codeLines($0)) }
            guard
                let best = folds.max(by: {
                    FoldedCode(pieces: $0, sinceStep: 0).foldedCount
                        < FoldedCode(pieces: $1, sinceStep: 0).foldedCount
                })
            else { return nil }
            return FoldedCode(pieces: best, sinceStep: earlierIndex + 1)
        }
        return nil
    }

    /// The pieces of `code` with each top-level declaration `entries` names (`Name`, or
    /// `protocol Name` for one kind) folded, declarations apart only by blank lines folded
    /// together; nil when the code declares none of them.
    package static func fold(_ code: String, declarations entries: [String]) -> [FoldedCode.Piece]? {
        let lines = codeLines(code)
        let named = TopLevelDeclarations.declarations(in: code)
            .filter { declaration in entries.contains { declaration.isNamed(by: $0) } }
            .sorted { $0.lines.lowerBound < $1.lines.lowerBound }
        var runs: [(lines: Range<Int>, names: [String])] = []
        for declaration in named {
            let range = declaration.lines.clamped(to: 0..<lines.count)
            guard !range.isEmpty else { continue }
            if let last = runs.last, last.lines.upperBound <= range.lowerBound,
                (last.lines.upperBound..<range.lowerBound).allSatisfy({
                    lines[$0].trimmingCharacters(in: .whitespaces).isEmpty
                })
            {
                let names = last.names.contains(declaration.name) ? last.names : last.names + [declaration.name]
                runs[runs.count - 1] = (last.lines.lowerBound..<range.upperBound, names)
            } else if runs.last.map({ $0.lines.upperBound <= range.lowerBound }) ?? true {
                runs.append((range, [declaration.name]))
            }
        }
        guard !runs.isEmpty else { return nil }
        var pieces: [FoldedCode.Piece] = []
        var shownFrom = 0
        for run in runs {
            if run.lines.lowerBound > shownFrom { pieces.append(.shown(shownFrom..<run.lines.lowerBound)) }
            pieces.append(.declared(run.lines, names: run.names))
            shownFrom = run.lines.upperBound
        }
        if shownFrom < lines.count { pieces.append(.shown(shownFrom..<lines.count)) }
        return pieces
    }

    /// The lines of a code block as the shell shows them (without a last empty line).
    package static func codeLines(_ code: String) -> [String] {
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
