import Foundation
import LessonKit

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
            let code = ProgressStore.whyDirectoryCannotBeCreated(path)
            throw FileSystemError(path: path, reason: "cannot create directory (\(String(cString: strerror(code))))")
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
