#include "shell_signals.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

// The signal may land on any thread of the process (Swift's runtime has several), so the
// handlers write a byte to a pipe that the reader polls next to the terminal: a signal always
// wakes the read, whichever thread took it. libedit's own read loop would retry an interrupted
// read, so Ctrl-C needs this reader to end el_gets (it then returns NULL with a count of -1).
static volatile sig_atomic_t sigint_seen = 0;
static volatile sig_atomic_t sigwinch_seen = 0;
static int signal_pipe[2] = {-1, -1};

static void wake_reader(void) {
    int saved = errno;
    if (signal_pipe[1] >= 0) { char b = 1; (void)!write(signal_pipe[1], &b, 1); }
    errno = saved;
}
static void on_sigint(int sig) { (void)sig; sigint_seen = 1; wake_reader(); }
static void on_sigwinch(int sig) { (void)sig; sigwinch_seen = 1; wake_reader(); }

void seguelab_install_signal_handlers(void) {
    if (signal_pipe[0] >= 0) return;
    if (pipe(signal_pipe) == 0) {
        for (int i = 0; i < 2; i++) {
            fcntl(signal_pipe[i], F_SETFL, fcntl(signal_pipe[i], F_GETFL) | O_NONBLOCK);
            fcntl(signal_pipe[i], F_SETFD, FD_CLOEXEC);
        }
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    action.sa_handler = on_sigint;
    sigaction(SIGINT, &action, NULL);
    action.sa_handler = on_sigwinch;
    sigaction(SIGWINCH, &action, NULL);
}

int seguelab_take_sigint(void) {
    int seen = sigint_seen;
    sigint_seen = 0;
    return seen;
}

static void drain_signal_pipe(void) {
    char sink[64];
    while (signal_pipe[0] >= 0 && read(signal_pipe[0], sink, sizeof sink) > 0) {}
}

/// Reads one character for libedit, decoding the locale's multibyte encoding (UTF-8).
static int read_char(EditLine *el, wchar_t *out) {
    char bytes[MB_LEN_MAX];
    size_t length = 0;
    for (;;) {
        struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {signal_pipe[0], POLLIN, 0}};
        if (poll(fds, signal_pipe[0] >= 0 ? 2 : 1, -1) < 0 && errno != EINTR) {
            *out = L'\0';
            return -1;
        }
        drain_signal_pipe();
        if (sigint_seen) { *out = L'\0'; return -1; }
        if (sigwinch_seen) {
            sigwinch_seen = 0;
            el_resize(el);
            el_set(el, EL_REFRESH);
        }
        if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        char byte;
        ssize_t n = read(STDIN_FILENO, &byte, 1);
        if (n == 0) { *out = L'\0'; return 0; }
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            *out = L'\0';
            return -1;
        }
        bytes[length++] = byte;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t r = mbrtowc(out, bytes, length, &state);
        if (r == (size_t)-2 && length < sizeof bytes) continue;  // the rest of the character follows
        if (r == (size_t)-1 || r == (size_t)-2) *out = 0xFFFD;   // not valid: show a replacement
        return 1;
    }
}

/// Bound to ^C: libedit's edit mode can take the terminal out of ISIG, so Ctrl-C may arrive as
/// a key rather than a signal. Either way the line ends as interrupted.
static unsigned char interrupt_key(EditLine *el, int ch) {
    (void)el; (void)ch;
    sigint_seen = 1;
    return CC_EOF;
}

int seguelab_el_bind_interrupt(EditLine *el) {
    el_set(el, EL_ADDFN, "seguelab-interrupt", "Discard the line (Ctrl-C)", interrupt_key);
    return el_set(el, EL_BIND, "^C", "seguelab-interrupt", NULL);
}

int seguelab_el_use_reader(EditLine *el) {
    return el_set(el, EL_GETCFN, read_char);
}
