/* Xlib and XInput (libXi 1.8: XInput 2.4's gesture events; XInput 1's device types). */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/extensions/XInput.h>
#include <X11/extensions/XInput2.h>
