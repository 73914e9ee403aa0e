import Foundation
import Localization
import Playground
import SourceText
import Testing

@testable import LessonKit

/// What each kind answers to the questions the shell, the session and `pack check` ask of it.
@Suite("Step kinds")
struct StepKindTests {
    func kinds(_ question: (StepKind) -> Bool) -> [StepKind] { StepKind.allCases.filter(question) }

    @Test func eachKindAnswersTheCategoryQuestions() {
        #expect(kinds(\.needsAnswer) == [.choice, .text, .predict, .prompt, .exercise, .compiler])
        #expect(kinds(\.runsCode) == [.example, .predict, .prompt, .exercise, .compiler])
        #expect(kinds(\.runsExample) == [.example, .predict])
        #expect(kinds(\.answersWithCode) == [.prompt, .exercise, .compiler])
        #expect(kinds(\.keepsDraft) == [.prompt, .exercise, .compiler])
        #expect(kinds(\.judgesDraft) == [.exercise, .compiler])
        #expect(kinds(\.takesBlockAnswer) == [.predict, .prompt, .exercise, .compiler])
        #expect(kinds(\.runsOnceAnswered) == [.predict])
        #expect(kinds(\.completesOnAttempt) == [.predict])
        #expect(kinds(\.typechecksOnly) == [.compiler])
    }

    /// Every key a kind takes is one an author may write, and a body says its own kind.
    @Test func eachKindsKeysAreStepKeys() {
        for kind in StepKind.allCases {
            #expect(Set(kind.allowedKeys).isSubset(of: StepDecoder.keys), "\(kind)")
            #expect(Set(kind.codeRoles.required).isSubset(of: kind.codeRoles.allowed), "\(kind)")
        }
        #expect(StepKind.choice.allowedKeys.contains("choices") && !StepKind.text.allowedKeys.contains("choices"))
    }

    /// Enter never moves past a step that waits for something: each such kind says what it waits
    /// for, with a key the catalog's check knows.
    @Test func everyKindThatWaitsSaysWhatEnterWaitsFor() {
        #expect(kinds { $0.enterWaitsKey == nil } == [.prose])
        for kind in StepKind.allCases {
            if let key = kind.enterWaitsKey { #expect(Catalog.english.text(key) != key, "\(kind): \(key)") }
        }
    }

    /// A typed line is read as the step's kind takes answers.
    @Test func aLineIsReadAsTheKindTakesAnswers() {
        let here = SourceLocation(file: "f", line: 1, column: 1)
        let choices = ChoiceQuestion(
            choices: [
                Choice(text: "a", correct: true, feedback: nil, location: here),
                Choice(text: "b", correct: false, feedback: nil, location: here)
            ],
            multipleAnswers: false)
        func step(_ body: StepBody) -> Step { Step(id: "s", title: "S", prose: "", body: body, location: here) }
        #expect(step(.choice(choices)).read("B") == .answer(.choices([1])))
        #expect(step(.choice(choices)).read("z") == .notAChoice(last: "b", several: false))
        #expect(step(.text(TextQuestion(accepted: ["x"]))).read("x") == .answer(.text("x")))
        #expect(step(.predict(Prediction(target: .output))).read("1") == .answer(.text("1")))
        #expect(step(.exercise).read("let a = 1") == .answer(.code("let a = 1")))
        #expect(step(.prose).read("hello") == .nothingAsked)
        #expect(step(.prose).read("hello").isReadable && !step(.choice(choices)).read("z").isReadable)
    }
}
