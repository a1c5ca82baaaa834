/* What touchsynth-preload.c tells the virtual clock (virtual-clock.c); calls go that way only.
   And what the helper's files share: the lock, and how each finds libc's functions. */
#ifndef TOUCHSYNTH_PRELOAD_H
#define TOUCHSYNTH_PRELOAD_H

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "touchsynth-protocol.h"

/* The next definition of libc function `name` (RTLD_NEXT), looked up once per call site. Any
   thread may be first there: the pointer is published atomically. */
#define NEXT(name) ({                                                              \
    static __typeof__(&name) next_fn;                                              \
    __typeof__(&name) fn = __atomic_load_n(&next_fn, __ATOMIC_ACQUIRE);            \
    if (fn == NULL) {                                                              \
        fn = (__typeof__(&name))dlsym(RTLD_NEXT, #name);                           \
        __atomic_store_n(&next_fn, fn, __ATOMIC_RELEASE);                          \
    }                                                                              \
    fn;                                                                            \
})

/* Hidden, as every name the helper's files share: a program that links a copy of the helper and
   is run with the preloaded copy too (`touchsynth mock -- touchsynth debug`) would otherwise bind
   the preloaded copy's calls to its own copy's functions and lock, first in lookup order. */
#pragma GCC visibility push(hidden)

/* The one lock of the helper: every table it keeps (descriptors, ioctl trees, timers) is written
   only with it held. Nothing is called with it held that could take it again. */
extern pthread_mutex_t touchsynth_lock;

/* At load, from the helper's one constructor: the clock reads its variables, and is active
   unless the run's shared state (NULL without one) says another program took it. It reads which
   devices are closed there too. */
void touchsynth_clock_load(struct touchsynth_run_state *run);
/* Whether the run is on the virtual clock (its variables are set), whichever program took it. */
int touchsynth_clock_runs_virtual(void);
/* An input device was opened: the first device opened in the run, on a main thread, claims the
   virtual clock for its process. */
void touchsynth_clock_device_opened(void);
/* Reads the input device `fd` (opened non-blocking or not) straight from its pty: a reader that
   would block takes the replay's steps until the device is readable, and the clock reaches the
   time of the events read. */
ssize_t touchsynth_clock_read_device(int fd, void *buf, size_t count, int nonblocking);
/* A read of the unplugged /dev/input/event<event_number> fails with ENODEV. */
void touchsynth_clock_device_gone(int event_number);
/* Reads a virtual timerfd: 1 with the read's result in `result` if `fd` is one, else 0. */
int touchsynth_clock_read_timer(int fd, void *buf, size_t count, ssize_t *result);
/* `fd` is being closed. */
void touchsynth_clock_closed(int fd);

#pragma GCC visibility pop

#endif
