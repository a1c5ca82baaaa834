/* What touchsynth-preload.c asks of the evdev ioctl answers (evdev-ioctls.c); calls go that way only. */
#ifndef TOUCHSYNTH_EVDEV_IOCTLS_H
#define TOUCHSYNTH_EVDEV_IOCTLS_H

/* `fd` was opened on /dev/input/event<event_number> of the testbed at `root`: its answers are
   read now, and its ioctls start from the first one. */
void touchsynth_evdev_ioctls_opened(int fd, int event_number, const char *root);
/* Answers ioctl `request` on `fd`, opened as above on /dev/input/event<event_number>, as umockdev
   would: 1 with the ioctl's result in `result` (errno set on -1), or 0 when umockdev has to
   answer it. */
int touchsynth_evdev_ioctl(int fd, int event_number, unsigned long request, void *arg, int *result);

#endif
