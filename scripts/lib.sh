# Shared by scripts/seguelab and scripts/test: make sure the machine can build SegueLab.
# Sourced, not run.

say() { printf 'seguelab: %s\n' "$*" >&2; }

# libedit's headers come from the system (Debian/Ubuntu: libedit-dev). Installed through apt when
# missing, with sudo when not root.
ensure_libedit() {
    if [ -f /usr/include/histedit.h ] || pkg-config --exists libedit 2>/dev/null; then
        return 0
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        say "libedit's development files are missing and apt-get is not available here."
        say "Install libedit with your package manager (e.g. 'dnf install libedit-devel',"
        say "'pacman -S libedit', 'brew install libedit'), then run this command again."
        exit 1
    fi
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo="sudo"
        else
            say "libedit-dev is missing; run 'apt-get install libedit-dev' as root, then try again."
            exit 1
        fi
    fi
    say "installing libedit-dev (one time)..."
    $sudo apt-get update -qq || { say "apt-get update failed"; exit 1; }
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libedit-dev pkg-config >/dev/null \
        || { say "could not install libedit-dev with apt-get"; exit 1; }
}

# The end-to-end tests open real terminal editors in a pseudo-terminal (`edit` with vi, the
# default, and with nano). Installed through apt when missing.
ensure_test_editors() {
    local missing=()
    [ -x /usr/bin/vi ] || missing+=(vim-tiny)
    command -v nano >/dev/null 2>&1 || missing+=(nano)
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        say "the editor tests need vi and nano; install ${missing[*]} with your package manager."
        exit 1
    fi
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || { say "${missing[*]} missing; run 'apt-get install ${missing[*]}' as root, then try again."; exit 1; }
        sudo="sudo"
    fi
    say "installing ${missing[*]} for the editor tests (one time)..."
    $sudo apt-get update -qq || { say "apt-get update failed"; exit 1; }
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null \
        || { say "could not install ${missing[*]} with apt-get"; exit 1; }
}

ensure_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        say "no Swift toolchain on PATH: install Swift 6.2 or later (https://swift.org/install), then try again."
        exit 1
    fi
}

repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }
