import Foundation

/// Lines for standard error, unbuffered, for the commands that print without the shell.
package enum StandardError {
    package static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
