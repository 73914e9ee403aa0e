import ArgumentParser
import Shell

/// `seguelab doctor`: is this machine ready for the lessons? Compiles SegueKit ahead of time.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract:
            "Check this machine for the lessons (toolchain, libedit, folders, terminal) and compile SegueKit ahead of time.",
        discussion:
            "Each problem comes with what to do about it. The exit status is 1 when something blocks the lessons."
    )

    @Flag(name: .customLong("no-build"), help: "Check only: do not compile SegueKit and a first program.")
    var noBuild = false

    @OptionGroup var display: DisplayOptions

    func run() async throws {
        let status = await Doctor(color: display.colorChoice, build: !noBuild).run()
        if status != 0 { throw ExitCode(status) }
    }
}
