/* The uinput ioctls as functions: their request numbers are function-like macros Swift cannot
 * import, and `struct input_event`'s time fields depend on the C library's time_t settings. */
#ifndef TOUCHSYNTH_UINPUT_SHIM_H
#define TOUCHSYNTH_UINPUT_SHIM_H
#include <errno.h>
#include <linux/uinput.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* One event as the bridge writes it; the kernel stamps the time. */
struct ts_uinput_event {
    unsigned short type;
    unsigned short code;
    int value;
};

static inline int ts_uinput_enable_type(int fd, int type) { return ioctl(fd, UI_SET_EVBIT, type); }

static inline int ts_uinput_enable_property(int fd, int property) { return ioctl(fd, UI_SET_PROPBIT, property); }

/* Enables one code of a type that has codes to enable (EV_KEY, EV_ABS, EV_REL, EV_MSC, EV_LED,
 * EV_SND, EV_SW). */
static inline int ts_uinput_enable_code(int fd, int type, int code) {
    switch (type) {
    case EV_KEY: return ioctl(fd, UI_SET_KEYBIT, code);
    case EV_ABS: return ioctl(fd, UI_SET_ABSBIT, code);
    case EV_REL: return ioctl(fd, UI_SET_RELBIT, code);
    case EV_MSC: return ioctl(fd, UI_SET_MSCBIT, code);
    case EV_LED: return ioctl(fd, UI_SET_LEDBIT, code);
    case EV_SND: return ioctl(fd, UI_SET_SNDBIT, code);
    case EV_SW: return ioctl(fd, UI_SET_SWBIT, code);
    default: errno = EINVAL; return -1;
    }
}

/* One axis, all of `struct input_absinfo`: its value too, which becomes the axis's current value
 * (for ABS_MT_SLOT, the slot readers were last told of). */
static inline int ts_uinput_abs_setup(int fd, unsigned short code, int value, int minimum, int maximum,
                                      int fuzz, int flat, int resolution) {
    struct uinput_abs_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.code = code;
    setup.absinfo.value = value;
    setup.absinfo.minimum = minimum;
    setup.absinfo.maximum = maximum;
    setup.absinfo.fuzz = fuzz;
    setup.absinfo.flat = flat;
    setup.absinfo.resolution = resolution;
    return ioctl(fd, UI_ABS_SETUP, &setup);
}

static inline int ts_uinput_create(int fd, const char *name, unsigned short bustype, unsigned short vendor,
                                   unsigned short product, unsigned short version) {
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
    setup.id.bustype = bustype;
    setup.id.vendor = vendor;
    setup.id.product = product;
    setup.id.version = version;
    if (ioctl(fd, UI_DEV_SETUP, &setup) < 0) return -1;
    return ioctl(fd, UI_DEV_CREATE);
}

/* The device's sysfs name ("input12"), into buffer. */
static inline int ts_uinput_sysname(int fd, char *buffer, unsigned int size) {
    return ioctl(fd, UI_GET_SYSNAME(size), buffer);
}

static inline int ts_uinput_destroy(int fd) { return ioctl(fd, UI_DEV_DESTROY); }

/* Writes count events; 0, or -1 with errno. */
static inline int ts_uinput_write(int fd, const struct ts_uinput_event *events, int count) {
    struct input_event buffer[64];
    while (count > 0) {
        int n = count < 64 ? count : 64;
        memset(buffer, 0, sizeof buffer);
        for (int i = 0; i < n; i++) {
            buffer[i].type = events[i].type;
            buffer[i].code = events[i].code;
            buffer[i].value = events[i].value;
        }
        size_t size = sizeof(struct input_event) * (size_t)n;
        ssize_t written = write(fd, buffer, size);
        if (written < 0 && errno == EINTR) continue;
        if (written != (ssize_t)size) return -1;
        events += n;
        count -= n;
    }
    return 0;
}
#endif
