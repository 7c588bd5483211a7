/// "Did you mean …?" for a mistyped command or option: the known names closest to the word.
enum Suggestion {
    /// The longest word compared: anything longer is not a typo of a short name (and a 100 KB
    /// word must not cost a 100 KB × name table).
    static let longestWord = 40

    /// The candidates a word is probably a typo of: those within an edit distance of 2 (1 for
    /// words of up to 3 letters), the nearest first; else those the word begins (`--max` for
    /// `--max-requests`). Case is ignored. Empty when nothing is close.
    ///
    /// - Parameters:
    ///   - word: What was typed.
    ///   - candidates: The names it could have meant, in the order to list ties.
    /// - Returns: The names to suggest, at most three.
    static func nearest(_ word: String, in candidates: [String]) -> [String] {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty, typed.count <= longestWord else { return [] }
        let limit = typed.count <= 3 ? 1 : 2
        let scored = candidates.compactMap { name -> (name: String, distance: Int)? in
            let known = Array(name.lowercased())
            guard abs(known.count - typed.count) <= limit else { return nil }
            let distance = Self.distance(typed, known)
            return distance <= limit ? (name, distance) : nil
        }
        if let best = scored.map(\.distance).min() {
            return Array(scored.filter { $0.distance == best }.map(\.name).prefix(3))
        }
        guard typed.count >= 2 else { return [] }
        return Array(candidates.filter { $0.lowercased().hasPrefix(String(typed)) }.prefix(3))
    }

    /// `did you mean 'plan'?`, `did you mean --allow-past or --allow-over-pace?`, or nil.
    static func question(_ names: [String]) -> String? {
        guard let last = names.last else { return nil }
        let listed = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
        return "did you mean \(listed)?"
    }

    /// The optimal-string-alignment distance (Damerau–Levenshtein without repeated edits of a
    /// substring): insertions, deletions, substitutions and swaps of two neighbours each count 1,
    /// so `plna` is 1 from `plan`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
