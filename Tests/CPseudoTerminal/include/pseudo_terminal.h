#ifndef SEGUELAB_PSEUDO_TERMINAL_H
#define SEGUELAB_PSEUDO_TERMINAL_H
#include <sys/types.h>

/// Starts `path` in a new session whose controlling terminal is a fresh pseudo-terminal of the
/// given size. Returns the child's pid and stores the terminal's master side in `*master`, or
/// returns -1 with errno set.
pid_t pt_spawn(const char *path, char *const argv[], char *const envp[],
               unsigned short columns, unsigned short rows, int *master);
#endif
