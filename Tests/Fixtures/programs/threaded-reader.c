/*
 * A multi-threaded reader of a mocked input device, for touchsynth-preload's thread safety
 * (PreloadThreadTests). `threaded-reader DEVNODE`: the main thread opens the device and waits
 * for it and a timerfd in poll, on the virtual clock, reading every frame; meanwhile worker
 * threads open, query, poll, read and close the device on descriptors of their own, and query the
 * main thread's device and timer, until the harness's SIGINT. It prints what it read, and exits 1
 * if its environment changed while it ran.
 *
 * The workers' reads take no bytes: a frame another thread took would never wake the main
 * thread's wait, and the virtual clock goes on only once the main thread has the frame.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define WORKERS 4

extern char **environ;

static const char *devnode;
/* The main thread's device and timer, which the workers ask about too. */
static int device = -1, timer = -1;
static volatile sig_atomic_t interrupted;
static atomic_int stopping;
static atomic_long worker_rounds, worker_reads;

static void on_interrupt(int signal)
{
    (void)signal;
    interrupted = 1;
}

/* The environment as one string, to compare at the end. */
static char *environment_text(void)
{
    size_t size = 1;
    for (char **entry = environ; *entry != NULL; entry++)
        size += strlen(*entry) + 1;
    char *text = malloc(size);
    if (text == NULL)
        exit(2);
    text[0] = '\0';
    for (char **entry = environ; *entry != NULL; entry++)
        strcat(strcat(text, *entry), "\n");
    return text;
}

/* One worker's round: the device opened, asked about, waited for, read and closed. */
static void worker_round(void)
{
    int fd = open(devnode, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        perror("worker open");
        exit(3);
    }
    char name[256];
    unsigned long types = 0;
    struct input_absinfo x;
    struct stat status;
    if (ioctl(fd, EVIOCGNAME(sizeof name), name) < 0 || ioctl(fd, EVIOCGBIT(0, sizeof types), &types) < 0
        || ioctl(fd, EVIOCGABS(ABS_X), &x) < 0 || fstat(fd, &status) != 0 || !S_ISCHR(status.st_mode)) {
        fprintf(stderr, "worker: the device does not answer as an evdev node\n");
        exit(3);
    }
    struct itimerspec left;
    if (ioctl(device, EVIOCGNAME(sizeof name), name) < 0 || fstat(device, &status) != 0
        || timerfd_gettime(timer, &left) != 0) {
        fprintf(stderr, "worker: the main thread's device or timer does not answer\n");
        exit(3);
    }
    /* Blocking and back: the preload follows each F_SETFL. */
    fcntl(fd, F_SETFL, 0);
    fcntl(fd, F_SETFL, O_NONBLOCK);
    struct pollfd wait = { fd, POLLIN, 0 };
    if (poll(&wait, 1, 1) > 0) {
        struct input_event event;
        if (read(fd, &event, 0) == 0)
            atomic_fetch_add_explicit(&worker_reads, 1, memory_order_relaxed);
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (getenv("UMOCKDEV_DIR") == NULL) {
        fprintf(stderr, "worker: UMOCKDEV_DIR went away\n");
        exit(3);
    }
    int timer = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    if (timer >= 0)
        close(timer);
    close(fd);
    atomic_fetch_add_explicit(&worker_rounds, 1, memory_order_relaxed);
}

/* All threads start together, once every one is created. */
static pthread_barrier_t started;

static void *worker(void *unused)
{
    (void)unused;
    pthread_barrier_wait(&started);
    while (!atomic_load(&stopping))
        worker_round();
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: threaded-reader DEVNODE\n");
        return 64;
    }
    devnode = argv[1];
    char *before = environment_text();
    struct sigaction action = { .sa_handler = on_interrupt };
    sigaction(SIGINT, &action, NULL);

    device = open(devnode, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    timer = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    if (device < 0 || timer < 0) {
        perror("open");
        return 3;
    }
    /* Only the main thread takes the harness's SIGINT, so that it ends the main thread's wait. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    pthread_t threads[WORKERS];
    pthread_barrier_init(&started, NULL, WORKERS + 1);
    for (int i = 0; i < WORKERS; i++)
        pthread_create(&threads[i], NULL, worker, NULL);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    pthread_barrier_wait(&started);

    /* A timer every 10 ms of the clock's time, as libinput arms its own. */
    struct itimerspec every = { { 0, 10000000 }, { 0, 10000000 } };
    timerfd_settime(timer, 0, &every, NULL);
    long bytes = 0, expirations = 0;
    while (!interrupted) {
        /* The workers make progress between any two waits of the main thread, so that they run
           all through the replay. Relaxed, so that this orders nothing else: the helper's own
           synchronisation is what ThreadSanitizer checks. */
        long rounds = atomic_load_explicit(&worker_rounds, memory_order_relaxed);
        while (atomic_load_explicit(&worker_rounds, memory_order_relaxed) == rounds)
            sched_yield();
        struct pollfd fds[2] = { { device, POLLIN, 0 }, { timer, POLLIN, 0 } };
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            perror("poll");
            return 3;
        }
        struct input_event events[64];
        ssize_t n;
        while ((n = read(device, events, sizeof events)) > 0)
            bytes += n;
        uint64_t count;
        if (read(timer, &count, sizeof count) == sizeof count)
            expirations += (long)count;
    }
    atomic_store(&stopping, 1);
    for (int i = 0; i < WORKERS; i++)
        pthread_join(threads[i], NULL);
    close(timer);
    close(device);

    char *after = environment_text();
    int unchanged = strcmp(before, after) == 0;
    printf("main read %ld bytes, %ld timer expirations; workers: %ld rounds, %ld reads; environment %s\n", bytes,
           expirations, atomic_load(&worker_rounds), atomic_load(&worker_reads), unchanged ? "unchanged" : "changed");
    return unchanged ? 0 : 1;
}
