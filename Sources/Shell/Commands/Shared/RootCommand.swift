import ArgumentParser
import Foundation

/// Runs an executable's root command on its arguments, as ArgumentParser's `main` does, but
/// ends at once on an exit status: ArgumentParser would build the whole help (every option
/// group, validated again in a debug build) only to print nothing.
package enum RootCommand {
    package static func main<Root: AsyncParsableCommand>(_ root: Root.Type, arguments: [String]) async {
        do {
            var command = try root.parseAsRoot(arguments)
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            root.exit(withError: error)
        }
    }
}
