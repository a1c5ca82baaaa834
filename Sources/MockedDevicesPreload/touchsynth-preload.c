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
 * And services for the harness:
 *
 * - Unplugging: once the harness sets byte N of the run's shared state (touchsynth-protocol.h),
 *   read() on an fd opened on /dev/input/eventN fails with ENODEV, as the kernel's evdev does for
 *   a device that went away; libinput then removes the device. (umockdev's own "remove" uevent
 *   cannot be sent from an unpreloaded process, and a path-backend context would not listen to
 *   it anyway.)
 * - Readiness: when $TOUCHSYNTH_NOTIFY_FD is set (and the program does not report readiness
 *   itself, $TOUCHSYNTH_NOTIFY_BY_PROGRAM), the run's first successful open of /dev/input/event*
 *   writes one byte to that fd, so the harness starts the stream only once the device is open
 *   (libinput drains the fd right after opening it).
 * - Closing: whether each device's opener has closed every descriptor of it (copies included) is
 *   kept in the run's shared state, for the virtual clock and the harness (reader_gone()).
 * - Reads and writes of anything but an input device skip umockdev's wrappers (see write()).
 * - Virtual time (virtual-clock.c): opens and reads of input devices, and reads and closes of
 *   timerfds, are passed on to the virtual clock; it calls nothing here.
 * - Evdev ioctls (evdev-ioctls.c): answered here from the ioctl tree umockdev would answer them
 *   from, without a round trip to the harness each; it calls nothing here either.
 *
 * The mocked program may run any number of threads. The environment is read once, by the
 * constructor below, and never written: glibc's setenv and unsetenv are undefined behaviour while
 * another thread is in getenv. The tables are written with touchsynth_lock held.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <termios.h>
#include <unistd.h>

#include "evdev-ioctls.h"
#include "touchsynth-preload.h"

#define UDEV_DATA_PREFIX "/run/udev/data/"
#define EVDEV_PREFIX "/dev/input/event"

pthread_mutex_t touchsynth_lock = PTHREAD_MUTEX_INITIALIZER;

/* umockdev's preload (0.17) keeps the descriptors opened under /dev in a table that its open()
   fills under a lock of its own and its close() reads and empties under none: a thread closing a
   device while another opens one corrupted it (a double free in its close), and any close, a
   socket's too, can meet a slot another thread is filling, whose removal then aborts ("fd_map_remove():
   did not find fd"). Its opens under /dev and every close go one at a time here. Recursive, should
   umockdev's call come back through these wrappers. */
static pthread_mutex_t umockdev_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

/* Takes umockdev_lock for a call about `path` if it is a device's (under /dev): whether it did. */
static int lock_for_device(const char *path)
{
    if (path == NULL || strncmp(path, "/dev/", 5) != 0)
        return 0;
    pthread_mutex_lock(&umockdev_lock);
    return 1;
}

static void unlock_for_device(int locked)
{
    if (locked)
        pthread_mutex_unlock(&umockdev_lock);
}

/* Per descriptor: 0, or the N of the /dev/input/eventN it was opened on + 1, with NONBLOCKING
   while it is non-blocking (from its open flags, and each F_SETFL or FIONBIO since). One word each, written
   with the lock held and read atomically without it: read() and write() must stay
   async-signal-safe, as a signal handler that writes to a self-pipe may have interrupted its own
   thread with the lock held. */
#define NONBLOCKING (1u << 16)
#define EVENT_NUMBER_MASK (NONBLOCKING - 1)
static uint32_t descriptors[TOUCHSYNTH_MAX_TRACKED_FDS];
/* Per device descriptor, written with the lock held: the open() it is a copy of, whose O_NONBLOCK
   its copies share, as they share the kernel's open file. */
static uint32_t open_files[TOUCHSYNTH_MAX_TRACKED_FDS];
static uint32_t opens;

/* How many of this process's descriptors have each /dev/input/eventN open (a copy counts);
   written with the lock held. The run's `closed` and `opener` follow them (touchsynth-protocol.h). */
static int readers[TOUCHSYNTH_MAX_EVENT_NUMBER + 1];

/* From the environment, at load: the testbed's root ($UMOCKDEV_DIR), the run's shared state in
   it, and the readiness descriptor unless the program reports readiness itself. */
static const char *testbed_root;
static struct touchsynth_run_state *run_state;
static int readiness_fd = -1;
/* Whether another copy of this helper comes after this one in the lookup order: see
   read_environment(). */
static int stepped_aside;
/* The one name a copy of the helper exports beside the functions it wraps: how a copy finds that
   another is loaded after it. */
__attribute__((visibility("default"), used)) const int touchsynth_preload_copy = 1;

/* Maps the run's shared state, by plain system calls: umockdev's wrappers may not have started
   yet. A testbed without the file (not the harness's) has no unplugging, readiness or clock. */
static void map_run_state(void)
{
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/" TOUCHSYNTH_RUN_STATE_FILE, testbed_root) >= sizeof path)
        return;
    int fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return;
    /* A shorter file (a harness of another build) would fault beyond its end. */
    if (syscall(SYS_lseek, fd, 0, SEEK_END) >= (long)sizeof *run_state) {
        void *map = mmap(NULL, sizeof *run_state, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (map != MAP_FAILED)
            run_state = map;
    }
    syscall(SYS_close, fd);
}

/*
 * The variables stay as the harness set them, so a program this one starts inherits them, after
 * this one opened a device as before. What must happen once in a run is therefore decided by the
 * run's shared state, not by taking variables away: the first program to open a device writes the
 * readiness byte and marks it written, and the first to open one on its main thread takes the
 * clock and marks it taken (and makes the clock's descriptors close-on-exec), so a program started
 * after either finds it done.
 */
/* A child forked while another thread held the lock would never get it: the child has only the
   forking thread, and its tables are its own. */
static void unlock_in_child(void)
{
    pthread_mutex_init(&touchsynth_lock, NULL);
    umockdev_lock = (pthread_mutex_t)PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
}

/* The program the harness started, its child, ends when the harness does (TOUCHSYNTH_HARNESS_PID_VARIABLE).
   The harness waits for it on the thread that started it, whose end is what the kernel watches. */
static void end_with_harness(void)
{
    const char *harness = getenv(TOUCHSYNTH_HARNESS_PID_VARIABLE);
    pid_t parent = harness == NULL ? 0 : (pid_t)atol(harness);
    if (parent <= 1 || getppid() != parent)
        return;
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    /* The harness ended before the kernel was asked. */
    if (getppid() != parent)
        raise(SIGTERM);
}

__attribute__((constructor)) static void read_environment(void)
{
    pthread_atfork(NULL, NULL, unlock_in_child);
    end_with_harness();
    /* Every program linked with the harness holds a copy of this helper too (the harness depends
       on the libinput side, which links it), and one run under the harness gets the preloaded copy
       as well (`touchsynth mock -- touchsynth debug`), after its own. Only the last copy acts:
       two would each take the run's steps and count what is read. This one passes every call on. */
    if (dlsym(RTLD_NEXT, "touchsynth_preload_copy") != NULL) {
        stepped_aside = 1;
        return;
    }
    const char *root = getenv("UMOCKDEV_DIR");
    if (root != NULL && (testbed_root = strdup(root)) != NULL)
        map_run_state();
    const char *readiness = getenv("TOUCHSYNTH_NOTIFY_FD");
    /* A program that reports its own readiness (touchsynth debug) does so after set-up. */
    if (readiness != NULL && getenv("TOUCHSYNTH_NOTIFY_BY_PROGRAM") == NULL)
        readiness_fd = atoi(readiness);
    touchsynth_clock_load(run_state);
}

/* Rewrites /run/udev/data/... into the testbed; returns path unchanged otherwise. */
static const char *udev_data_path(const char *path, char *buf, size_t len)
{
    if (path == NULL || testbed_root == NULL || strncmp(path, UDEV_DATA_PREFIX, strlen(UDEV_DATA_PREFIX)) != 0)
        return path;
    if ((size_t)snprintf(buf, len, "%s%s", testbed_root, path) >= len)
        return path;
    return buf;
}

static void notify_opened(void)
{
    if (readiness_fd < 0 || run_state == NULL || __atomic_exchange_n(&run_state->readiness_sent, 1, __ATOMIC_ACQ_REL))
        return;
    char byte = 'o';
    ssize_t rc;
    do {
        rc = write(readiness_fd, &byte, 1);
    } while (rc < 0 && errno == EINTR);
    close(readiness_fd);
}

/* The N of `path`, /dev/input/eventN in the testbed; -1 for any other path. */
static int evdev_number(const char *path)
{
    if (path == NULL || testbed_root == NULL || strncmp(path, EVDEV_PREFIX, strlen(EVDEV_PREFIX)) != 0)
        return -1;
    char *end = NULL;
    long n = strtol(path + strlen(EVDEV_PREFIX), &end, 10);
    if (end == path + strlen(EVDEV_PREFIX) || *end != '\0' || n < 0 || n > TOUCHSYNTH_MAX_EVENT_NUMBER)
        return -1;
    return (int)n;
}

/* `fd` is one more descriptor of /dev/input/event<n>; this process is the device's opener. */
static void reader_added(int n, int fd)
{
    pthread_mutex_lock(&touchsynth_lock);
    readers[n]++;
    if (run_state != NULL) {
        __atomic_store_n(&run_state->opener[n], (int32_t)getpid(), __ATOMIC_RELEASE);
        /* On the machine's clock the harness writes frames ahead of their time: what it wrote before
           the device was closed and no one read is not the new reader's, as a kernel gives a reader
           only what comes after it opened. Discarded while the device still counts as closed, so
           that the harness has written nothing since. The virtual clock writes only what is read. */
        if (__atomic_load_n(&run_state->closed[n], __ATOMIC_ACQUIRE) && !touchsynth_clock_runs_virtual())
            syscall(SYS_ioctl, fd, TCFLSH, TCIFLUSH);
        __atomic_store_n(&run_state->closed[n], 0, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&touchsynth_lock);
    touchsynth_clock_device_opened();
}

/* A descriptor of /dev/input/event<n> is gone: the device is closed once the opener has none left.
   A process that did not open it last (a child that inherited the descriptors, or another program)
   closes it for no one else. */
static void reader_gone(int n)
{
    pthread_mutex_lock(&touchsynth_lock);
    if (readers[n] > 0 && --readers[n] == 0 && run_state != NULL
        && __atomic_load_n(&run_state->opener[n], __ATOMIC_ACQUIRE) == (int32_t)getpid())
        __atomic_store_n(&run_state->closed[n], 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&touchsynth_lock);
}

/* The descriptor's entry (see descriptors); 0 for one not followed. */
static uint32_t descriptor(int fd)
{
    return fd >= 0 && fd < TOUCHSYNTH_MAX_TRACKED_FDS ? __atomic_load_n(&descriptors[fd], __ATOMIC_ACQUIRE) : 0;
}

static void set_descriptor(int fd, uint32_t entry)
{
    pthread_mutex_lock(&touchsynth_lock);
    open_files[fd] = ++opens;
    __atomic_store_n(&descriptors[fd], entry, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&touchsynth_lock);
}

/* Follows an fd opened with `flags` on `path`: on /dev/input/eventN, its device and whether it
   is non-blocking. */
static int track(const char *path, int fd, int flags)
{
    if (fd < 0 || fd >= TOUCHSYNTH_MAX_TRACKED_FDS)
        return fd;
    int n = evdev_number(path);
    set_descriptor(fd, n < 0 ? 0 : (uint32_t)(n + 1) | ((flags & O_NONBLOCK) ? NONBLOCKING : 0));
    if (n < 0)
        return fd;
    touchsynth_evdev_ioctls_opened(fd, n, testbed_root);
    notify_opened();
    reader_added(n, fd);
    return fd;
}

static void fake_rdev(int fd, struct stat *st)
{
    uint32_t entry = descriptor(fd);
    if (entry != 0) {
        st->st_rdev = makedev(13, 64 + (entry & EVENT_NUMBER_MASK) - 1);
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
        int locked = lock_for_device(path);                                   \
        int fd = NEXT(name)(udev_data_path(path, buf, sizeof buf), flags, mode); \
        unlock_for_device(locked);                                            \
        return track(path, fd, flags);                                        \
    }

#define WRAP_OPENAT(name)                                                     \
    int name(int dirfd, const char *path, int flags, ...)                     \
    {                                                                         \
        va_list ap;                                                           \
        va_start(ap, flags);                                                  \
        mode_t mode = mode_arg(flags, ap);                                    \
        va_end(ap);                                                           \
        char buf[4096];                                                       \
        int locked = lock_for_device(path);                                   \
        int fd = NEXT(name)(dirfd, udev_data_path(path, buf, sizeof buf), flags, mode); \
        unlock_for_device(locked);                                            \
        return track(path, fd, flags);                                        \
    }

/* The fortified variants that _FORTIFY_SOURCE builds (libinput's own tools) call instead. */
#define WRAP_OPEN_2(name)                                                     \
    int name(const char *path, int flags)                                     \
    {                                                                         \
        char buf[4096];                                                       \
        int locked = lock_for_device(path);                                   \
        int fd = NEXT(name)(udev_data_path(path, buf, sizeof buf), flags);    \
        unlock_for_device(locked);                                            \
        return track(path, fd, flags);                                        \
    }

#define WRAP_OPENAT_2(name)                                                   \
    int name(int dirfd, const char *path, int flags)                          \
    {                                                                         \
        char buf[4096];                                                       \
        int locked = lock_for_device(path);                                   \
        int fd = NEXT(name)(dirfd, udev_data_path(path, buf, sizeof buf), flags); \
        unlock_for_device(locked);                                            \
        return track(path, fd, flags);                                        \
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
    int locked = lock_for_device(path);
    FILE *file = NEXT(fopen)(udev_data_path(path, buf, sizeof buf), mode);
    unlock_for_device(locked);
    return file;
}

FILE *fopen64(const char *path, const char *mode)
{
    char buf[4096];
    int locked = lock_for_device(path);
    FILE *file = NEXT(fopen64)(udev_data_path(path, buf, sizeof buf), mode);
    unlock_for_device(locked);
    return file;
}

/* umockdev's fclose() empties its table as its close() does. */
int fclose(FILE *stream)
{
    pthread_mutex_lock(&umockdev_lock);
    int rc = NEXT(fclose)(stream);
    pthread_mutex_unlock(&umockdev_lock);
    return rc;
}

/* Whether the harness unplugged /dev/input/event<n>. */
static int unplugged(int n)
{
    return run_state != NULL && __atomic_load_n(&run_state->unplugged[n], __ATOMIC_ACQUIRE) != 0;
}

ssize_t read(int fd, void *buf, size_t count)
{
    uint32_t entry = descriptor(fd);
    if (entry != 0) {
        if (unplugged((int)(entry & EVENT_NUMBER_MASK) - 1)) {
            touchsynth_clock_device_gone((int)(entry & EVENT_NUMBER_MASK) - 1);
            errno = ENODEV;
            return -1;
        }
        return touchsynth_clock_read_device(fd, buf, count, (entry & NONBLOCKING) != 0);
    }
    ssize_t result;
    if (touchsynth_clock_read_timer(fd, buf, count, &result))
        return result;
    return stepped_aside ? NEXT(read)(fd, buf, count) : syscall(SYS_read, fd, buf, count);
}

/* Writes to input devices (LEDs) go through umockdev; every other write, like every other read
   above, straight to the kernel. umockdev's read() and write() first ask whether the fd is one of
   its emulated devices, with all signals blocked: two sigprocmask calls per call, for an answer
   that is always no, as the testbed's only devices are input devices. */
ssize_t write(int fd, const void *buf, size_t count)
{
    if (descriptor(fd) != 0 || stepped_aside)
        return NEXT(write)(fd, buf, count);
    return syscall(SYS_write, fd, buf, count);
}

/* A device descriptor's O_NONBLOCK, as F_SETFL or FIONBIO left it: its copies' too, as they share
   the kernel's open file. */
static void set_nonblocking(int fd, int on)
{
    pthread_mutex_lock(&touchsynth_lock);
    /* Every copy of the open file; none if another thread closed it meanwhile. */
    uint32_t file = __atomic_load_n(&descriptors[fd], __ATOMIC_RELAXED) != 0 ? open_files[fd] : 0;
    for (int each = 0; file != 0 && each < TOUCHSYNTH_MAX_TRACKED_FDS; each++) {
        uint32_t entry = __atomic_load_n(&descriptors[each], __ATOMIC_RELAXED);
        if (entry != 0 && open_files[each] == file)
            __atomic_store_n(&descriptors[each], on ? entry | NONBLOCKING : entry & ~NONBLOCKING, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&touchsynth_lock);
}

/* The requests of those the kernel answers for any descriptor before its driver sees them
   (do_vfs_ioctl, fs/ioctl.c) that a reader of a device uses: umockdev passes a device's ioctls to
   its emulation, which knows none of them. */
static int file_ioctl(int fd, unsigned long request, void *arg, int *result)
{
    switch (request) {
    case FIONBIO: {
        if (arg == NULL) {
            errno = EFAULT;
            *result = -1;
            return 1;
        }
        int on = *(int *)arg != 0, flags = NEXT(fcntl)(fd, F_GETFL, NULL);
        *result = flags;
        if (flags >= 0)
            *result = NEXT(fcntl)(fd, F_SETFL, (void *)(intptr_t)(on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK));
        if (*result == 0)
            set_nonblocking(fd, on);
        return 1;
    }
    case FIOCLEX:
    case FIONCLEX:
        *result = NEXT(fcntl)(fd, F_SETFD, (void *)(intptr_t)(request == FIOCLEX ? FD_CLOEXEC : 0));
        return 1;
    default:
        return 0;
    }
}

int ioctl(int fd, unsigned long request, ...)
{
    va_list ap;
    va_start(ap, request);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    int result;
    uint32_t entry = descriptor(fd);
    if (entry != 0 && (file_ioctl(fd, request, arg, &result)
                       || touchsynth_evdev_ioctl(fd, (int)(entry & EVENT_NUMBER_MASK) - 1, request, arg, &result)))
        return result;
    return NEXT(ioctl)(fd, request, arg);
}

/* A copy `to` of descriptor `from` (dup, dup2, dup3, F_DUPFD): the same open device, followed as
   `from` is, and one more reader of it until closed. dup2 and dup3 close what `to` held first,
   silently: a device's reader, or a timer, is gone then. */
static int track_copy(int from, int to)
{
    if (to < 0 || to == from)
        return to;
    /* A copy past the table is not followed, but counts as a reader for good: the device is not
       closed under it. */
    if (to >= TOUCHSYNTH_MAX_TRACKED_FDS) {
        if (descriptor(from) != 0)
            reader_added((int)(descriptor(from) & EVENT_NUMBER_MASK) - 1, to);
        return to;
    }
    uint32_t entry = descriptor(from);
    pthread_mutex_lock(&touchsynth_lock);
    open_files[to] = open_files[from];
    uint32_t replaced = __atomic_exchange_n(&descriptors[to], entry, __ATOMIC_ACQ_REL);
    pthread_mutex_unlock(&touchsynth_lock);
    if (replaced != 0)
        reader_gone((int)(replaced & EVENT_NUMBER_MASK) - 1);
    touchsynth_clock_closed(to);
    if (entry != 0) {
        int n = (int)(entry & EVENT_NUMBER_MASK) - 1;
        touchsynth_evdev_ioctls_opened(to, n, testbed_root);
        reader_added(n, to);
    }
    return to;
}

int dup(int fd)
{
    return track_copy(fd, NEXT(dup)(fd));
}

int dup2(int fd, int to)
{
    return track_copy(fd, NEXT(dup2)(fd, to));
}

int dup3(int fd, int to, int flags)
{
    return track_copy(fd, NEXT(dup3)(fd, to, flags));
}

/* F_SETFL may change an evdev fd's O_NONBLOCK, its copies' too, and F_DUPFD copies it. The
   argument is taken as a pointer, the widest thing fcntl is given, as glibc's own wrapper takes it. */
static int track_fcntl(int fd, int cmd, void *arg, int result)
{
    if (result >= 0 && (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC))
        return track_copy(fd, result);
    if (result >= 0 && cmd == F_SETFL && descriptor(fd) != 0)
        set_nonblocking(fd, ((intptr_t)arg & O_NONBLOCK) != 0);
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
    /* Taken and cleared at once: of two threads closing one descriptor, one counts the close. */
    uint32_t entry = 0;
    if (fd >= 0 && fd < TOUCHSYNTH_MAX_TRACKED_FDS) {
        pthread_mutex_lock(&touchsynth_lock);
        entry = __atomic_exchange_n(&descriptors[fd], 0, __ATOMIC_ACQ_REL);
        pthread_mutex_unlock(&touchsynth_lock);
    }
    if (entry != 0)
        reader_gone((int)(entry & EVENT_NUMBER_MASK) - 1);
    touchsynth_clock_closed(fd);
    pthread_mutex_lock(&umockdev_lock);
    int rc = NEXT(close)(fd);
    pthread_mutex_unlock(&umockdev_lock);
    return rc;
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
