/* Xlib and XInput 2 (libXi 1.8: XInput 2.4's gesture events). */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XInput2.h>
