import Foundation

struct FileSystemError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
}

/// The few file operations the shell needs, with errors that name the path.
enum FileSystem {
    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    static func createDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FileSystemError(path: path, reason: "cannot create directory (\(error.localizedDescription))")
        }
    }

    static func rename(_ from: String, to: String) throws {
        guard Foundation.rename(from, to) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(from)
            throw FileSystemError(path: to, reason: "cannot replace file: \(reason)")
        }
    }
}

/// The XDG base directories (state, cache, config), falling back to the spec's defaults.
public struct XDGDirectories: Sendable {
    public var stateHome: String
    public var cacheHome: String
    public var configHome: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func pick(_ key: String, _ fallback: String) -> String {
            // The spec says relative paths are invalid and must be ignored.
            if let value = environment[key], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        stateHome = pick("XDG_STATE_HOME", ".local/state")
        cacheHome = pick("XDG_CACHE_HOME", ".cache")
        configHome = pick("XDG_CONFIG_HOME", ".config")
    }

    /// `$XDG_STATE_HOME/seguelab`: history, progress, drafts.
    public var seguelabState: String { stateHome + "/seguelab" }
}
