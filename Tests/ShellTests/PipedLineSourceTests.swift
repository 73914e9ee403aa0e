import Foundation
import Testing

@testable import Shell

#if canImport(Glibc)
    import Glibc
#endif

/// Reading piped input as bytes: line endings, the length limit, bytes that are not UTF-8.
@Suite struct PipedLineSourceTests {
    /// Reads every line of `bytes` through a real pipe, with the problem reported for each.
    func read(_ bytes: [UInt8], limit: Int = 16) -> [(LineEvent, LineProblem?)] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let writer = Thread {
            bytes.withUnsafeBytes { _ = write(writeEnd, $0.baseAddress, $0.count) }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        let source = PipedLineSource(fileDescriptor: readEnd, maximumLineBytes: limit)
        var events: [(LineEvent, LineProblem?)] = []
        while true {
            let event = source.readLine(prompt: "")
            events.append((event, source.takeProblem()))
            if event == .endOfInput { return events }
        }
    }

    @Test func linesEndAtNewlineOrCRLFAndTheLastNeedsNone() {
        let events = read(Array("one\ntwo\r\n\nlast".utf8))
        #expect(events.map(\.0) == [.line("one"), .line("two"), .line(""), .line("last"), .endOfInput])
        #expect(events.allSatisfy { $0.1 == nil })
    }

    @Test func aLineOverTheLimitIsSkippedWholeAndTheNextIsRead() {
        let events = read(Array("exactly16bytes!!\n\(String(repeating: "z", count: 40))\nnext\n".utf8))
        #expect(events.map(\.0) == [.line("exactly16bytes!!"), .line(""), .line("next"), .endOfInput])
        #expect(events[1].1 == .tooLong(bytes: 40, limit: 16))
        #expect(events[0].1 == nil && events[2].1 == nil)
    }

    @Test func badBytesBecomeReplacementCharactersWithTheirColumn() {
        let events = read([0x68, 0xC3, 0xA9, 0x20, 0xFF, 0x21, 0x0A, 0xC3, 0x0A])  // "hé \xFF!", "\xC3"
        #expect(events.map(\.0) == [.line("hé \u{FFFD}!"), .line("\u{FFFD}"), .endOfInput])
        #expect(events[0].1 == .invalidUTF8(column: 4, byte: 0xFF))
        #expect(events[1].1 == .invalidUTF8(column: 1, byte: 0xC3))
    }
}
