/// What is wrong with a predicted output, said without giving the output away: how much of it
/// is right and where it goes wrong. Outputs are compared word by word (spacing and line breaks
/// never count), so that is how the difference is told. The learner tries again knowing where
/// to look; `run` or `solution` shows the whole output when asked.
enum PredictionDifference {
    static func describe(predicted: String, actual: String) -> String {
        let guess = words(predicted.replacingOccurrences(of: "\\n", with: "\n"))
        let truth = words(actual)
        guard !guess.isEmpty else { return "no prediction given" }
        guard !truth.isEmpty else { return "the example prints nothing at all" }
        let right = zip(guess, truth).prefix { $0 == $1 }.count
        if right == truth.count {
            return "it prints only the first \(count(right)) of your prediction (\"\(quote(guess, right))\")"
        }
        if right == guess.count {
            return "your prediction is right as far as it goes, but it prints more after \"\(quote(guess, right))\""
        }
        let wrong = guess[right]
        let capitals = wrong.lowercased() == truth[right].lowercased() ? " (the capitals differ)" : ""
        if right == 0 { return "it does not start with \"\(wrong)\"\(capitals)" }
        return "the start \"\(quote(guess, right))\" is right; \"\(wrong)\" is not what comes next\(capitals)"
    }

    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    private static func count(_ words: Int) -> String { words == 1 ? "word" : "\(words) words" }

    private static func quote(_ words: [String], _ count: Int) -> String { words.prefix(count).joined(separator: " ") }
}
