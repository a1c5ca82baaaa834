/* What a program linked with touchsynth-preload may tell the virtual clock. */
#ifndef TOUCHSYNTH_CLOCK_H
#define TOUCHSYNTH_CLOCK_H

#include <stdint.h>

/* Hidden: each copy of the helper calls its own (touchsynth-preload.h says why). */
#pragma GCC visibility push(hidden)

/* The program's stop signals make a descriptor it waits on readable (a self-pipe), so a signal
   that comes while the clock takes the replay's steps is never lost: the waits need not block
   signals. */
void touchsynth_clock_signals_wake_waits(void);

/* What the program was handling when it called touchsynth_clock_cause, for its log lines: nothing
   yet (setting up, or not on the virtual clock); a frame it read (`device`, its index among the
   clock's devices, and `frame`, its index in that device's recording); the timers due at `instant`
   it was woken for; or a fault's step (SYN_DROPPED, or a device unplugged). Libinput's log has no
   timestamps: a line stamped with this is attributed exactly. */
enum {
    TOUCHSYNTH_CAUSE_NONE = 0,
    TOUCHSYNTH_CAUSE_FRAME = 1,
    TOUCHSYNTH_CAUSE_TIMERS = 2,
    TOUCHSYNTH_CAUSE_FAULT = 3
};
struct touchsynth_clock_cause {
    uint32_t kind;
    uint32_t device;
    uint64_t frame;
    uint64_t instant;      /* ns of virtual time */
};
void touchsynth_clock_cause(struct touchsynth_clock_cause *out);

#pragma GCC visibility pop

#endif
