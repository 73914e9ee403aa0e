# Shared by scripts/seguelab and scripts/test: make sure the machine can build SegueLab.
# Sourced, not run.

say() { printf 'seguelab: %s\n' "$*" >&2; }

# Installs Debian/Ubuntu packages with apt-get, with sudo when not root. Returns 1 (having said
# why) when that cannot be done here; the caller decides whether that is fatal.
apt_install() {
    if ! command -v apt-get >/dev/null 2>&1; then
        say "apt-get is not available here to install: $*"
        return 1
    fi
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo="sudo"
        else
            say "run 'apt-get install $*' as root, then try again."
            return 1
        fi
    fi
    say "installing $* (one time)..."
    $sudo apt-get update -qq || { say "apt-get update failed"; return 1; }
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null \
        || { say "could not install $* with apt-get"; return 1; }
}

# libedit's headers come from the system (Debian/Ubuntu: libedit-dev).
ensure_libedit() {
    if [ -f /usr/include/histedit.h ] || pkg-config --exists libedit 2>/dev/null; then
        return 0
    fi
    if ! apt_install libedit-dev pkg-config; then
        say "Install libedit's development files with your package manager (e.g. 'apt-get install libedit-dev',"
        say "'dnf install libedit-devel', 'pacman -S libedit', 'brew install libedit'), then run this command again."
        exit 1
    fi
}

# Graphviz's dot renders the storyboard diagrams in the tests. Without it those tests are
# skipped (and say so), so a machine where it cannot be installed still runs the rest.
ensure_graphviz() {
    command -v dot >/dev/null 2>&1 && return 0
    apt_install graphviz || say "Graphviz is missing: the tests that render DOT diagrams will be skipped."
}

ensure_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        say "no Swift toolchain on PATH: install Swift 6.2 or later (https://swift.org/install), then try again."
        exit 1
    fi
}

repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }
