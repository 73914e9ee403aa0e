import Foundation

/// The name an author probably meant: the same but for letter case, or one or two letters off.
enum NearMiss {
    static func suggestion(for name: String, among names: [String]) -> String? {
        if let sameLetters = names.first(where: { $0.lowercased() == name.lowercased() }) { return sameLetters }
        let scored = names.map { ($0, distance(name.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, name.count / 3)) else { return nil }
        return best.0
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
