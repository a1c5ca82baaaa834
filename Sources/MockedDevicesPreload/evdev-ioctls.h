/* What touchsynth-preload.c and the virtual clock ask of the evdev ioctl answers (evdev-ioctls.c);
   calls go that way only. */
#ifndef TOUCHSYNTH_EVDEV_IOCTLS_H
#define TOUCHSYNTH_EVDEV_IOCTLS_H

#include <stddef.h>

/* Hidden: each copy of the helper calls its own (touchsynth-preload.h says why). */
#pragma GCC visibility push(hidden)

/* `fd` was opened on /dev/input/event<event_number> of the testbed at `root`: its answers are
   read now, and its ioctls start from the first one. */
void touchsynth_evdev_ioctls_opened(int fd, int event_number, const char *root);
/* Answers ioctl `request` on `fd`, opened as above on /dev/input/event<event_number>, as umockdev
   would: 1 with the ioctl's result in `result` (errno set on -1), or 0 when umockdev has to
   answer it. */
int touchsynth_evdev_ioctl(int fd, int event_number, unsigned long request, void *arg, int *result);
/* The virtual clock gave /dev/input/event<event_number> the frame of `length` bytes at `events`
   (struct input_events, as the kernel delivered them), read or not: its answers follow it. */
void touchsynth_evdev_ioctls_frame(int event_number, const void *events, size_t length);

#pragma GCC visibility pop

#endif
