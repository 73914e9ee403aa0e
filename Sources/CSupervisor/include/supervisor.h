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
    long long tree_memory_bytes;  /* private resident memory of all the program's processes together; 0: none */
    long long folder_bytes;       /* bytes the program may add to `folders` together; 0: none */
    const char *const *folders;   /* NULL-terminated; measured when folder_bytes > 0 */
    int verdict_fd;               /* the supervisor writes SV_VERDICT_* here when a limit ends the run; -1: none */
} sv_request;

/// What the supervisor writes to `verdict_fd` when it ended the run for a limit of the whole
/// program (the host cannot tell otherwise: the program is simply killed).
#define SV_VERDICT_MEMORY 77  /* 'M' */
#define SV_VERDICT_FOLDER 70  /* 'F' */

/// How often the supervisor measures the program's memory and folders, in milliseconds.
#define SV_WATCH_PERIOD_MS 50

/// Starts a supervisor in a session of its own, which starts the program and collects every
/// descendant the program leaves behind (it is their subreaper), however they detach. When the
/// program ends, the supervisor receives SIGTERM or SIGHUP, the thread that called sv_spawn ends
/// (the host died: PR_SET_PDEATHSIG) or `deadline_ms` passes, it kills them all, waits until none is
/// left, and exits with the program's status (or by its signal). Every `SV_WATCH_PERIOD_MS` it sums
/// the private resident memory of all its descendants and the bytes in `folders`; past
/// `tree_memory_bytes` or `folder_bytes` it writes the verdict and ends the run as on SIGTERM. Returns the supervisor's pid,
/// or -1 with `*error` set (the program could not be started: its errno).
pid_t sv_spawn(const sv_request *request, int *error);

/// A Landlock ruleset that lets a program write, create or delete files only beneath `dirs`
/// and write to the files `files` (both NULL-terminated); reading and running stay allowed.
/// Returns its file descriptor, or -1 with errno (ENOSYS or EOPNOTSUPP: the kernel has no
/// Landlock). The caller closes it.
int sv_landlock_ruleset(const char *const *dirs, const char *const *files);

/// The Landlock ABI version the kernel offers, 0 if none.
int sv_landlock_abi(void);

/// The private resident memory (resident minus file-backed and shared pages) of every
/// descendant of `ancestor`, in bytes.
long long sv_tree_resident_bytes(pid_t ancestor);

/// The bytes allocated on disk beneath the folder `path` (st_blocks, so reserved space counts;
/// holes do not). Folders the program made unreadable are given back their owner's rights.
long long sv_folder_bytes(const char *path);

/// Swaps the files or folders at `a` and `b` in one step (renameat2 with RENAME_EXCHANGE).
/// Returns 0, or the errno (EINVAL: the file system cannot).
int sv_exchange_paths(const char *a, const char *b);

#endif
