import Foundation
import Playground
import SourceText

/// The role of a fenced ```swift block inside a step.
package enum CodeRole: String, Sendable, Codable, CaseIterable {
    /// Shown and run as is (example and predict steps).
    case example
    /// The code the learner starts editing from.
    case starter
    /// The reference answer, shown on `solution` and filled in on `skip`.
    case solution
    /// Hidden code placed before the learner's code (setup).
    case prelude
    /// Hidden code placed after the learner's code, printing `CHECK` verdict lines.
    case harness
}

/// A fenced code block with the place it was written.
package struct CodeBlock: Sendable, Hashable {
    package var role: CodeRole
    package var code: String
    /// The position of the block's first code line.
    package var location: SourceLocation

    package init(role: CodeRole, code: String, location: SourceLocation) {
        self.role = role
        self.code = code
        self.location = location
    }
}

/// One choice of a choice step.
package struct Choice: Sendable, Hashable {
    package var text: String
    package var correct: Bool
    /// Said when the learner picks this choice and it is wrong (or explains a right one).
    package var feedback: String?
    package var location: SourceLocation
    /// The author's name for the choice (`id:`), the same in every language when given.
    package var id: String? = nil
}

/// An answer an author lists so that `pack check` proves how it is judged: typed as the
/// learner would type it, or (code steps) written as an edit of the step's solution.
package struct ListedAnswer: Sendable, Hashable {
    package enum Form: Sendable, Hashable {
        case typed(String)
        /// The solution (or the starter) with the first occurrence of `replace` replaced by `with`.
        case edit(replace: String, with: String, in: CodeRole)
    }

    package var form: Form
    package var location: SourceLocation
    /// What a learner whose answer makes this mistake is told (wrong answers only; see
    /// `AnswerJudge.listedFeedback`).
    package var feedback: String?

    package init(_ form: Form, at location: SourceLocation, feedback: String? = nil) {
        self.form = form
        self.location = location
        self.feedback = feedback
    }

    /// How the answer reads in a `pack check` message.
    package var label: String {
        let text: String =
            switch form {
            case .typed(let typed): typed
            case .edit(let replace, let with, _): "\(replace) → \(with)"
            }
        let oneLine = TextMatching.collapse(text)
        return oneLine.count > 60 ? String(oneLine.prefix(57)) + "..." : oneLine
    }
}

/// One step of a lesson, identified by a stable id.
package struct Step: Sendable {
    package var id: String
    package var title: String
    /// The step's Markdown text (without its ```step block and role code blocks).
    package var prose: String
    /// Where the step's heading is.
    package var location: SourceLocation

    /// Code blocks by role (at most one per role).
    package var code: [CodeRole: CodeBlock] = [:]
    /// ```seguelab blocks of the prose, shown with their real output (`prose(in:lesson:)`).
    package var shownCommands: [ShownCommand] = []
    /// Checks that must all pass (exercise, prompt, and optionally example steps).
    package var checks: [CheckSpec] = []
    /// Progressive hints, shown one at a time.
    package var hints: [String] = []
    /// The author's explanation shown with the solution.
    package var explanation: String?
    /// One line saying why a right answer is right, shown after ✔ (`why:`).
    package var why: String?
    /// The question line when it is not the prose itself.
    package var question: String?

    /// What only this kind of step has: its choices, accepted answers, prediction, expectation.
    package var body: StepBody

    /// Answers the judge must reject, and answers (besides the reference) it must accept;
    /// `pack check` proves both.
    package var wrongAnswers: [ListedAnswer] = []
    package var rightAnswers: [ListedAnswer] = []

    /// Storyboard name (without `.storyboard`) this step's code loads.
    package var storyboard: String?
    /// Step id (in the same lesson) whose final code becomes this step's starting draft.
    package var continuesFrom: String?
    /// Earlier ids of this step (`renamed-from:`): a learner's progress on them follows it.
    package var renamedFrom: [String] = []
    var renamedFromLocation: SourceLocation?
    /// Where `storyboard:` and `continues:` were written, for errors about what they name.
    var storyboardLocation: SourceLocation?
    var continuesLocation: SourceLocation?
    /// `nil` uses the pack's setting.
    package var swiftLanguageMode: SwiftLanguageMode?
    package var optimization: Optimization?
    /// File name the learner's code is shown and diagnosed under.
    package var fileName: String?
    /// The device the step's code runs on (`device: iphone`); nil runs as SegueKit's default.
    package var device: DeviceIdiom?
    /// Top-level declarations of the step's code shown folded (`fold: [SegueHandler]`): tools the
    /// step uses but is not about. `unfold` shows them.
    package var fold: [String] = []
    /// The language of the lesson file the step is written in. Its programs are told it in
    /// `SEGUELAB_LANGUAGE`, so a pack's support code can say its own words in that language.
    package var language = "en"

    package init(id: String, title: String, prose: String, body: StepBody, location: SourceLocation) {
        self.id = id
        self.title = title
        self.prose = prose
        self.body = body
        self.location = location
    }

    /// What the step asks of the learner, read from its body.
    package var kind: StepKind { body.kind }

    /// The line shown after a right answer: the author's `why`, or else the first sentence of
    /// the explanation (so that ✔ never stands alone when the step says why).
    package var whyLine: String? {
        if let why, !TextMatching.collapse(why).isEmpty { return why }
        guard let explanation = explanation.map(TextMatching.collapse), !explanation.isEmpty else { return nil }
        // A sentence ends at ". " outside code spans; the first one is the reason.
        var inCode = false
        var previous: Character = " "
        for (offset, character) in explanation.enumerated() {
            if character == "`" { inCode.toggle() }
            if !inCode, previous == ".", character == " " {
                return String(explanation.prefix(offset))
            }
            previous = character
        }
        return explanation
    }

    /// Code for a role, if the step has it.
    package func code(_ role: CodeRole) -> String? { code[role]?.code }

    /// The reference answer as the learner would type it, used by `solution` and `skip`.
    package var referenceAnswer: String? { kind.rules.referenceAnswer(of: self) }
}

extension Choice {
    /// Letter used to show and pick a choice: a, b, c…
    package static func label(for index: Int) -> String {
        let scalars = Array("abcdefghijklmnopqrstuvwxyz")
        return index < scalars.count ? String(scalars[index]) : String(index + 1)
    }
}
