/*
 * The virtual clock: the program that runs libinput under the harness lives on the harness's
 * time rather than the machine's, so that a replay gives the same answer on any machine, at any
 * load, and takes no longer than the work it does.
 *
 * Active only in a process whose environment has $TOUCHSYNTH_CLOCK_FD (the harness's socket,
 * SOCK_SEQPACKET) and $TOUCHSYNTH_CLOCK_START_NS (the time the clock reads at first):
 *
 * The clock is the main thread's, where libinput runs in libinput's tools and in ours; other
 * threads (a runtime's workers, whose timers have nothing to do with the devices) keep the
 * machine's clock.
 * - clock_gettime(CLOCK_MONOTONIC) reads the virtual time (libinput's "now");
 * - a CLOCK_MONOTONIC timerfd is an eventfd instead, readable once the virtual time reaches its
 *   expiry: timerfd_create, timerfd_settime (absolute or relative), timerfd_gettime, read, close;
 * - the main thread's first open of an input device claims the clock for this process (programs
 *   it starts do not get it): a thread of ours then takes the harness's commands, "the time is
 *   now T", moves the clock, signals the timers due, and answers with how many fired;
 * - before the main thread blocks in poll, ppoll, select, pselect, epoll_wait or epoll_pwait,
 *   or in a blocking read of an input device, with nothing ready, it tells the harness it is idle: how many bytes it has consumed from its devices, and when
 *   its earliest timer expires. The harness moves the time only then.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <linux/input.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "touchsynth-clock.h"
#include "touchsynth-preload.h"

#define MAX_TIMER_FDS 4096
#define NEVER UINT64_MAX

/* What the process tells the harness; the harness's commands are one uint64_t, the new time. */
enum { REPORT_IDLE = 1, REPORT_ADVANCED = 2 };
struct clock_report {
    uint64_t kind;
    uint64_t sequence;     /* idle moments counted; for REPORT_ADVANCED, before its timers fired */
    uint64_t device_bytes; /* read from input devices so far */
    uint64_t next_expiry;  /* the earliest armed timer, ns; NEVER when none */
    uint64_t now;          /* the virtual time, ns */
    uint64_t fired;        /* timers the last command made due */
};

struct timer {
    int used;
    int signalled;         /* expired and not yet read: its eventfd is readable */
    uint64_t expiry;       /* ns, 0 when disarmed */
    uint64_t interval;     /* ns, 0 for a one-shot timer */
};

static int active;
static int channel = -1;
static _Atomic uint64_t virtual_now;
static _Atomic uint64_t device_bytes;
static _Atomic uint64_t idle_sequence;
static _Atomic int claimed;
/* Guards the timers, and orders idle moments against the timers a command signals. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct timer timers[MAX_TIMER_FDS];
/* One past the highest descriptor a timer has had: the scans stop there. */
static int timers_end;
/* Unplugged devices whose end has been reported to the reader (see touchsynth_clock_device_gone). */
static char gone[MAX_TIMER_FDS];

static int on_main_thread(void)
{
    static __thread int main_thread = -1;
    if (main_thread < 0)
        main_thread = gettid() == getpid();
    return main_thread;
}

/* At load, before the program runs: the harness's socket moves out of the way of descriptors a
   program sets itself (a shell's `exec 4<file`), and programs it starts find it by the variable. */
__attribute__((constructor)) static void take_environment(void)
{
    const char *fd = getenv("TOUCHSYNTH_CLOCK_FD");
    const char *start = getenv("TOUCHSYNTH_CLOCK_START_NS");
    struct stat status;
    active = fd != NULL && start != NULL && NEXT(fstat)(atoi(fd), &status) == 0 && S_ISSOCK(status.st_mode);
    if (!active)
        return;
    channel = atoi(fd);
    int moved = NEXT(fcntl)(channel, F_DUPFD, 900);
    if (moved >= 0) {
        NEXT(close)(channel);
        channel = moved;
        char number[16];
        snprintf(number, sizeof number, "%d", moved);
        setenv("TOUCHSYNTH_CLOCK_FD", number, 1);
    }
    atomic_store(&virtual_now, strtoull(start, NULL, 10));
}

static int is_active(void) { return active > 0; }

static uint64_t ns(const struct timespec *ts) { return (uint64_t)ts->tv_sec * 1000000000u + (uint64_t)ts->tv_nsec; }

static struct timespec timespec_of(uint64_t value)
{
    struct timespec ts = { (time_t)(value / 1000000000u), (long)(value % 1000000000u) };
    return ts;
}

static struct timer *timer_of(int fd)
{
    return fd >= 0 && fd < MAX_TIMER_FDS && timers[fd].used ? &timers[fd] : NULL;
}

/* The earliest expiry of the timers not yet signalled; the caller holds the lock. */
static uint64_t next_expiry(void)
{
    uint64_t next = NEVER;
    for (int fd = 0; fd < timers_end; fd++)
        if (timers[fd].used && timers[fd].expiry != 0 && !timers[fd].signalled && timers[fd].expiry < next)
            next = timers[fd].expiry;
    return next;
}

/* Makes `fd`'s timer readable; the caller holds the lock. */
static void signal_timer(int fd)
{
    timers[fd].signalled = 1;
    uint64_t one = 1;
    (void)NEXT(write)(fd, &one, sizeof one);
}

static void send_report(uint64_t kind, uint64_t sequence, uint64_t fired)
{
    pthread_mutex_lock(&lock);
    struct clock_report report = {
        kind, sequence, atomic_load(&device_bytes), next_expiry(), atomic_load(&virtual_now), fired,
    };
    pthread_mutex_unlock(&lock);
    (void)send(channel, &report, sizeof report, MSG_NOSIGNAL);
}

/* The harness's commands: the new time, then the timers it makes due signalled. */
static void *take_commands(void *unused)
{
    (void)unused;
    uint64_t now;
    while (recv(channel, &now, sizeof now, 0) == (ssize_t)sizeof now) {
        uint64_t fired = 0;
        pthread_mutex_lock(&lock);
        /* Any idle moment counted after this one has seen the timers signalled below. */
        uint64_t sequence = atomic_load(&idle_sequence);
        if (now > atomic_load(&virtual_now))
            atomic_store(&virtual_now, now);
        for (int fd = 0; fd < timers_end; fd++) {
            if (timers[fd].used && timers[fd].expiry != 0 && !timers[fd].signalled && timers[fd].expiry <= now) {
                signal_timer(fd);
                fired++;
            }
        }
        pthread_mutex_unlock(&lock);
        send_report(REPORT_ADVANCED, sequence, fired);
    }
    return NULL;
}

void touchsynth_clock_device_opened(void)
{
    if (!is_active() || !on_main_thread() || atomic_exchange(&claimed, 1))
        return;
    /* This process runs libinput: a program it starts does not take the clock. */
    NEXT(fcntl)(channel, F_SETFD, FD_CLOEXEC);
    unsetenv("TOUCHSYNTH_CLOCK_FD");
    unsetenv("TOUCHSYNTH_CLOCK_START_NS");
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    pthread_t thread;
    pthread_create(&thread, NULL, take_commands, NULL);
    pthread_detach(thread);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

/* The clock reaches the latest time among `bytes` of input events read into `buf`. */
static void device_read(const void *buf, ssize_t bytes)
{
    if (bytes <= 0)
        return;
    /* The harness writes a frame stamped with the time it moves the clock to, without a command
       of its own: the reader's clock reaches the frame's time as the frame is read, as on a
       prompt reader of a real device. */
    const struct input_event *events = buf;
    uint64_t latest = 0;
    for (size_t i = 0; i < (size_t)bytes / sizeof *events; i++) {
        uint64_t at = (uint64_t)events[i].input_event_sec * 1000000000u + (uint64_t)events[i].input_event_usec * 1000u;
        if (at > latest)
            latest = at;
    }
    uint64_t now = atomic_load(&virtual_now);
    while (latest > now && !atomic_compare_exchange_weak(&virtual_now, &now, latest)) {}
    atomic_fetch_add(&device_bytes, (uint64_t)bytes);
}

void touchsynth_clock_device_gone(int fd)
{
    /* The harness wakes the reader of an unplugged device with one event it never reads: the
       reader consumed it when it first learns of the end. */
    if (fd >= 0 && fd < MAX_TIMER_FDS && !gone[fd]) {
        gone[fd] = 1;
        atomic_fetch_add(&device_bytes, sizeof(struct input_event));
    }
}

int touchsynth_clock_read_timer(int fd, void *buf, size_t count, ssize_t *result)
{
    if (!is_active())
        return 0;
    pthread_mutex_lock(&lock);
    struct timer *timer = timer_of(fd);
    if (timer == NULL) {
        pthread_mutex_unlock(&lock);
        return 0;
    }
    if (count < sizeof(uint64_t)) {
        pthread_mutex_unlock(&lock);
        errno = EINVAL;
        *result = -1;
        return 1;
    }
    if (!timer->signalled) {
        pthread_mutex_unlock(&lock);
        /* Nothing due: a non-blocking timerfd says EAGAIN, which its eventfd says too. */
        *result = NEXT(read)(fd, buf, count);
        return 1;
    }
    uint64_t now = atomic_load(&virtual_now), expirations = 1, drained;
    if (timer->interval != 0) {
        expirations += (now - timer->expiry) / timer->interval;
        timer->expiry += expirations * timer->interval;
    } else {
        timer->expiry = 0;
    }
    timer->signalled = 0;
    (void)NEXT(read)(fd, &drained, sizeof drained);
    pthread_mutex_unlock(&lock);
    memcpy(buf, &expirations, sizeof expirations);
    *result = sizeof expirations;
    return 1;
}

void touchsynth_clock_closed(int fd)
{
    pthread_mutex_lock(&lock);
    if (fd >= 0 && fd < MAX_TIMER_FDS) {
        memset(&timers[fd], 0, sizeof timers[fd]);
        gone[fd] = 0;
    }
    pthread_mutex_unlock(&lock);
}

int clock_gettime(clockid_t clock, struct timespec *ts)
{
    if (clock == CLOCK_MONOTONIC && is_active() && on_main_thread()) {
        *ts = timespec_of(atomic_load(&virtual_now));
        return 0;
    }
    return NEXT(clock_gettime)(clock, ts);
}

int timerfd_create(int clock, int flags)
{
    if (clock != CLOCK_MONOTONIC || !is_active() || !on_main_thread())
        return NEXT(timerfd_create)(clock, flags);
    int fd = NEXT(eventfd)(0, ((flags & TFD_CLOEXEC) ? EFD_CLOEXEC : 0) | ((flags & TFD_NONBLOCK) ? EFD_NONBLOCK : 0));
    if (fd < 0)
        return fd;
    if (fd >= MAX_TIMER_FDS) {
        NEXT(close)(fd);
        errno = EMFILE;
        return -1;
    }
    pthread_mutex_lock(&lock);
    memset(&timers[fd], 0, sizeof timers[fd]);
    timers[fd].used = 1;
    if (fd >= timers_end)
        timers_end = fd + 1;
    pthread_mutex_unlock(&lock);
    return fd;
}

/* What is left of `timer`, as timerfd_gettime reports it; the caller holds the lock. */
static struct itimerspec remaining(const struct timer *timer)
{
    uint64_t now = atomic_load(&virtual_now);
    uint64_t left = timer->expiry == 0 ? 0 : timer->expiry > now ? timer->expiry - now : 1;
    struct itimerspec value = { timespec_of(timer->interval), timespec_of(left) };
    return value;
}

int timerfd_settime(int fd, int flags, const struct itimerspec *new_value, struct itimerspec *old_value)
{
    if (!is_active())
        return NEXT(timerfd_settime)(fd, flags, new_value, old_value);
    pthread_mutex_lock(&lock);
    struct timer *timer = timer_of(fd);
    if (timer == NULL) {
        pthread_mutex_unlock(&lock);
        return NEXT(timerfd_settime)(fd, flags, new_value, old_value);
    }
    if (new_value == NULL) {
        pthread_mutex_unlock(&lock);
        errno = EFAULT;
        return -1;
    }
    if (old_value != NULL)
        *old_value = remaining(timer);
    uint64_t value = ns(&new_value->it_value), now = atomic_load(&virtual_now);
    timer->expiry = value == 0 ? 0 : (flags & TFD_TIMER_ABSTIME) ? value : now + value;
    timer->interval = ns(&new_value->it_interval);
    /* Setting a timer discards an expiry not yet read, as a timerfd's does. */
    if (timer->signalled) {
        uint64_t drained;
        (void)NEXT(read)(fd, &drained, sizeof drained);
        timer->signalled = 0;
    }
    if (timer->expiry != 0 && timer->expiry <= now)
        signal_timer(fd);
    pthread_mutex_unlock(&lock);
    return 0;
}

int timerfd_gettime(int fd, struct itimerspec *cur_value)
{
    if (!is_active())
        return NEXT(timerfd_gettime)(fd, cur_value);
    pthread_mutex_lock(&lock);
    struct timer *timer = timer_of(fd);
    if (timer != NULL && cur_value != NULL)
        *cur_value = remaining(timer);
    pthread_mutex_unlock(&lock);
    return timer != NULL ? 0 : NEXT(timerfd_gettime)(fd, cur_value);
}

/* Before the main thread blocks, once it has claimed the clock. */
static int about_to_block(int timeout)
{
    return timeout != 0 && atomic_load(&claimed) && on_main_thread();
}

/* Counts an idle moment if `ready` (the caller's wait with no timeout) found nothing; returns
   its number, or 0. Done under the lock, so that a timer a command signals is either ready here
   or signalled after the count: the harness, waiting for a later idle moment, sees it handled. */
static uint64_t count_idle(int ready)
{
    uint64_t sequence = ready == 0 ? atomic_fetch_add(&idle_sequence, 1) + 1 : 0;
    pthread_mutex_unlock(&lock);
    return sequence;
}

/*
 * Each wait below, when the main thread is about to block: with every signal blocked, look
 * without waiting; if nothing is ready, report idle and wait with the caller's signal mask
 * restored atomically (ppoll, epoll_pwait). The harness stops the program with SIGINT as soon as
 * it is idle, that is while it reports: a handler that ran before the wait would leave a program
 * that checks its flag before waiting (libinput debug-events) blocked for good. A program whose
 * handler makes a descriptor it waits on readable loses no signal there, and says so with
 * touchsynth_clock_signals_wake_waits(): its waits leave the mask alone.
 */
static int signals_wake_waits;

void touchsynth_clock_signals_wake_waits(void) { signals_wake_waits = 1; }

/* Blocks every signal unless the program's signals wake its waits; returns whether it did. */
static int block_signals(sigset_t *previous)
{
    if (signals_wake_waits)
        return 0;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, previous);
    return 1;
}

static int restore(int blocked, const sigset_t *previous, int result)
{
    if (!blocked)
        return result;
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, previous, NULL);
    errno = saved;
    return result;
}

/* The mask to wait with: the caller's, else the one before block_signals() (none if it did not block). */
static const sigset_t *wait_mask(const sigset_t *mask, int blocked, const sigset_t *previous)
{
    return mask != NULL ? mask : blocked ? previous : NULL;
}

static struct timespec *timespec_of_ms(int timeout, struct timespec *ts)
{
    if (timeout < 0)
        return NULL;
    ts->tv_sec = timeout / 1000;
    ts->tv_nsec = (long)(timeout % 1000) * 1000000;
    return ts;
}

static int idle_ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout, const sigset_t *mask)
{
    static const struct timespec zero = { 0, 0 };
    sigset_t previous;
    int blocked = block_signals(&previous);
    pthread_mutex_lock(&lock);
    int ready = NEXT(ppoll)(fds, count, &zero, NULL);
    uint64_t sequence = count_idle(ready);
    if (ready != 0)
        return restore(blocked, &previous, ready);
    send_report(REPORT_IDLE, sequence, 0);
    return restore(blocked, &previous, NEXT(ppoll)(fds, count, timeout, wait_mask(mask, blocked, &previous)));
}

static int idle_epoll_pwait(int epfd, struct epoll_event *events, int count, int timeout, const sigset_t *mask)
{
    sigset_t previous;
    int blocked = block_signals(&previous);
    pthread_mutex_lock(&lock);
    int ready = NEXT(epoll_pwait)(epfd, events, count, 0, NULL);
    uint64_t sequence = count_idle(ready);
    if (ready != 0)
        return restore(blocked, &previous, ready);
    send_report(REPORT_IDLE, sequence, 0);
    return restore(blocked, &previous, NEXT(epoll_pwait)(epfd, events, count, timeout, wait_mask(mask, blocked, &previous)));
}

ssize_t touchsynth_clock_read_device(int fd, void *buf, size_t count, int nonblocking)
{
    /* A program that blocks in read() on its device (evtest) is idle there when nothing is readable. */
    if (is_active() && !nonblocking && about_to_block(-1)) {
        struct pollfd pfd = { fd, POLLIN, 0 };
        pthread_mutex_lock(&lock);
        uint64_t sequence = count_idle(NEXT(poll)(&pfd, 1, 0));
        if (sequence != 0)
            send_report(REPORT_IDLE, sequence, 0);
    }
    /* Straight to the pty, past umockdev's read(): it offers every read to its ioctl handler in
       the harness, two socket round trips of the whole buffer per read, which no evdev node of
       ours answers. */
    ssize_t result = syscall(SYS_read, fd, buf, count);
    if (is_active())
        device_read(buf, result);
    return result;
}

static int idle_pselect(int count, fd_set *readable, fd_set *writable, fd_set *failed, const struct timespec *timeout,
                        const sigset_t *mask)
{
    static const struct timespec zero = { 0, 0 };
    fd_set r, w, f;
    /* select overwrites its sets: look at copies first. */
    if (readable != NULL) r = *readable;
    if (writable != NULL) w = *writable;
    if (failed != NULL) f = *failed;
    sigset_t previous;
    int blocked = block_signals(&previous);
    pthread_mutex_lock(&lock);
    int ready = NEXT(pselect)(count, readable ? &r : NULL, writable ? &w : NULL, failed ? &f : NULL, &zero, NULL);
    uint64_t sequence = count_idle(ready);
    if (ready != 0) {
        if (readable != NULL) *readable = r;
        if (writable != NULL) *writable = w;
        if (failed != NULL) *failed = f;
        return restore(blocked, &previous, ready);
    }
    send_report(REPORT_IDLE, sequence, 0);
    return restore(blocked, &previous, NEXT(pselect)(count, readable, writable, failed, timeout, wait_mask(mask, blocked, &previous)));
}

int pselect(int count, fd_set *readable, fd_set *writable, fd_set *failed, const struct timespec *timeout, const sigset_t *mask)
{
    if (!about_to_block(timeout == NULL || timeout->tv_sec != 0 || timeout->tv_nsec != 0))
        return NEXT(pselect)(count, readable, writable, failed, timeout, mask);
    return idle_pselect(count, readable, writable, failed, timeout, mask);
}

int select(int count, fd_set *readable, fd_set *writable, fd_set *failed, struct timeval *timeout)
{
    if (!about_to_block(timeout == NULL || timeout->tv_sec != 0 || timeout->tv_usec != 0))
        return NEXT(select)(count, readable, writable, failed, timeout);
    /* Linux's select leaves the time not slept in `timeout`; a program on the virtual clock gets none back. */
    struct timespec ts, *limit = NULL;
    if (timeout != NULL) {
        ts.tv_sec = timeout->tv_sec;
        ts.tv_nsec = timeout->tv_usec * 1000;
        limit = &ts;
    }
    return idle_pselect(count, readable, writable, failed, limit, NULL);
}

int ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout, const sigset_t *mask)
{
    if (!about_to_block(timeout == NULL || timeout->tv_sec != 0 || timeout->tv_nsec != 0))
        return NEXT(ppoll)(fds, count, timeout, mask);
    return idle_ppoll(fds, count, timeout, mask);
}

int poll(struct pollfd *fds, nfds_t count, int timeout)
{
    if (!about_to_block(timeout))
        return NEXT(poll)(fds, count, timeout);
    struct timespec ts;
    return idle_ppoll(fds, count, timespec_of_ms(timeout, &ts), NULL);
}

int epoll_pwait(int epfd, struct epoll_event *events, int count, int timeout, const sigset_t *mask)
{
    if (!about_to_block(timeout))
        return NEXT(epoll_pwait)(epfd, events, count, timeout, mask);
    return idle_epoll_pwait(epfd, events, count, timeout, mask);
}

int epoll_wait(int epfd, struct epoll_event *events, int count, int timeout)
{
    if (!about_to_block(timeout))
        return NEXT(epoll_wait)(epfd, events, count, timeout);
    return idle_epoll_pwait(epfd, events, count, timeout, NULL);
}
