/*
 * The virtual clock: the program that runs libinput under the harness lives on the harness's
 * time rather than the machine's, so that a replay gives the same answer on any machine, at any
 * load, and takes no longer than the work it does.
 *
 * Active only in a process whose environment has $TOUCHSYNTH_CLOCK_FD (the harness's report
 * socket, SOCK_SEQPACKET), $TOUCHSYNTH_CLOCK_SCRIPT_FD (the replay's steps, a stream socket),
 * $TOUCHSYNTH_CLOCK_DEVICE_FDS (the devices' pty masters, comma-separated, in the steps' order)
 * and $TOUCHSYNTH_CLOCK_START_NS (the time the clock reads at first), read once at load, while no
 * program of the run has taken the clock yet. The harness numbers the descriptors high, out of
 * the way of those a program sets itself (a shell's `exec 4<file`), so they stay where the
 * variables say for a program this one executes.
 *
 * The clock is the main thread's, where libinput runs in libinput's tools and in ours; other
 * threads (a runtime's workers, whose timers have nothing to do with the devices) keep the
 * machine's clock.
 * - clock_gettime(CLOCK_MONOTONIC) reads the virtual time (libinput's "now");
 * - a CLOCK_MONOTONIC timerfd is an eventfd instead, readable once the virtual time reaches its
 *   expiry: timerfd_create, timerfd_settime (absolute or relative), timerfd_gettime, read, close;
 * - the run's first open of an input device on a main thread claims the clock for that process
 *   (programs it starts, and any other, do not get it);
 * - when the main thread would block in poll, ppoll, select, pselect, epoll_wait or epoll_pwait,
 *   or in a blocking read of an input device, with nothing ready, it is idle: it takes the
 *   replay's next step itself. A timer due no later than the step fires first, at its own expiry;
 *   otherwise a frame is written to its device's pty, a pause (the harness unplugs a device there)
 *   or the end moves the clock to its instant and is reported. The harness writes the steps ahead
 *   and is not waited for between them.
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

#include "evdev-ioctls.h"
#include "touchsynth-clock.h"
#include "touchsynth-preload.h"

#define NEVER UINT64_MAX
/* The most bytes of a frame written to its pty at once: the whole events that fit the pty's
   4096-byte buffer, written once the reader has read everything before, so that all of a part is
   on its way to the reader, which completes an event the pty hands over in two pieces. */
#define FRAME_PART (4096 / sizeof(struct input_event) * sizeof(struct input_event))

struct timer {
    /* Also read without the lock, so that reads of other descriptors do not take it. */
    int used;
    int signalled;         /* expired and not yet read: its eventfd is readable */
    uint64_t expiry;       /* ns, 0 when disarmed */
    uint64_t interval;     /* ns, 0 for a one-shot timer */
};

/* Set at load, read-only after: whether the run is on the virtual clock, and whether this process
   may take it. */
static int runs_virtual;
static int active;
static int channel = -1;
static int script = -1;
static int devices[TOUCHSYNTH_MAX_CLOCK_DEVICES];
static int device_count;
/* Each clock device's event number, by which the run's shared state says whether the device is
   closed (`closed`): its frames are dropped then. Without the numbers every device counts as read. */
static int device_numbers[TOUCHSYNTH_MAX_CLOCK_DEVICES];
static int numbered;
/* The run's shared state: its flag that one of its programs took the clock, and the devices closed. */
static struct touchsynth_run_state *run_state;

static _Atomic uint64_t virtual_now;
/* Whether this process took the clock: only its main thread then takes steps. */
static _Atomic int claimed;
/* Guarded by touchsynth_lock: the timers, by descriptor, and one past the highest descriptor a
   timer has had (the scans stop there). */
static struct timer timers[TOUCHSYNTH_MAX_TRACKED_FDS];
static int timers_end;
/* Guarded by touchsynth_lock: the unplugged devices, by event number, whose wake-up event has been
   counted as read (touchsynth_clock_device_gone). */
static char gone[TOUCHSYNTH_MAX_EVENT_NUMBER + 1];

/* Only the main thread of the process that claimed the clock takes steps: the step read and not
   yet taken, the part of a frame its device's pty had no room for, and the bytes written to the
   devices' ptys. A pty passes what its master is written on to its reader a moment later, so a
   frame is on its way until the reader has it: `consumed` counts what any thread read. */
static struct touchsynth_clock_step step;
static int step_loaded;
static int script_done;
static unsigned char *frame;
static size_t frame_capacity, frame_written;
static int frame_device = -1;
static uint64_t released;
static _Atomic uint64_t consumed;
/* The frame on its way to the reader: its device and its index in that device's recording. */
static _Atomic uint64_t frame_origin = TOUCHSYNTH_NO_ORIGIN;
static _Atomic uint32_t frame_origin_device;
/* Guarded by touchsynth_lock: what the program is handling now, for its log lines. */
static struct touchsynth_clock_cause cause;

static int on_main_thread(void)
{
    static __thread int main_thread = -1;
    if (main_thread < 0)
        main_thread = gettid() == getpid();
    return main_thread;
}

/* Whether `fd` is a socket of `type`: a program started once the clock was taken, which lost the
   descriptors (close-on-exec), may hold something else by that number. */
static int is_socket(int fd, int type)
{
    int actual;
    socklen_t size = sizeof actual;
    return getsockopt(fd, SOL_SOCKET, SO_TYPE, &actual, &size) == 0 && actual == type;
}

void touchsynth_clock_load(struct touchsynth_run_state *run)
{
    const char *fd = getenv("TOUCHSYNTH_CLOCK_FD");
    const char *script_fd = getenv("TOUCHSYNTH_CLOCK_SCRIPT_FD");
    const char *device_fds = getenv("TOUCHSYNTH_CLOCK_DEVICE_FDS");
    const char *start = getenv("TOUCHSYNTH_CLOCK_START_NS");
    const char *numbers = getenv("TOUCHSYNTH_CLOCK_DEVICE_NUMBERS");
    runs_virtual = fd != NULL;
    if (run == NULL || __atomic_load_n(&run->clock_claimed, __ATOMIC_ACQUIRE) || fd == NULL || script_fd == NULL
        || device_fds == NULL || start == NULL || !is_socket(atoi(fd), SOCK_SEQPACKET)
        || !is_socket(atoi(script_fd), SOCK_STREAM))
        return;
    run_state = run;
    channel = atoi(fd);
    script = atoi(script_fd);
    for (const char *p = device_fds; *p != '\0' && device_count < TOUCHSYNTH_MAX_CLOCK_DEVICES;
         p += strcspn(p, ","), p += *p == ',')
        devices[device_count++] = atoi(p);
    for (const char *p = numbers; p != NULL && *p != '\0' && numbered < device_count;
         p += strcspn(p, ","), p += *p == ',')
        device_numbers[numbered++] = atoi(p);
    atomic_store(&virtual_now, strtoull(start, NULL, 10));
    active = 1;
}

static int is_active(void) { return active > 0; }

int touchsynth_clock_runs_virtual(void) { return runs_virtual; }

static uint64_t ns(const struct timespec *ts) { return (uint64_t)ts->tv_sec * 1000000000u + (uint64_t)ts->tv_nsec; }

static struct timespec timespec_of(uint64_t value)
{
    struct timespec ts = { (time_t)(value / 1000000000u), (long)(value % 1000000000u) };
    return ts;
}

/* Whether `fd` may be a timer: read without the lock, and checked again with it by timer_of. */
static int may_be_timer(int fd)
{
    return fd >= 0 && fd < TOUCHSYNTH_MAX_TRACKED_FDS && __atomic_load_n(&timers[fd].used, __ATOMIC_RELAXED);
}

/* The timer of `fd`, if it is one; the caller holds the lock. */
static struct timer *timer_of(int fd)
{
    return may_be_timer(fd) ? &timers[fd] : NULL;
}

/* Makes `fd`'s timer new and disarmed, or no timer; the caller holds the lock. */
static void reset_timer(int fd, int used)
{
    timers[fd].signalled = 0;
    timers[fd].expiry = 0;
    timers[fd].interval = 0;
    __atomic_store_n(&timers[fd].used, used, __ATOMIC_RELAXED);
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

static void send_report(uint64_t kind, uint64_t now, uint64_t fired)
{
    struct touchsynth_clock_report report = { kind, now, fired };
    (void)send(channel, &report, sizeof report, MSG_NOSIGNAL);
}

/* Whether clock device `device`'s frames have a reader (see `device_numbers`). */
static int has_reader(uint32_t device)
{
    return numbered != device_count || !__atomic_load_n(&run_state->closed[device_numbers[device]], __ATOMIC_ACQUIRE);
}

void touchsynth_clock_device_opened(void)
{
    if (!is_active() || !on_main_thread() || atomic_load(&claimed)
        || __atomic_exchange_n(&run_state->clock_claimed, 1, __ATOMIC_ACQ_REL))
        return;
    atomic_store(&claimed, 1);
    /* This process runs libinput: a program it starts does not take the clock. */
    NEXT(fcntl)(channel, F_SETFD, FD_CLOEXEC);
    NEXT(fcntl)(script, F_SETFD, FD_CLOEXEC);
    for (int i = 0; i < device_count; i++)
        NEXT(fcntl)(devices[i], F_SETFD, FD_CLOEXEC);
}

static void raise_clock(uint64_t instant)
{
    uint64_t now = atomic_load(&virtual_now);
    while (instant > now && !atomic_compare_exchange_weak(&virtual_now, &now, instant)) {}
}

/* The script as read, ahead of the steps taken: one read brings many steps. */
static unsigned char script_buffer[1 << 16];
static size_t script_start, script_end;

/* Takes exactly `count` bytes of the script; 0 once the harness has closed it (or at an error). */
static int read_script(void *buf, size_t count)
{
    for (size_t done = 0; done < count;) {
        if (script_start == script_end) {
            ssize_t n = syscall(SYS_read, script, script_buffer, sizeof script_buffer);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return 0;
            script_start = 0;
            script_end = (size_t)n;
        }
        size_t part = script_end - script_start < count - done ? script_end - script_start : count - done;
        memcpy((char *)buf + done, script_buffer + script_start, part);
        script_start += part;
        done += part;
    }
    return 1;
}

/* The next step into `step`, a frame's bytes into `frame`; 0 when the script is over. */
static int read_step(void)
{
    if (!read_script(&step, sizeof step))
        return 0;
    if (step.kind == TOUCHSYNTH_STEP_FRAME) {
        if (step.length > frame_capacity) {
            unsigned char *grown = realloc(frame, step.length);
            if (grown == NULL)
                return 0;
            frame = grown;
            frame_capacity = step.length;
        }
        if (!read_script(frame, step.length) || step.device >= (uint32_t)device_count)
            return 0;
    }
    step_loaded = 1;
    return 1;
}

/* Writes what is left of the frame to its device's pty, straight past umockdev's write(). A frame
   larger than the pty's buffer goes in parts of whole events, each once the reader has read the
   one before. */
static void write_frame(void)
{
    size_t left = step.length - frame_written;
    size_t part = left < FRAME_PART ? left : FRAME_PART;
    ssize_t n = syscall(SYS_write, devices[frame_device], frame + frame_written, part);
    if (n <= 0)
        return;
    frame_written += (size_t)n;
    released += (uint64_t)n;
    if (frame_written == step.length)
        frame_device = -1;
}

/* Fires the timers due at `expiry`, the clock moved there; the caller holds the lock. */
static uint64_t fire_timers(uint64_t expiry)
{
    raise_clock(expiry);
    uint64_t fired = 0;
    for (int fd = 0; fd < timers_end; fd++) {
        if (timers[fd].used && timers[fd].expiry != 0 && !timers[fd].signalled && timers[fd].expiry <= expiry) {
            signal_timer(fd);
            fired++;
        }
    }
    return fired;
}

/*
 * At an idle moment: the replay's next step. Returns 1 if the program is to look again (a timer
 * fired, or a pause was reached, whose next step is read once the harness has acted), 0 if it is
 * to wait: for a frame on its way to the reader (the pty passes it on a moment after the write),
 * or for a signal (the script is over, or a device reads nothing).
 */
static int take_step(void)
{
    if (atomic_load(&consumed) < released)
        return 0;
    if (frame_device >= 0) {
        write_frame();
        return 0;
    }
    if (script_done)
        return 0;
    if (!step_loaded && !read_step()) {
        script_done = 1;
        return 0;
    }
    pthread_mutex_lock(&touchsynth_lock);
    uint64_t expiry = next_expiry();
    if (expiry <= step.instant) {
        /* A timer due at a frame's instant fires first, as libinput, reading the frame, would
           run it first too; each at its own instant, and the timers those arm in turn. */
        uint64_t fired = fire_timers(expiry);
        cause = (struct touchsynth_clock_cause){ TOUCHSYNTH_CAUSE_TIMERS, 0, 0, expiry };
        pthread_mutex_unlock(&touchsynth_lock);
        send_report(TOUCHSYNTH_REPORT_TIMERS, expiry, fired);
        return 1;
    }
    pthread_mutex_unlock(&touchsynth_lock);
    step_loaded = 0;
    switch (step.kind) {
    case TOUCHSYNTH_STEP_FRAME:
        /* The device's state follows the frame whether or not it has a reader, as the kernel's does. */
        if (numbered == device_count)
            touchsynth_evdev_ioctls_frame(device_numbers[step.device], frame, step.length);
        if (!has_reader(step.device)) {
            raise_clock(step.instant);
            return 1;
        }
        /* The frame carries its time: the clock reaches it as the frame is read. */
        frame_device = (int)step.device;
        frame_written = 0;
        atomic_store(&frame_origin_device, step.device);
        atomic_store(&frame_origin, step.origin);
        write_frame();
        return 0;
    case TOUCHSYNTH_STEP_PAUSE:
        /* The harness unplugs a device here; its next step, which the next call waits for, wakes
           the device's reader. */
        raise_clock(step.instant);
        pthread_mutex_lock(&touchsynth_lock);
        cause = (struct touchsynth_clock_cause){ TOUCHSYNTH_CAUSE_FAULT, 0, 0, step.instant };
        pthread_mutex_unlock(&touchsynth_lock);
        send_report(TOUCHSYNTH_REPORT_PAUSED, step.instant, 0);
        return 1;
    default:
        raise_clock(step.instant);
        send_report(TOUCHSYNTH_REPORT_FINISHED, step.instant, 0);
        script_done = 1;
        return 0;
    }
}

/* The clock reaches the latest time among `bytes` of input events read into `buf`. */
static void device_read(const void *buf, ssize_t bytes)
{
    if (bytes <= 0)
        return;
    /* A frame is stamped with its instant: the reader's clock reaches it as the frame is read,
       as on a prompt reader of a real device. */
    const struct input_event *events = buf;
    uint64_t latest = 0;
    for (size_t i = 0; i < (size_t)bytes / sizeof *events; i++) {
        uint64_t at = (uint64_t)events[i].input_event_sec * 1000000000u + (uint64_t)events[i].input_event_usec * 1000u;
        if (at > latest)
            latest = at;
    }
    raise_clock(latest);
    if (active) {
        pthread_mutex_lock(&touchsynth_lock);
        uint64_t origin = atomic_load(&frame_origin);
        uint32_t device = atomic_load(&frame_origin_device);
        cause = origin == TOUCHSYNTH_NO_ORIGIN
            ? (struct touchsynth_clock_cause){ TOUCHSYNTH_CAUSE_FAULT, 0, 0, latest }
            : (struct touchsynth_clock_cause){ TOUCHSYNTH_CAUSE_FRAME, device, origin, latest };
        pthread_mutex_unlock(&touchsynth_lock);
    }
    atomic_fetch_add(&consumed, (uint64_t)bytes);
}

void touchsynth_clock_cause(struct touchsynth_clock_cause *out)
{
    pthread_mutex_lock(&touchsynth_lock);
    *out = cause;
    pthread_mutex_unlock(&touchsynth_lock);
}

void touchsynth_clock_device_gone(int event_number)
{
    /* The step that wakes an unplugged device's reader is never read: it is taken when a reader
       first learns of the end, once for the device however many descriptors it has open. */
    if (event_number < 0 || event_number > TOUCHSYNTH_MAX_EVENT_NUMBER)
        return;
    pthread_mutex_lock(&touchsynth_lock);
    if (!gone[event_number]) {
        gone[event_number] = 1;
        atomic_fetch_add(&consumed, sizeof(struct input_event));
    }
    pthread_mutex_unlock(&touchsynth_lock);
}

int touchsynth_clock_read_timer(int fd, void *buf, size_t count, ssize_t *result)
{
    if (!is_active() || !may_be_timer(fd))
        return 0;
    pthread_mutex_lock(&touchsynth_lock);
    struct timer *timer = timer_of(fd);
    if (timer == NULL) {
        pthread_mutex_unlock(&touchsynth_lock);
        return 0;
    }
    if (count < sizeof(uint64_t)) {
        pthread_mutex_unlock(&touchsynth_lock);
        errno = EINVAL;
        *result = -1;
        return 1;
    }
    if (!timer->signalled) {
        pthread_mutex_unlock(&touchsynth_lock);
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
    pthread_mutex_unlock(&touchsynth_lock);
    memcpy(buf, &expirations, sizeof expirations);
    *result = sizeof expirations;
    return 1;
}

void touchsynth_clock_closed(int fd)
{
    if (fd < 0 || fd >= TOUCHSYNTH_MAX_TRACKED_FDS)
        return;
    pthread_mutex_lock(&touchsynth_lock);
    reset_timer(fd, 0);
    pthread_mutex_unlock(&touchsynth_lock);
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
    if (fd >= TOUCHSYNTH_MAX_TRACKED_FDS) {
        NEXT(close)(fd);
        errno = EMFILE;
        return -1;
    }
    pthread_mutex_lock(&touchsynth_lock);
    reset_timer(fd, 1);
    if (fd >= timers_end)
        timers_end = fd + 1;
    pthread_mutex_unlock(&touchsynth_lock);
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
    pthread_mutex_lock(&touchsynth_lock);
    struct timer *timer = timer_of(fd);
    if (timer == NULL) {
        pthread_mutex_unlock(&touchsynth_lock);
        return NEXT(timerfd_settime)(fd, flags, new_value, old_value);
    }
    if (new_value == NULL) {
        pthread_mutex_unlock(&touchsynth_lock);
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
    pthread_mutex_unlock(&touchsynth_lock);
    return 0;
}

int timerfd_gettime(int fd, struct itimerspec *cur_value)
{
    if (!is_active())
        return NEXT(timerfd_gettime)(fd, cur_value);
    pthread_mutex_lock(&touchsynth_lock);
    struct timer *timer = timer_of(fd);
    if (timer != NULL && cur_value != NULL)
        *cur_value = remaining(timer);
    pthread_mutex_unlock(&touchsynth_lock);
    return timer != NULL ? 0 : NEXT(timerfd_gettime)(fd, cur_value);
}

/* Before the main thread blocks, once it has claimed the clock. */
static int about_to_block(int timeout)
{
    return timeout != 0 && atomic_load(&claimed) && on_main_thread();
}

/*
 * Each wait below, when the main thread is about to block: with every signal blocked, look
 * without waiting; while nothing is ready, take the replay's next step and look again; then wait
 * with the caller's signal mask restored atomically (ppoll, epoll_pwait). The harness stops the
 * program with SIGINT once the replay is over: a handler that ran before the wait would leave a
 * program that checks its flag before waiting (libinput debug-events) blocked for good. A signal
 * that comes while steps are taken ends the stepping, and the wait delivers it. A program whose
 * handler makes a descriptor it waits on readable loses no signal there, and says so with
 * touchsynth_clock_signals_wake_waits(): its waits leave the mask alone.
 */
static _Atomic int signals_wake_waits;

void touchsynth_clock_signals_wake_waits(void) { atomic_store(&signals_wake_waits, 1); }

/* Blocks every signal unless the program's signals wake its waits; returns whether it did. */
static int block_signals(sigset_t *previous)
{
    if (atomic_load(&signals_wake_waits))
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

/* Whether a signal that `mask` (the mask the wait is to have) lets through is pending. */
static int signal_waiting(int blocked, const sigset_t *mask)
{
    sigset_t pending;
    if (!blocked || sigpending(&pending) != 0)
        return 0;
    for (int signal = 1; signal < NSIG; signal++)
        if (sigismember(&pending, signal) == 1 && (mask == NULL || sigismember(mask, signal) != 1))
            return 1;
    return 0;
}

static int idle_ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout, const sigset_t *mask)
{
    static const struct timespec zero = { 0, 0 };
    sigset_t previous;
    int blocked = block_signals(&previous);
    const sigset_t *waits_with = wait_mask(mask, blocked, &previous);
    int ready;
    while ((ready = NEXT(ppoll)(fds, count, &zero, NULL)) == 0 && take_step()
           && !signal_waiting(blocked, waits_with)) {}
    if (ready == 0)
        ready = NEXT(ppoll)(fds, count, timeout, waits_with);
    return restore(blocked, &previous, ready);
}

static int idle_epoll_pwait(int epfd, struct epoll_event *events, int count, int timeout, const sigset_t *mask)
{
    sigset_t previous;
    int blocked = block_signals(&previous);
    const sigset_t *waits_with = wait_mask(mask, blocked, &previous);
    int ready;
    while ((ready = NEXT(epoll_pwait)(epfd, events, count, 0, NULL)) == 0 && take_step()
           && !signal_waiting(blocked, waits_with)) {}
    if (ready == 0)
        ready = NEXT(epoll_pwait)(epfd, events, count, timeout, waits_with);
    return restore(blocked, &previous, ready);
}

ssize_t touchsynth_clock_read_device(int fd, void *buf, size_t count, int nonblocking)
{
    /* A program that blocks in read() on its device (evtest) is idle there when nothing is readable. */
    if (is_active() && !nonblocking && about_to_block(-1)) {
        struct pollfd pfd = { fd, POLLIN, 0 };
        while (NEXT(poll)(&pfd, 1, 0) == 0 && take_step()) {}
    }
    /* Straight to the pty, past umockdev's read(): it offers every read to its ioctl handler in
       the harness, two socket round trips of the whole buffer per read, which no evdev node of
       ours answers. */
    ssize_t result = syscall(SYS_read, fd, buf, count);
    /* A pty passes a write on in chunks (2048 bytes on Linux 6), which can end inside an event,
       where an evdev node hands out whole events only: the rest of the last one, written already,
       is read too. */
    size_t size = sizeof(struct input_event);
    if (result > 0 && (size_t)result % size != 0 && count >= ((size_t)result / size + 1) * size) {
        size_t want = ((size_t)result / size + 1) * size;
        while ((size_t)result < want) {
            struct pollfd pfd = { fd, POLLIN, 0 };
            if (NEXT(poll)(&pfd, 1, 1000) <= 0)
                break;
            ssize_t more = syscall(SYS_read, fd, (char *)buf + result, want - (size_t)result);
            if (more > 0)
                result += more;
            else if (more == 0 || (errno != EAGAIN && errno != EINTR))
                break;
        }
    }
    if (is_active())
        device_read(buf, result);
    return result;
}

static int idle_pselect(int count, fd_set *readable, fd_set *writable, fd_set *failed, const struct timespec *timeout,
                        const sigset_t *mask)
{
    static const struct timespec zero = { 0, 0 };
    sigset_t previous;
    int blocked = block_signals(&previous);
    const sigset_t *waits_with = wait_mask(mask, blocked, &previous);
    fd_set r, w, f;
    int ready;
    do {
        /* select overwrites its sets: look at copies. */
        if (readable != NULL) r = *readable;
        if (writable != NULL) w = *writable;
        if (failed != NULL) f = *failed;
        ready = NEXT(pselect)(count, readable ? &r : NULL, writable ? &w : NULL, failed ? &f : NULL, &zero, NULL);
    } while (ready == 0 && take_step() && !signal_waiting(blocked, waits_with));
    if (ready != 0) {
        if (readable != NULL) *readable = r;
        if (writable != NULL) *writable = w;
        if (failed != NULL) *failed = f;
        return restore(blocked, &previous, ready);
    }
    return restore(blocked, &previous, NEXT(pselect)(count, readable, writable, failed, timeout, waits_with));
}

int pselect(int count, fd_set *readable, fd_set *writable, fd_set *failed, const struct timespec *timeout,
            const sigset_t *mask)
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
