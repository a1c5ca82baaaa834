/* A clickpad, as litest declares one. */
#include "litest.h"

static struct input_event down[] = {
    { .type = EV_ABS, .code = ABS_MT_SLOT, .value = LITEST_AUTO_ASSIGN },
    { .type = -1, .code = -1 },
};

static struct input_id input_id = {
    .bustype = 0x18,
    .vendor = 0x6cb,
    .product = 0xcd7d,
};

static int events[] = {
    EV_KEY, BTN_LEFT,
    EV_KEY, BTN_TOOL_FINGER,  // one finger
    EV_KEY, BTN_TOOL_DOUBLETAP,
    EV_KEY, BTN_TOOL_TRIPLETAP,
    EV_KEY, BTN_TOUCH,
    EV_KEY, KEY_KP7,
    INPUT_PROP_MAX, INPUT_PROP_POINTER,
    INPUT_PROP_MAX, INPUT_PROP_BUTTONPAD,
    -1, -1,
};

static struct input_absinfo absinfo[] = {
    { ABS_X, 0, 1216, 0, 0, 12 },
    { ABS_Y, 0, 680, 0, 0, 12 },
    { ABS_MT_SLOT, 0, 4, 0, 0, 0 },
    { ABS_MT_POSITION_X, 0, 1216, 0, 0, 12 },
    { ABS_MT_POSITION_Y, 0, 680, 0, 0, 12 },
    { ABS_MT_TRACKING_ID, 0, 65535, 0, 0, 0 },
    { ABS_MT_TOOL_TYPE, MT_TOOL_FINGER, MT_TOOL_PALM, 0, 0, 0 },
    { .value = -1 }
};

TEST_DEVICE(LITEST_SAMPLE_CLICKPAD,
    .features = LITEST_TOUCHPAD | LITEST_CLICKPAD,
    .interface = NULL,
    .name = "Sample Clickpad",
    .id = &input_id,
    .events = events,
    .absinfo = absinfo,
    .udev_properties = {
        { "ID_INPUT_TOUCHPAD_INTEGRATION", "internal" },
        { NULL },
    }, )
