import Testing

@testable import Shell

/// Following an entry line by line gives exactly what scanning the whole text gives.
@Suite struct InputBalanceTrackerTests {
    @Test(arguments: [
        "func f() {\n  print(\"}\")\n}",
        "let m = \"\"\"\n  { \n  \"\"\"",
        "let r = #\"\"\"\n \"\"\"\n\"\"\"#",
        "let s = \"\"\"\n  line \\\n  joined\n  \"\"\"",
        "let a = [1,\n 2,\n 3]",
        "print(\"\\(f(\"\n\")\"))",
        "/* open\n /* nested */\n still */ let y = {\n}",
        "let x = 1 // {\n}\n",
        "let q = \"unterminated\nf(",
        "let raw = ##\"a \\#(b) \\##(c\n)\"##"
    ])
    func sameAsTheWholeText(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var tracker = InputBalanceTracker()
        for count in 1...lines.count {
            let followed = tracker.add(lines[count - 1])
            let whole = InputBalance.of(lines.prefix(count).joined(separator: "\n"))
            #expect(followed == whole, "after \(count) lines of \(text.debugDescription)")
        }
    }
}
