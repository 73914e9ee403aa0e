import Testing

@testable import Shell

@Suite struct CommandLineParserTests {
    @Test func splitsNameAndArguments() throws {
        let invocation = try #require(try CommandLineParser.parse("  goto   enums/step-2  now "))
        #expect(invocation.name == "goto")
        #expect(invocation.arguments == ["enums/step-2", "now"])
        #expect(invocation.rawArguments == "enums/step-2  now ")
    }

    @Test func quotesGroupAndBackslashEscapes() throws {
        let invocation = try #require(try CommandLineParser.parse(#"answer "two words" 'single "q"' a\ b "esc\"aped""#))
        #expect(invocation.arguments == ["two words", #"single "q""#, "a b", #"esc"aped"#])
    }

    @Test func blankLinesAndCommentsAreNothing() throws {
        #expect(try CommandLineParser.parse("") == nil)
        #expect(try CommandLineParser.parse("   ") == nil)
        #expect(try CommandLineParser.parse("# a comment in a script") == nil)
    }

    @Test func unterminatedQuoteSaysWhere() {
        #expect(throws: CommandSyntaxError(column: 8, message: "unterminated \" quote")) {
            try CommandLineParser.parse("answer \"open")
        }
    }

    @Test func rawArgumentsKeepCodeIntact() throws {
        let invocation = try #require(try CommandLineParser.parse("swift print(\"a  b\")"))
        #expect(invocation.rawArguments == "print(\"a  b\")")
    }

    @Test func suggestionsForTypos() {
        let registry = CommandRegistry([
            ShellCommand(name: "help", summary: "") { _, _ in .readNext },
            ShellCommand(name: "history", summary: "") { _, _ in .readNext },
            ShellCommand(name: "quit", summary: "") { _, _ in .readNext }
        ])
        #expect(registry.suggestion(for: "hlep") == "help")
        #expect(registry.suggestion(for: "qiut") == "quit")
        #expect(registry.suggestion(for: "xyzzy") == nil)
        #expect(editDistance("kitten", "sitting") == 3)
    }
}
