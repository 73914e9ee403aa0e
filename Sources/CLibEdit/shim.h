#ifndef SEGUELAB_CLIBEDIT_SHIM_H
#define SEGUELAB_CLIBEDIT_SHIM_H
// libedit's el_set and history are C-variadic, which Swift cannot call; these
// fixed-signature wrappers are the only bridge the shell needs.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <locale.h>
#include <langinfo.h>
#include <histedit.h>
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <wchar.h>
#include <limits.h>
#include <poll.h>
#include <fcntl.h>

// The C standard streams, as functions: Swift 6 treats the globals as unsafe shared state.
static inline FILE *seguelab_stdin(void) { return stdin; }
static inline FILE *seguelab_stdout(void) { return stdout; }
static inline FILE *seguelab_stderr(void) { return stderr; }

typedef char *(*seguelab_prompt_fn)(EditLine *);
typedef unsigned char (*seguelab_command_fn)(EditLine *, int);

static inline int seguelab_el_set_prompt(EditLine *el, seguelab_prompt_fn fn) {
    return el_set(el, EL_PROMPT, fn);
}
static inline int seguelab_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}
static inline int seguelab_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}
static inline int seguelab_el_add_function(EditLine *el, const char *name, const char *help,
                                           seguelab_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int seguelab_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}
static inline int seguelab_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}
static inline int seguelab_el_set_client_data(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}
static inline void *seguelab_el_client_data(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

static inline int seguelab_history_set_size(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}
static inline int seguelab_history_set_unique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}
static inline int seguelab_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}
static inline int seguelab_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}
static inline int seguelab_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}
static inline int seguelab_history_count(History *h) {
    HistEvent ev;
    if (history(h, &ev, H_GETSIZE) < 0) return -1;
    return ev.num;
}

// Ctrl-C and window resizes while libedit waits for a key. The signal may land on any thread
// of the process (Swift's runtime has several), so the handlers write a byte to a pipe that the
// reader polls next to the terminal: a signal always wakes the read, whichever thread took it.
// libedit's own read loop would retry an interrupted read, so Ctrl-C needs this reader to end
// el_gets (it then returns NULL with a count of -1).
static volatile sig_atomic_t seguelab_sigint_seen = 0;
static volatile sig_atomic_t seguelab_sigwinch_seen = 0;
static int seguelab_signal_pipe[2] = {-1, -1};

static void seguelab_wake_reader(void) {
    int saved = errno;
    if (seguelab_signal_pipe[1] >= 0) { char b = 1; (void)!write(seguelab_signal_pipe[1], &b, 1); }
    errno = saved;
}
static void seguelab_on_sigint(int sig) { (void)sig; seguelab_sigint_seen = 1; seguelab_wake_reader(); }
static void seguelab_on_sigwinch(int sig) { (void)sig; seguelab_sigwinch_seen = 1; seguelab_wake_reader(); }

/// Installs the handlers (once) and the wake-up pipe.
static inline void seguelab_install_signal_handlers(void) {
    if (seguelab_signal_pipe[0] >= 0) return;
    if (pipe(seguelab_signal_pipe) == 0) {
        for (int i = 0; i < 2; i++) {
            fcntl(seguelab_signal_pipe[i], F_SETFL, fcntl(seguelab_signal_pipe[i], F_GETFL) | O_NONBLOCK);
            fcntl(seguelab_signal_pipe[i], F_SETFD, FD_CLOEXEC);
        }
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    action.sa_handler = seguelab_on_sigint;
    sigaction(SIGINT, &action, NULL);
    action.sa_handler = seguelab_on_sigwinch;
    sigaction(SIGWINCH, &action, NULL);
}
static inline int seguelab_take_sigint(void) {
    int seen = seguelab_sigint_seen;
    seguelab_sigint_seen = 0;
    return seen;
}
static inline void seguelab_drain_signal_pipe(void) {
    char sink[64];
    while (seguelab_signal_pipe[0] >= 0 && read(seguelab_signal_pipe[0], sink, sizeof sink) > 0) {}
}

/// Reads one character for libedit, decoding the locale's multibyte encoding (UTF-8).
static inline int seguelab_read_char(EditLine *el, wchar_t *out) {
    char bytes[MB_LEN_MAX];
    size_t length = 0;
    for (;;) {
        struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {seguelab_signal_pipe[0], POLLIN, 0}};
        if (poll(fds, seguelab_signal_pipe[0] >= 0 ? 2 : 1, -1) < 0 && errno != EINTR) {
            *out = L'\0';
            return -1;
        }
        seguelab_drain_signal_pipe();
        if (seguelab_sigint_seen) { *out = L'\0'; return -1; }
        if (seguelab_sigwinch_seen) {
            seguelab_sigwinch_seen = 0;
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
static inline unsigned char seguelab_interrupt_key(EditLine *el, int ch) {
    (void)el; (void)ch;
    seguelab_sigint_seen = 1;
    return CC_EOF;
}
static inline int seguelab_el_bind_interrupt(EditLine *el) {
    el_set(el, EL_ADDFN, "seguelab-interrupt", "Discard the line (Ctrl-C)", seguelab_interrupt_key);
    return el_set(el, EL_BIND, "^C", "seguelab-interrupt", NULL);
}
static inline int seguelab_el_use_reader(EditLine *el) {
    return el_set(el, EL_GETCFN, seguelab_read_char);
}
#endif
