/* What the harness (Swift, MockedDevices) and its C helper in the program (MockedDevicesPreload)
   tell each other: the virtual clock's steps and reports, the file the programs of a run share
   with the harness, and the limits both keep. Both sides read this one header. */
#ifndef TOUCHSYNTH_PROTOCOL_H
#define TOUCHSYNTH_PROTOCOL_H

#include <stdint.h>

/* /dev/input/event0 to this are the helper's; the harness makes no device above it. */
#define TOUCHSYNTH_MAX_EVENT_NUMBER 1000
/* The helper follows descriptors below this; every table it keeps by descriptor has this size. */
#define TOUCHSYNTH_MAX_TRACKED_FDS 4096
/* The virtual clock drives at most this many devices. */
#define TOUCHSYNTH_MAX_CLOCK_DEVICES 64

/* A step of the replay, harness to program on the script socket: this header, then a frame's
   `length` bytes (its struct input_events). */
enum { TOUCHSYNTH_STEP_FRAME = 1, TOUCHSYNTH_STEP_PAUSE = 2, TOUCHSYNTH_STEP_END = 3 };
struct touchsynth_clock_step {
    uint64_t kind;
    uint64_t instant;      /* ns of virtual time */
    uint32_t device;       /* a frame's device: its index among the devices' pty masters */
    uint32_t length;       /* a frame's bytes */
    uint64_t origin;       /* a frame's index in its device's recording, from 0; TOUCHSYNTH_NO_ORIGIN for
                              the harness's own (a fault's SYN_DROPPED, an unplugged device's wake-up) */
};
#define TOUCHSYNTH_NO_ORIGIN UINT64_MAX

/* What the program tells the harness, one SOCK_SEQPACKET message each. */
enum { TOUCHSYNTH_REPORT_TIMERS = 1, TOUCHSYNTH_REPORT_PAUSED = 2, TOUCHSYNTH_REPORT_FINISHED = 3 };
struct touchsynth_clock_report {
    uint64_t kind;
    uint64_t now;          /* the virtual time, ns */
    uint64_t fired;        /* TOUCHSYNTH_REPORT_TIMERS: the timers due at `now` */
};

/* The harness's process id, in the environment of the programs it starts: the one it started
   itself, its child, ends with it (SIGTERM), where it would go on waiting on a device that no one
   writes once the harness is killed outright. */
#define TOUCHSYNTH_HARNESS_PID_VARIABLE "TOUCHSYNTH_HARNESS_PID"

/* $UMOCKDEV_DIR/TOUCHSYNTH_RUN_STATE_FILE, made by the harness with each testbed and mapped by
   the helper in every program of a run, so that a read looks at memory, not the file system. */
#define TOUCHSYNTH_RUN_STATE_FILE "touchsynth-run-state"
struct touchsynth_run_state {
    /* Byte N, set by the harness: /dev/input/eventN was unplugged. */
    uint8_t unplugged[TOUCHSYNTH_MAX_EVENT_NUMBER + 1];
    /* Byte N, kept by the helper: the process that opened /dev/input/eventN last (`opener`) has
       closed every descriptor of it since (libinput suspending a touchpad). A kernel passes a
       device's events to no reader then: the virtual clock drops such a device's frames, and the
       harness writes none on the machine's clock. Cleared by the harness before a run. */
    uint8_t closed[TOUCHSYNTH_MAX_EVENT_NUMBER + 1];
    int32_t opener[TOUCHSYNTH_MAX_EVENT_NUMBER + 1];
    /* Set by the program that wrote the readiness byte; cleared by the harness before a run. */
    uint8_t readiness_sent;
    /* Set by the program that took the virtual clock; cleared by the harness before a run. */
    uint8_t clock_claimed;
};

#endif
