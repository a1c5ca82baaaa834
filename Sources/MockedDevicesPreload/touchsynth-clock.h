/* What a program linked with touchsynth-preload may tell the virtual clock. */
#ifndef TOUCHSYNTH_CLOCK_H
#define TOUCHSYNTH_CLOCK_H

/* The program's stop signals make a descriptor it waits on readable (a self-pipe), so a signal
   that comes while the clock takes the replay's steps is never lost: the waits need not block
   signals. */
void touchsynth_clock_signals_wake_waits(void);

#endif
