extension GestureScript {
    /// The language in brief, for a command's help: each verb with its arguments and defaults.
    public static let summary = """
        Statements, one per line or separated by ';' (lengths in mm, times in ms,
        angles in degrees clockwise):
          pinch   scale=2 angle=0 separation=30mm axis=0 (3+ fingers: 90deg)
                  dx=0 dy=0 fingers=2 at=center duration=500ms
          rotate  angle=90deg (a pinch with scale=1)
          swipe   fingers=3 direction=left|right|up|down|<angle> distance=40mm
                  duration=300ms
          scroll  fingers=2 dx=0 dy=30mm duration=500ms (one of dx, dy given: the
                  other is 0)
          move    fingers=1 dx=20mm dy=0 duration=300ms (1: the pointer; as scroll)
          hold    fingers=2 duration=600ms
          tap     fingers=1 duration=60ms (libinput taps with --enable-tap only)
          click   fingers=1 dx=0 dy=0 duration=100ms (pressed; dx, dy: a drag)
                  button=left (right, middle: the fingers and place the pad
                  makes that button with)
          rest    fingers=1 (down and still until lift or the end)
          lift    (the resting fingers lift)
          pause   200ms
          set     rate=125Hz jitter=0 seed=1 gap=300ms leadin=1.6mm (the rate:
                  the device recording's own, else 125Hz)
        Every verb but lift, pause and set takes at= (a path's midpoint, a click's
        press): center, top, bottom-left… (quarter points), X,Y mm from the
        centre, or X%,Y% of the pad; and pressure= (the device's units, or N% of
        its range) and size= (touch major, mm): a palm presses harder than
        libinput's palm threshold. Fingers side by side (all but a pinch's)
        are spacing=18mm apart. The lengths a statement leaves out (distance,
        dx and dy, spacing, separation) shrink, to half at most, where the pad
        is too small for them: the gesture keeps 3 mm from the edges and out
        of libinput's palm edge zones. Lengths given are kept.
        """
}
