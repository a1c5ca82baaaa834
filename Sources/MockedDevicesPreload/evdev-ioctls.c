/*
 * The evdev ioctls of a mocked input device, answered in the program rather than by umockdev.
 *
 * umockdev 0.17.16 answers an emulated device's ioctls in the process that holds the testbed: the
 * request goes over a socket, the handler asks back for the argument's memory and writes the
 * answer into it, about five messages between the two processes (some 160 µs an ioctl), and
 * libinput asks about thirty as it adds a touchpad. The answers come from the ioctl tree the
 * harness writes for umockdev, $UMOCKDEV_DIR/touchsynth-eventN.ioctl (Testbed.swift). This file
 * reads the same tree and answers as umockdev's tree handler does, so the program sees the same
 * bytes, results and errors:
 * - EVIOCGRAB succeeds without the tree;
 * - any other evdev request ('E') is looked for among the tree's nodes, starting after the node
 *   that answered the descriptor's last request and wrapping round to that node (from the first
 *   node before any answer); a node answers exactly its own request code, whose size is its
 *   data's (EVIOCGMTSLOTS: and the axis the buffer names), copying its data and returning its
 *   return value;
 * - if none does: -1 with ENOENT, and the next search still starts after the last answer.
 * Requests of other types, and every request on a device whose tree has a line this file does not
 * read, go to umockdev. The harness replaces a device's tree (renaming a new file over it) when
 * the device's state changes behind its reader, as after SYN_DROPPED: the tree is read again
 * before the next request, which then answers the new state.
 *
 * On the virtual clock the answers also follow each frame the clock gives the device, as the
 * kernel's state follows each event whether or not anyone reads it: a reader that opens the device
 * again after frames it missed (libinput resuming a touchpad a shut lid suspended) resynchronises
 * to the state they left. The harness writes its frames ahead of the program, so only the program
 * knows which it dropped; the frames are what the kernel delivered, each event a change.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "evdev-ioctls.h"
#include "touchsynth-preload.h"

struct node {
    unsigned long request;
    int ret;
    size_t length;
    unsigned char *data;
};

/* Which file a tree was read from: its inode and modification time, both, as a replaced file's
   inode may be one a file before it had. */
struct version {
    ino_t inode;
    struct timespec modified;
};

/* A device's tree, read at its first open and again when its file is replaced. Unusable: umockdev
   answers this device. */
struct tree {
    int usable;
    size_t count;
    struct node *nodes;
    char path[4096];
    struct version version;
};

/* Guarded by touchsynth_lock: each device's tree, and per descriptor, the index + 1 of the node
   that answered its last request (0: none yet). */
static struct tree *trees[TOUCHSYNTH_MAX_EVENT_NUMBER + 1];
static size_t fd_last[TOUCHSYNTH_MAX_TRACKED_FDS];

/* The tree lines the harness writes, by name: each one's request number before the line's
   parameter is added (umockdev's names and numbers). */
static const struct { const char *name; unsigned nr; } names[] = {
    { "EVIOCGVERSION", _IOC_NR(EVIOCGVERSION) },
    { "EVIOCGID", _IOC_NR(EVIOCGID) },
    { "EVIOCGREP", _IOC_NR(EVIOCGREP) },
    { "EVIOCGNAME", _IOC_NR(EVIOCGNAME(0)) },
    { "EVIOCGPHYS", _IOC_NR(EVIOCGPHYS(0)) },
    { "EVIOCGUNIQ", _IOC_NR(EVIOCGUNIQ(0)) },
    { "EVIOCGPROP", _IOC_NR(EVIOCGPROP(0)) },
    { "EVIOCGMTSLOTS", _IOC_NR(EVIOCGMTSLOTS(0)) },
    { "EVIOCGKEY", _IOC_NR(EVIOCGKEY(0)) },
    { "EVIOCGLED", _IOC_NR(EVIOCGLED(0)) },
    { "EVIOCGSND", _IOC_NR(EVIOCGSND(0)) },
    { "EVIOCGSW", _IOC_NR(EVIOCGSW(0)) },
    { "EVIOCGBIT", _IOC_NR(EVIOCGBIT(0, 0)) },
    { "EVIOCGABS", _IOC_NR(EVIOCGABS(0)) },
};

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* One line, `NAME[(PARAM)] RET HEXDATA`, as a node; 0 for a line this file does not read. */
static int parse_node(char *line, struct node *node)
{
    char *space = strchr(line, ' ');
    if (line[0] == ' ' || space == NULL)
        return 0;
    *space = '\0';
    long param = 0;
    char *paren = strchr(line, '(');
    if (paren != NULL) {
        *paren = '\0';
        param = atol(paren + 1);
    }
    size_t which = 0;
    while (which < sizeof names / sizeof names[0] && strcmp(names[which].name, line) != 0)
        which++;
    if (which == sizeof names / sizeof names[0] || param < 0 || names[which].nr + param > _IOC_NRMASK)
        return 0;
    char *end;
    node->ret = (int)strtol(space + 1, &end, 0);
    if (end == space + 1)
        return 0;
    while (*end == ' ')
        end++;
    size_t digits = 0;
    while (hex_digit(end[digits]) >= 0)
        digits++;
    if (digits % 2 != 0 || end[digits] != '\0' || digits / 2 > _IOC_SIZEMASK)
        return 0;
    node->length = digits / 2;
    node->data = malloc(node->length > 0 ? node->length : 1);
    if (node->data == NULL)
        return 0;
    for (size_t i = 0; i < node->length; i++)
        node->data[i] = (unsigned char)(hex_digit(end[2 * i]) << 4 | hex_digit(end[2 * i + 1]));
    node->request = _IOC(_IOC_READ, 'E', names[which].nr + param, node->length);
    return 1;
}

/* The whole file at `path`, NUL-terminated, by plain system calls (no wrapper of this library's
   or umockdev's sees them); NULL if it cannot be read. */
static char *read_file(const char *path)
{
    int fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    size_t size = 0, capacity = 16384;
    char *text = malloc(capacity);
    while (text != NULL) {
        if (size + 1 == capacity) {
            char *larger = realloc(text, capacity * 2);
            if (larger == NULL) {
                free(text);
                text = NULL;
                break;
            }
            text = larger;
            capacity *= 2;
        }
        ssize_t n = syscall(SYS_read, fd, text + size, capacity - 1 - size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            free(text);
            text = NULL;
            break;
        }
        if (n == 0) {
            text[size] = '\0';
            break;
        }
        size += (size_t)n;
    }
    syscall(SYS_close, fd);
    return text;
}

/* The version of the file at `path`, by a plain system call; zeros if there is none. */
static struct version version_of(const char *path)
{
    struct stat st;
    if (syscall(SYS_newfstatat, AT_FDCWD, path, &st, 0) != 0)
        return (struct version){ 0 };
    return (struct version){ st.st_ino, st.st_mtim };
}

static int same_version(struct version a, struct version b)
{
    return a.inode == b.inode && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec;
}

static void free_tree(struct tree *tree)
{
    if (tree == NULL)
        return;
    for (size_t i = 0; i < tree->count; i++)
        free(tree->nodes[i].data);
    free(tree->nodes);
    free(tree);
}

/* The tree in the file at `path`; usable only if every line was read. */
static struct tree *read_tree_at(const char *path)
{
    struct tree *tree = calloc(1, sizeof *tree);
    if (tree == NULL)
        return NULL;
    if (strlen(path) >= sizeof tree->path)
        return tree;
    strcpy(tree->path, path);
    /* The inode before the text: a replacement in between is read at the next request. */
    tree->version = version_of(path);
    char *text = read_file(path);
    if (text == NULL)
        return tree;
    size_t lines = 1;
    for (char *c = text; *c != '\0'; c++)
        lines += *c == '\n';
    tree->nodes = calloc(lines, sizeof *tree->nodes);
    int usable = tree->nodes != NULL;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); usable && line != NULL; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#' || line[0] == '@')
            continue;
        usable = parse_node(line, &tree->nodes[tree->count]);
        tree->count += usable;
    }
    free(text);
    tree->usable = usable && tree->count > 0;
    return tree;
}

/* The tree of /dev/input/event<event_number> in the testbed at `root`. */
static struct tree *read_tree(int event_number, const char *root)
{
    char path[4096];
    if (root == NULL
        || (size_t)snprintf(path, sizeof path, "%s/touchsynth-event%d.ioctl", root, event_number) >= sizeof path)
        return calloc(1, sizeof(struct tree));
    return read_tree_at(path);
}

void touchsynth_evdev_ioctls_opened(int fd, int event_number, const char *root)
{
    if (fd < 0 || fd >= TOUCHSYNTH_MAX_TRACKED_FDS || event_number < 0 || event_number > TOUCHSYNTH_MAX_EVENT_NUMBER)
        return;
    pthread_mutex_lock(&touchsynth_lock);
    if (trees[event_number] == NULL)
        trees[event_number] = read_tree(event_number, root);
    fd_last[fd] = 0;
    pthread_mutex_unlock(&touchsynth_lock);
}

/* Sets bit `code` of the answers of request number `nr` (a key's, LED's or switch's state) to `on`. */
static void set_bit(struct tree *tree, unsigned nr, unsigned code, int on)
{
    for (size_t i = 0; i < tree->count; i++) {
        struct node *node = &tree->nodes[i];
        if (_IOC_NR(node->request) != nr || code / 8 >= node->length)
            continue;
        if (on)
            node->data[code / 8] |= (unsigned char)(1u << (code % 8));
        else
            node->data[code / 8] &= (unsigned char)~(1u << (code % 8));
    }
}

/* Sets the 32-bit value at `offset` of the answers of request number `nr`; of EVIOCGMTSLOTS,
   only those of axis `axis`. */
static void set_value(struct tree *tree, unsigned nr, size_t offset, int32_t value, int axis)
{
    for (size_t i = 0; i < tree->count; i++) {
        struct node *node = &tree->nodes[i];
        if (_IOC_NR(node->request) != nr || offset + 4 > node->length)
            continue;
        int32_t named;
        memcpy(&named, node->data, 4);
        if (axis < 0 || named == axis)
            memcpy(node->data + offset, &value, 4);
    }
}

/* The value at offset 0 of the first answer of request number `nr`; `otherwise` without one. */
static int32_t first_value(const struct tree *tree, unsigned nr, int32_t otherwise)
{
    for (size_t i = 0; i < tree->count; i++) {
        if (_IOC_NR(tree->nodes[i].request) == nr && tree->nodes[i].length >= 4) {
            int32_t value;
            memcpy(&value, tree->nodes[i].data, 4);
            return value;
        }
    }
    return otherwise;
}

/* Event `e` changes the state the tree answers, as input_handle_event (drivers/input/input.c)
   changes a device's: a key's, LED's or switch's bit, an axis's value, a repeat rate, and a
   multitouch axis's value in the slot last told (ABS_MT_SLOT's own value), where the device has
   slots; without slots the kernel keeps none. */
static void apply(struct tree *tree, const struct input_event *e)
{
    switch (e->type) {
    case EV_KEY:
        set_bit(tree, _IOC_NR(EVIOCGKEY(0)), e->code, e->value != 0);
        break;
    case EV_LED:
        set_bit(tree, _IOC_NR(EVIOCGLED(0)), e->code, e->value != 0);
        break;
    case EV_SW:
        set_bit(tree, _IOC_NR(EVIOCGSW(0)), e->code, e->value != 0);
        break;
    case EV_REP:
        if (e->code <= REP_MAX)
            set_value(tree, _IOC_NR(EVIOCGREP), 4u * e->code, e->value, -1);
        break;
    case EV_ABS:
        if (e->code >= ABS_MT_TOUCH_MAJOR && e->code <= ABS_MT_TOOL_Y) {
            int32_t slot = first_value(tree, _IOC_NR(EVIOCGABS(ABS_MT_SLOT)), -1);
            if (slot >= 0)
                set_value(tree, _IOC_NR(EVIOCGMTSLOTS(0)), 4u + 4u * (uint32_t)slot, e->value, e->code);
        } else if (e->code <= ABS_MAX) {
            set_value(tree, _IOC_NR(EVIOCGABS(e->code)), 0, e->value, -1);
        }
        break;
    default:
        break;
    }
}

void touchsynth_evdev_ioctls_frame(int event_number, const void *events, size_t length)
{
    if (event_number < 0 || event_number > TOUCHSYNTH_MAX_EVENT_NUMBER)
        return;
    pthread_mutex_lock(&touchsynth_lock);
    struct tree *tree = trees[event_number];
    for (size_t at = 0; tree != NULL && tree->usable && at + sizeof(struct input_event) <= length;
         at += sizeof(struct input_event)) {
        struct input_event e;
        memcpy(&e, (const unsigned char *)events + at, sizeof e);
        apply(tree, &e);
    }
    pthread_mutex_unlock(&touchsynth_lock);
}

/* touchsynth_evdev_ioctl with the lock held, `tree` the device's. */
static int answer(const struct tree *tree, int fd, unsigned long request, void *arg, int *result)
{
    if (tree == NULL || !tree->usable)
        return 0;
    if (_IOC_NR(request) == _IOC_NR(EVIOCGRAB) && _IOC_DIR(request) == _IOC_DIR(EVIOCGRAB)) {
        *result = 0;
        return 1;
    }
    size_t last = fd_last[fd];
    size_t i = last % tree->count;
    /* EVIOCGMTSLOTS names its axis in the buffer's first four bytes, as the kernel reads it: a
       node answers only the axis its data holds, whichever axes the program asks for. */
    int by_axis = _IOC_NR(request) == _IOC_NR(EVIOCGMTSLOTS(0));
    for (;;) {
        const struct node *node = &tree->nodes[i];
        if (node->request == request && (!by_axis || (node->length >= 4 && memcmp(node->data, arg, 4) == 0))) {
            memcpy(arg, node->data, node->length);
            fd_last[fd] = i + 1;
            *result = node->ret;
            if (node->ret == -1)
                errno = ENOENT;
            return 1;
        }
        if (last != 0 && i == last - 1)
            break;
        i = (i + 1) % tree->count;
        if (last == 0 && i == 0)
            break;
    }
    errno = ENOENT;
    *result = -1;
    return 1;
}

int touchsynth_evdev_ioctl(int fd, int event_number, unsigned long request, void *arg, int *result)
{
    if (fd < 0 || fd >= TOUCHSYNTH_MAX_TRACKED_FDS || event_number < 0 || event_number > TOUCHSYNTH_MAX_EVENT_NUMBER
        || _IOC_TYPE(request) != 'E')
        return 0;
    pthread_mutex_lock(&touchsynth_lock);
    struct tree *tree = trees[event_number];
    if (tree != NULL && tree->path[0] != '\0' && !same_version(version_of(tree->path), tree->version)) {
        /* The harness replaced the tree: the device's state changed behind its reader. */
        struct tree *fresh = read_tree_at(tree->path);
        if (fresh != NULL) {
            free_tree(tree);
            trees[event_number] = fresh;
        }
    }
    int answered = answer(trees[event_number], fd, request, arg, result);
    int saved = errno;
    pthread_mutex_unlock(&touchsynth_lock);
    errno = saved;
    return answered;
}
