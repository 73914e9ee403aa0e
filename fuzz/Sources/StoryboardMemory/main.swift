import CHeapUsage
import Foundation
import SegueKit

#if canImport(FoundationXML)
    import FoundationXML
#endif
#if canImport(Glibc)
    import Glibc
#endif

// Parses the given storyboards (files, or directories of them) over and over and prints the
// process's memory every few rounds. Flat figures mean one parse leaves nothing behind;
// a steady climb means something is kept per parse. Modes narrow down where:
//   full       StoryboardDocument.parse, as the fuzz target calls it
//   xml        Foundation's XMLParser alone, with a delegate that keeps nothing
//   xmlstream  the same, fed through an InputStream
//   bytes      only the Data copy of each input (the harness's own baseline)
//   errors     one XMLParser pass per input: how many parse errors XMLParser reports, by code
//   messages   one load per input: what the storyboard loader says about it
//
//   StoryboardMemory MODE ROUNDS EVERY PATH...

let arguments = CommandLine.arguments
guard arguments.count >= 5, let rounds = Int(arguments[2]), let every = Int(arguments[3]), every > 0 else {
    FileHandle.standardError.write(
        Data("usage: StoryboardMemory full|xml|xmlstream|bytes|errors|messages ROUNDS EVERY PATH...\n".utf8))
    exit(2)
}
let mode = arguments[1]

var inputs: [Data] = []
for path in arguments[4...] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
    let files =
        isDirectory.boolValue
        ? (try FileManager.default.contentsOfDirectory(atPath: path)).sorted().map { "\(path)/\($0)" }
        : [path]
    for file in files {
        if let data = FileManager.default.contents(atPath: file) { inputs.append(data) }
    }
}
if mode.hasPrefix("xml") || mode == "errors" {
    // Inputs the loader refuses before XMLParser sees them (bad UTF-8, stray `<?…?>`) would
    // crash XMLParser itself; see docs/reliability.md.
    let before = inputs.count
    inputs = inputs.filter { data in
        do { _ = try StoryboardDocument.parse(data, path: "Memory.storyboard") } catch {
            let message = "\(error)"
            return !message.contains("UTF-8") && !message.contains("processing instruction")
        }
        return true
    }
    if inputs.count < before { print("skipped \(before - inputs.count) inputs XMLParser would crash on") }
}
guard !inputs.isEmpty else {
    FileHandle.standardError.write(Data("no inputs\n".utf8))
    exit(2)
}

/// Keeps nothing, so whatever stays behind is XMLParser's.
final class DiscardingDelegate: NSObject, XMLParserDelegate {
    var elements = 0
    var errorCodes: [Int] = []
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        errorCodes.append((parseError as NSError).code)
    }
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String]
    ) {
        elements += attributes.count + 1
    }
}

@MainActor func parseOnce(_ data: Data) -> Int {
    switch mode {
    case "full":
        do { return try StoryboardDocument.parse(data, path: "Memory.storyboard").scenes.count } catch { return -1 }
    case "xml", "xmlstream":
        let parser = mode == "xml" ? XMLParser(data: data) : XMLParser(stream: InputStream(data: data))
        let delegate = DiscardingDelegate()
        parser.delegate = delegate
        _ = parser.parse()
        return delegate.elements
    case "bytes":
        return Data(data).count
    default:
        FileHandle.standardError.write(Data("unknown mode '\(mode)'\n".utf8))
        exit(2)
    }
}

/// Resident pages now (statm), peak RSS (getrusage), and malloc's bytes in use (mallinfo2):
/// RSS can grow from fragmentation alone; bytes in use grow only if something is kept.
@MainActor func memoryLine(round: Int) -> String {
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let residentPages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    let rssMB = Double(residentPages * Int(sysconf(Int32(_SC_PAGESIZE)))) / 1_048_576
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let peakMB = Double(usage.ru_maxrss) / 1024
    let inUseMB = Double(heap_bytes_in_use()) / 1_048_576
    return String(
        format: "round %6d  parses %9d  rss %7.1f MB  peak %7.1f MB  malloc in use %7.1f MB",
        round, round * inputs.count, rssMB, peakMB, inUseMB)
}

if mode == "messages" {
    for data in inputs {
        do {
            let document = try StoryboardDocument.parse(data, path: "Memory.storyboard")
            print("loads: \(document.scenes.count) scenes")
        } catch {
            print("\(error)")
        }
    }
    exit(0)
}

if mode == "errors" {
    // Every error report is one call of Foundation's error callback (see docs/reliability.md).
    var byCode: [Int: Int] = [:]
    var perInput: [Int] = []
    var succeededDespiteErrors = 0
    var loadedDespiteErrors: [Int: Int] = [:]
    for data in inputs {
        let parser = XMLParser(data: data)
        let delegate = DiscardingDelegate()
        parser.delegate = delegate
        let parsed = parser.parse()
        perInput.append(delegate.errorCodes.count)
        for code in delegate.errorCodes { byCode[code, default: 0] += 1 }
        if parsed && !delegate.errorCodes.isEmpty { succeededDespiteErrors += 1 }
        if !delegate.errorCodes.isEmpty, (try? StoryboardDocument.parse(data, path: "Memory.storyboard")) != nil {
            for code in delegate.errorCodes { loadedDespiteErrors[code, default: 0] += 1 }
        }
    }
    let total = perInput.reduce(0, +)
    print(
        "\(inputs.count) inputs, \(total) error reports, \(perInput.filter { $0 > 0 }.count) inputs with any, at most \(perInput.max() ?? 0) in one input"
    )
    print("inputs XMLParser accepted although it reported errors: \(succeededDespiteErrors)")
    for (code, count) in byCode.sorted(by: { $0.value > $1.value }) { print("  code \(code): \(count)") }
    print(
        "error codes of inputs the storyboard loader accepted: \(loadedDespiteErrors.sorted(by: { $0.key < $1.key }))")
    exit(0)
}

print("\(mode): \(inputs.count) inputs, \(inputs.reduce(0) { $0 + $1.count }) bytes per round")
print(memoryLine(round: 0))
var checksum = 0
for round in 1...rounds {
    for data in inputs { checksum &+= parseOnce(data) }
    if round % every == 0 { print(memoryLine(round: round)) }
}
print("checksum \(checksum)")
