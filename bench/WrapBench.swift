// Word wrapping of one very long line, compiled by bench/wrap.sh with the shell's own
// Sources/Shell/Output/WordWrap.swift:
//   wrap-bench KILOBYTES
// Prints, for a line of KILOBYTES of words and for one word of that length, the milliseconds
// `fit` (terminal output) and `wrap` (prose) take at 80 columns.
import Foundation

@main
enum WrapBench {
    static func main() {
        let kilobytes = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 800
        let size = kilobytes * 1000
        let words = String(String(repeating: "segue identifier ", count: size / 17 + 1).prefix(size))
        let word = String(repeating: "x", count: size)
        let wrap = WordWrap(width: 80)
        for (name, line) in [("words", words), ("one word", word)] {
            for (kind, body) in [
                ("fit", { _ = wrap.fit(line) }), ("wrap", { _ = wrap.wrap(line, indent: "", hanging: "  ") })
            ] {
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                print("\(kilobytes) KB, \(name), \(kind): \(String(format: "%.0f", milliseconds)) ms")
            }
        }
    }
}
