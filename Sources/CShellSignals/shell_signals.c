#include "shell_signals.h"
#include "reader.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
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

// Bracketed paste is switched on only while libedit reads, and must be off whenever anything
// else owns the terminal (a learner's program, $EDITOR, the user's own shell after we exit),
// or those would see ESC[200~ around every paste. The normal path turns it off when the read
// ends; a fatal signal or an exit during a read turns it off here, and puts the terminal modes
// back as they were before libedit changed them.
static volatile sig_atomic_t reading = 0;
static volatile sig_atomic_t paste_mode_on = 0;
static struct termios modes_before_reading;
static volatile sig_atomic_t have_modes = 0;

static const int fatal_signals[] = {SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP};
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction previous_actions[FATAL_COUNT];

static void write_all(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t n = write(STDOUT_FILENO, text, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        text += n;
        length -= (size_t)n;
    }
}

static void leave_terminal_as_found(void) {
    if (paste_mode_on) { paste_mode_on = 0; write_all("\033[?2004l"); }
    if (reading && have_modes) tcsetattr(STDIN_FILENO, TCSANOW, &modes_before_reading);
    reading = 0;
}

static void on_fatal(int sig, siginfo_t *info, void *context) {
    (void)context;
    int saved = errno;
    leave_terminal_as_found();
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        if (fatal_signals[i] == sig) sigaction(sig, &previous_actions[i], NULL);
    }
    // A fault repeats when the instruction is retried, now reaching the previous handler (the
    // Swift runtime's backtrace) with its real context; a signal sent by someone is sent again.
    if (info == NULL || info->si_code <= 0 || sig == SIGTERM || sig == SIGHUP || sig == SIGQUIT || sig == SIGABRT) raise(sig);
    errno = saved;
}

static void at_exit(void) { leave_terminal_as_found(); }

void seguelab_begin_reading(int bracketed_paste) {
    have_modes = tcgetattr(STDIN_FILENO, &modes_before_reading) == 0;
    reading = 1;
    if (bracketed_paste && !paste_mode_on) { write_all("\033[?2004h"); paste_mode_on = 1; }
}

void seguelab_end_reading(void) {
    reading = 0;
    if (paste_mode_on) { paste_mode_on = 0; write_all("\033[?2004l"); }
}

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

    struct sigaction fatal;
    memset(&fatal, 0, sizeof fatal);
    sigemptyset(&fatal.sa_mask);
    fatal.sa_flags = SA_SIGINFO | SA_ONSTACK;
    fatal.sa_sigaction = on_fatal;
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        sigaction(fatal_signals[i], NULL, &previous_actions[i]);
        // Signals ignored on purpose (nohup's SIGHUP) stay ignored.
        if (previous_actions[i].sa_handler == SIG_IGN) continue;
        sigaction(fatal_signals[i], &fatal, NULL);
    }
    atexit(at_exit);
}

// After another program had the terminal the window is measured again, without redrawing:
// the shell prints a fresh prompt, and a redraw would print it a second time on its line.
static volatile sig_atomic_t remeasure = 0;

void seguelab_note_resize(void) {
    remeasure = 1;
    wake_reader();
}

static volatile sig_atomic_t terminal_lost = 0;

int seguelab_take_terminal_lost(void) {
    int lost = terminal_lost;
    terminal_lost = 0;
    return lost;
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

// Bytes read ahead and given back (the key after a cut-short UTF-8 sequence, the keys after an
// ESC that did not start a paste): they are read again, in order, before the terminal.
static unsigned char unread_queue[16];
static size_t unread_count = 0;

void seguelab_unread_bytes(const unsigned char *bytes, size_t count) {
    if (count > sizeof unread_queue - unread_count) count = sizeof unread_queue - unread_count;
    memmove(unread_queue + count, unread_queue, unread_count);
    memcpy(unread_queue, bytes, count);
    unread_count += count;
}

int seguelab_read_byte(EditLine *el, int timeout_ms) {
    if (unread_count > 0) {
        int byte = unread_queue[0];
        memmove(unread_queue, unread_queue + 1, --unread_count);
        return byte;
    }
    for (;;) {
        struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {signal_pipe[0], POLLIN, 0}};
        int ready = poll(fds, signal_pipe[0] >= 0 ? 2 : 1, timeout_ms);
        if (ready < 0 && errno != EINTR) return SEGUELAB_READ_FAILED;
        if (ready == 0) return SEGUELAB_READ_TIMEOUT;
        drain_signal_pipe();
        if (sigint_seen) return SEGUELAB_READ_FAILED;
        if (el == NULL) {
            // A key read outside libedit (the pager): a resize waits for libedit's next read.
        } else if (sigwinch_seen) {
            sigwinch_seen = 0;
            remeasure = 0;
            el_resize(el);
            el_set(el, EL_REFRESH);
        } else if (remeasure) {
            remeasure = 0;
            el_resize(el);
        }
        if (ready < 0 || !(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        unsigned char byte;
        ssize_t n = read(STDIN_FILENO, &byte, 1);
        if (n == 0) return SEGUELAB_READ_END;
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            // EIO: a background process group reading its terminal. Retrying would spin
            // for ever (every read fails at once); the shell must stop instead.
            if (errno == EIO) terminal_lost = 1;
            return SEGUELAB_READ_FAILED;
        }
        return byte;
    }
}

/// Reads one character for libedit, decoding the locale's multibyte encoding (UTF-8). A byte
/// that is not valid UTF-8 becomes U+FFFD, so the editor always holds text it can show.
static int read_char(EditLine *el, wchar_t *out) {
    char bytes[MB_LEN_MAX];
    size_t length = 0;
    *out = L'\0';
    for (;;) {
        int byte = seguelab_read_byte(el, -1);
        if (byte == SEGUELAB_READ_END) return 0;
        if (byte < 0) return -1;
        if (byte == 0x1B && length == 0) {
            int paste = seguelab_read_paste_start(el);
            if (paste < 0) return paste == SEGUELAB_READ_END ? 0 : -1;
            if (paste) { *out = SEGUELAB_PASTE_KEY; return 1; }
        }
        bytes[length++] = (char)byte;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t r = mbrtowc(out, bytes, length, &state);
        if (r == (size_t)-2 && length < sizeof bytes) continue;  // the rest of the character follows
        if (r == (size_t)-1 || r == (size_t)-2) {
            *out = 0xFFFD;  // not valid: show a replacement
            // In `\xC3h` the `h` is a key of its own, not part of the bad sequence.
            if (length > 1) seguelab_unread_bytes((unsigned char *)&bytes[length - 1], 1);
        }
        if (*out == SEGUELAB_PASTE_KEY) *out = 0xFFFD;  // typed as UTF-8, it must not look like a paste
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

int seguelab_read_key(unsigned char *out, int capacity) {
    struct termios saved;
    int have = tcgetattr(STDIN_FILENO, &saved) == 0;
    if (have) {
        modes_before_reading = saved;
        have_modes = 1;
        reading = 1;
        struct termios raw = saved;
        raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
        raw.c_cc[VMIN] = 1;
        raw.c_cc[VTIME] = 0;
        tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    }
    int count = 0;
    int byte = seguelab_read_byte(NULL, -1);
    if (byte == SEGUELAB_READ_END) count = 0;
    else if (byte < 0) count = -1;
    else {
        out[count++] = (unsigned char)byte;
        // The rest of a UTF-8 character, or of an escape sequence (an arrow key), comes at once.
        int follow = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : byte >= 0xC0 ? 1 : byte == 0x1B ? capacity : 0;
        while (follow-- > 0 && count < capacity) {
            int next = seguelab_read_byte(NULL, 30);
            if (next < 0) break;
            out[count++] = (unsigned char)next;
        }
    }
    if (have) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    reading = 0;
    return count;
}
