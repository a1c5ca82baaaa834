/*
 * touchsynth-preload: covers two gaps of umockdev 0.17.16 (both fixed upstream in 2025) so that
 * real libinput accepts a mocked evdev device without root, and reads the device directly.
 *
 * It must come *before* libumockdev-preload in LD_PRELOAD: umockdev calls libc directly, so only
 * a library loaded ahead of it sees the application's calls.
 *
 * 1. libudev decides whether a device "is initialized" by reading /run/udev/data/c13:N.
 *    Opens of /run/udev/data/... are redirected into $UMOCKDEV_DIR/run/udev/data/..., where the
 *    harness writes the database entry.
 * 2. libinput compares fstat().st_rdev of the opened fd with the udev device's devnum; the fd is
 *    really a pty. For fds opened on /dev/input/eventN, fstat reports a character device 13:(64+N).
 *
 * And two services for the harness:
 *
 * - Unplugging: once the harness sets byte N of $UMOCKDEV_DIR/touchsynth-unplugged (a file it
 *   creates with the testbed, mapped here, so a read looks at memory, not the file system),
 *   read() on an fd opened on /dev/input/eventN fails with ENODEV, as the kernel's evdev does for
 *   a device that went away; libinput then removes the device. (umockdev's own "remove" uevent
 *   cannot be sent from an unpreloaded process, and a path-backend context would not listen to
 *   it anyway.)
 * - Readiness: when $TOUCHSYNTH_NOTIFY_FD is set (and the program does not
 * report readiness itself, $TOUCHSYNTH_NOTIFY_BY_PROGRAM), the first successful open of
 * /dev/input/event* writes one byte to that fd, so the harness starts the stream only once the
 * device is open (libinput drains the fd right after opening it).
 * - Reads and writes of anything but an input device skip umockdev's wrappers (see write()).
 * - Virtual time (virtual-clock.c): opens and reads of input devices, and reads and closes of
 *   timerfds, are passed on to the virtual clock; it calls nothing here.
 * - Evdev ioctls (evdev-ioctls.c): answered here from the ioctl tree umockdev would answer them
 *   from, without a round trip to the harness each; it calls nothing here either.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "evdev-ioctls.h"
#include "touchsynth-preload.h"

#define UDEV_DATA_PREFIX "/run/udev/data/"
#define EVDEV_PREFIX "/dev/input/event"

/* 0 = not an evdev node; otherwise the emulated dev_t + 1. */
static dev_t evdev_rdev_plus_one[TOUCHSYNTH_MAX_TRACKED_FDS];
/* Whether each evdev fd is non-blocking: from its open flags, and each F_SETFL since. */
static char evdev_nonblocking[TOUCHSYNTH_MAX_TRACKED_FDS];
/* The harness's unplug flags, byte N for /dev/input/eventN; mapped at the first evdev open. */
static const volatile char *unplug_flags;
#define UNPLUG_FLAGS 1001

/* Rewrites /run/udev/data/... into the testbed; returns path unchanged otherwise. */
static const char *udev_data_path(const char *path, char *buf, size_t len)
{
    const char *root = getenv("UMOCKDEV_DIR");
    if (path == NULL || root == NULL || strncmp(path, UDEV_DATA_PREFIX, strlen(UDEV_DATA_PREFIX)) != 0)
        return path;
    if ((size_t)snprintf(buf, len, "%s%s", root, path) >= len)
        return path;
    return buf;
}

static void notify_opened(void)
{
    const char *env = getenv("TOUCHSYNTH_NOTIFY_FD");
    /* A program that reports its own readiness (touchsynth debug) does so after set-up. */
    if (env == NULL || getenv("TOUCHSYNTH_NOTIFY_BY_PROGRAM") != NULL)
        return;
    int fd = atoi(env);
    unsetenv("TOUCHSYNTH_NOTIFY_FD");
    char byte = 'o';
    ssize_t rc;
    do {
        rc = write(fd, &byte, 1);
    } while (rc < 0 && errno == EINTR);
    close(fd);
}

/* Maps the harness's unplug flags, once; a testbed without the file has no unplugging. */
static void map_unplug_flags(void)
{
    const char *root = getenv("UMOCKDEV_DIR");
    char path[4096];
    if (unplug_flags != NULL || root == NULL || (size_t)snprintf(path, sizeof path, "%s/touchsynth-unplugged", root) >= sizeof path)
        return;
    int fd = NEXT(open)(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    void *map = mmap(NULL, UNPLUG_FLAGS, PROT_READ, MAP_SHARED, fd, 0);
    NEXT(close)(fd);
    if (map != MAP_FAILED)
        unplug_flags = map;
}

/* Remembers the emulated device number, and whether it is non-blocking, of an fd opened with
   `flags` on /dev/input/eventN. */
static int track(const char *path, int fd, int flags)
{
    if (fd < 0 || fd >= TOUCHSYNTH_MAX_TRACKED_FDS)
        return fd;
    evdev_rdev_plus_one[fd] = 0;
    if (path == NULL || strncmp(path, EVDEV_PREFIX, strlen(EVDEV_PREFIX)) != 0 || getenv("UMOCKDEV_DIR") == NULL)
        return fd;
    char *end = NULL;
    long n = strtol(path + strlen(EVDEV_PREFIX), &end, 10);
    if (end == path + strlen(EVDEV_PREFIX) || *end != '\0' || n < 0 || n > TOUCHSYNTH_MAX_EVENT_NUMBER)
        return fd;
    evdev_rdev_plus_one[fd] = makedev(13, 64 + n) + 1;
    evdev_nonblocking[fd] = (flags & O_NONBLOCK) != 0;
    map_unplug_flags();
    touchsynth_evdev_ioctls_opened(fd, (int)n, getenv("UMOCKDEV_DIR"));
    notify_opened();
    touchsynth_clock_device_opened();
    return fd;
}

static void fake_rdev(int fd, struct stat *st)
{
    if (fd >= 0 && fd < TOUCHSYNTH_MAX_TRACKED_FDS && evdev_rdev_plus_one[fd] != 0) {
        st->st_rdev = evdev_rdev_plus_one[fd] - 1;
        st->st_mode = (st->st_mode & ~S_IFMT) | S_IFCHR;
    }
}

static mode_t mode_arg(int flags, va_list ap)
{
    /* O_TMPFILE contains O_DIRECTORY's bit: test the whole value, or directory opens read junk. */
    return ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) ? va_arg(ap, mode_t) : 0;
}

#define WRAP_OPEN(name)                                                       \
    int name(const char *path, int flags, ...)                                \
    {                                                                         \
        va_list ap;                                                           \
        va_start(ap, flags);                                                  \
        mode_t mode = mode_arg(flags, ap);                                    \
        va_end(ap);                                                           \
        char buf[4096];                                                       \
        return track(path, NEXT(name)(udev_data_path(path, buf, sizeof buf), flags, mode), flags); \
    }

#define WRAP_OPENAT(name)                                                     \
    int name(int dirfd, const char *path, int flags, ...)                     \
    {                                                                         \
        va_list ap;                                                           \
        va_start(ap, flags);                                                  \
        mode_t mode = mode_arg(flags, ap);                                    \
        va_end(ap);                                                           \
        char buf[4096];                                                       \
        return track(path, NEXT(name)(dirfd, udev_data_path(path, buf, sizeof buf), flags, mode), flags); \
    }

/* The fortified variants that _FORTIFY_SOURCE builds (libinput's own tools) call instead. */
#define WRAP_OPEN_2(name)                                                     \
    int name(const char *path, int flags)                                     \
    {                                                                         \
        char buf[4096];                                                       \
        return track(path, NEXT(name)(udev_data_path(path, buf, sizeof buf), flags), flags); \
    }

#define WRAP_OPENAT_2(name)                                                   \
    int name(int dirfd, const char *path, int flags)                          \
    {                                                                         \
        char buf[4096];                                                       \
        return track(path, NEXT(name)(dirfd, udev_data_path(path, buf, sizeof buf), flags), flags); \
    }

int open64(const char *path, int flags, ...);
int openat64(int dirfd, const char *path, int flags, ...);
int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
int __openat_2(int dirfd, const char *path, int flags);
int __openat64_2(int dirfd, const char *path, int flags);
FILE *fopen64(const char *path, const char *mode);
int fstat64(int fd, struct stat64 *st);

WRAP_OPEN(open)
WRAP_OPEN(open64)
WRAP_OPENAT(openat)
WRAP_OPENAT(openat64)
WRAP_OPEN_2(__open_2)
WRAP_OPEN_2(__open64_2)
WRAP_OPENAT_2(__openat_2)
WRAP_OPENAT_2(__openat64_2)

/* libudev (systemd 252) reads its database with fopen(), which glibc does not route via open(). */
FILE *fopen(const char *path, const char *mode)
{
    char buf[4096];
    return NEXT(fopen)(udev_data_path(path, buf, sizeof buf), mode);
}

FILE *fopen64(const char *path, const char *mode)
{
    char buf[4096];
    return NEXT(fopen64)(udev_data_path(path, buf, sizeof buf), mode);
}

/* The N of the /dev/input/eventN this fd was opened on. */
static int event_number(int fd)
{
    return (int)minor(evdev_rdev_plus_one[fd] - 1) - 64;
}

/* Whether the harness unplugged the device this fd was opened on. */
static int unplugged(int fd)
{
    return unplug_flags != NULL && unplug_flags[event_number(fd)] != 0;
}

static int is_evdev(int fd)
{
    return fd >= 0 && fd < TOUCHSYNTH_MAX_TRACKED_FDS && evdev_rdev_plus_one[fd] != 0;
}

ssize_t read(int fd, void *buf, size_t count)
{
    if (is_evdev(fd)) {
        if (unplugged(fd)) {
            touchsynth_clock_device_gone(fd);
            errno = ENODEV;
            return -1;
        }
        return touchsynth_clock_read_device(fd, buf, count, evdev_nonblocking[fd]);
    }
    ssize_t result;
    if (touchsynth_clock_read_timer(fd, buf, count, &result))
        return result;
    return syscall(SYS_read, fd, buf, count);
}

/* Writes to input devices (LEDs) go through umockdev; every other write, like every other read
   above, straight to the kernel. umockdev's read() and write() first ask whether the fd is one of
   its emulated devices, with all signals blocked: two sigprocmask calls per call, for an answer
   that is always no, as the testbed's only devices are input devices. */
ssize_t write(int fd, const void *buf, size_t count)
{
    if (is_evdev(fd))
        return NEXT(write)(fd, buf, count);
    return syscall(SYS_write, fd, buf, count);
}

int ioctl(int fd, unsigned long request, ...)
{
    va_list ap;
    va_start(ap, request);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    int result;
    if (is_evdev(fd) && touchsynth_evdev_ioctl(fd, event_number(fd), request, arg, &result))
        return result;
    return NEXT(ioctl)(fd, request, arg);
}

/* F_SETFL may change an evdev fd's O_NONBLOCK. The argument is taken as a pointer, the widest
   thing fcntl is given, as glibc's own wrapper takes it. */
static int track_fcntl(int fd, int cmd, void *arg, int result)
{
    if (result >= 0 && cmd == F_SETFL && is_evdev(fd))
        evdev_nonblocking[fd] = ((intptr_t)arg & O_NONBLOCK) != 0;
    return result;
}

int fcntl64(int fd, int cmd, ...);

int fcntl(int fd, int cmd, ...)
{
    va_list ap;
    va_start(ap, cmd);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    return track_fcntl(fd, cmd, arg, NEXT(fcntl)(fd, cmd, arg));
}

int fcntl64(int fd, int cmd, ...)
{
    va_list ap;
    va_start(ap, cmd);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    return track_fcntl(fd, cmd, arg, NEXT(fcntl64)(fd, cmd, arg));
}

int close(int fd)
{
    if (fd >= 0 && fd < TOUCHSYNTH_MAX_TRACKED_FDS) {
        evdev_rdev_plus_one[fd] = 0;
        evdev_nonblocking[fd] = 0;
    }
    touchsynth_clock_closed(fd);
    return NEXT(close)(fd);
}

int fstat(int fd, struct stat *st)
{
    int rc = NEXT(fstat)(fd, st);
    if (rc == 0)
        fake_rdev(fd, st);
    return rc;
}

int fstat64(int fd, struct stat64 *st)
{
    int rc = NEXT(fstat64)(fd, st);
    if (rc == 0)
        fake_rdev(fd, (struct stat *)st);
    return rc;
}
