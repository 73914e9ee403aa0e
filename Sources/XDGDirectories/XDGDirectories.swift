import Foundation

/// The XDG base directories (state, cache, data, config), read from the environment once, for
/// every part of seguelab: progress, drafts and history go under state, extracted packs and
/// SegueKit builds under cache, installed packs under data.
///
/// As the specification says, a variable that is unset, empty or relative is ignored and the
/// default under `$HOME` is used.
package struct XDGDirectories: Sendable, Equatable {
    package var stateHome: String
    package var cacheHome: String
    package var dataHome: String
    package var configHome: String

    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func pick(_ key: String, _ fallback: String) -> String {
            if let value = environment[key], value.hasPrefix("/") { return value }
            return (home as NSString).appendingPathComponent(fallback)
        }
        stateHome = pick("XDG_STATE_HOME", ".local/state")
        cacheHome = pick("XDG_CACHE_HOME", ".cache")
        dataHome = pick("XDG_DATA_HOME", ".local/share")
        configHome = pick("XDG_CONFIG_HOME", ".config")
    }

    /// `$XDG_STATE_HOME/seguelab`: progress, drafts, history.
    package var seguelabState: String { stateHome + "/seguelab" }
    /// `$XDG_CACHE_HOME/seguelab`: SegueKit builds, extracted archives.
    package var seguelabCache: String { cacheHome + "/seguelab" }
    /// `$XDG_DATA_HOME/seguelab`: installed packs.
    package var seguelabData: String { dataHome + "/seguelab" }
}
