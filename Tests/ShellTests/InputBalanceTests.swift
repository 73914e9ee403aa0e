import Testing

@testable import Shell

@Suite struct InputBalanceTests {
    @Test(arguments: [
        "help",
        "let x = 1",
        "class A { }",
        "func f() {\n  print(\"}\")\n}",
        "let s = \"a { b\"",
        "let r = #\"raw \" still { open\"#",
        "let m = \"\"\"\n  { \n  \"\"\"",
        "print(\"\\(f(1)) done\")",
        "// a comment with {",
        "/* nested /* comment */ still */ let y = [1]",
        "}",  // an extra closer is the compiler's to report
        ""
    ])
    func complete(_ text: String) {
        #expect(InputBalance.isComplete(text), "\(text.debugDescription) should be complete")
    }

    @Test(
        arguments: [
            ("class A {", ["{"]),
            ("let a = [1,\n 2", ["["]),
            ("f(a,", ["("]),
            ("let m = \"\"\"\n text", ["\"\"\""]),
            ("let r = #\"\"\"\n \"\"\"", ["#\"\"\""]),
            ("print(\"\\(f(\"", ["(", "\"", "\\(", "(", "\""]),
            ("func f() {\n  if x {", ["{", "{"])
        ] as [(String, [String])])
    func open(_ text: String, expected: [String]) {
        let balance = InputBalance.of(text)
        #expect(!balance.isComplete)
        #expect(balance.open == expected)
    }

    @Test func openBlockComment() {
        let balance = InputBalance.of("/* still /* open */")
        #expect(balance.openBlockComments == 1)
        #expect(!balance.isComplete)
    }

    @Test func unterminatedSingleLineStringEndsAtTheLine() {
        // A one-line literal cannot continue: the brace and parenthesis keep the entry open, the quote does not.
        #expect(InputBalance.of("if x {\n print(\"oops\n").open == ["{", "("])
    }
}
