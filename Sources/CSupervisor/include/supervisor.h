#ifndef SEGUELAB_SUPERVISOR_H
#define SEGUELAB_SUPERVISOR_H
#include <sys/types.h>

/// One program to run under a supervisor.
typedef struct {
    const char *path;
    char *const *argv;
    char *const *envp;
    int stdout_fd;
    int stderr_fd;
    const char *cwd;              /* NULL: the host's */
    long long memory_bytes;       /* RLIMIT_AS; 0: none */
    long long file_bytes;         /* RLIMIT_FSIZE; 0: none */
    int landlock_ruleset;         /* from sv_landlock_ruleset; -1: none */
    long long deadline_ms;        /* the supervisor ends the run this long after it starts; 0: never */
} sv_request;

/// Starts a supervisor in a session of its own, which starts the program and collects every
/// descendant the program leaves behind (it is their subreaper), however they detach. When the
/// program ends, the supervisor receives SIGTERM or SIGHUP, the thread that called sv_spawn ends
/// (the host died: PR_SET_PDEATHSIG) or `deadline_ms` passes, it kills them all, waits until none is
/// left, and exits with the program's status (or by its signal). Returns the supervisor's pid,
/// or -1 with `*error` set (the program could not be started: its errno).
pid_t sv_spawn(const sv_request *request, int *error);

/// A Landlock ruleset that lets a program write, create or delete files only beneath `dirs`
/// and write to the files `files` (both NULL-terminated); reading and running stay allowed.
/// Returns its file descriptor, or -1 with errno (ENOSYS or EOPNOTSUPP: the kernel has no
/// Landlock). The caller closes it.
int sv_landlock_ruleset(const char *const *dirs, const char *const *files);

/// The Landlock ABI version the kernel offers, 0 if none.
int sv_landlock_abi(void);

/// Swaps the files or folders at `a` and `b` in one step (renameat2 with RENAME_EXCHANGE).
/// Returns 0, or the errno (EINVAL: the file system cannot).
int sv_exchange_paths(const char *a, const char *b);

#endif
