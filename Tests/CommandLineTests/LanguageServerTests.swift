import Foundation
import LessonKit
import TestSupport
import Testing

/// The toolchain's own `sourcekit-lsp` on a workspace written by `seguelab workspace`: what an
/// editor shows the learner (completion of SegueKit's UIKit names, errors as they type).
@Suite(
    .serialized,
    .enabled(
        if: LanguageServer.executable != nil,
        "the Swift toolchain has no sourcekit-lsp beside swiftc: the editor set-up cannot be tried"))
struct LanguageServerTests {
    /// A workspace whose first exercise file holds `code`; returns the file and the header's line count.
    static func workspace(code: String) throws -> (root: URL, file: URL, headerLines: Int) {
        let home = try SeguelabBinary.makeHome()
        let root = home.appendingPathComponent("exercises")
        let made = try WorkspaceTests.run(["workspace", root.path], home: home)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains(ExerciseWorkspace.compileCommandsName), "\(made.stdout)\(made.stderr)")
        let first = try WorkspaceTests.manifest(root).entries[0]
        let file = root.appendingPathComponent(first.path)
        let text = try WorkspaceTests.replacingCode(of: file, with: code)
        try Data(text.utf8).write(to: file)
        return (root, file, ExerciseWorkspace.code(inFile: text).headerLines)
    }

    static let shelf = """
        import UIKit

        class ShelfViewController: UIViewController {
            override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                segue.
            }
        }

        let navigation = openBookshop()
        print(Catalog.dune)
        """

    @Test func completionAfterSegueOffersSegueKitsMembers() throws {
        let (root, file, header) = try Self.workspace(code: Self.shelf)
        let server = try LanguageServer(root: root)
        defer { server.stop() }
        try server.open(file)
        let reply = try server.request(
            "textDocument/completion",
            [
                "textDocument": ["uri": file.absoluteString],
                "position": ["line": header + 4, "character": 14]
            ])
        let result = reply["result"]
        let items = (result as? [String: Any])?["items"] as? [[String: Any]] ?? result as? [[String: Any]] ?? []
        let labels = items.compactMap { $0["label"] as? String }
        #expect(labels.contains { $0.hasPrefix("destination") }, "\(labels)")
        #expect(labels.contains { $0.hasPrefix("identifier") }, "\(labels)")
    }

    @Test func aMisspeltSegueMemberIsAnErrorWhileCorrectCodeHasNone() throws {
        let misspelt = Self.shelf.replacingOccurrences(of: "segue.\n", with: "print(segue.destinaton)\n")
        let (root, file, header) = try Self.workspace(code: misspelt)
        let server = try LanguageServer(root: root)
        defer { server.stop() }
        try server.open(file)
        let errors = try server.errors(in: file)
        #expect(errors.contains { $0.message.contains("destinaton") && $0.line == header + 4 }, "\(errors)")
        // Top-level code, the support code's names (openBookshop, Catalog) and UIKit resolve.
        #expect(errors.count == 1, "\(errors)")

        let correct = Self.shelf.replacingOccurrences(of: "segue.\n", with: "print(segue.destination)\n")
        try server.change(file, to: WorkspaceTests.replacingCode(of: file, with: correct))
        #expect(try server.errors(in: file).isEmpty)
    }

    @Test func anExerciseBuildingOnItsStepsHiddenPreludeKnowsItsNames() throws {
        let home = try SeguelabBinary.makeHome()
        let root = home.appendingPathComponent("exercises")
        #expect(try WorkspaceTests.run(["workspace", root.path], home: home).status == 0)
        let entries = try WorkspaceTests.manifest(root).entries.filter { entry in
            let step = try? WorkspaceTests.step(entry)
            return step?.kind == .exercise && step?.code(.prelude) != nil
        }
        try #require(!entries.isEmpty, "the course has an exercise with a prelude")
        let server = try LanguageServer(root: root)
        defer { server.stop() }
        for entry in entries {
            let file = root.appendingPathComponent(entry.path)
            let solution = try #require(try WorkspaceTests.step(entry).code(.solution))
            try Data(WorkspaceTests.replacingCode(of: file, with: solution).utf8).write(to: file)
            try server.open(file)
            #expect(try server.errors(in: file).isEmpty, "\(entry.path)")
        }
    }
}

/// A minimal LSP client over the server's standard input and output (JSON-RPC with
/// `Content-Length` framing), enough for didOpen, completion and pull diagnostics.
final class LanguageServer: @unchecked Sendable {
    /// `sourcekit-lsp` beside the `swiftc` on PATH (or `$SWIFTC`).
    static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let swiftc = environment["SWIFTC"], !swiftc.isEmpty { candidates.append(swiftc) }
        candidates += (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
        for swiftc in candidates where FileManager.default.isExecutableFile(atPath: swiftc) {
            let server = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("sourcekit-lsp").path
            if FileManager.default.isExecutableFile(atPath: server) { return server }
        }
        return nil
    }()

    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var buffer = Data()
    private var messages: [[String: Any]] = []
    private var nextID = 1
    private var versions: [URL: Int] = [:]

    init(root: URL) throws {
        process.executableURL = URL(fileURLWithPath: Self.executable!)
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock {
                self.buffer.append(data)
                self.parse()
            }
        }
        try process.run()
        _ = try request(
            "initialize",
            [
                "processId": Int(getpid()), "rootUri": root.absoluteString,
                "capabilities": [
                    "textDocument": [
                        "completion": ["completionItem": ["snippetSupport": false]],
                        "publishDiagnostics": [:], "diagnostic": [:]
                    ]
                ]
            ])
        try notify("initialized", [:])
    }

    func open(_ file: URL) throws {
        versions[file] = 1
        try notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": file.absoluteString, "languageId": "swift", "version": 1,
                    "text": try String(contentsOf: file, encoding: .utf8)
                ]
            ])
    }

    func change(_ file: URL, to text: String) throws {
        let version = (versions[file] ?? 1) + 1
        versions[file] = version
        try notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": file.absoluteString, "version": version],
                "contentChanges": [["text": text]]
            ])
    }

    struct Problem: CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "\(line): \(message)" }
    }

    /// The errors the server finds in the file (pull diagnostics), 0-based lines.
    func errors(in file: URL) throws -> [Problem] {
        let reply = try request("textDocument/diagnostic", ["textDocument": ["uri": file.absoluteString]])
        let items = (reply["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        return items.filter { ($0["severity"] as? Int) == 1 }.map { item in
            let start = (item["range"] as? [String: Any])?["start"] as? [String: Any]
            return Problem(line: start?["line"] as? Int ?? -1, message: item["message"] as? String ?? "")
        }
    }

    func request(_ method: String, _ params: [String: Any], timeout: TimeInterval = 180) throws -> [String: Any] {
        let id = lock.withLock {
            defer { nextID += 1 }
            return nextID
        }
        try send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let reply = lock.withLock({ () -> [String: Any]? in
                guard let index = messages.firstIndex(where: { ($0["id"] as? Int) == id && $0["method"] == nil }) else {
                    return nil
                }
                return messages.remove(at: index)
            }) {
                if let error = reply["error"] { Issue.record("\(method) failed: \(error)") }
                return reply
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("sourcekit-lsp did not answer \(method)")
        throw CancellationError()
    }

    private func notify(_ method: String, _ params: [String: Any]) throws {
        try send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    private func send(_ message: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: message)
        try input.fileHandleForWriting.write(contentsOf: Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Splits the buffer into messages; answers the server's own requests (progress, capability
    /// registration) with an empty result so it goes on. Called holding the lock.
    private func parse() {
        let separator = Data("\r\n\r\n".utf8)
        while let end = buffer.range(of: separator) {
            let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
            guard
                let lengthLine = header.split(separator: "\r\n").first(where: {
                    $0.lowercased().hasPrefix("content-length:")
                }),
                let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
            else {
                buffer.removeAll()
                return
            }
            guard buffer.count - (end.upperBound - buffer.startIndex) >= length else { return }
            let body = buffer[end.upperBound..<end.upperBound + length]
            buffer = Data(buffer[(end.upperBound + length)...])
            guard let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { continue }
            if message["method"] != nil, let id = message["id"] {
                let reply: [String: Any] = ["jsonrpc": "2.0", "id": id, "result": NSNull()]
                if let data = try? JSONSerialization.data(withJSONObject: reply) {
                    try? input.fileHandleForWriting.write(
                        contentsOf: Data("Content-Length: \(data.count)\r\n\r\n".utf8) + data)
                }
            } else {
                messages.append(message)
            }
        }
    }

    func stop() {
        _ = try? request("shutdown", [:], timeout: 10)
        try? notify("exit", [:])
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
