/*
 * A reader of a mocked input device through copies of its descriptor, for touchsynth-preload's
 * following of dup, fcntl(F_DUPFD_CLOEXEC), dup2 and dup3 (MockedProgramTests). `dup-reader
 * DEVNODE`: opens the device, makes it non-blocking and close-on-exec by ioctl (FIONBIO, FIOCLEX)
 * and reads once, copies the descriptor each of those ways, closing the one copied
 * each time (dup2 onto a second descriptor of the device), then reads every frame through the
 * last copy, waiting in poll on the virtual clock, until the harness's SIGINT. It prints what it
 * read and what the copy answers as an evdev node.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static volatile sig_atomic_t interrupted;

static void on_interrupt(int signal)
{
    (void)signal;
    interrupted = 1;
}

/* `copy`, once `original` is closed: the device lives on only in the copy. */
static int moved(int original, int copy)
{
    if (copy < 0) {
        perror("copy");
        return -1;
    }
    close(original);
    return copy;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: dup-reader DEVNODE\n");
        return 64;
    }
    struct sigaction action = { .sa_handler = on_interrupt };
    sigaction(SIGINT, &action, NULL);

    /* Blocking as opened, non-blocking by FIONBIO: a read before any wait finds nothing, as the
       clock gives frames only to a reader that waits. FIOCLEX, like FIONBIO, is the kernel's
       for any descriptor. */
    int device = open(argv[1], O_RDONLY);
    if (device < 0 || ioctl(device, FIONBIO, &(int){ 1 }) < 0 || ioctl(device, FIOCLEX) < 0
        || fcntl(device, F_GETFD) != FD_CLOEXEC) {
        perror("open");
        return 3;
    }
    char first[sizeof(struct input_event)];
    const char *early = read(device, first, sizeof first) < 0 && errno == EAGAIN ? "nothing" : "a frame";
    device = moved(device, dup(device));
    device = moved(device, fcntl(device, F_DUPFD_CLOEXEC, 100));
    /* dup2 onto a descriptor already open closes it first, silently: here one more of the device. */
    int second = open(argv[1], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    device = moved(device, dup2(device, second));
    device = moved(device, dup3(device, 60, O_CLOEXEC));
    if (device < 0)
        return 3;

    struct stat status;
    char name[256] = "";
    if (fstat(device, &status) != 0 || ioctl(device, EVIOCGNAME(sizeof name), name) < 0) {
        perror("the copy");
        return 3;
    }
    long bytes = 0;
    while (!interrupted) {
        struct pollfd wait = { device, POLLIN, 0 };
        if (poll(&wait, 1, -1) < 0) {
            if (errno == EINTR)
                continue;
            perror("poll");
            return 3;
        }
        struct input_event events[64];
        ssize_t n;
        while ((n = read(device, events, sizeof events)) > 0)
            bytes += n;
    }
    close(device);
    printf("%s before waiting; read %ld bytes through descriptor %d, a character device %u:%u named %s\n", early,
           bytes, device, major(status.st_rdev), minor(status.st_rdev), name);
    return 0;
}
