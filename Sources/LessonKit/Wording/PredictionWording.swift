import Localization

extension PredictionMiss {
    /// Where the prediction departs, in the catalog's language, giving no more of the output away.
    package func text(_ catalog: Catalog) -> String {
        func quote(_ words: [String]) -> String { catalog.text("quote", ["text": words.joined(separator: " ")]) }
        func after(_ words: [String]) -> String {
            words.isEmpty ? "" : catalog.text("predict.after", ["words": quote(words)])
        }
        switch self {
        case .empty: return catalog.text("predict.empty")
        case .caseOnly(let yours, let printed):
            return catalog.text("predict.case", ["yours": quote([yours]), "printed": quote([printed])])
        case .short(let before): return catalog.text("predict.short", ["after": after(before)])
        case .long(let before, let extra):
            return catalog.text("predict.long", ["after": after(before), "words": quote(extra)])
        case .departsInCase(let word, let before):
            return catalog.text("predict.departs.case", ["word": quote([word]), "after": after(before)])
        case .departs(let word, let before):
            return catalog.text("predict.departs", ["word": quote([word]), "after": after(before)])
        }
    }
}

extension AnswerEquivalence {
    /// Where a prediction departs from the output, worded; nil when they are equivalent.
    static func predictionDifference(predicted: String, actual: String, catalog: Catalog = .english) -> String? {
        predictionMiss(predicted: predicted, actual: actual)?.text(catalog)
    }
}
