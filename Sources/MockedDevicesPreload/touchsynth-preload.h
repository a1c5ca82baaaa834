/* What the preload's parts (touchsynth-preload.c, virtual-clock.c) tell each other. */
#ifndef TOUCHSYNTH_PRELOAD_H
#define TOUCHSYNTH_PRELOAD_H

#include <stddef.h>
#include <sys/types.h>

/* An input device node was opened: the first one claims the virtual clock for this process. */
void touchsynth_clock_device_opened(void);
/* `fd`, an input device, is about to be read. */
void touchsynth_clock_before_device_read(int fd);
/* `bytes` of input events were read from an input device into `buf`. */
void touchsynth_clock_device_read(const void *buf, ssize_t bytes);
/* A read of the unplugged device `fd` fails with ENODEV. */
void touchsynth_clock_device_gone(int fd);
/* Reads a virtual timerfd: 1 with the read's result in `result` if `fd` is one, else 0. */
int touchsynth_clock_read(int fd, void *buf, size_t count, ssize_t *result);
/* `fd` is being closed. */
void touchsynth_clock_closed(int fd);

#endif
