import ArgumentParser
import Foundation
import LessonKit
import Shell

/// `seguelab help authoring` (or `seguelab authoring`): the guide to writing lesson packs.
struct AuthoringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authoring",
        abstract: "Print the guide to writing lesson packs (the pack format, step kinds, checks).",
        discussion:
            "Also shown by `seguelab help authoring`. The guide is installed beside the built-in lessons (share/seguelab/authoring.md)."
    )

    func run() throws {
        do { print(try AuthoringGuide.text(), terminator: "") } catch { throw error.exit() }
    }
}
