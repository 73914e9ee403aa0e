import CShellSignals

/// Ctrl-C while the shell is waiting for input or running a program. The handler (in C, so it
/// is async-signal-safe) only records the signal; the shell decides what it means: clear the
/// line at the prompt, stop the program while one runs.
package enum InterruptFlag {
    package static func install() { seguelab_install_signal_handlers() }
    /// True if Ctrl-C came since the last call.
    package static func take() -> Bool { seguelab_take_sigint() != 0 }
}
