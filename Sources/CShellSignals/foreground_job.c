#include "shell_signals.h"
#include "reader.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

// A program that needs the terminal (the learner's $EDITOR) runs as a shell runs a foreground
// job: in a process group of its own that owns the terminal while it runs. A program left in
// a group that does not own the terminal cannot read it (vim: "Error reading input"); one run
// in the shell's own group would share its Ctrl-C. Afterwards the terminal goes back to the
// shell with the modes it had, and whatever the editor left unread (late answers to its
// terminal queries) is dropped so it does not land on the shell's next line.

static void block_job_control_signals(sigset_t *previous) {
    sigset_t set;
    sigemptyset(&set);
    // tcsetpgrp from a group that is not (or no longer) in the foreground raises SIGTTOU.
    sigaddset(&set, SIGTTOU);
    sigaddset(&set, SIGTTIN);
    sigaddset(&set, SIGTSTP);
    sigaddset(&set, SIGCHLD);
    pthread_sigmask(SIG_BLOCK, &set, previous);
}

int seguelab_run_foreground(const char *path, char *const argv[], char *const envp[]) {
    int tty = STDIN_FILENO;
    int owns_terminal = isatty(tty) && tcgetpgrp(tty) == getpgrp();
    struct termios modes;
    int have_modes = isatty(tty) && tcgetattr(tty, &modes) == 0;

    sigset_t previous;
    block_job_control_signals(&previous);
    pid_t pid = fork();
    if (pid < 0) {
        int saved = errno;
        pthread_sigmask(SIG_SETMASK, &previous, NULL);
        errno = saved;
        return -1;
    }
    if (pid == 0) {
        // Only async-signal-safe calls until exec: the parent has other threads.
        setpgid(0, 0);
        if (owns_terminal) tcsetpgrp(tty, getpid());  // SIGTTOU is blocked here
        struct sigaction defaults;
        memset(&defaults, 0, sizeof defaults);
        defaults.sa_handler = SIG_DFL;
        sigemptyset(&defaults.sa_mask);
        const int reset[] = {SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD, SIGWINCH, SIGPIPE,
                             SIGTERM, SIGHUP, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP};
        for (size_t i = 0; i < sizeof reset / sizeof reset[0]; i++) sigaction(reset[i], &defaults, NULL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execve(path, argv, envp);
        _exit(127);
    }
    // Both sides set the group and hand over the terminal, so neither order of running loses it.
    setpgid(pid, pid);
    if (owns_terminal) tcsetpgrp(tty, pid);

    int status = 0;
    for (;;) {
        pid_t done = waitpid(pid, &status, WUNTRACED);
        if (done < 0) {
            if (errno == EINTR) continue;
            status = -1;
            break;
        }
        if (WIFSTOPPED(status)) {
            // Ctrl-Z in the editor: there is no job to put in the background here, so the
            // editor gets the terminal back and carries on.
            if (owns_terminal) tcsetpgrp(tty, pid);
            kill(-pid, SIGCONT);
            continue;
        }
        break;
    }

    if (owns_terminal) tcsetpgrp(tty, getpgrp());
    if (have_modes) tcsetattr(tty, TCSADRAIN, &modes);
    if (isatty(tty)) tcflush(tty, TCIFLUSH);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    // The window may have changed while the editor owned the terminal (SIGWINCH went to its
    // group): the line editor measures it again before its next line.
    seguelab_note_resize();
    if (status == -1) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
