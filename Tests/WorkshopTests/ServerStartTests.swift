import Foundation
import TestSupport
import Testing

@testable import WorkshopServer

/// What stops a second server: the same data file (refused, naming the process that serves
/// it) or a port in use (said plainly), and the first server goes on untouched.
@Suite(.serialized)
struct ServerStartTests {
    /// Runs the server to its end (it should refuse to start) and returns what it printed.
    static func refused(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerProcess.binary)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return (-1, String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        return (
            process.terminationStatus,
            String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        )
    }

    @Test func aSecondServerOnTheSameDataFileIsRefused() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let data = home.appendingPathComponent("room.sqlite")
        let first = try ServerProcess(pack: pack, data: data, log: home.appendingPathComponent("first.log"))
        defer { first.stop() }
        let second = try Self.refused(["--pack", pack.path, "--host", "127.0.0.1", "--port", "0", "--data", data.path])
        #expect(second.status != 0 && second.status != -1, "the second server kept running: \(second.output)")
        #expect(
            second.output.contains("another workshop server (process \(first.process.processIdentifier))"),
            "\(second.output)")
        #expect(second.output.contains(data.path), "\(second.output)")
        #expect(try await first.room().learners.isEmpty)

        // Once the first has stopped (even killed), the file is free again.
        first.kill9()
        let again = try ServerProcess(pack: pack, data: data, log: home.appendingPathComponent("again.log"))
        defer { again.stop() }
        #expect(try await again.room().learners.isEmpty)
    }

    @Test func aTakenPortIsSaidPlainly() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let first = try ServerProcess(
            pack: pack, data: home.appendingPathComponent("a.sqlite"),
            log: home.appendingPathComponent("first.log"))
        defer { first.stop() }
        let second = try Self.refused([
            "--pack", pack.path, "--host", "127.0.0.1", "--port", String(first.port),
            "--data", home.appendingPathComponent("b.sqlite").path
        ])
        #expect(second.status != 0 && second.status != -1, "\(second.output)")
        #expect(
            second.output.contains("port \(first.port) on 127.0.0.1 is already in use by another program"),
            "\(second.output)")
        #expect(!second.output.contains("errno"), "\(second.output)")
        #expect(try await first.room().learners.isEmpty)
    }

    /// Without TLS, a server open to the network says that its traffic, the dashboard token
    /// included, can be read there; one on loopback does not.
    @Test func aServerOpenToTheNetworkWarnsThatItIsPlainHTTP() async throws {
        let home = try SeguelabBinary.makeHome()
        let pack = try WorkshopFixture.makePack(in: home)
        let open = try ServerProcess(
            pack: pack, data: home.appendingPathComponent("a.sqlite"),
            log: home.appendingPathComponent("open.log"), extra: ["--host", "0.0.0.0"])
        defer { open.stop() }
        let said = try String(contentsOf: open.log, encoding: .utf8)
        #expect(
            said.contains(
                "Plain HTTP, no TLS: anyone on this network can read what passes, "
                    + "the dashboard token included."), "\(said)")
        #expect(said.contains("Open the dashboard on this machine (http://127.0.0.1:\(open.port)/dashboard"), "\(said)")
        let local = try ServerProcess(
            pack: pack, data: home.appendingPathComponent("b.sqlite"),
            log: home.appendingPathComponent("local.log"))
        defer { local.stop() }
        #expect(!(try String(contentsOf: local.log, encoding: .utf8)).contains("no TLS"))
    }
}
