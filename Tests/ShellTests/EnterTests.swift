import Foundation
import TestSupport
import Testing

/// Enter on an empty line in a real terminal: it moves on from a step that is done, and never
/// past an example not run or a question not answered, where it says what to do instead, in the
/// learner's language; `help` says what Enter does.
@Suite(.serialized) struct EnterTests {
    func start(_ arguments: [String] = []) throws -> PseudoTerminal {
        let home = try SeguelabBinary.makeHome()
        let terminal = try PseudoTerminal(
            executable: SeguelabBinary.path,
            arguments: ["--pack", TerminalLayoutTests.lessons, "--no-color"] + arguments,
            environment: SeguelabBinary.environment(home: home), columns: 80, rows: 200)
        try terminal.waitForPrompt()
        return terminal
    }

    @Test func enterNeverLeavesAnExampleNotRun() throws {
        let terminal = try start()
        terminal.type("goto stringly-typed/first-run\r")
        let example = try terminal.waitForPrompt("seguelab:first-run> ")
        terminal.type("\r")
        let said = try terminal.waitFor("This step has an example: `run` it, or `next` to skip it.", after: example)
        let stayed = try terminal.waitForPrompt("seguelab:first-run> ", after: said)
        #expect(!terminal.screen[example...].contains("── Step "), "no step heading after the example's prompt")
        terminal.type("run\r")
        let ran = try terminal.waitFor("Navigation:", after: stayed)
        let prompt = try terminal.waitForPrompt("seguelab:first-run> ", after: ran)
        // Run, the example is done: Enter moves on.
        terminal.type("\r")
        let next = try terminal.waitFor("── Step ", after: prompt)
        let question = try terminal.waitForPrompt("seguelab:why-cast> ", after: next)
        // A question not answered: Enter says so and stays.
        terminal.type("\r")
        let asked = try terminal.waitFor("This step asks a question: answer it, or `next` to skip it.", after: question)
        try terminal.waitForPrompt("seguelab:why-cast> ", after: asked)
        #expect(!terminal.screen[question...].contains("── Step "), "no step heading after the question's prompt")
        terminal.type("help\r")
        let helped = try terminal.waitFor(
            "Enter on an empty line goes to the next step once this one is done", after: asked)
        // Ctrl-D at the prompt, as a learner presses it: typed while help was still being written
        // it could reach the terminal before the line editor read it, and the test waited for an
        // exit that was never asked for.
        try terminal.waitForPrompt("seguelab:why-cast> ", after: helped)
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }

    @Test func inFrenchEnterSaysItInFrench() throws {
        let terminal = try start(["--lang", "fr"])
        terminal.type("goto stringly-typed/first-run\r")
        let example = try terminal.waitForPrompt("seguelab:first-run> ")
        terminal.type("\r")
        let said = try terminal.waitFor(
            "Cette étape a un exemple\u{00A0}: lancez-le avec `run`, ou `next` pour le passer.", after: example)
        try terminal.waitForPrompt("seguelab:first-run> ", after: said)
        terminal.type("help\r")
        let helped = try terminal.waitFor("Entrée sur une ligne vide passe à l'étape suivante", after: said)
        try terminal.waitForPrompt("seguelab:first-run> ", after: helped)
        terminal.type("\u{04}")
        _ = try terminal.waitForExit(timeout: 60)
    }
}
