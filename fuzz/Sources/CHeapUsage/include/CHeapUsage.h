#ifndef CHEAP_USAGE_H
#define CHEAP_USAGE_H
#include <stddef.h>

/// Bytes malloc has handed out and not had back (glibc mallinfo2: arena + mmapped chunks).
size_t heap_bytes_in_use(void);

#endif
