import Foundation
import Testing

@testable import Playground

/// The classes `pack check` accepts as SegueKit's are read from SegueKit's sources; the
/// compiler's own account of the built module (its symbol graph) is the measure: a public class
/// SegueKit gains that the reading misses, or one it reads wrongly, fails here.
@Suite("SegueKit's classes, read from its sources")
struct SegueKitClassesTests {
    /// The public classes of the SegueKit module `swift build` made for these tests, as
    /// `swift-symbolgraph-extract` lists them (nested ones qualified, `Outer.Inner`).
    static func compiledClasses() throws -> Set<String> {
        let swiftc = try Toolchain.locateSwiftc()
        let tools = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
        let buildFolders = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()
        ]
        let modules = try #require(
            buildFolders.flatMap { [$0.appendingPathComponent("Modules"), $0] }.first {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("SegueKit.swiftmodule").path)
            }, "no SegueKit.swiftmodule beside the tests (looked in \(buildFolders.map(\.path)))")
        let info = try run(swiftc, ["-print-target-info"])
        let target = try #require(
            (try JSONSerialization.jsonObject(with: info) as? [String: Any])?["target"] as? [String: Any])
        let triple = try #require(target["triple"] as? String)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try run(
            tools.appendingPathComponent("swift-symbolgraph-extract").path,
            [
                "-module-name", "SegueKit", "-I", modules.path, "-target", triple, "-minimum-access-level", "public",
                "-output-dir", output.path
            ])
        let graph = try Data(contentsOf: output.appendingPathComponent("SegueKit.symbols.json"))
        let symbols = try #require((try JSONSerialization.jsonObject(with: graph) as? [String: Any])?["symbols"])
        var names: Set<String> = []
        for case let symbol as [String: Any] in try #require(symbols as? [Any]) {
            guard (symbol["kind"] as? [String: Any])?["identifier"] as? String == "swift.class",
                let path = symbol["pathComponents"] as? [String]
            else { continue }
            names.insert(path.joined(separator: "."))
        }
        return names
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(executable) \(arguments)")
        return data
    }

    @Test func theClassesReadFromTheSourcesAreThoseTheCompiledModuleMakesPublic() throws {
        let compiled = try Self.compiledClasses()
        #expect(compiled.contains("UIViewController"))
        #expect(SegueKitClasses.names == compiled)
    }

    @Test func onlyPublicAndOpenClassDeclarationsAreRead() {
        let source = """
            open class Open {}
            public final class Public: Open {
                public class func make() -> Public { Public() }
                open class var shared: Public { Public() }
            }
            @MainActor public class Attributed {}
            @available(*, deprecated, message: "old") @preconcurrency open class Generic<T>: Open {}
            class Internal {}
            final class FinalInternal {}
            /// public class InAComment {}
            public struct Value {}
            """
        #expect(SegueKitClasses.publicNames(in: source) == ["Open", "Public", "Attributed", "Generic"])
    }
}
