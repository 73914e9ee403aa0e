import Foundation

/// Reads the entries of a libedit history file (`_HiStOrY_V2_` format, `strvis`-encoded) so
/// `history` can list them.
enum HistoryReader {
    static func entries(in path: String) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().map { unvis(String($0)) }
    }

    /// Undoes the escapes libedit writes: `\040` octal, `\n`-style C escapes, `\\`.
    static func unvis(_ s: String) -> String {
        var bytes: [UInt8] = []
        let input = Array(s.utf8)
        var i = 0
        while i < input.count {
            let b = input[i]
            guard b == UInt8(ascii: "\\"), i + 1 < input.count else { bytes.append(b); i += 1; continue }
            let next = input[i + 1]
            if (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next), i + 3 < input.count + 0 {
                let digits = input[(i + 1)...min(i + 3, input.count - 1)]
                if digits.count == 3, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 8) {
                    bytes.append(value); i += 4; continue
                }
            }
            switch next {
            case UInt8(ascii: "n"): bytes.append(10)
            case UInt8(ascii: "t"): bytes.append(9)
            case UInt8(ascii: "s"): bytes.append(32)
            default: bytes.append(next)
            }
            i += 2
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
