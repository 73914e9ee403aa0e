#define _GNU_SOURCE
#include "supervisor.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// After fork() in a multi-threaded host only async-signal-safe calls are allowed: everything
// below the fork uses raw system calls and stack buffers, never malloc or stdio.

#define FS_WRITE_FILE   (1ULL << 1)
#define FS_REMOVE_DIR   (1ULL << 4)
#define FS_REMOVE_FILE  (1ULL << 5)
#define FS_MAKE_ALL     (0x7FULL << 6)   /* MAKE_CHAR … MAKE_SYM */
#define FS_REFER        (1ULL << 13)
#define FS_TRUNCATE     (1ULL << 14)

struct ruleset_attr { uint64_t handled_access_fs; };
struct path_beneath_attr { uint64_t allowed_access; int32_t parent_fd; } __attribute__((packed));

int sv_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, 1 /* LANDLOCK_CREATE_RULESET_VERSION */);
    return abi < 0 ? 0 : (int)abi;
}

static int add_rule(int ruleset, const char *path, uint64_t access) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT ? 0 : -1;  // a folder that does not exist needs no rule
    struct path_beneath_attr rule = { .allowed_access = access, .parent_fd = fd };
    long result = syscall(SYS_landlock_add_rule, ruleset, 1 /* LANDLOCK_RULE_PATH_BENEATH */, &rule, 0);
    int saved = errno;
    close(fd);
    errno = saved;
    return result < 0 ? -1 : 0;
}

int sv_landlock_ruleset(const char *const *dirs, const char *const *files) {
    int abi = sv_landlock_abi();
    if (abi <= 0) { errno = ENOSYS; return -1; }
    uint64_t file_rights = FS_WRITE_FILE | (abi >= 3 ? FS_TRUNCATE : 0);
    uint64_t handled = file_rights | FS_REMOVE_DIR | FS_REMOVE_FILE | FS_MAKE_ALL | (abi >= 2 ? FS_REFER : 0);
    struct ruleset_attr attr = { .handled_access_fs = handled };
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
    if (ruleset < 0) return -1;
    for (; dirs && *dirs; dirs++) {
        if (add_rule(ruleset, *dirs, handled) != 0) { int saved = errno; close(ruleset); errno = saved; return -1; }
    }
    for (; files && *files; files++) {
        if (add_rule(ruleset, *files, file_rights) != 0) { int saved = errno; close(ruleset); errno = saved; return -1; }
    }
    return ruleset;
}

static void pause_briefly(void) {
    struct timespec wait = { 0, 1000000 };  // 1 ms
    nanosleep(&wait, NULL);
}

struct linux_dirent64 { uint64_t ino; int64_t off; unsigned short reclen; unsigned char type; char name[]; };

/// The parent of `pid` from /proc/PID/stat, or -1.
static pid_t parent_of(const char *pid) {
    char path[64] = "/proc/";
    size_t length = 6;
    for (const char *c = pid; *c && length < 48; c++) path[length++] = *c;
    memcpy(path + length, "/stat", 6);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char buffer[1024];
    ssize_t count = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (count <= 0) return -1;
    buffer[count] = 0;
    char *close_paren = NULL;
    for (char *c = buffer; *c; c++) if (*c == ')') close_paren = c;
    if (!close_paren || close_paren[1] != ' ' || !close_paren[2] || close_paren[3] != ' ') return -1;
    pid_t parent = 0;
    for (char *c = close_paren + 4; *c >= '0' && *c <= '9'; c++) parent = parent * 10 + (*c - '0');
    return parent;
}

/// SIGKILLs every child of this process; returns how many it found.
static int kill_children(pid_t self) {
    int proc = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (proc < 0) return 0;
    char buffer[8192];
    int found = 0;
    long count;
    while ((count = syscall(SYS_getdents64, proc, buffer, sizeof buffer)) > 0) {
        for (long offset = 0; offset < count;) {
            struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
            offset += entry->reclen;
            if (entry->name[0] < '1' || entry->name[0] > '9') continue;
            if (parent_of(entry->name) != self) continue;
            pid_t pid = 0;
            for (char *c = entry->name; *c; c++) pid = pid * 10 + (*c - '0');
            kill(pid, SIGKILL);
            found++;
        }
    }
    close(proc);
    return found;
}

/// Kills and reaps until this process has no child left. Killing a child hands its own
/// children to us (we are the subreaper), so each round reaches one generation further.
static void collect_every_descendant(pid_t self) {
    for (;;) {
        int found = kill_children(self);
        while (waitpid(-1, NULL, WNOHANG) > 0) {}
        if (!found) {
            int status;
            pid_t reaped = waitpid(-1, &status, WNOHANG);
            if (reaped < 0 && errno == ECHILD) return;
        }
        pause_briefly();
    }
}

// MARK: - Whole-program limits (memory of the tree, bytes in its folders)
//
// Static buffers, no malloc: this runs in the supervisor, a fork of a multi-threaded host.

#define MAX_SCANNED 16384
#define MARK_SLOTS 32768  /* a power of two above twice MAX_SCANNED */
static pid_t scanned_pid[MAX_SCANNED], scanned_parent[MAX_SCANNED];
static pid_t marked[MARK_SLOTS];

static unsigned mark_slot(pid_t pid) { return ((unsigned)pid * 2654435761u) & (MARK_SLOTS - 1); }

static void mark(pid_t pid) {
    unsigned slot = mark_slot(pid);
    while (marked[slot] && marked[slot] != pid) slot = (slot + 1) & (MARK_SLOTS - 1);
    marked[slot] = pid;
}

static int is_marked(pid_t pid) {
    for (unsigned slot = mark_slot(pid); marked[slot]; slot = (slot + 1) & (MARK_SLOTS - 1)) {
        if (marked[slot] == pid) return 1;
    }
    return 0;
}

static pid_t parse_pid(const char *text) {
    pid_t pid = 0;
    for (const char *c = text; *c >= '0' && *c <= '9'; c++) pid = pid * 10 + (*c - '0');
    return pid;
}

/// Resident minus shared pages of /proc/PID/statm, in pages.
static long long private_pages(pid_t pid) {
    char path[64] = "/proc/", digits[16];
    int length = 0;
    for (pid_t rest = pid; rest > 0 && length < 15; rest /= 10) digits[length++] = (char)('0' + rest % 10);
    size_t at = 6;
    while (length > 0) path[at++] = digits[--length];
    memcpy(path + at, "/statm", 7);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char buffer[256];
    ssize_t count = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (count <= 0) return 0;
    buffer[count] = 0;
    long long fields[3] = { 0, 0, 0 };
    char *c = buffer;
    for (int field = 0; field < 3; field++) {
        while (*c == ' ') c++;
        for (; *c >= '0' && *c <= '9'; c++) fields[field] = fields[field] * 10 + (*c - '0');
    }
    return fields[1] > fields[2] ? fields[1] - fields[2] : 0;
}

long long sv_tree_resident_bytes(pid_t ancestor) {
    int proc = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (proc < 0) return 0;
    char buffer[8192];
    int count = 0;
    long read_bytes;
    while ((read_bytes = syscall(SYS_getdents64, proc, buffer, sizeof buffer)) > 0) {
        for (long offset = 0; offset < read_bytes;) {
            struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
            offset += entry->reclen;
            if (entry->name[0] < '1' || entry->name[0] > '9' || count >= MAX_SCANNED) continue;
            pid_t parent = parent_of(entry->name);
            if (parent <= 0) continue;
            scanned_pid[count] = parse_pid(entry->name);
            scanned_parent[count] = parent;
            count++;
        }
    }
    close(proc);
    // Descendants: marked once their parent is; a pass per generation at most.
    memset(marked, 0, sizeof marked);
    mark(ancestor);
    long long pages = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < count; i++) {
            if (scanned_pid[i] == 0 || !is_marked(scanned_parent[i])) continue;
            mark(scanned_pid[i]);
            pages += private_pages(scanned_pid[i]);
            scanned_pid[i] = 0;
            changed = 1;
        }
    }
    return pages * sysconf(_SC_PAGESIZE);
}

#define MAX_FOLDER_DEPTH 64

/// Bytes allocated beneath the open folder `folder` (closed here).
static long long folder_bytes_at(int folder, int depth) {
    char buffer[2048];
    long long total = 0;
    long count;
    while ((count = syscall(SYS_getdents64, folder, buffer, sizeof buffer)) > 0) {
        for (long offset = 0; offset < count;) {
            struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
            offset += entry->reclen;
            const char *name = entry->name;
            if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
            struct stat info;
            if (fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) != 0) continue;
            total += (long long)info.st_blocks * 512;
            if (!S_ISDIR(info.st_mode) || depth >= MAX_FOLDER_DEPTH) continue;
            int inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (inner < 0 && errno == EACCES) {
                // Made unreadable to hide what it holds: the run's folder is seguelab's to read.
                fchmodat(folder, name, (info.st_mode & 07777) | S_IRWXU, 0);
                inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            }
            if (inner >= 0) total += folder_bytes_at(inner, depth + 1);
        }
    }
    close(folder);
    return total;
}

long long sv_folder_bytes(const char *path) {
    int folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0 && errno == EACCES) {
        struct stat info;
        if (stat(path, &info) == 0) chmod(path, (info.st_mode & 07777) | S_IRWXU);
        folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    }
    return folder < 0 ? 0 : folder_bytes_at(folder, 0);
}

static long long folders_bytes(const char *const *folders) {
    long long total = 0;
    for (; folders && *folders; folders++) total += sv_folder_bytes(*folders);
    return total;
}

static void reset_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    for (int signal = 1; signal < 65; signal++) {
        if (signal == SIGKILL || signal == SIGSTOP) continue;
        sigaction(signal, &action, NULL);
    }
}

static void report(int fd, int code) {
    while (write(fd, &code, sizeof code) < 0 && errno == EINTR) {}
}

static void set_limit(int resource, long long bytes) {
    if (bytes <= 0) return;
    struct rlimit limit = { (rlim_t)bytes, (rlim_t)bytes };
    setrlimit(resource, &limit);
}

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/// The supervisor: starts the program, waits for it (or SIGTERM, SIGHUP, the host's death, its
/// own deadline), then clears every descendant.
static void supervise(const sv_request *r, int report_fd, int ruleset, int verdict_fd) {
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    // What the folders held before the program: only what it adds counts.
    long long folder_base = r->folder_bytes > 0 ? folders_bytes(r->folders) : 0;
    sigset_t waited;
    sigemptyset(&waited);
    sigaddset(&waited, SIGCHLD);
    sigaddset(&waited, SIGTERM);
    sigaddset(&waited, SIGHUP);
    sigprocmask(SIG_BLOCK, &waited, NULL);

    pid_t self = getpid();
    pid_t program = fork();
    if (program < 0) { report(report_fd, errno); _exit(127); }
    if (program == 0) {
        // A program whose supervisor is killed is killed with it (its own children are then
        // the host's session scan's to find).
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != self) _exit(127);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        signal(SIGINT, SIG_DFL);
        signal(SIGQUIT, SIG_DFL);
        set_limit(RLIMIT_AS, r->memory_bytes);
        set_limit(RLIMIT_FSIZE, r->file_bytes);
        if (r->cwd && chdir(r->cwd) != 0) { report(report_fd, errno); _exit(127); }
        if (ruleset >= 0) {
            prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
            if (syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) { report(report_fd, errno); _exit(127); }
            close(ruleset);
        }
        execve(r->path, r->argv, r->envp);
        report(report_fd, errno);
        _exit(127);
    }
    close(report_fd);
    if (ruleset >= 0) close(ruleset);
    // Only the program's tree may hold the output pipes open.
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null >= 0) { dup2(null, 1); dup2(null, 2); close(null); }

    // The deadline is the supervisor's own too: a host that is stopped (Ctrl-Z) or stuck
    // cannot let the program run past it.
    long long deadline = r->deadline_ms > 0 ? now_ms() + r->deadline_ms : 0;
    // The memory and folder limits hold for the whole program, which RLIMIT_AS and RLIMIT_FSIZE
    // (one process, one file) cannot: measured on a short period, the run ended when passed.
    int watching = r->tree_memory_bytes > 0 || r->folder_bytes > 0;
    long long next_watch = now_ms() + SV_WATCH_PERIOD_MS;
    int status = 0, ended = 0;
    while (!ended) {
        siginfo_t info;
        int signal;
        if (watching && now_ms() >= next_watch) {
            char verdict = 0;
            if (r->tree_memory_bytes > 0 && sv_tree_resident_bytes(self) > r->tree_memory_bytes) {
                verdict = SV_VERDICT_MEMORY;
            } else if (r->folder_bytes > 0 && folders_bytes(r->folders) - folder_base > r->folder_bytes) {
                verdict = SV_VERDICT_FOLDER;
            }
            if (verdict) {
                if (verdict_fd >= 0) { while (write(verdict_fd, &verdict, 1) < 0 && errno == EINTR) {} }
                status = SIGKILL;
                kill(program, SIGKILL);
                break;
            }
            next_watch = now_ms() + SV_WATCH_PERIOD_MS;
        }
        if (deadline || watching) {
            long long now = now_ms();
            long long left = deadline ? deadline - now : SV_WATCH_PERIOD_MS;
            if (deadline && left <= 0) {
                status = SIGKILL;
                kill(program, SIGKILL);
                break;
            }
            if (watching && next_watch - now < left) left = next_watch - now > 0 ? next_watch - now : 0;
            struct timespec wait = { left / 1000, (left % 1000) * 1000000 };
            signal = sigtimedwait(&waited, &info, &wait);
            if (signal < 0) continue;  // timed out (checked above) or interrupted
        } else {
            signal = sigwaitinfo(&waited, &info);
        }
        if (signal == SIGCHLD) {
            int child_status;
            pid_t reaped;
            while ((reaped = waitpid(-1, &child_status, WNOHANG)) > 0) {
                if (reaped == program) { status = child_status; ended = 1; }
            }
        } else if (signal == SIGTERM || signal == SIGHUP) {
            status = SIGKILL;  // as if killed: the host already knows why it stopped the run
            kill(program, SIGKILL);
            ended = 1;
        }
    }
    collect_every_descendant(getpid());
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    // End the way the program did, so the host reads the same signal (without a core file).
    int signal = WTERMSIG(status);
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigaction(signal, &action, NULL);
    sigset_t all;
    sigemptyset(&all);
    sigprocmask(SIG_SETMASK, &all, NULL);
    kill(getpid(), signal);
    _exit(128 + signal);
}

pid_t sv_spawn(const sv_request *r, int *error) {
    pid_t host = getpid();
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) { *error = errno; return -1; }
    pid_t supervisor = fork();
    if (supervisor < 0) { *error = errno; close(report[0]); close(report[1]); return -1; }
    if (supervisor == 0) {
        setsid();
        reset_signals();
        // When the host dies (the terminal closed, it was killed), the supervisor hears SIGHUP
        // and ends the run as it would on SIGTERM. The signal follows the thread that forked
        // us, which waits for the run; a host already gone is checked after arming it.
        prctl(PR_SET_PDEATHSIG, SIGHUP);
        if (getppid() != host) _exit(127);
        // Ctrl-C reaches the whole group: it is the program's to answer, not the supervisor's.
        signal(SIGINT, SIG_IGN);
        signal(SIGQUIT, SIG_IGN);
        // Standard streams first, then the two descriptors still needed at 3 and 4; the rest
        // of what the host has open (other runs' pipes, terminals, locks) is closed.
        int null = open("/dev/null", O_RDONLY);
        dup2(null, 0);
        dup2(r->stdout_fd, 1);
        dup2(r->stderr_fd, 2);
        int report_copy = fcntl(report[1], F_DUPFD, 6);
        int ruleset_copy = r->landlock_ruleset >= 0 ? fcntl(r->landlock_ruleset, F_DUPFD, 6) : -1;
        int verdict_copy = r->verdict_fd >= 0 ? fcntl(r->verdict_fd, F_DUPFD, 6) : -1;
        dup2(report_copy, 3);
        fcntl(3, F_SETFD, FD_CLOEXEC);
        int ruleset = -1, verdict = -1;
        if (ruleset_copy >= 0) { dup2(ruleset_copy, 4); fcntl(4, F_SETFD, FD_CLOEXEC); ruleset = 4; }
        if (verdict_copy >= 0) { dup2(verdict_copy, 5); fcntl(5, F_SETFD, FD_CLOEXEC); verdict = 5; }
        if (syscall(SYS_close_range, 6, ~0U, 0) != 0) {
            for (int fd = 6; fd < 65536; fd++) close(fd);
        }
        if (ruleset < 0) close(4);
        if (verdict < 0) close(5);
        supervise(r, 3, ruleset, verdict);
        _exit(127);
    }
    close(report[1]);
    int code = 0;
    ssize_t count;
    while ((count = read(report[0], &code, sizeof code)) < 0 && errno == EINTR) {}
    close(report[0]);
    if (count == sizeof code) {
        // The program never started; the supervisor is ending on its own.
        int status;
        while (waitpid(supervisor, &status, 0) < 0 && errno == EINTR) {}
        *error = code;
        return -1;
    }
    return supervisor;
}

int sv_exchange_paths(const char *a, const char *b) {
    return syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */) == 0 ? 0 : errno;
}
