#define _GNU_SOURCE
#include "pseudo_terminal.h"
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <sys/syscall.h>
#include <unistd.h>

static void close_fds_from(int first) {
    if (syscall(SYS_close_range, first, ~0U, 0) == 0) return;
    long last = sysconf(_SC_OPEN_MAX);
    for (int fd = first; fd < (last > 0 ? last : 1024); fd++) close(fd);
}

pid_t pt_spawn(const char *path, char *const argv[], char *const envp[],
               unsigned short columns, unsigned short rows, int *master) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (fd < 0) return -1;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0) { close(fd); return -1; }
    // ptsname_r, not ptsname: tests start terminals from several threads at once, and
    // ptsname's shared buffer could hand this child another test's terminal.
    char name[128];
    if (ptsname_r(fd, name, sizeof name) != 0) { close(fd); return -1; }
    struct winsize size = { .ws_row = rows, .ws_col = columns };
    ioctl(fd, TIOCSWINSZ, &size);
    pid_t pid = fork();
    if (pid < 0) { close(fd); return -1; }
    if (pid == 0) {
        setsid();
        int slave = open(name, O_RDWR);  // first terminal opened by a session leader: controlling tty
        if (slave < 0) _exit(126);
        ioctl(slave, TIOCSCTTY, 0);
        dup2(slave, 0); dup2(slave, 1); dup2(slave, 2);
        if (slave > 2) close(slave);
        close(fd);
        // Nothing else the test process has open reaches the shell under test: a file another
        // test is writing at this moment would stay open for writing in it, and running that
        // file ("Text file busy") would fail for as long as the shell lives.
        close_fds_from(3);
        execve(path, argv, envp);
        _exit(127);
    }
    *master = fd;
    return pid;
}
