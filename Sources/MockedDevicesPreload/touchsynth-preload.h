/* What touchsynth-preload.c tells the virtual clock (virtual-clock.c); calls go that way only.
   And the descriptors and devices the preload follows, for all its files. */
#ifndef TOUCHSYNTH_PRELOAD_H
#define TOUCHSYNTH_PRELOAD_H

#include <dlfcn.h>
#include <stddef.h>
#include <sys/types.h>

/* Descriptors below this, opened on /dev/input/eventN with N up to the second, are followed. */
#define TOUCHSYNTH_MAX_TRACKED_FDS 4096
#define TOUCHSYNTH_MAX_EVENT_NUMBER 1000

/* The next definition of libc function `name` (RTLD_NEXT), looked up once per call site. */
#define NEXT(name) ({                                                              \
    static __typeof__(&name) next_fn;                                              \
    if (next_fn == NULL)                                                           \
        next_fn = (__typeof__(&name))dlsym(RTLD_NEXT, #name);                      \
    next_fn;                                                                       \
})

/* An input device node was opened: the first one claims the virtual clock for this process. */
void touchsynth_clock_device_opened(void);
/* Reads the input device `fd` (opened non-blocking or not) straight from its pty: a reader that
   would block takes the replay's steps until the device is readable, and the clock reaches the
   time of the events read. */
ssize_t touchsynth_clock_read_device(int fd, void *buf, size_t count, int nonblocking);
/* A read of the unplugged device `fd` fails with ENODEV. */
void touchsynth_clock_device_gone(int fd);
/* Reads a virtual timerfd: 1 with the read's result in `result` if `fd` is one, else 0. */
int touchsynth_clock_read_timer(int fd, void *buf, size_t count, ssize_t *result);
/* `fd` is being closed. */
void touchsynth_clock_closed(int fd);

#endif
