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

# bubblewrap (bwrap) gives each learner's program its sandbox: a PID namespace, the file system
# read-only but for its folder, no terminal of the learner's. The containment tests need it;
# without it programs fall back to Landlock (and those tests say so).
ensure_sandbox() {
    command -v bwrap >/dev/null 2>&1 && return 0
    apt_install bubblewrap || say "bubblewrap is missing: programs run without a sandbox and its tests are skipped."
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

# The workshop dashboard's test drives a real headless Chromium (Debian's chromium) through the
# DevTools protocol with Node (20 or later: its WebSocket). Chromium is installed through apt
# when missing; the test fails, saying why, where neither can be had.
ensure_browser() {
    command -v chromium >/dev/null 2>&1 || apt_install chromium \
        || say "chromium is missing: the workshop dashboard test will fail until it is installed."
    command -v node >/dev/null 2>&1 || apt_install nodejs \
        || say "node is missing: the workshop dashboard test will fail until Node 20 or later is installed."
    # The dashboard's join card draws the join link's QR code with qrencode (libqrencode).
    command -v qrencode >/dev/null 2>&1 || apt_install qrencode \
        || say "qrencode is missing: the workshop QR code test will fail until it is installed."
}

# The workshop's PostgreSQL tests start a throwaway cluster of Debian's PostgreSQL (initdb,
# pg_ctl under /usr/lib/postgresql/VERSION/bin). PostgreSQL refuses to run as root, so when
# the tests run as root the cluster runs as the unprivileged system user seguelab-test,
# created here. Without PostgreSQL those tests fail, saying why.
ensure_postgres() {
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || apt_install postgresql \
        || say "PostgreSQL is missing: the workshop PostgreSQL tests will fail until it is installed."
    # The TLS test makes the cluster's certificate with openssl.
    command -v openssl >/dev/null 2>&1 || apt_install openssl \
        || say "openssl is missing: the workshop PostgreSQL TLS test will fail until it is installed."
    if [ "$(id -u)" -eq 0 ] && ! id -u seguelab-test >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin seguelab-test \
            || say "could not create the user seguelab-test: the workshop PostgreSQL tests will fail."
    fi
}

ensure_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        say "no Swift toolchain on PATH: install Swift 6.2 or later (https://swift.org/install), then try again."
        exit 1
    fi
}

repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }
